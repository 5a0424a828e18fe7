/**
 * Go's strconv.FormatFloat for float64 with the verbs fmt uses (e, E, f, F, g, G).
 *
 * Shortest formatting (precision -1) takes its digits from JavaScript's shortest round-trip
 * representation, which is the same digit string Go's algorithm picks. Fixed precisions are
 * computed from the exact binary value with BigInt and rounded half to even, as Go's decimal
 * rounding does (JavaScript's toFixed rounds exact halves up, so it cannot be used).
 */

/** value = 0.digits × 10^dp; an empty digit string is zero. */
interface Decimal {
  digits: string;
  dp: number;
}

const float64View = new DataView(new ArrayBuffer(8));

function shortestDecimal(abs: number): Decimal {
  if (abs === 0) return { digits: '', dp: 0 };
  const text = abs.toExponential();
  const e = text.indexOf('e');
  const digits = text.slice(0, e).replace('.', '');
  return { digits, dp: Number(text.slice(e + 1)) + 1 };
}

function exactDecimal(abs: number): Decimal {
  if (abs === 0) return { digits: '', dp: 0 };
  float64View.setFloat64(0, abs);
  const hi = float64View.getUint32(0);
  const lo = float64View.getUint32(4);
  const biasedExp = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (biasedExp === 0) {
    exp = -1074;
  } else {
    mantissa |= 1n << 52n;
    exp = biasedExp - 1075;
  }
  let digits: string;
  let dp: number;
  if (exp >= 0) {
    digits = (mantissa << BigInt(exp)).toString();
    dp = digits.length;
  } else {
    // m × 2^-k = m × 5^k / 10^k
    digits = (mantissa * 5n ** BigInt(-exp)).toString();
    dp = digits.length + exp;
  }
  return { digits: digits.replace(/0+$/, ''), dp };
}

/** Rounds to nd significant digits, half to even (Go's decimal.Round on an exact value). */
function roundDecimal(d: Decimal, nd: number): Decimal {
  if (nd < 0 || nd >= d.digits.length) return nd < 0 ? { digits: '', dp: d.dp } : d;
  const next = d.digits.charCodeAt(nd) - 48;
  let up = next > 5 || (next === 5 && nd + 1 < d.digits.length);
  if (next === 5 && nd + 1 === d.digits.length) {
    up = nd > 0 && (d.digits.charCodeAt(nd - 1) - 48) % 2 === 1;
  }
  if (!up) return { digits: d.digits.slice(0, nd).replace(/0+$/, ''), dp: d.dp };
  let i = nd - 1;
  while (i >= 0 && d.digits.charCodeAt(i) === 57) i--;
  if (i < 0) return { digits: '1', dp: d.dp + 1 };
  const digit = String.fromCharCode(d.digits.charCodeAt(i) + 1);
  return { digits: d.digits.slice(0, i) + digit, dp: d.dp };
}

function digitAt(d: Decimal, i: number): string {
  return i >= 0 && i < d.digits.length ? d.digits.charAt(i) : '0';
}

function formatE(d: Decimal, prec: number, e: string): string {
  let out = digitAt(d, 0);
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) out += digitAt(d, i);
  }
  const exp = d.digits.length === 0 ? 0 : d.dp - 1;
  const absExp = Math.abs(exp);
  return out + e + (exp < 0 ? '-' : '+') + (absExp < 10 ? '0' : '') + String(absExp);
}

function formatF(d: Decimal, prec: number): string {
  let out = '';
  if (d.dp > 0) {
    for (let i = 0; i < d.dp; i++) out += digitAt(d, i);
  } else {
    out = '0';
  }
  if (prec > 0) {
    out += '.';
    for (let i = 0; i < prec; i++) out += digitAt(d, d.dp + i);
  }
  return out;
}

export type FloatVerb = 'b' | 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'x' | 'X';

/** The float64's mantissa and binary exponent as strconv's genericFtoa sees them. */
function mantExp(abs: number): { mant: bigint; exp: number } {
  float64View.setFloat64(0, abs);
  const hi = float64View.getUint32(0);
  const lo = float64View.getUint32(4);
  let exp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exp === 0) exp++;
  else mant |= 1n << 52n;
  return { mant, exp: exp - 1023 };
}

