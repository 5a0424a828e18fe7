/**
 * sprig 3.2.3 regular-expression functions with Go regexp's matching loops: successive
 * non-overlapping matches where an empty match right after a previous match is skipped, and
 * `$1` / `${1}` / `$name` expansion in regexReplaceAll. On an invalid pattern the plain variants
 * panic (MustCompile's message) except regexMatch, which reports false; must variants return
 * the compile error.
 *
 * Matching is re2js, a port of RE2: Go's syntax and semantics (leftmost-first, `.` not matching
 * `\n`, ASCII `\s`, `(?P<n>…)`, Go's error texts), in time linear in the input, so a hostile
 * pattern such as `^(a+)+$` cannot make a render hang.
 */
import { RE2JS, RE2JSSyntaxException, type Matcher } from 're2js';
import { quote } from '../../go/format.ts';
import { nilSlice, typedSlice, type GoValue } from '../../go/values.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, fn, int, str } from './args.ts';

/** A compiled Go regexp: the RE2 program and its capture group names by index ("" unnamed). */
export interface GoRegexp {
  readonly re: RE2JS;
  readonly names: readonly string[];
}

/** One match: where it starts and the text of each group (undefined when it did not take part). */
interface Match {
  readonly index: number;
  readonly groups: readonly (string | undefined)[];
}

// Compiled patterns by source: templates call the same few patterns once per value. Bounded, so
// that hostile templates with endless distinct patterns cannot grow it (oldest entry evicted).
const cache = new Map<string, GoRegexp>();
const CACHE_SIZE = 256;

/** regexp.Compile; throws Go's `error parsing regexp: …` text. */
export function compileGo(pattern: string): GoRegexp {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  const compiled = compile(pattern);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(pattern, compiled);
  return compiled;
}

function compile(pattern: string): GoRegexp {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) throw new Error(error.message);
    throw error;
  }
  const names = new Array<string>(re.groupCount() + 1).fill('');
  for (const [name, index] of Object.entries(re.namedGroups())) names[index] = name;
  return { re, names };
}

/** regexp.QuoteMeta. */
export function quoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

/**
 * The leftmost-first match starting at or after `pos` (the text before it still gives context
 * to `^` and `\b`). `m` is a matcher of `rx` over the string, reused across calls.
 */
function execAt(rx: GoRegexp, m: Matcher, pos: number): Match | null {
  if (!m.find(pos)) return null;
  const groups: (string | undefined)[] = [];
  for (let g = 0; g < rx.names.length; g++) groups.push(m.group(g) ?? undefined);
  return { index: m.start(), groups };
}

function matchText(m: Match): string {
  return m.groups[0] ?? '';
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
  const matcher = rx.re.matcher(s);
  while (out.length < limit && pos <= s.length) {
    const m = execAt(rx, matcher, pos);
    if (!m) break;
    const end = m.index + matchText(m).length;
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
    if (group >= 0 && group < m.groups.length) out += m.groups[group] ?? '';
  }
  return out;
}

/** regexp.ReplaceAllString / ReplaceAllLiteralString. */
export function replaceAllGo(rx: GoRegexp, s: string, repl: string, literal: boolean): string {
  let out = '';
  let lastEnd = 0;
  let searchPos = 0;
  const matcher = rx.re.matcher(s);
  while (searchPos <= s.length) {
    const m = execAt(rx, matcher, searchPos);
    if (!m) break;
    const start = m.index;
    const end = start + matchText(m).length;
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
  // Split returns a nil slice for n == 0.
  if (n === 0) return nilSlice('string') as string[];
  if (pattern.length > 0 && s.length === 0) return [''];
  const parts: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of allMatches(rx, s, n)) {
    if (n > 0 && parts.length === n - 1) break;
    end = m.index;
    if (m.index + matchText(m).length !== 0) parts.push(s.slice(beg, end));
    beg = m.index + matchText(m).length;
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

const matches = (rx: GoRegexp, a: GoValue[]): boolean => rx.re.matcher(str(arg(a, 1))).find();
// FindAllString returns a nil []string when nothing matches (json `null`).
const [regexFindAll, mustRegexFindAll] = pair(3, (rx, a) => {
  const found = allMatches(rx, str(arg(a, 1)), int(arg(a, 2))).map(matchText);
  return found.length === 0 ? nilSlice('string') : typedSlice(found, 'string');
});
const [regexFind, mustRegexFind] = pair(2, (rx, a) => {
  const text = str(arg(a, 1));
  const m = execAt(rx, rx.re.matcher(text), 0);
  return m === null ? '' : matchText(m);
});
const [regexReplaceAll, mustRegexReplaceAll] = pair(3, (rx, a) =>
  replaceAllGo(rx, str(arg(a, 1)), str(arg(a, 2)), false),
);
const [regexReplaceAllLiteral, mustRegexReplaceAllLiteral] = pair(3, (rx, a) =>
  replaceAllGo(rx, str(arg(a, 1)), str(arg(a, 2)), true),
);
const [regexSplit, mustRegexSplit] = pair(3, (rx, a) =>
  typedSlice(splitGo(rx, str(arg(a, 0)), str(arg(a, 1)), int(arg(a, 2))), 'string'),
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
