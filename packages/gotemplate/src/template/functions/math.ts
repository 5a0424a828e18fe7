/**
 * sprig arithmetic and number conversions (numeric.go and functions.go). Integer math is int64
 * with wrap-around over the operator's sprig 2.22 conversion (`add "08" 0` = 8, unparsable → 0,
 * args.ts `toInt64`); the sprig-3-only `…f` functions go through shopspring/decimal.
 */
import { formatValue } from '../../go/format.ts';
import { int64, typedSlice, type GoValue } from '../../go/values.ts';
import type { CallContext, TemplateFunction } from '../function-table.ts';
import {
  arg,
  castFloat64,
  castInt64,
  float,
  fn,
  int,
  parseGoInt,
  str,
  toInt64,
  wrap64,
} from './args.ts';
import { reserve } from '../budget.ts';
import * as decimal from './decimal.ts';

function intOp(a: GoValue, b: GoValue, op: (x: bigint, y: bigint) => bigint): GoValue {
  return int64(op(toInt64(a), toInt64(b)));
}

/**
 * `div` and `mod`. A divisor the operator's conversion reads as 0 fails there ("integer divide by
 * zero"); when sprig 3 reads it as another number (`"0x2"`), the call renders sprig 3's result
 * and raises a notice (never stricter than sprig 3, docs/decisions/sprig3-function-set.md).
 */
function division(a: readonly GoValue[], rem: boolean, context: CallContext | undefined): GoValue {
  const x = arg(a, 0);
  const y = arg(a, 1);
  const divisor = toInt64(y);
  if (divisor === 0n) {
    const sprig3 = castInt64(y);
    if (sprig3 !== 0n) {
      context?.notice(
        'operator-fails',
        `the operator's sprig 2.22 reads the divisor ${formatValue(y)} as 0 and fails with "integer divide by zero"; sprig 3 reads it as ${sprig3}`,
      );
      return int64(divide(castInt64(x), sprig3, rem));
    }
  }
  return int64(divide(toInt64(x), divisor, rem));
}

function divide(x: bigint, y: bigint, rem: boolean): bigint {
  if (y === 0n) throw new Error('runtime error: integer divide by zero');
  return rem ? x % y : x / y;
}

function decimalOp(
  first: GoValue,
  rest: readonly GoValue[],
  op: (a: decimal.Decimal, b: decimal.Decimal) => decimal.Decimal,
): number {
  let acc = decimal.fromFloat(castFloat64(first));
  for (const v of rest) acc = op(acc, decimal.fromFloat(castFloat64(v)));
  return decimal.toFloat(acc);
}

/** untilStep as sprig defines it: empty when the step points away from `stop`. */
export function untilStep(start: number, stop: number, step: number): bigint[] {
  const out: bigint[] = [];
  if (step !== 0 && (stop - start) / step > 0) reserve(0, Math.ceil((stop - start) / step));
  if (stop < start) {
    if (step >= 0) return out;
    for (let i = start; i > stop; i += step) out.push(BigInt(i));
    return out;
  }
  if (step <= 0) return out;
  for (let i = start; i < stop; i += step) out.push(BigInt(i));
  return out;
}

function seq(params: number[]): string {
  const [a = 0, b = 0, c = 0] = params;
  let values: bigint[];
  switch (params.length) {
    case 1:
      values = a < 1 ? untilStep(1, a - 1, -1) : untilStep(1, a + 1, 1);
      break;
    case 2:
      values = b < a ? untilStep(a, b - 1, -1) : untilStep(a, b + 1, 1);
      break;
    case 3:
      // seq start step end
      if (c < a) {
        if (b > 0) return '';
        values = untilStep(a, c - 1, b);
      } else {
        values = untilStep(a, c + 1, b);
      }
      break;
    default:
      return '';
  }
  return values.join(' ');
}

// sprig's round: ceil when the fractional part (math.Modf, sign kept) reaches `roundOn`.
function round(value: number, places: number, roundOn: number): number {
  const pow = 10 ** places;
  const digit = pow * value;
  const frac = digit - Math.trunc(digit);
  return (frac >= roundOn ? Math.ceil(digit) : Math.floor(digit)) / pow;
}

function atoi(s: string): bigint {
  const parsed = parseGoInt(s, 10);
  // strconv.Atoi returns the clamped value alongside a range error; sprig ignores the error.
  return parsed?.value ?? 0n;
}

/** The math and conversion functions by name. */
export const mathFunctions: Record<string, TemplateFunction> = {
  atoi: fn(1, (a) => atoi(str(arg(a, 0)))),
  int: fn(1, (a) => toInt64(arg(a, 0))),
  int64: fn(1, (a) => int64(toInt64(arg(a, 0)))),
  float64: fn(1, (a) => castFloat64(arg(a, 0))),
  toDecimal: fn(1, (a) => {
    const parsed = parseGoInt(formatValue(arg(a, 0)), 8);
    return int64(parsed && !parsed.range ? parsed.value : 0n);
  }),
  seq: fn(0, (a) => seq(a.map(int)), true),
  until: fn(1, (a) => {
    const count = int(arg(a, 0));
    return typedSlice(untilStep(0, count, count < 0 ? -1 : 1), 'int');
  }),
  untilStep: fn(3, (a) =>
    typedSlice(untilStep(int(arg(a, 0)), int(arg(a, 1)), int(arg(a, 2))), 'int'),
  ),
  add1: fn(1, (a) => int64(toInt64(arg(a, 0)) + 1n)),
  add: fn(0, (a) => int64(a.reduce<bigint>((acc, v) => wrap64(acc + toInt64(v)), 0n)), true),
  sub: fn(2, (a) => intOp(arg(a, 0), arg(a, 1), (x, y) => x - y)),
  div: fn(2, (a, context) => division(a, false, context)),
  mod: fn(2, (a, context) => division(a, true, context)),
  mul: fn(
    1,
    (a) =>
      int64(a.slice(1).reduce<bigint>((acc, v) => wrap64(acc * toInt64(v)), toInt64(arg(a, 0)))),
    true,
  ),
  add1f: fn(1, (a) => decimalOp(arg(a, 0), [1n], decimal.add)),
  addf: fn(0, (a) => decimalOp(0, a, decimal.add), true),
  subf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), decimal.sub), true),
  mulf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), decimal.mul), true),
  divf: fn(1, (a) => decimalOp(arg(a, 0), a.slice(1), decimal.div), true),
  max: fn(1, (a) => int64(a.map(toInt64).reduce((x, y) => (y > x ? y : x))), true),
  biggest: fn(1, (a) => int64(a.map(toInt64).reduce((x, y) => (y > x ? y : x))), true),
  min: fn(1, (a) => int64(a.map(toInt64).reduce((x, y) => (y < x ? y : x))), true),
  maxf: fn(1, (a) => a.map(castFloat64).reduce((x, y) => goMax(x, y)), true),
  minf: fn(1, (a) => a.map(castFloat64).reduce((x, y) => goMin(x, y)), true),
  floor: fn(1, (a) => Math.floor(castFloat64(arg(a, 0)))),
  ceil: fn(1, (a) => Math.ceil(castFloat64(arg(a, 0)))),
  round: fn(
    2,
    (a) => round(castFloat64(arg(a, 0)), int(arg(a, 1)), a.length > 2 ? float(arg(a, 2)) : 0.5),
    true,
  ),
};

// math.Max / math.Min: NaN wins, and +0/-0 are ordered.
function goMax(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return Math.max(x, y);
}

function goMin(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return Math.min(x, y);
}
