import type { TemplateFunction } from '../function-table.ts';
export const semverFunctions: Record<string, TemplateFunction> = {};
