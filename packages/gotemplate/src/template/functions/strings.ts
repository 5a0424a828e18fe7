/** sprig 3.2.3 string functions (strings.go and the inline ones of functions.go). */
import { formatValue, quote as goQuote } from '../../go/format.ts';
import { GoMap, typedSlice, type GoValue } from '../../go/values.ts';
import type { TemplateFunction } from '../function-table.ts';
import { reserve } from '../budget.ts';
import { arg, fn, int, str, strval } from './args.ts';
import {
  byteLength,
  byteSlice,
  goSplit,
  mapRunes,
  replaceAll,
  title,
  toLowerRune,
  toUpperRune,
  trimCutset,
  trimSpace,
} from './text.ts';
import {
  abbreviateFull,
  deleteWhiteSpace,
  initials,
  swapCase,
  toCamelCase,
  toDelimitedLower,
  uncapitalize,
  wrapCustom,
} from './word-case.ts';

/** sprig's strslice: a list's non-nil elements as strings; nil → []; a scalar → [it]. */
export function toStringList(value: GoValue): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(strval);
  return [strval(value)];
}

function unary(f: (s: string) => string): TemplateFunction {
  return fn(1, (a) => f(str(arg(a, 0))));
}

// sprig swaps Go's argument order so the subject can come last in a pipeline.
function pipedPair(f: (subject: string, param: string) => GoValue): TemplateFunction {
  return fn(2, (a) => f(str(arg(a, 1)), str(arg(a, 0))));
}

function trunc(c: number, s: string): string {
  const n = byteLength(s);
  if (c < 0 && n + c > 0) return byteSlice(s, n + c);
  if (c >= 0 && n > c) return byteSlice(s, 0, c);
  return s;
}

function substring(start: number, end: number, s: string): string {
  if (start < 0) return byteSlice(s, 0, end);
  if (end < 0 || end > byteLength(s)) return byteSlice(s, start);
  return byteSlice(s, start, end);
}

function indent(spaces: number, s: string): string {
  // strings.Repeat panics on a negative count.
  const pad = repeat(spaces, ' ');
  reserve(s.length + spaces * (s.split('\n').length + 1));
  return pad + s.replaceAll('\n', '\n' + pad);
}

function repeat(count: number, s: string): string {
  if (count < 0) throw new Error('strings: negative Repeat count');
  reserve(count * s.length);
  return s.repeat(count);
}

function indexedMap(parts: string[]): GoMap {
  return new GoMap(
    parts.map((p, i) => [`_${i}`, p]),
    'map[string]string',
  );
}

/** The string functions by name. */
export const stringFunctions: Record<string, TemplateFunction> = {
  abbrev: fn(2, (a) => {
    const width = int(arg(a, 0));
    const s = str(arg(a, 1));
    return width < 4 ? s : (abbreviateFull(s, 0, width) ?? '');
  }),
  abbrevboth: fn(3, (a) => {
    const left = int(arg(a, 0));
    const right = int(arg(a, 1));
    const s = str(arg(a, 2));
    if (right < 4 || (left > 0 && right < 7)) return s;
    return abbreviateFull(s, left, right) ?? '';
  }),
  trunc: fn(2, (a, context) => {
    const c = int(arg(a, 0));
    const s = str(arg(a, 1));
    // sprig 2.22 slices s[0:c]: a negative length panics on the operator. sprig 3 keeps the end.
    if (c < 0)
      context?.notice(
        'operator-fails',
        `the operator's sprig 2.22 fails on a negative length ("slice bounds out of range [:${c}]"); sprig 3 keeps the last ${-c} bytes`,
      );
    return trunc(c, s);
  }),
  trim: unary(trimSpace),
  upper: unary((s) => mapRunes(s, toUpperRune)),
  lower: unary((s) => mapRunes(s, toLowerRune)),
  title: unary(title),
  untitle: unary(uncapitalize),
  substr: fn(3, (a) => substring(int(arg(a, 0)), int(arg(a, 1)), str(arg(a, 2)))),
  repeat: fn(2, (a) => repeat(int(arg(a, 0)), str(arg(a, 1)))),
  trimall: pipedPair((s, cutset) => trimCutset(s, cutset)),
  trimAll: pipedPair((s, cutset) => trimCutset(s, cutset)),
  trimSuffix: pipedPair((s, suffix) =>
    suffix !== '' && s.endsWith(suffix) ? s.slice(0, s.length - suffix.length) : s,
  ),
  trimPrefix: pipedPair((s, prefix) => (s.startsWith(prefix) ? s.slice(prefix.length) : s)),
  nospace: unary(deleteWhiteSpace),
  initials: unary(initials),
  swapcase: unary(swapCase),
  snakecase: unary((s) => toDelimitedLower(s, '_')),
  camelcase: unary(toCamelCase),
  kebabcase: unary((s) => toDelimitedLower(s, '-')),
  wrap: fn(2, (a) => wrapCustom(str(arg(a, 1)), int(arg(a, 0)), '', false)),
  wrapWith: fn(3, (a) => wrapCustom(str(arg(a, 2)), int(arg(a, 0)), str(arg(a, 1)), true)),
  contains: pipedPair((s, sub) => s.includes(sub)),
  hasPrefix: pipedPair((s, prefix) => s.startsWith(prefix)),
  hasSuffix: pipedPair((s, suffix) => s.endsWith(suffix)),
  quote: fn(
    0,
    (a) =>
      a
        .filter((v) => v !== null)
        .map((v) => goQuote(strval(v)))
        .join(' '),
    true,
  ),
  squote: fn(
    0,
    (a) =>
      a
        .filter((v) => v !== null)
        .map((v) => `'${formatValue(v)}'`)
        .join(' '),
    true,
  ),
  cat: fn(
    0,
    (a) =>
      a
        .filter((v) => v !== null)
        .map(formatValue)
        .join(' '),
    true,
  ),
  indent: fn(2, (a) => indent(int(arg(a, 0)), str(arg(a, 1)))),
  nindent: fn(2, (a) => '\n' + indent(int(arg(a, 0)), str(arg(a, 1)))),
  replace: fn(3, (a) => replaceAll(str(arg(a, 2)), str(arg(a, 0)), str(arg(a, 1)))),
  plural: fn(3, (a) => (int(arg(a, 2)) === 1 ? str(arg(a, 0)) : str(arg(a, 1)))),
  toString: fn(1, (a) => strval(arg(a, 0))),
  toStrings: fn(1, (a) => typedSlice(toStringList(arg(a, 0)), 'string')),
  splitList: fn(2, (a) => typedSlice(goSplit(str(arg(a, 1)), str(arg(a, 0))), 'string')),
  split: fn(2, (a) => indexedMap(goSplit(str(arg(a, 1)), str(arg(a, 0))))),
  splitn: fn(3, (a) => indexedMap(goSplit(str(arg(a, 2)), str(arg(a, 0)), int(arg(a, 1))))),
  join: fn(2, (a) => toStringList(arg(a, 1)).join(str(arg(a, 0)))),
  hello: fn(0, () => 'Hello!'),
};
