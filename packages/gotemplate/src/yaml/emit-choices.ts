// The emitter's choices, apart from its writer (emit.ts): the style each string is written in and
// the order of a map's keys, both pure functions of their input and remembered within a bound.
import { GoMap, type GoKey } from '../go/values.ts';
import {
  compareBmpStrings,
  compareSortableKeys,
  isBmpString,
  sortableKey,
  type SortableKey,
} from './key-order.ts';
import { isPlainSafeString } from './resolve.ts';
import {
  analyzeScalar,
  BLOCK_ALLOWED,
  MULTILINE,
  PLAIN_ALLOWED,
  SINGLE_QUOTED_ALLOWED,
  utf8Length,
} from './scalar-analysis.ts';

export const PLAIN = 1;
export const SINGLE_QUOTED = 2;
export const DOUBLE_QUOTED = 3;
export const LITERAL = 4;

/** yaml.v3's stringv and libyaml's select_scalar_style: the style a string is written in. */
function selectStringStyle(s: string, simpleKey: boolean): number {
  const flags = analyzeScalar(s);
  let style = s.includes('\n') ? LITERAL : isPlainSafeString(s) ? PLAIN : DOUBLE_QUOTED;
  if (simpleKey && (flags & MULTILINE) !== 0) style = DOUBLE_QUOTED;
  if (style === PLAIN && (flags & PLAIN_ALLOWED) === 0) style = SINGLE_QUOTED;
  if (style === SINGLE_QUOTED && (flags & SINGLE_QUOTED_ALLOWED) === 0) style = DOUBLE_QUOTED;
  if (style === LITERAL && ((flags & BLOCK_ALLOWED) === 0 || simpleKey)) style = DOUBLE_QUOTED;
  return style;
}

// Every assignment's config holds the same ConfigMap values and keys, so the same style decisions
// and key orders come up again and again in one render. Both are pure functions of their input:
// they are remembered, within a bound (the memo is emptied when full).
const MEMO_LIMIT = 20_000;
const MEMO_MAX_LENGTH = 1024;
const valueStyles = new Map<string, number>();
const keyStyles = new Map<string, number>();
const keyOrders = new Map<string, readonly string[]>();

function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

export function stringStyle(s: string, simpleKey: boolean): number {
  if (s.length > MEMO_MAX_LENGTH) return selectStringStyle(s, simpleKey);
  const memo = simpleKey ? keyStyles : valueStyles;
  return memo.get(s) ?? remember(memo, s, selectStringStyle(s, simpleKey));
}

/** utf8.ValidString: no byte stand-ins or other lone surrogates (see GoValue in go/values.ts). */
export function isValidUtf8(s: string): boolean {
  if (!/[\uD800-\uDFFF]/.test(s)) return true;
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

/** libyaml writes a key inline only when it is single-line and at most 128 bytes long. */
export function isSimpleKey(key: GoKey): boolean {
  if (typeof key !== 'string') return true;
  if (key.length * 3 <= 128) return !key.includes('\n') && (analyzeScalar(key) & MULTILINE) === 0;
  return utf8Length(key) <= 128 && (analyzeScalar(key) & MULTILINE) === 0;
}

export function sortedKeys(map: GoMap): GoKey[] {
  if (map.hasStringKeys) {
    const strings = [...map.entries.keys()] as string[];
    const id = strings.join('\u0000');
    const known = keyOrders.get(id);
    // The joined text can be ambiguous when keys hold NUL: the order is used only for the very
    // same key set.
    if (known?.length === strings.length && known.every((k) => map.has(k))) return [...known];
    if (strings.every(isBmpString)) {
      const sorted = strings.sort(compareBmpStrings);
      if (id.length <= MEMO_LIMIT * 4) remember(keyOrders, id, [...sorted]);
      return sorted;
    }
  }
  const keys: SortableKey[] = [];
  for (const key of map.entries.keys()) keys.push(sortableKey(key));
  keys.sort(compareSortableKeys);
  return keys.map((k) => k.key);
}
