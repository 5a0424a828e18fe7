/**
 * The Go `strconv` and number-printing rules that schema validation depends on (§5.8): which
 * top-level strings become numbers, and how gojsonschema prints limits in its messages.
 */

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go `strconv.Atoi` on 64-bit: optional sign, decimal digits only, int64 range. */
export function goAtoi(text: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}

const DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F_]*)(?:\.([0-9a-fA-F_]*))?[pP]([+-]?[0-9_]+)$/;
const INFINITY = /^([+-]?)(?:inf|infinity)$/i;

/**
 * Go `strconv.ParseFloat(text, 64)`: decimal or hexadecimal (`0x1p-2`, which needs a `p`
 * exponent) notation, `Inf`/`Infinity` with optional sign and `NaN` in any case; underscores only
 * after a base prefix; out-of-range values are an error (undefined), not ±Inf.
 */
export function goParseFloat(text: string): number | undefined {
  const inf = INFINITY.exec(text);
  if (inf) return inf[1] === '-' ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  let value: number;
  if (DECIMAL.test(text)) {
    value = Number(text);
  } else {
    const hex = HEX.exec(text);
    if (!hex || !underscoresOk(text)) return undefined;
    const [, sign = '', whole = '', fraction = '', exponent = ''] = hex;
    const digits = (whole + fraction).replaceAll('_', '');
    if (digits === '') return undefined;
    const mantissa = Number(BigInt('0x' + digits));
    const shift = Number(exponent.replaceAll('_', '')) - 4 * fraction.replaceAll('_', '').length;
    value = (sign === '-' ? -1 : 1) * mantissa * 2 ** shift;
  }
  return Number.isFinite(value) ? value : undefined;
}

/** Go's rule: an underscore must sit between digits (or right after the base prefix). */
function underscoresOk(text: string): boolean {
  const body = text.replace(/^[+-]?0[xX]/, '0');
  return !/__|_$|_[.pP]|[.pP+-]_/.test(body);
}

/**
 * Go's shortest `%v`/`%g` form of a float64, which is also how a `*big.Float` made from a short
 * JSON number prints (gojsonschema's limits): `%e` style (`1e+06`, `1.5e-05`) when the exponent
 * is below -4 or at least 6; `+Inf`, `-Inf`, `NaN`.
 */
export function formatGoFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    const abs = Math.abs(exponent);
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${abs < 10 ? '0' : ''}${abs}`;
  }
  // Between 1e-4 and 1e6 JavaScript already prints plain decimals with the shortest digits.
  return String(value);
}