/** strconv's %b: decimal mantissa, binary exponent (`4503599627370496p-52`). */
function formatB(abs: number): string {
  const { mant, exp } = mantExp(abs);
  const e = exp - 52;
  return `${mant}p${e >= 0 ? '+' : ''}${e}`;
}

/** strconv's %x / %X: `0x1.999999999999ap-04`, rounded half to even to `prec` hex digits. */
function formatX(abs: number, prec: number, upper: boolean): string {
  let { mant, exp } = mantExp(abs);
  if (mant === 0n) exp = 0;
  const ONE = 1n << 60n;
  const MASK = (1n << 64n) - 1n;
  mant = (mant << 8n) & MASK;
  while (mant !== 0n && (mant & ONE) === 0n) {
    mant = (mant << 1n) & MASK;
    exp--;
  }
  if (prec >= 0 && prec < 15) {
    const shift = BigInt(prec * 4);
    const extra = (mant << shift) & (ONE - 1n);
    mant >>= 60n - shift;
    if ((extra | (mant & 1n)) > 1n << 59n) mant++;
    mant <<= 60n - shift;
    if ((mant & (1n << 61n)) !== 0n) {
      mant >>= 1n;
      exp++;
    }
  }
  const hex = (d: bigint): string => {
    const t = d.toString(16);
    return upper ? t.toUpperCase() : t;
  };
  let out = (upper ? '0X' : '0x') + String((mant >> 60n) & 1n);
  mant = (mant << 4n) & MASK;
  if (prec < 0 && mant !== 0n) {
    out += '.';
    while (mant !== 0n) {
      out += hex((mant >> 60n) & 15n);
      mant = (mant << 4n) & MASK;
    }
  } else if (prec > 0) {
    out += '.';
    for (let i = 0; i < prec; i++) {
      out += hex((mant >> 60n) & 15n);
      mant = (mant << 4n) & MASK;
    }
  }
  const absExp = Math.abs(exp);
  return out + (upper ? 'P' : 'p') + (exp < 0 ? '-' : '+') + String(absExp).padStart(2, '0');
}

/**
 * strconv.FormatFloat(x, verb, prec, 64): `prec` -1 means the shortest representation that
 * round-trips. Infinities are "+Inf"/"-Inf", NaN is "NaN", negative zero keeps its sign.
 */
export function formatFloat(x: number, verb: FloatVerb, prec: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '+Inf';
  if (x === -Infinity) return '-Inf';
  const neg = x < 0 || Object.is(x, -0);
  const abs = Math.abs(x);
  if (verb === 'b') return (neg ? '-' : '') + formatB(abs);
  if (verb === 'x' || verb === 'X') return (neg ? '-' : '') + formatX(abs, prec, verb === 'X');
  const shortest = prec < 0;
  const lower = verb.toLowerCase();
  let d: Decimal;
  if (shortest) {
    d = shortestDecimal(abs);
    const nd = d.digits.length;
    if (lower === 'e') prec = Math.max(nd - 1, 0);
    else if (lower === 'f') prec = Math.max(nd - d.dp, 0);
    else prec = nd;
  } else {
    d = exactDecimal(abs);
    if (lower === 'e') d = roundDecimal(d, prec + 1);
    else if (lower === 'f') d = roundDecimal(d, d.dp + prec);
    else {
      if (prec === 0) prec = 1;
      d = roundDecimal(d, prec);
    }
  }
  const sign = neg ? '-' : '';
  if (lower === 'e') return sign + formatE(d, prec, verb === 'E' ? 'E' : 'e');
  if (lower === 'f') return sign + formatF(d, prec);
  // %e is used when the exponent is below -4 or at least the precision; shortest uses 6.
  let eprec = prec;
  const nd = d.digits.length;
  if (eprec > nd && nd >= d.dp) eprec = nd;
  if (shortest) eprec = 6;
  const exp = d.dp - 1;
  if (nd > 0 && (exp < -4 || exp >= eprec)) {
    if (prec > nd) prec = nd;
    return sign + formatE(d, prec - 1, verb === 'G' ? 'E' : 'e');
  }
  if (prec > d.dp) prec = nd;
  return sign + formatF(d, Math.max(prec - d.dp, 0));
}
