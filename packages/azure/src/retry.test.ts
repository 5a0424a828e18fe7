import { describe, expect, it } from 'vitest';
import { parseRetryAfter, parseTimeSpan } from './retry.ts';

describe('server delays', () => {
  it.each([
    ['00:00:03', 3000],
    ['00:01:05', 65_000],
    ['1.00:00:00', 86_400_000],
    ['00:00:00.5', 500],
    ['soon', undefined],
  ])('reads the time span %j', (text, ms) => {
    expect(parseTimeSpan(text)).toBe(ms);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('7', 0)).toBe(7000);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:10 GMT', 4000)).toBe(6000);
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
  });
});
