import type { GoKey } from '../go/values.ts';

/**
 * go-yaml's mapping key order (its keyList.Less): numbers and booleans first, by value; then
 * other kinds by Go reflect.Kind (nil interface before string); strings in "natural" order —
 * letters compare by code point, a non-letter sorts before a letter unless the runes before were
 * digits, and digit runs compare numerically. It is not byte order, which `range` uses.
 */

// reflect.Kind numbers, which decide the order between keys of different kinds.
const KIND_BOOL = 1;
const KIND_INT = 2;
const KIND_UINT64 = 11;
const KIND_FLOAT64 = 14;
const KIND_INTERFACE = 20; // a nil key stays a nil interface
const KIND_STRING = 24;

const INT64_MAX = (1n << 63n) - 1n;

function kindOf(key: GoKey): number {
  if (key === null) return KIND_INTERFACE;
  switch (typeof key) {
    case 'boolean':
      return KIND_BOOL;
    case 'bigint':
      // go-yaml v2 decodes integers beyond int64 as uint64.
      return key > INT64_MAX ? KIND_UINT64 : KIND_INT;
    case 'number':
      return KIND_FLOAT64;
    default:
      return KIND_STRING;
  }
}

function keyFloat(key: GoKey): number | undefined {
  switch (typeof key) {
    case 'boolean':
      return key ? 1 : 0;
    case 'bigint':
      return Number(key);
    case 'number':
      return key;
    default:
      return undefined;
  }
}

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

function isLetter(c: number): boolean {
  if (c < 128) return ((c | 0x20) >= 97 && (c | 0x20) <= 122) || false;
  return LETTER.test(String.fromCodePoint(c));
}

function isDigit(c: number): boolean {
  if (c < 128) return c >= 48 && c <= 57;
  return DIGIT.test(String.fromCodePoint(c));
}

/** A string key as go-yaml iterates it: by rune. Strings without surrogates index directly. */
type Runes = string | number[];

function runesOf(s: string): Runes {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return Array.from(s, (ch) => ch.codePointAt(0) ?? 0);
  }
  return s;
}

function runeAt(r: Runes, i: number): number {
  return typeof r === 'string' ? r.charCodeAt(i) : (r[i] ?? 0);
}

/** The value of the digit run at `from`, as Go's int64 arithmetic computes it. */
function digitRun(r: Runes, from: number, start: bigint): [bigint, number] {
  let n = start;
  let i = from;
  for (; i < r.length; i++) {
    const c = runeAt(r, i);
    if (!isDigit(c)) break;
    n = BigInt.asIntN(64, n * 10n + BigInt(c - 48));
  }
  return [n, i];
}

/** Fast path of digitRun for short ASCII runs, where float arithmetic is exact. */
function digitRunAscii(r: Runes, from: number, start: number): [number, number] | undefined {
  let n = start;
  let i = from;
  for (; i < r.length; i++) {
    const c = runeAt(r, i);
    if (c < 48 || c > 57) break;
    if (i - from >= 15) return undefined;
    n = n * 10 + (c - 48);
  }
  if (i < r.length && runeAt(r, i) >= 128 && isDigit(runeAt(r, i))) return undefined;
  return [n, i];
}

function compareRunes(a: Runes, b: Runes): number {
  const n = Math.min(a.length, b.length);
  let digits = false;
  for (let i = 0; i < n; i++) {
    const ca = runeAt(a, i);
    const cb = runeAt(b, i);
    if (ca === cb) {
      digits = isDigit(ca);
      continue;
    }
    const al = isLetter(ca);
    const bl = isLetter(cb);
    if (al && bl) return ca < cb ? -1 : 1;
    // A non-letter sorts first, except right after a digit (`a1b` before `a10`).
    if (al || bl) return (digits ? al : bl) ? -1 : 1;
    // Inside a number that already has a non-zero digit, zeros count as digits of the run.
    let start = 0;
    if (ca === 48 || cb === 48) {
      for (let j = i - 1; j >= 0 && isDigit(runeAt(a, j)); j--) {
        if (runeAt(a, j) !== 48) {
          start = 1;
          break;
        }
      }
    }
    const fa = digitRunAscii(a, i, start);
    const fb = digitRunAscii(b, i, start);
    let diff: number;
    let ai: number;
    let bi: number;
    if (fa !== undefined && fb !== undefined) {
      [ai, bi] = [fa[1], fb[1]];
      diff = fa[0] - fb[0];
    } else {
      const ra = digitRun(a, i, BigInt(start));
      const rb = digitRun(b, i, BigInt(start));
      [ai, bi] = [ra[1], rb[1]];
      diff = ra[0] === rb[0] ? 0 : ra[0] < rb[0] ? -1 : 1;
    }
    if (diff !== 0) return diff < 0 ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ca < cb ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** A key prepared for repeated comparison (string keys are split into runes once). */
export interface SortableKey {
  readonly key: GoKey;
  readonly runes: Runes | undefined;
}

export function sortableKey(key: GoKey): SortableKey {
  return { key, runes: typeof key === 'string' ? runesOf(key) : undefined };
}

/** Compares two keys in go-yaml's order (negative when `x` is emitted first). */
export function compareSortableKeys(x: SortableKey, y: SortableKey): number {
  if (x.runes !== undefined && y.runes !== undefined) return compareRunes(x.runes, y.runes);
  const a = x.key;
  const b = y.key;
  const ka = kindOf(a);
  const kb = kindOf(b);
  const fa = keyFloat(a);
  const fb = keyFloat(b);
  if (fa !== undefined && fb !== undefined) {
    // NaN compares unequal to everything and less than nothing, as in Go.
    if (fa !== fb) return fa < fb ? -1 : fb < fa ? 1 : 0;
    if (ka !== kb) return ka - kb;
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
    return 0;
  }
  return ka - kb;
}

/** Compares string keys that contain no surrogates (the common case, without preparation). */
export function compareBmpStrings(a: string, b: string): number {
  return compareRunes(a, b);
}

/** Whether a string key can use compareBmpStrings. */
export function isBmpString(s: string): boolean {
  return runesOf(s) === s;
}

/** Compares two plain keys in go-yaml's order. */
export function compareYamlKeys(a: GoKey, b: GoKey): number {
  return compareSortableKeys(sortableKey(a), sortableKey(b));
}
