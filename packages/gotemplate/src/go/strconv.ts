/**
 * The Go `strconv` and number-printing rules that schema validation depends on (docs/kalypso-compatibility.md#schema-validation): which
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
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?[0-9]+)$/;
const INFINITY = /^([+-]?)(?:inf|infinity)$/i;

/**
 * Go `strconv.ParseFloat(text, 64)`: decimal or hexadecimal (`0x1p-2`, which needs a `p`
 * exponent) notation, `Inf`/`Infinity` with optional sign and `NaN` in any case; underscores
 * between digits (`1_000`) as Go's underscoreOK allows them; out-of-range values are an error
 * (undefined), not ±Inf.
 */
export function goParseFloat(text: string): number | undefined {
  const inf = INFINITY.exec(text);
  if (inf) return inf[1] === '-' ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (text.includes('_') && !underscoreOk(text)) return undefined;
  const plain = text.replaceAll('_', '');
  let value: number;
  if (DECIMAL.test(plain)) {
    value = Number(plain);
  } else {
    const hex = HEX.exec(plain);
    if (!hex) return undefined;
    const [, sign = '', whole = '', fraction = '', exponent = ''] = hex;
    const digits = whole + fraction;
    if (digits === '') return undefined;
    const mantissa = Number(BigInt('0x' + digits));
    const shift = Number(exponent) - 4 * fraction.length;
    value = (sign === '-' ? -1 : 1) * mantissa * 2 ** shift;
  }
  return Number.isFinite(value) ? value : undefined;
}

/**
 * strconv's underscoreOK: an underscore must sit between digits or between a base prefix and a
 * digit.
 */
function underscoreOk(text: string): boolean {
  let s = text;
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  let saw = '^';
  let i = 0;
  let hex = false;
  if (s.length >= 2 && s.charAt(0) === '0' && 'bBoOxX'.includes(s.charAt(1))) {
    i = 2;
    saw = '0';
    hex = s.charAt(1).toLowerCase() === 'x';
  }
  for (; i < s.length; i++) {
    const c = s.charAt(i);
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
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
