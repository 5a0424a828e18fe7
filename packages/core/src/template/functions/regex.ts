/**
 * sprig 3.2.3 regular-expression functions with Go regexp's matching loops: successive
 * non-overlapping matches where an empty match right after a previous match is skipped, and
 * `$1` / `${1}` / `$name` expansion in regexReplaceAll. On an invalid pattern the plain variants
 * panic (MustCompile's message) except regexMatch, which reports false; must variants return
 * the compile error.
 */
import { quote } from '../../go/format.ts';
import type { GoValue } from '../../go/values.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, fn, int, str } from './args.ts';
import { compileGo, quoteMeta, type GoRegexp } from './re2.ts';

type Match = RegExpExecArray;

function execAt(re: RegExp, s: string, pos: number): Match | null {
  re.lastIndex = pos;
  return re.exec(s);
}

function nextPos(s: string, pos: number): number {
  const cp = s.codePointAt(pos);
  return pos + (cp !== undefined && cp > 0xffff ? 2 : 1);
}

/** regexp's allMatches: at most `n` matches (all when n < 0). */
export function allMatches(rx: GoRegexp, s: string, n: number): Match[] {
  const out: Match[] = [];
  const limit = n < 0 ? s.length + 1 : n;
  let pos = 0;
  let prevEnd = -1;
  while (out.length < limit && pos <= s.length) {
    const m = execAt(rx.re, s, pos);
    if (!m) break;
    const end = m.index + m[0].length;
    let accept = true;
    if (end === pos) {
      // An empty match abutting the previous match is not reported.
      if (m.index === prevEnd) accept = false;
      pos = pos < s.length ? nextPos(s, pos) : pos + 1;
    } else {
      pos = end;
    }
    prevEnd = end;
    if (accept) out.push(m);
  }
  return out;
}

/** regexp.Expand's template syntax against one match. */
function expand(template: string, m: Match, names: readonly string[]): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const dollar = template.indexOf('$', i);
    if (dollar < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, dollar);
    i = dollar + 1;
    if (template[i] === '$') {
      out += '$';
      i++;
      continue;
    }
    const braced = /^\{([A-Za-z0-9_]+)\}/.exec(template.slice(i));
    const bare = /^[A-Za-z0-9_]+/.exec(template.slice(i));
    const name = braced ? braced[1] : bare?.[0];
    if (name === undefined) {
      // Malformed reference: the '$' is kept as text.
      out += '$';
      continue;
    }
    i += (braced ?? bare)?.[0].length ?? 0;
    let group = -1;
    if (/^\d+$/.test(name)) group = Number(name);
    else group = names.indexOf(name);
    if (group >= 0 && group < m.length) out += m[group] ?? '';
  }
  return out;
}

/** regexp.ReplaceAllString / ReplaceAllLiteralString. */
export function replaceAllGo(rx: GoRegexp, s: string, repl: string, literal: boolean): string {
  let out = '';
  let lastEnd = 0;
  let searchPos = 0;
  while (searchPos <= s.length) {
    const m = execAt(rx.re, s, searchPos);
    if (!m) break;
    const start = m.index;
    const end = start + m[0].length;
    out += s.slice(lastEnd, start);
    // No replacement for an empty match right after the previous one.
    if (end > lastEnd || start === 0) out += literal ? repl : expand(repl, m, rx.names);
    lastEnd = end;
    const width = searchPos < s.length ? nextPos(s, searchPos) - searchPos : 0;
    if (searchPos + width > end) searchPos += width;
    else if (searchPos + 1 > end) searchPos++;
    else searchPos = end;
  }
  return out + s.slice(lastEnd);
}

/** regexp.Split. */
export function splitGo(rx: GoRegexp, pattern: string, s: string, n: number): string[] {
  if (n === 0) return [];
  if (pattern.length > 0 && s.length === 0) return [''];
  const parts: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of allMatches(rx, s, n)) {
    if (n > 0 && parts.length === n - 1) break;
    end = m.index;
    if (m.index + m[0].length !== 0) parts.push(s.slice(beg, end));
    beg = m.index + m[0].length;
  }
  if (end !== s.length) parts.push(s.slice(beg));
  return parts;
}

// strconv.CanBackquote, which regexp's quote helper uses to pick `…` over "…".
function canBackquote(s: string): boolean {
  return !/[\x00-\x08\x0a-\x1f\x60\x7f\ufeff]/.test(s);
}

// MustCompile's panic text, used by the plain (non-must) variants.
function mustCompile(pattern: string): GoRegexp {
  try {
    return compileGo(pattern);
  } catch (error) {
    const shown = canBackquote(pattern) ? `\`${pattern}\`` : quote(pattern);
    throw new Error(`regexp: Compile(${shown}): ${(error as Error).message}`);
  }
}

function pair(
  arity: number,
  body: (rx: GoRegexp, a: GoValue[]) => GoValue,
): [TemplateFunction, TemplateFunction] {
  return [
    fn(arity, (a) => body(mustCompile(str(arg(a, 0))), a)),
    fn(arity, (a) => body(compileGo(str(arg(a, 0))), a)),
  ];
}

const matches = (rx: GoRegexp, a: GoValue[]): boolean => execAt(rx.re, str(arg(a, 1)), 0) !== null;
const [regexFindAll, mustRegexFindAll] = pair(3, (rx, a) =>
  allMatches(rx, str(arg(a, 1)), int(arg(a, 2))).map((m) => m[0]),
);
const [regexFind, mustRegexFind] = pair(2, (rx, a) => execAt(rx.re, str(arg(a, 1)), 0)?.[0] ?? '');
const [regexReplaceAll, mustRegexReplaceAll] = pair(3, (rx, a) =>
  replaceAllGo(rx, str(arg(a, 1)), str(arg(a, 2)), false),
);
const [regexReplaceAllLiteral, mustRegexReplaceAllLiteral] = pair(3, (rx, a) =>
  replaceAllGo(rx, str(arg(a, 1)), str(arg(a, 2)), true),
);
const [regexSplit, mustRegexSplit] = pair(3, (rx, a) =>
  splitGo(rx, str(arg(a, 0)), str(arg(a, 1)), int(arg(a, 2))),
);

/** The regex functions by name. */
export const regexFunctions: Record<string, TemplateFunction> = {
  // regexMatch swallows a compile error and reports no match.
  regexMatch: fn(2, (a) => {
    try {
      return matches(compileGo(str(arg(a, 0))), a);
    } catch {
      return false;
    }
  }),
  mustRegexMatch: fn(2, (a) => matches(compileGo(str(arg(a, 0))), a)),
  regexFindAll,
  mustRegexFindAll,
  regexFind,
  mustRegexFind,
  regexReplaceAll,
  mustRegexReplaceAll,
  regexReplaceAllLiteral,
  mustRegexReplaceAllLiteral,
  regexSplit,
  mustRegexSplit,
  regexQuoteMeta: fn(1, (a) => quoteMeta(str(arg(a, 0)))),
};
