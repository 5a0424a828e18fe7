/**
 * Go's `path` package functions as sprig exposes them (base, dir, clean, ext, isAbs) and their
 * `path/filepath` twins (osBase …), which behave identically on Linux, where the actions run.
 */
import type { TemplateFunction } from '../function-table.ts';
import { arg, fn, str } from './args.ts';

/** path.Clean: lexical shortening of `.`/`..`/`//`; "" → ".". */
export function cleanPath(p: string): string {
  if (p === '') return '.';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(part);
  }
  const joined = out.join('/');
  if (rooted) return '/' + joined;
  return joined === '' ? '.' : joined;
}

/** path.Base. */
export function basePath(p: string): string {
  if (p === '') return '.';
  const trimmed = p.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** path.Dir. */
export function dirPath(p: string): string {
  return cleanPath(p.slice(0, p.lastIndexOf('/') + 1));
}

/** path.Ext: the suffix from the last dot of the final element. */
export function extPath(p: string): string {
  for (let i = p.length - 1; i >= 0 && p[i] !== '/'; i--) {
    if (p[i] === '.') return p.slice(i);
  }
  return '';
}

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
