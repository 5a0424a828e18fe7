import type { TemplateFunction } from '../function-table.ts';
export const urlFunctions: Record<string, TemplateFunction> = {};
