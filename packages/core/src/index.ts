export * from './go/values.ts';
export * from './ports.ts';
export type { TemplateFunction, FunctionTable } from './template/function-table.ts';
export * from './compliance/index.ts';
export * from './promotion/index.ts';
