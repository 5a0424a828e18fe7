import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.ts';

describe('parseDuration', () => {
  it.each([
    ['90m', 90 * 60_000],
    ['2h', 2 * 3_600_000],
    ['1h30m', 90 * 60_000],
    ['1d', 24 * 3_600_000],
    ['1d2h3m4s', ((24 + 2) * 60 + 3) * 60_000 + 4000],
    ['45s', 45_000],
    [' 2h ', 2 * 3_600_000],
  ])('reads %j', (text, ms) => {
    expect(parseDuration(text)).toEqual({ ms });
  });

  it.each([
    ['90', 'has no unit'],
    ['1.5h', 'no fractions'],
    ['30m1h', 'is not valid'],
    ['2 h', 'is not valid'],
    ['2w', 'is not valid'],
    ['', 'is not valid'],
    ['0m', 'is zero'],
    ['367d', 'longer than the 366 days'],
  ])('refuses %j', (text, message) => {
    const result = parseDuration(text);
    expect('problem' in result && result.problem).toContain(message);
  });
});

describe('formatDuration', () => {
  it.each([
    [90 * 60_000, '1h30m'],
    [2 * 3_600_000, '2h'],
    [26 * 3_600_000, '1d2h'],
    [45_000, '45s'],
    [0, '0m'],
  ])('writes %i as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('round-trips with parseDuration', () => {
    for (const text of ['1d', '2h', '1h30m', '3d4h5m6s'])
      expect(formatDuration((parseDuration(text) as { ms: number }).ms)).toBe(text);
  });
});
