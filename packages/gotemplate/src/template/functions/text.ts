/**
 * Go string primitives over JavaScript strings. Go strings are UTF-8 bytes and the `unicode`
 * package maps case rune by rune (no special casing), so lengths, slicing and case changes are
 * done the Go way here rather than with String.prototype methods.
 */

import { goStringBytes, goStringFromBytes } from '../../go/values.ts';
import { reserve } from '../budget.ts';

/** The bytes of a Go string (UTF-8, raw bytes kept; see GoValue in go/values.ts). */
export function utf8(s: string): Uint8Array {
  return goStringBytes(s);
}

/** Bytes back to a Go string: a byte outside valid UTF-8 stays that byte, as in Go. */
export function fromUtf8(bytes: Uint8Array): string {
  return goStringFromBytes(bytes);
}

/** len(s) in Go: the byte count. */
export function byteLength(s: string): number {
  return goStringBytes(s).length;
}

/** s[start:end] in Go (byte offsets); throws Go's runtime error when out of range. */
export function byteSlice(s: string, start: number, end?: number): string {
  const bytes = utf8(s);
  const stop = end ?? bytes.length;
  if (start < 0 || stop > bytes.length || start > stop) {
    const shown = end === undefined ? `[${start}:]` : `[${start}:${stop}]`;
    throw new Error(
      `runtime error: slice bounds out of range ${shown} with length ${bytes.length}`,
    );
  }
  return fromUtf8(bytes.subarray(start, stop));
}

/** Each byte of the UTF-8 encoding as one char (what `rune(str[i])` sees in byte loops). */
export function bytesAsRunes(s: string): string[] {
  return Array.from(utf8(s), (b) => String.fromCharCode(b));
}

/** unicode.IsSpace. */
export function isSpace(cp: number): boolean {
  if (cp <= 0xff) {
    return (cp >= 0x09 && cp <= 0x0d) || cp === 0x20 || cp === 0x85 || cp === 0xa0;
  }
  return /^\p{White_Space}$/u.test(String.fromCodePoint(cp));
}

export function isUpper(cp: number): boolean {
  return /^\p{Lu}$/u.test(String.fromCodePoint(cp));
}

export function isLower(cp: number): boolean {
  return /^\p{Ll}$/u.test(String.fromCodePoint(cp));
}

export function isTitle(cp: number): boolean {
  return /^\p{Lt}$/u.test(String.fromCodePoint(cp));
}

export function isLetter(cp: number): boolean {
  return /^\p{L}$/u.test(String.fromCodePoint(cp));
}

export function isDigit(cp: number): boolean {
  return /^\p{Nd}$/u.test(String.fromCodePoint(cp));
}

/** unicode.IsNumber (category N). */
export function isNumber(cp: number): boolean {
  return /^\p{N}$/u.test(String.fromCodePoint(cp));
}

/** unicode.IsPunct (category P). */
export function isPunct(cp: number): boolean {
  return /^\p{P}$/u.test(String.fromCodePoint(cp));
}

/**
 * Unicode simple case mappings that JavaScript's full (special-casing) mappings hide: where the
 * full mapping has several code points, Go's unicode tables still map one to one.
 */
const SIMPLE_LOWER: Record<number, number> = { 0x130: 0x69 };
const SIMPLE_UPPER: Record<number, number> = {
  0x1fb3: 0x1fbc,
  0x1fc3: 0x1fcc,
  0x1ff3: 0x1ffc,
};
for (let cp = 0x1f80; cp <= 0x1faf; cp++) if ((cp & 0xf) < 8) SIMPLE_UPPER[cp] = cp + 8;

function mapSimple(cp: number, mapped: string): number {
  // Only one-to-one mappings exist in Go's unicode tables (ß stays ß under ToUpper).
  const points = Array.from(mapped);
  return points.length === 1 ? (points[0]?.codePointAt(0) ?? cp) : cp;
}

/** unicode.ToUpper. */
export function toUpperRune(cp: number): number {
  const simple = SIMPLE_UPPER[cp];
  if (simple !== undefined) return simple;
  return mapSimple(cp, String.fromCodePoint(cp).toUpperCase());
}

