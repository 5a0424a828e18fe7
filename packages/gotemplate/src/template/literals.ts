/**
 * Go literal syntax inside actions: strconv.Unquote for strings and character constants, and the
 * number rules of text/template/parse (ParseInt/ParseUint/ParseFloat with base prefixes and
 * underscores, then Go's "ideal constant" typing).
 */
import { quote } from '../go/format-quote.ts';

const simpleEscapes: Readonly<Record<string, number>> = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  '\\': 92,
};

/** One (possibly escaped) character at `i`; null on invalid syntax. */
function unquoteChar(s: string, i: number, quoteChar: string): { cp: number; next: number } | null {
  const c = s.codePointAt(i);
  if (c === undefined) return null;
  if (c !== 0x5c) return { cp: c, next: i + (c > 0xffff ? 2 : 1) };
  const e = s.charAt(i + 1);
  const simple = simpleEscapes[e];
  if (simple !== undefined) return { cp: simple, next: i + 2 };
  if (e === "'" || e === '"') return e === quoteChar ? { cp: e.charCodeAt(0), next: i + 2 } : null;
  const hexLen = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
  if (hexLen > 0) {
    const digits = s.slice(i + 2, i + 2 + hexLen);
    if (digits.length !== hexLen || !/^[0-9a-fA-F]+$/.test(digits)) return null;
    const cp = parseInt(digits, 16);
    if (e !== 'x' && (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) return null;
    return { cp, next: i + 2 + hexLen };
  }
  const octal = s.slice(i + 1, i + 4);
  if (/^[0-7]{3}$/.test(octal)) {
    const cp = parseInt(octal, 8);
    return cp > 255 ? null : { cp, next: i + 4 };
  }
  return null;
}

/**
 * strconv.Unquote of a "double-quoted" or `raw` string token; null on invalid syntax. `\x`
 * escapes are bytes in Go; here bytes ≥ 0x80 become the code point of the same number.
 */
export function unquoteString(token: string): string | null {
  if (token.startsWith('`')) return token.slice(1, -1).replaceAll('\r', '');
  if (!token.includes('\\')) return token.slice(1, -1);
  let out = '';
  const end = token.length - 1;
  for (let i = 1; i < end;) {
    const r = unquoteChar(token, i, '"');
    if (r === null || r.next > end) return null;
    out += String.fromCodePoint(r.cp);
    i = r.next;
  }
  return out;
}

export type CharResult = { ok: true; cp: number } | { ok: false; message: string };

/** A character constant token such as `'a'` or `'\n'`. */
export function parseCharConstant(token: string): CharResult {
  const r = unquoteChar(token, 1, "'");
  if (r === null) return { ok: false, message: 'invalid syntax' };
  if (token.slice(r.next) !== "'")
    return { ok: false, message: `malformed character constant: ${token}` };
  return { ok: true, cp: r.cp };
}

/** strconv's underscoreOK: underscores only between digits or after a base prefix. */
function underscoreOK(text: string): boolean {
  let s = text;
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  let saw = '^';
  let i = 0;
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'bBoOxX'.includes(s.charAt(1))) {
    i = 2;
    saw = '0';
    hex = s.charAt(1).toLowerCase() === 'x';
  }
  for (; i < s.length; i++) {
    const c = s.charAt(i);
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
    } else if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}

const digitPatterns: Readonly<Record<number, RegExp>> = {
  2: /^[01]+$/,
  8: /^[0-7]+$/,
  10: /^[0-9]+$/,
  16: /^[0-9a-fA-F]+$/,
};

/** strconv.ParseInt(text, 0, ·) without the range check; null on syntax error. */
function parseInteger(text: string): { value: bigint; signed: boolean } | null {
  if (text.includes('_') && !underscoreOK(text)) return null;
  let s = text.replaceAll('_', '');
  let neg = false;
  const signed = s.startsWith('+') || s.startsWith('-');
  if (signed) {
    neg = s.startsWith('-');
    s = s.slice(1);
  }
  let base = 10;
  const prefix = s.slice(0, 2).toLowerCase();
  if (prefix === '0x' || prefix === '0o' || prefix === '0b') {
    base = prefix === '0x' ? 16 : prefix === '0o' ? 8 : 2;
    s = s.slice(2);
  } else if (s.length > 1 && s.startsWith('0')) {
    base = 8;
    s = s.slice(1);
  }
  if (!digitPatterns[base]?.test(s)) return null;
  const magnitude =
    base === 10 ? BigInt(s) : BigInt((base === 16 ? '0x' : base === 8 ? '0o' : '0b') + s);
  return { value: neg ? -magnitude : magnitude, signed };
}

/** strconv.ParseFloat(text, 64); null on syntax error or overflow. */
function parseFloat64(text: string): number | null {
  if (text.includes('_') && !underscoreOK(text)) return null;
  const s = text.replaceAll('_', '');
  const hexFloat = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?[0-9]+)$/.exec(s);
  if (hexFloat) {
    const [, sign = '', int = '', frac = '', exp = '0'] = hexFloat;
    if (int === '' && frac === '') return null;
    const mantissa = parseInt(int + frac || '0', 16);
    const value = mantissa * 2 ** (Number(exp) - 4 * frac.length);
    return Number.isFinite(value) ? (sign === '-' ? -value : value) : null;
  }
  if (!/^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(s)) return null;
  const value = Number(s);
  return Number.isFinite(value) ? value : null;
}

const maxInt64 = (1n << 63n) - 1n;
const minInt64 = -(1n << 63n);
const maxUint64 = (1n << 64n) - 1n;

export type NumberResult =
  { ok: true; value: bigint | number | null } | { ok: false; message: string };

/**
 * A number token as an ideal constant: an int (bigint) unless its syntax is a float's, in which
 * case a float64; `value` null marks an unsigned value that overflows int (an execution error in
 * Go). Imaginary and complex constants are not supported.
 */
export function parseNumber(text: string): NumberResult {
  if (text.endsWith('i'))
    return { ok: false, message: `complex constant ${text} is not supported` };
  const int = parseInteger(text);
  const isInt = int !== null && int.value >= minInt64 && int.value <= maxInt64;
  const isUint = int !== null && !int.signed && int.value >= 0n && int.value <= maxUint64;
  const hexInt = /^0[xX]/.test(text) && !/[pP]/.test(text);
  const floatSyntax = !hexInt && /[.eEpP]/.test(text);
  if (isInt || isUint) {
    if (floatSyntax) return { ok: true, value: Number(int.value) };
    return { ok: true, value: isInt ? int.value : null };
  }
  const f = parseFloat64(text);
  if (f === null) return { ok: false, message: `illegal number syntax: ${quote(text)}` };
  if (!/[.eEpP]/.test(text)) return { ok: false, message: `integer overflow: ${quote(text)}` };
  return { ok: true, value: f };
}
