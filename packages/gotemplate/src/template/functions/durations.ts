/**
 * sprig's time.Duration helpers that do not read the clock: `duration` (seconds → "1m35s") and
 * `durationRound` (a duration string or nanoseconds → "2h"). Go ints reach them as bigint and
 * are treated as int64 (Go's `duration` ignores plain int arguments; we cannot tell them apart).
 */
import { GoInt, type GoValue } from '../../go/values.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, fn, parseGoInt } from './args.ts';

const SECOND = 1_000_000_000n;
const MINUTE = 60n * SECOND;
const HOUR = 60n * MINUTE;

function fraction(v: bigint, digits: number): string {
  const text = v.toString().padStart(digits, '0').replace(/0+$/, '');
  return text === '' ? '' : '.' + text;
}

/** time.Duration.String. */
export function formatDuration(nanos: bigint): string {
  const d = BigInt.asIntN(64, nanos);
  if (d === 0n) return '0s';
  const sign = d < 0n ? '-' : '';
  const u = d < 0n ? -d : d;
  if (u < SECOND) {
    if (u < 1000n) return `${sign}${u}ns`;
    if (u < 1_000_000n) return `${sign}${u / 1000n}${fraction(u % 1000n, 3)}µs`;
    return `${sign}${u / 1_000_000n}${fraction(u % 1_000_000n, 6)}ms`;
  }
  const seconds = `${(u % MINUTE) / SECOND}${fraction(u % SECOND, 9)}s`;
  if (u < MINUTE) return sign + seconds;
  const minutes = `${(u % HOUR) / MINUTE}m`;
  if (u < HOUR) return sign + minutes + seconds;
  return `${sign}${u / HOUR}h${minutes}${seconds}`;
}

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  µs: 1000n,
  μs: 1000n,
  ms: 1_000_000n,
  s: SECOND,
  m: MINUTE,
  h: HOUR,
};

/** time.ParseDuration; undefined on error. */
export function parseDuration(s: string): bigint | undefined {
  let rest = s;
  let negative = false;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    negative = rest.startsWith('-');
    rest = rest.slice(1);
  }
  if (rest === '0') return 0n;
  if (rest === '') return undefined;
  let total = 0n;
  while (rest !== '') {
    const m = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/.exec(rest);
    if (!m || (m[1] === '' && (m[2] ?? '') === '')) return undefined;
    const unit = UNITS[m[3] ?? ''] ?? 0n;
    const frac = m[2] ?? '';
    total += BigInt(m[1] || '0') * unit;
    if (frac !== '') total += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
    rest = rest.slice(m[0].length);
  }
  if (total > (1n << 63n) - 1n) return undefined;
  return negative ? -total : total;
}

function duration(value: GoValue): string {
  let seconds = 0n;
  if (typeof value === 'string') seconds = parseGoInt(value, 10)?.value ?? 0n;
  // sprig's type switch has int64 only: a template's int literal gives 0s.
  else if (value instanceof GoInt && value.type === 'int64') seconds = value.value;
  return formatDuration(seconds * SECOND);
}

function durationRound(value: GoValue): string {
  let d = 0n;
  if (typeof value === 'string') d = parseDuration(value) ?? 0n;
  else if (value instanceof GoInt && value.type === 'int64') d = value.value;
  const u = d < 0n ? -d : d;
  const day = 24n * HOUR;
  const steps: [bigint, string][] = [
    [365n * day, 'y'],
    [30n * day, 'mo'],
    [day, 'd'],
    [HOUR, 'h'],
    [MINUTE, 'm'],
    [SECOND, 's'],
  ];
  for (const [size, unit] of steps) if (u > size) return `${u / size}${unit}`;
  return '0s';
}

/** duration and durationRound by name. */
export const dateFunctions: Record<string, TemplateFunction> = {
  duration: fn(1, (a) => duration(arg(a, 0))),
  durationRound: fn(1, (a) => durationRound(arg(a, 0))),
};
