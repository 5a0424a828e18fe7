import { formatFloat, type FloatVerb } from './format-float.ts';
import { canBackquote, quote, quoteRune } from './format-quote.ts';

import { sortedEntries } from './map-order.ts';
import { chargeSteps, reserve } from '../template/budget.ts';
import { isPrint } from './format-quote.ts';
import {
  GoInt,
  GoMap,
  GoStruct,
  goStringBytes,
  goTypeName,
  isNilSlice,
  type GoValue,
} from './values.ts';

/** Formatting state of one verb (Go's fmt.fmt flags). */
export interface Flags {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  /** %+v: struct field names. */
  plusV: boolean;
  /** %#v: Go syntax. */
  sharpV: boolean;
  wid: number;
  widPresent: boolean;
  prec: number;
  precPresent: boolean;
}

export function clearFlags(): Flags {
  return {
    plus: false,
    minus: false,
    sharp: false,
    space: false,
    zero: false,
    plusV: false,
    sharpV: false,
    wid: 0,
    widPresent: false,
    prec: 0,
    precPresent: false,
  };
}

/** utf8.RuneCountInString: a raw byte (a lone surrogate stand-in) counts as one. */
function runeCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    n++;
  }
  return n;
}

/** Pads to the width, with zeros when the 0 flag asks for it (Go pads strings with zeros too). */
function pad(f: Flags, s: string): string {
  if (!f.widPresent || f.wid === 0) return s;
  const width = f.wid - runeCount(s);
  if (width <= 0) return s;
  const padding = (f.zero ? '0' : ' ').repeat(width);
  return f.minus ? s + padding : padding + s;
}

function withoutZero(f: Flags): Flags {
  return f.zero ? { ...f, zero: false } : f;
}

/**
 * `%!verb(type=value)`, Go's report of a verb that does not fit the operand. The value is printed
 * with %v under the directive's own flags, width and precision (`%+G` of 8 is `%!G(int=+8)`).
 */
function badVerb(verb: string, value: GoValue, f: Flags): string {
  if (value === null) return `%!${verb}(<nil>)`;
  return `%!${verb}(${goTypeName(value)}=${printValue(value, 'v', f, true)})`;
}

function formatInteger(f: Flags, n: bigint, verb: string): string {
  const base =
    verb === 'b' ? 2 : verb === 'o' || verb === 'O' ? 8 : verb === 'x' || verb === 'X' ? 16 : 10;
  const neg = n < 0n;
  let digits = (neg ? -n : n).toString(base);
  if (verb === 'X') digits = digits.toUpperCase();
  let prec = -1;
  if (f.precPresent) {
    prec = f.prec;
    if (prec === 0 && n === 0n) return pad(withoutZero(f), '');
  } else if (f.zero && !f.minus && f.widPresent) {
    prec = f.wid;
    if (neg || f.plus || f.space) prec--;
  }
  if (prec > digits.length) digits = '0'.repeat(prec - digits.length) + digits;
  if (f.sharp) {
    if (base === 2) digits = '0b' + digits;
    else if (base === 8 && !digits.startsWith('0')) digits = '0' + digits;
    else if (base === 16) digits = (verb === 'X' ? '0X' : '0x') + digits;
  }
  if (verb === 'O') digits = '0o' + digits;
  const sign = neg ? '-' : f.plus ? '+' : f.space ? ' ' : '';
  return pad(withoutZero(f), sign + digits);
}

function printInteger(f: Flags, n: bigint, verb: string, value: GoValue): string {
  // %#v writes unsigned integers in hexadecimal (0x61).
  if (verb === 'v' && f.sharpV && value instanceof GoInt && value.type.startsWith('u')) {
    return pad(f, '0x' + n.toString(16));
  }
  switch (verb) {
    case 'v':
    case 'd':
    case 'b':
    case 'o':
    case 'O':
    case 'x':
    case 'X':
      return formatInteger(f, n, verb);
    case 'c':
      return pad(f, isRune(n) ? String.fromCodePoint(Number(n)) : '\ufffd');
    case 'q':
      return pad(f, quoteRune(isRune(n) ? Number(n) : -1, f.plus));
    case 'U': {
      // fmtUnicode: the value as uint64, at least 4 digits (more when the precision asks for
      // more), never zero-padded.
      const u = BigInt.asUintN(64, n);
      const digits = u
        .toString(16)
        .toUpperCase()
        .padStart(f.precPresent && f.prec > 4 ? f.prec : 4, '0');
      let text = 'U+' + digits;
      if (f.sharp && u <= 0x10ffffn && isPrint(Number(u))) {
        text += ` '${String.fromCodePoint(Number(u))}'`;
      }
      return pad(withoutZero(f), text);
    }
    default:
      return badVerb(verb, value, f);
  }
}