/** unicode.ToLower. */
export function toLowerRune(cp: number): number {
  const simple = SIMPLE_LOWER[cp];
  if (simple !== undefined) return simple;
  return mapSimple(cp, String.fromCodePoint(cp).toLowerCase());
}

/** unicode.ToTitle (the title-case letter where one exists, e.g. ǆ → ǅ). */
export function toTitleRune(cp: number): number {
  const titles: Record<number, number> = {
    0x1c4: 0x1c5,
    0x1c5: 0x1c5,
    0x1c6: 0x1c5,
    0x1c7: 0x1c8,
    0x1c8: 0x1c8,
    0x1c9: 0x1c8,
    0x1ca: 0x1cb,
    0x1cb: 0x1cb,
    0x1cc: 0x1cb,
    0x1f1: 0x1f2,
    0x1f2: 0x1f2,
    0x1f3: 0x1f2,
  };
  return titles[cp] ?? toUpperRune(cp);
}

/** Code points of a string. */
export function runes(s: string): number[] {
  return Array.from(s, (ch) => ch.codePointAt(0) ?? 0xfffd);
}

export function fromRunes(cps: readonly number[]): string {
  return cps.map((cp) => String.fromCodePoint(cp)).join('');
}

/** strings.Map over runes. */
export function mapRunes(s: string, f: (cp: number) => number): string {
  // strings.Map decodes a byte that is not UTF-8 as U+FFFD and writes what the mapping gives.
  return fromRunes(runes(s).map((cp) => f(cp >= 0xdc80 && cp <= 0xdcff ? 0xfffd : cp)));
}

/** strings.TrimSpace. */
export function trimSpace(s: string): string {
  const cps = runes(s);
  let start = 0;
  let end = cps.length;
  while (start < end && isSpace(cps[start] ?? 0)) start++;
  while (end > start && isSpace(cps[end - 1] ?? 0)) end--;
  return fromRunes(cps.slice(start, end));
}

/** strings.Trim(s, cutset). */
export function trimCutset(s: string, cutset: string): string {
  const cut = new Set(runes(cutset));
  const cps = runes(s);
  let start = 0;
  let end = cps.length;
  while (start < end && cut.has(cps[start] ?? 0)) start++;
  while (end > start && cut.has(cps[end - 1] ?? 0)) end--;
  return fromRunes(cps.slice(start, end));
}

// strings.Title's word separators: ASCII non-alphanumerics (except _), and Unicode spaces.
function isSeparator(cp: number): boolean {
  if (cp <= 0x7f) {
    if (cp >= 0x30 && cp <= 0x39) return false;
    if (cp >= 0x61 && cp <= 0x7a) return false;
    if (cp >= 0x41 && cp <= 0x5a) return false;
    return cp !== 0x5f;
  }
  if (isLetter(cp) || isNumber(cp)) return false;
  return isSpace(cp);
}

/** strings.Title: upper-cases (title-cases) the first letter of each word. */
export function title(s: string): string {
  let prev = 0x20;
  return mapRunes(s, (cp) => {
    const out = isSeparator(prev) ? toTitleRune(cp) : cp;
    prev = cp;
    return out;
  });
}

/** strings.Split, including the empty-separator case (one element per rune). */
export function goSplit(s: string, sep: string, n = -1): string[] {
  if (n === 0) return [];
  if (sep === '') {
    const parts = Array.from(s);
    if (n > 0 && parts.length > n) {
      return [...parts.slice(0, n - 1), parts.slice(n - 1).join('')];
    }
    return parts;
  }
  const parts = s.split(sep);
  if (n > 0 && parts.length > n) {
    return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
  }
  return parts;
}

/** strings.Replace(s, old, new, -1), including the empty-`old` case. */
export function replaceAll(s: string, old: string, replacement: string): string {
  if (replacement.length > old.length) {
    const count = old === '' ? s.length + 1 : s.split(old).length - 1;
    reserve(s.length + count * (replacement.length - old.length));
  }
  if (old === '') {
    return replacement + Array.from(s).join(replacement) + (s === '' ? '' : replacement);
  }
  return s.split(old).join(replacement);
}
