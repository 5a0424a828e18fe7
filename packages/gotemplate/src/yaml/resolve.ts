import { GoInt, type GoValue } from '../go/values.ts';

/**
 * go-yaml's implicit typing of plain scalars. yaml.v2 (parsing config values) and yaml.v3
 * (deciding whether `toYaml` may leave a string unquoted) share one resolve table; they differ
 * only in the YAML 1.1 booleans (`yes`, `on`, `n`, …), which v2 resolves and v3 merely quotes.
 */

const HINT_NONE = 0;
const HINT_SIGN = 1;
const HINT_DIGIT = 2;
const HINT_MAP = 3;
const HINT_DOT = 4;

/** Which branch of the resolver the first character selects (ASCII only; others resolve to str). */
const HINTS = new Uint8Array(128);
HINTS[43] = HINT_SIGN; // +
HINTS[45] = HINT_SIGN; // -
for (let c = 48; c <= 57; c++) HINTS[c] = HINT_DIGIT;
for (const ch of 'yYnNtTfFoO~') HINTS[ch.charCodeAt(0)] = HINT_MAP;
HINTS[46] = HINT_DOT; // .

/** Scalars both versions map to a fixed value. */
const FIXED = new Map<string, GoValue>();
for (const s of ['true', 'True', 'TRUE']) FIXED.set(s, true);
for (const s of ['false', 'False', 'FALSE']) FIXED.set(s, false);
for (const s of ['', '~', 'null', 'Null', 'NULL']) FIXED.set(s, null);
for (const s of ['.nan', '.NaN', '.NAN']) FIXED.set(s, NaN);
for (const s of ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']) FIXED.set(s, Infinity);
for (const s of ['-.inf', '-.Inf', '-.INF']) FIXED.set(s, -Infinity);

const YAML11_TRUE = ['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'];
const YAML11_FALSE = ['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'];

/** The YAML 1.1 booleans yaml.v2 resolves (exactly these spellings, not every case mix). */
const YAML11_BOOLS = new Map<string, boolean>([
  ...YAML11_TRUE.map((s) => [s, true] as const),
  ...YAML11_FALSE.map((s) => [s, false] as const),
]);

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

// go-yaml's yamlStyleFloat, applied after underscores are removed.
const YAML_STYLE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
// What strconv.ParseFloat accepts for a string starting with '.'.
const DOT_FLOAT = /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP =
  /^[0-9]{4}-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:[.,][0-9]+)?(?:Z|[-+]([0-9]{2}):([0-9]{2}))| +([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:[.,][0-9]+)?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * strconv.ParseInt(s, 0, 64), falling back to strconv.ParseUint(s, 0, 64) as go-yaml does:
 * optional sign, then a `0x`/`0o`/`0b` prefix, a leading `0` (octal) or decimal digits.
 * Returns undefined where both would fail (syntax or range).
 */
export function parseGoInt(s: string): bigint | undefined {
  let i = 0;
  const first = s.charCodeAt(0);
  const signed = first === 43 || first === 45;
  if (signed) i = 1;
  if (i >= s.length) return undefined;
  let base = 10;
  let prefix = '';
  if (s.charCodeAt(i) === 48) {
    const letter = s.length - i >= 3 ? s.charCodeAt(i + 1) | 0x20 : 0;
    if (letter === 98) [base, prefix, i] = [2, '0b', i + 2];
    else if (letter === 111) [base, prefix, i] = [8, '0o', i + 2];
    else if (letter === 120) [base, prefix, i] = [16, '0x', i + 2];
    else [base, prefix, i] = [8, '0o', i + 1];
  }
  for (let j = i; j < s.length; j++) {
    const c = s.charCodeAt(j);
    let d: number;
    if (c >= 48 && c <= 57) d = c - 48;
    else if ((c | 0x20) >= 97 && (c | 0x20) <= 122) d = (c | 0x20) - 87;
    else return undefined;
    if (d >= base) return undefined;
  }
  const digits = s.slice(i);
  let value = digits === '' ? 0n : BigInt(prefix + digits);
  if (first === 45) value = -value;
  if (value >= INT64_MIN && value <= INT64_MAX) return value;
  // ParseUint rejects any sign.
  if (!signed && value <= UINT64_MAX) return value;
  return undefined;
}

function finiteOrUndefined(text: string): number | undefined {
  const f = Number(text);
  // strconv.ParseFloat reports overflow as an error, which go-yaml treats as "not a float".
  return Number.isFinite(f) ? f : undefined;
}

function resolveNumber(s: string): GoValue | undefined {
  const plain = s.includes('_') ? s.replaceAll('_', '') : s;
  const int = parseGoInt(plain);
  // Above MaxInt64, ParseUint's uint64.
  if (int !== undefined) return int > INT64_MAX ? new GoInt(int, 'uint64') : int;
  if (YAML_STYLE_FLOAT.test(plain)) return finiteOrUndefined(plain);
  return undefined;
}

/**
 * go-yaml's resolve() for an untagged plain scalar: the typed value, or undefined when the
 * scalar stays a string. `yaml11` adds yaml.v2's YAML 1.1 booleans. Timestamps are not
 * detected here: yaml.v2 hands them to interface{} as strings anyway (see isGoTimestamp).
 */
export function resolvePlain(s: string, yaml11: boolean): GoValue | undefined {
  if (s === '') return null;
  const c = s.charCodeAt(0);
  const hint = c < 128 ? (HINTS[c] ?? HINT_NONE) : HINT_NONE;
  if (hint === HINT_NONE) return undefined;
  const fixed = FIXED.get(s);
  if (fixed !== undefined) return fixed;
  if (yaml11) {
    const bool = YAML11_BOOLS.get(s);
    if (bool !== undefined) return bool;
  }
  switch (hint) {
    case HINT_MAP:
      return undefined;
    case HINT_DOT:
      return DOT_FLOAT.test(s) ? finiteOrUndefined(s) : undefined;
    default:
      return resolveNumber(s);
  }
}

/** Whether `s` starts the way a number does (go-yaml only looks for timestamps then). */
export function hasNumericHint(s: string): boolean {
  const c = s.charCodeAt(0);
  return c < 128 && (HINTS[c] === HINT_DIGIT || HINTS[c] === HINT_SIGN);
}

/**
 * Whether time.Parse accepts `s` in one of go-yaml's timestamp layouts:
 * `2006-1-2T15:4:5.999999999Z07:00` (also with `t`), `2006-1-2 15:4:5.999999999`, `2006-1-2`.
 * Go validates ranges, so `2024-02-30` is not a timestamp.
 */
export function isGoTimestamp(s: string): boolean {
  // go-yaml's quick check: exactly four digits, then '-'.
  if (s.length < 8 || s.charCodeAt(4) !== 45) return false;
  const m = TIMESTAMP.exec(s);
  if (m === null) return false;
  const year = Number(s.slice(0, 4));
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day < 1 || day > days) return false;
  const hour = m[3] ?? m[8];
  if (hour === undefined) return true;
  const minute = m[4] ?? m[9];
  const second = m[5] ?? m[10];
  if (Number(hour) >= 24 || Number(minute) >= 60 || Number(second) >= 60) return false;
  // Zone offsets use '>' in Go: 24 hours or 60 minutes still parse.
  return m[6] === undefined || (Number(m[6]) <= 24 && Number(m[7]) <= 60);
}

/** yaml.v3 still quotes YAML 1.1 sexagesimal floats such as `1:20`. */
export function isBase60Float(s: string): boolean {
  return hasNumericHint(s) && s.includes(':') && BASE60_FLOAT.test(s);
}

/**
 * Whether yaml.v3 may write string `s` as a plain scalar: it must read back as a string both in
 * YAML 1.2 and, for compatibility, in YAML 1.1 (booleans like `yes`, base-60 floats).
 */
export function isPlainSafeString(s: string): boolean {
  if (resolvePlain(s, false) !== undefined) return false;
  if (YAML11_BOOLS.has(s)) return false;
  if (hasNumericHint(s)) return !isGoTimestamp(s) && !isBase60Float(s);
  return true;
}

/** Go tag names of the values resolvePlain produces, for decode error messages. */
export function shortTagOf(value: GoValue | undefined): string {
  if (value === undefined) return '!!str';
  if (value === null) return '!!null';
  switch (typeof value) {
    case 'boolean':
      return '!!bool';
    case 'bigint':
      return '!!int';
    case 'number':
      return '!!float';
    default:
      return value instanceof GoInt ? '!!int' : '!!str';
  }
}

export { INT64_MAX };
