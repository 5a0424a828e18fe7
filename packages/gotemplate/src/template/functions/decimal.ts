/**
 * The slice of shopspring/decimal v1.2 that sprig's float functions (addf, subf, mulf, divf,
 * add1f) use: decimal.NewFromFloat (the shortest decimal that round-trips the float), exact
 * add/sub/mul, division rounded half away from zero to 16 places, then back to float64.
 */

/** coefficient × 10^exponent. */
export interface Decimal {
  readonly coef: bigint;
  readonly exp: number;
}

const DIVISION_PRECISION = 16;

/** decimal.NewFromFloat. NaN and ±Inf panic in shopspring; callers never pass them. */
export function fromFloat(x: number): Decimal {
  if (!Number.isFinite(x)) throw new Error(`Cannot create a Decimal from ${x}`);
  // JavaScript's shortest round-trip form matches strconv.FormatFloat(x, 'g', -1, 64) digits.
  const [mantissa = '0', expPart] = x.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const fracDigits = mantissa.includes('.') ? (mantissa.split('.')[1]?.length ?? 0) : 0;
  return { coef: BigInt(digits), exp: Number(expPart) - fracDigits };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, exp] = align(a, b);
  return { coef: x + y, exp };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, exp] = align(a, b);
  return { coef: x - y, exp };
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return { coef: a.coef * b.coef, exp: a.exp + b.exp };
}

/** Decimal.Div: DivRound(d2, 16); division by zero panics in shopspring. */
export function div(a: Decimal, b: Decimal): Decimal {
  if (b.coef === 0n) throw new Error('decimal division by zero');
  // a/b scaled to 10^-16, computed with one extra digit of remainder information.
  const shift = a.exp - b.exp + DIVISION_PRECISION;
  let num = a.coef;
  let den = b.coef;
  if (shift >= 0) num *= 10n ** BigInt(shift);
  else den *= 10n ** BigInt(-shift);
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  let q = n / d;
  const r = n % d;
  if (r * 2n >= d) q += 1n;
  return { coef: negative ? -q : q, exp: -DIVISION_PRECISION };
}

/** Decimal.Float64: the nearest float64. */
export function toFloat(d: Decimal): number {
  return Number(`${d.coef}e${d.exp}`);
}
