import type { GoKey, GoMap, GoValue } from './values.ts';

/**
 * Go's internal/fmtsort key order, shared by fmt map printing and template `range` over maps.
 *
 * Keys of one type compare by value: strings bytewise (= code point order), numbers numerically
 * (NaN first), false before true. Keys of different dynamic types (only possible in a
 * map[interface {}]interface {}) compare by the address of their type descriptor, which Go's
 * linker lays out by type name; nil sorts first. Hence: nil, bool, float64, int, string.
 */

function typeRank(key: GoKey): number {
  if (key === null) return 0;
  switch (typeof key) {
    case 'boolean':
      return 1;
    case 'number':
      return 2;
    case 'bigint':
      return 3;
    default:
      return 4;
  }
}

/** Bytewise UTF-8 order of two strings (JavaScript's `<` compares UTF-16 code units). */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // Surrogates (U+10000 and up) sort above U+E000–U+FFFF in UTF-8 but below in UTF-16.
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa !== sb && Math.max(ca, cb) >= 0xe000) return sa ? 1 : -1;
    return ca < cb ? -1 : 1;
  }
  return a.length - b.length;
}

/** Compares two map keys the way fmtsort does. */
export function compareGoKeys(a: GoKey, b: GoKey): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'string' && typeof b === 'string') return compareGoStrings(a, b);
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
    if (Number.isNaN(b)) return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return 0;
}

/** The entries of a map in Go's sorted key order. */
export function sortedEntries(map: GoMap): [GoKey, GoValue][] {
  const entries = [...map.entries];
  if (map.hasStringKeys) {
    entries.sort((x, y) => compareGoStrings(x[0] as string, y[0] as string));
  } else {
    entries.sort((x, y) => compareGoKeys(x[0], y[0]));
  }
  return entries;
}
