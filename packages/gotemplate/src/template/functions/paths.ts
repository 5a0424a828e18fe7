/**
 * Go's `path` package functions as sprig exposes them (base, dir, clean, ext, isAbs) and their
 * `path/filepath` twins (osBase …), which behave identically on Linux, where the actions run.
 */
import type { TemplateFunction } from '../function-table.ts';
import { basePath, cleanPath, dirPath, extPath } from '../../go/path.ts';
import { arg, fn, str } from './args.ts';

export { basePath, cleanPath, dirPath, extPath };

const unary = (f: (p: string) => string | boolean): TemplateFunction =>
  fn(1, (a) => f(str(arg(a, 0))));
const isAbs = (p: string): boolean => p.startsWith('/');

/** The path functions by name. */
export const pathFunctions: Record<string, TemplateFunction> = {
  base: unary(basePath),
  dir: unary(dirPath),
  clean: unary(cleanPath),
  ext: unary(extPath),
  isAbs: unary(isAbs),
  osBase: unary(basePath),
  osDir: unary(dirPath),
  osClean: unary(cleanPath),
  osExt: unary(extPath),
  osIsAbs: unary(isAbs),
};
