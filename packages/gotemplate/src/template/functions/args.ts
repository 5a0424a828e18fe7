/**
 * Argument handling shared by the template functions: Go's typed-parameter checks (text/template
 * rejects a value that is not assignable to the parameter type), spf13/cast's loose conversions
 * (sprig's `toInt64`, `toFloat64`) and sprig's `strval`.
 */
import { formatValue } from '../../go/format.ts';
import { GoInt, GoMap, goKindName, goTypeName, type GoValue } from '../../go/values.ts';
import { goParseFloat } from '../../go/strconv.ts';
import type { CallContext, TemplateFunction } from '../function-table.ts';

/** Shorthand for a table entry. */
export function fn(
  arity: number,
  call: (args: GoValue[], context?: CallContext) => GoValue,
  variadic = false,
): TemplateFunction {
  return variadic ? { arity, variadic, call } : { arity, call };
}

/** The argument at `i`, nil when absent (variadic tails). */
export function arg(args: readonly GoValue[], i: number): GoValue {
  return args[i] ?? null;
}

function wrongType(expected: string, value: GoValue): Error {
  // text/template's wording for a nil argument and for a mismatched type.
  if (value === null) return new Error(`invalid value; expected ${expected}`);
  return new Error(`wrong type for value; expected ${expected}; got ${goTypeName(value)}`);
}

/** A Go `string` parameter. */
export function str(value: GoValue): string {
  if (typeof value === 'string') return value;
  throw wrongType('string', value);
}

/**
 * A Go `int` parameter. Integer constants arrive as bigint; a float constant that is integral
 * (`4.0`) is accepted because Go converts number literals to the parameter type.
 */
export function int(value: GoValue): number {
  // An int64 (sprig arithmetic) is not assignable to int: Go rejects it too.
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw wrongType('int', value);
}

/** A Go `float64` parameter (number constants convert to it). */
export function float(value: GoValue): number {
  if (typeof value === 'number') return value;
  // Number literals convert to float64; a Go int value would not (the engine cannot tell them apart).
  if (typeof value === 'bigint') return Number(value);
  throw wrongType('float64', value);
}

/** A Go `bool` parameter. */
export function bool(value: GoValue): boolean {
  if (typeof value === 'boolean') return value;
  throw wrongType('bool', value);
}

/**
 * A Go `map[string]interface{}` parameter. A nil argument is a nil map (reads work, writes
 * panic); map[string]string and map[interface{}]interface{} are not assignable, as in Go.
 */
export function dictArg(value: GoValue): GoMap | null {
  if (value === null) return null;
  if (value instanceof GoMap && value.type === 'map[string]interface {}') return value;
  throw wrongType('map[string]interface {}', value);
}

/** sprig's strval: strings as they are, everything else through fmt's %v. */
export function strval(value: GoValue): string {
  return typeof value === 'string' ? value : formatValue(value);
}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** Wraps to int64, like Go integer arithmetic. */
export function wrap64(n: bigint): bigint {
  return BigInt.asIntN(64, n);
}

/**
 * strconv.ParseInt(s, base, 64). base 0 honours the 0x/0o/0b/0 prefixes and underscores.
 * Returns undefined on a syntax error, the clamped value with `range: true` when out of range.
 */
export function parseGoInt(
  s: string,
  base: 0 | 8 | 10,
): { value: bigint; range: boolean } | undefined {
  let body = s;
  let sign = 1n;
  if (body.startsWith('+') || body.startsWith('-')) {
    if (body.startsWith('-')) sign = -1n;
    body = body.slice(1);
  }
  let radix: number = base === 0 ? 10 : base;
  let underscores = false;
  if (base === 0) {
    underscores = true;
    const prefix = body.slice(0, 2).toLowerCase();
    if (prefix === '0x' || prefix === '0o' || prefix === '0b') {
      radix = prefix === '0x' ? 16 : prefix === '0o' ? 8 : 2;
      body = body.slice(2);
      // Go allows an underscore right after the base prefix.
      if (body.startsWith('_')) body = body.slice(1);
    } else if (body.length > 1 && body.startsWith('0')) {
      radix = 8;
      body = body.slice(1);
    }
  }
  if (body === '') return undefined;
  if (underscores) {
    if (body.startsWith('_') || body.endsWith('_') || body.includes('__')) return undefined;
    body = body.replaceAll('_', '');
  }
  const digits = '0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, radix);
  let n = 0n;
  for (const ch of body.toLowerCase()) {
    const d = digits.indexOf(ch);
    if (d < 0) return undefined;
    n = n * BigInt(radix) + BigInt(d);
  }
  n *= sign;
  if (n > INT64_MAX) return { value: INT64_MAX, range: true };
  if (n < INT64_MIN) return { value: INT64_MIN, range: true };
  return { value: n, range: false };
}

