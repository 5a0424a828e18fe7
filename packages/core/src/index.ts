export * from './go/values.ts';
export type { TemplateFunction, FunctionTable } from './template/function-table.ts';