function isRune(n: bigint): boolean {
  return n >= 0n && n <= 0x10ffffn && !(n >= 0xd800n && n <= 0xdfffn);
}

function printFloat(f: Flags, x: number, verb: string): string {
  let fverb: FloatVerb;
  let prec = -1;
  switch (verb) {
    case 'v':
      fverb = 'g';
      break;
    case 'b':
    case 'g':
    case 'G':
    case 'x':
    case 'X':
      fverb = verb;
      break;
    case 'e':
    case 'E':
    case 'f':
    case 'F':
      fverb = verb;
      prec = 6;
      break;
    default:
      return badVerb(verb, x, f);
  }
  if (f.precPresent) prec = f.prec;
  let num = formatFloat(x, fverb, prec);
  if (!num.startsWith('-') && !num.startsWith('+')) num = '+' + num;
  if (f.space && num.startsWith('+') && !f.plus) num = ' ' + num.slice(1);
  if (num.charAt(1) === 'I' || num.charAt(1) === 'N') {
    if (num.charAt(1) === 'N' && !f.space && !f.plus) num = num.slice(1);
    return pad(withoutZero(f), num);
  }
  if (f.sharp && fverb !== 'b') num = sharpFloat(num, fverb, prec);
  if (f.plus || !num.startsWith('+')) {
    if (f.zero && !f.minus && f.widPresent && f.wid > num.length) {
      return num.charAt(0) + '0'.repeat(f.wid - num.length) + num.slice(1);
    }
    return pad(f, num);
  }
  return pad(f, num.slice(1));
}

/**
 * The # flag on floats: always a decimal point; %g, %G and %x keep trailing zeros up to the
 * precision (6 when none is given). `num` starts with its sign.
 */
function sharpFloat(num: string, verb: FloatVerb, prec: number): string {
  let digits = 0;
  if (verb === 'g' || verb === 'G' || verb === 'x') digits = prec === -1 ? 6 : prec;
  let tail = '';
  let body = num;
  let hasDecimalPoint = false;
  let sawNonzeroDigit = false;
  for (let i = 1; i < body.length; i++) {
    const c = body.charAt(i);
    if (c === '.') {
      hasDecimalPoint = true;
    } else if (
      c === 'p' ||
      c === 'P' ||
      ((c === 'e' || c === 'E') && verb !== 'x' && verb !== 'X')
    ) {
      tail = body.slice(i);
      body = body.slice(0, i);
      break;
    } else {
      if (c !== '0') sawNonzeroDigit = true;
      if (sawNonzeroDigit) digits--;
    }
  }
  if (!hasDecimalPoint) {
    if (body.length === 2 && body.charAt(1) === '0') digits--;
    body += '.';
  }
  if (digits > 0) body += '0'.repeat(digits);
  return body + tail;
}

function truncateRunes(f: Flags, s: string): string {
  if (!f.precPresent) return s;
  let out = '';
  let n = 0;
  for (const ch of s) {
    if (n++ >= f.prec) break;
    out += ch;
  }
  return out;
}

function hexString(f: Flags, s: string, upper: boolean): string {
  // The precision counts bytes of the input here, not runes.
  let bytes = goStringBytes(s);
  if (f.precPresent && f.prec < bytes.length) bytes = bytes.subarray(0, f.prec);
  const parts: string[] = [];
  for (const b of bytes) {
    let h = b.toString(16).padStart(2, '0');
    if (upper) h = h.toUpperCase();
    if (f.space && f.sharp) h = (upper ? '0X' : '0x') + h;
    parts.push(h);
  }
  let out = parts.join(f.space ? ' ' : '');
  if (f.sharp && !f.space && out !== '') out = (upper ? '0X' : '0x') + out;
  return pad(f, out);
}

function printString(f: Flags, s: string, verb: string): string {
  switch (verb) {
    case 'v':
      return f.sharpV ? pad(f, quote(s)) : pad(f, truncateRunes(f, s));
    case 's':
      return pad(f, truncateRunes(f, s));
    case 'q': {
      const t = truncateRunes(f, s);
      if (f.sharp && canBackquote(t)) return pad(f, '`' + t + '`');
      return pad(f, quote(t, f.plus));
    }
    case 'x':
    case 'X':
      return hexString(f, s, verb === 'X');
    default:
      return badVerb(verb, s, f);
  }
}