/** strconv.ParseFloat(s, 64); undefined on a syntax or range error. */
export const parseGoFloat = goParseFloat;

/**
 * sprig 2.22's toInt64, the operator's conversion (`int`, `int64`, `add`, `max`, `slice`, …):
 * a string goes through strconv.ParseInt(s, 10, 64), so `"08"` is 8 and `"0x1F"`, `"1_000"` and
 * out-of-range text are 0; an unsigned value above MaxInt64 is MaxInt64; a float is truncated (Go's
 * amd64 conversion gives MinInt64 when it does not fit); true is 1; anything else is 0.
 */
export function toInt64(value: GoValue): bigint {
  if (value instanceof GoInt) {
    if ((value.type === 'uint64' || value.type === 'uint') && value.value > INT64_MAX)
      return INT64_MAX;
    return wrap64(value.value);
  }
  if (typeof value === 'string') {
    const parsed = parseGoInt(value, 10);
    return parsed && !parsed.range ? parsed.value : 0n;
  }
  return castInt64(value);
}

/**
 * spf13/cast ToInt64 as sprig 3 uses it (only the sprig-3-only functions convert with it, and the
 * project falls back to it where the operator's conversion makes a call fail): base-0 strings
 * (`0x`, `0o`, `0b`, a leading 0 for octal, `_` separators) after trimming a zero decimal part
 * (`"8.0"` is 8), errors 0.
 */
export function castInt64(value: GoValue): bigint {
  if (value instanceof GoInt) return wrap64(value.value);
  switch (typeof value) {
    case 'bigint':
      return wrap64(value);
    case 'number':
      // Go's float→int64 conversion yields MinInt64 on amd64 when the value does not fit.
      return Number.isFinite(value) && Math.abs(value) < 2 ** 63
        ? BigInt(Math.trunc(value))
        : INT64_MIN;
    case 'boolean':
      return value ? 1n : 0n;
    case 'string': {
      const parsed = parseGoInt(trimZeroDecimal(value), 0);
      return parsed && !parsed.range ? parsed.value : 0n;
    }
    default:
      return 0n;
  }
}

/** cast's trimZeroDecimal: `"8.0"` and `"8.00"` lose their zero decimal part, `"8.5"` does not. */
function trimZeroDecimal(s: string): string {
  let foundZero = false;
  for (let i = s.length; i > 0; i--) {
    const c = s[i - 1];
    if (c === '.') {
      if (foundZero) return s.slice(0, i - 1);
    } else if (c === '0') foundZero = true;
    else return s;
  }
  return s;
}

/**
 * sprig's toFloat64 (2.22's own code and sprig 3's cast.ToFloat64 agree): strings through
 * strconv.ParseFloat, errors 0.
 */
export function castFloat64(value: GoValue): number {
  if (value instanceof GoInt) return Number(value.value);
  switch (typeof value) {
    case 'number':
      return value;
    case 'bigint':
      return Number(value);
    case 'boolean':
      return value ? 1 : 0;
    case 'string':
      return parseGoFloat(value) ?? 0;
    default:
      return 0;
  }
}

/**
 * sprig's `empty` (text/template truthiness inverted): nil, false, 0, "" and zero-length
 * collections are empty; structs never are.
 */
export function isEmpty(value: GoValue): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
      return value.length === 0;
    case 'boolean':
      return !value;
    case 'bigint':
      return value === 0n;
    case 'number':
      return value === 0;
    default:
      if (value instanceof GoInt) return value.value === 0n;
      if (Array.isArray(value)) return value.length === 0;
      if (value instanceof GoMap) return value.size === 0;
      return false;
  }
}

/** reflect.Kind name of a value, as sprig's list errors and `kindOf` print it. */
export const kindName = goKindName;