/** An element inside a slice, map or struct: a nil interface prints as <nil> for every verb. */
function printElement(value: GoValue, verb: string, f: Flags): string {
  // printValue writes a nil interface inside a composite as it is: no width, no zero padding.
  if (value === null && verb !== 'T') return f.sharpV ? 'interface {}(nil)' : '<nil>';
  return printAt(value, verb, f, false, 1);
}

function printMap(m: GoMap, verb: string, f: Flags): string {
  const parts: string[] = [];
  for (const [k, v] of sortedEntries(m)) {
    parts.push(printElement(k, verb, f) + ':' + printElement(v, verb, f));
  }
  if (f.sharpV) return `${m.type}{${parts.join(', ')}}`;
  return `map[${parts.join(' ')}]`;
}

function printStruct(s: GoStruct, verb: string, f: Flags, depth: number): string {
  // A value with unexported fields (the operator's *semver.Version) knows its own Go syntax.
  if (f.sharpV && s.goSyntax !== undefined && depth === 0) return s.goSyntax;
  const parts: string[] = [];
  for (const [name, v] of s.fields) {
    const value = printElement(v, verb, f);
    parts.push(f.plusV || f.sharpV ? `${name}:${value}` : value);
  }
  const body = f.sharpV ? `${s.typeName}{${parts.join(', ')}}` : `{${parts.join(' ')}}`;
  // A pointer to a struct prints as &{…} at the top level only.
  return s.isPointer && !f.sharpV && depth === 0 ? '&' + body : body;
}

/** The verbs for which fmt calls a value's String method (handleMethods). */
const STRINGER_VERBS = new Set(['v', 's', 'x', 'X', 'q']);

/**
 * Prints one operand for a verb, as fmt's printArg/printValue do. `erroring` is fmt's state
 * while it prints the operand of a bad verb: String methods are not called then.
 */
export function printValue(value: GoValue, verb: string, f: Flags, erroring = false): string {
  return printAt(value, verb, f, erroring, 0);
}

function printAt(value: GoValue, verb: string, f: Flags, erroring: boolean, depth: number): string {
  // Values can share parts (a list holding itself twice, forty times over): every value printed
  // counts against the running template's step budget.
  chargeSteps(1);
  if (verb === 'T')
    return value === null ? pad(f, '<nil>') : pad(f, truncateRunes(f, goTypeName(value)));
  if (value === null) {
    return verb === 'v' ? pad(f, '<nil>') : badVerb(verb, null, f);
  }
  switch (typeof value) {
    case 'string':
      return printString(f, value, verb);
    case 'boolean':
      return verb === 't' || verb === 'v' ? pad(f, String(value)) : badVerb(verb, value, f);
    case 'bigint':
      return printInteger(f, value, verb, value);
    case 'number':
      return printFloat(f, value, verb);
  }
  if (value instanceof GoInt) return printInteger(f, value.value, verb, value);
  if (verb === 'p' && depth === 0) return printPointer(value, f);
  // handleMethods: %w outside Errorf is reported for the whole composite, not per element.
  if (verb === 'w' && !erroring) return badVerb(verb, value, f);
  if (Array.isArray(value)) {
    const parts = value.map((v) => printElement(v, verb, f));
    if (f.sharpV && isNilSlice(value)) return `${goTypeName(value)}(nil)`;
    return budgeted(
      f.sharpV ? `${goTypeName(value)}{${parts.join(', ')}}` : `[${parts.join(' ')}]`,
    );
  }
  if (value instanceof GoMap) return budgeted(printMap(value, verb, f));
  if (value.text !== undefined && !erroring && !f.sharpV && STRINGER_VERBS.has(verb)) {
    return printString(f, value.text, verb);
  }
  return budgeted(printStruct(value, verb, f, depth));
}

/**
 * fmtPointer for %p: a slice, map or pointer prints its address. Go's addresses differ from run
 * to run, so no output can match them; this prints one fixed, address-shaped value (`0x0` for a
 * nil slice) so that rendering stays deterministic. A struct value is a bad verb.
 */
function printPointer(value: GoValue[] | GoMap | GoStruct, f: Flags): string {
  if (value instanceof GoStruct && !value.isPointer) return badVerb('p', value, f);
  const address = Array.isArray(value) && isNilSlice(value) ? '0' : 'c000010000';
  return pad(f, f.sharp ? address : `0x${address}`);
}

/** A composite's text counts against the running template's output budget as it grows. */
function budgeted(text: string): string {
  reserve(text.length);
  return text;
}
