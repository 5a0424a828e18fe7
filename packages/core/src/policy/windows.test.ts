import { describe, expect, it } from 'vitest';
import { cronProblem, firstTickFrom, latestTick, nextTick } from './cron.ts';
import type { PolicyWindow } from './types.ts';
import {
  firstInstantInside,
  firstInstantOutside,
  isOpenAt,
  nextStart,
  occurrencesBetween,
} from './windows.ts';

const ms = (iso: string) => new Date(iso).getTime();
const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
const HOUR = 3_600_000;

const businessHours: PolicyWindow = {
  name: 'business-hours',
  timezone: 'Europe/Berlin',
  schedule: { type: 'cron', cron: '0 9 * * 1-5', duration: 8 * HOUR },
};

describe('cronProblem', () => {
  it.each(['0 9 * * 1-5', '*/15 * * * *', '@daily', '0 0 L * *', '0 10 * * TUE,THU'])(
    'accepts %j',
    (cron) => expect(cronProblem(cron, 'Europe/Berlin')).toBeUndefined(),
  );
  it.each([
    ['0 9 * * 1-5 *', 'has 6 fields, not 5'],
    ['61 9 * * *', 'is not valid'],
    ['0 9 30 2 *', 'never runs'],
    ['@reboot', 'is not one of'],
    ['', 'is not a cron expression'],
  ])('refuses %j', (cron, message) => {
    expect(cronProblem(cron, 'UTC')).toContain(message);
  });
});

describe('cron ticks', () => {
  const daily = { cron: '0 10 * * *', timezone: 'UTC' };
  it('finds the tick strictly after, at or after, and at or before an instant', () => {
    expect(iso(nextTick(daily, ms('2026-01-01T10:00:00Z')))).toBe('2026-01-02T10:00:00.000Z');
    expect(iso(firstTickFrom(daily, ms('2026-01-01T10:00:00Z')))).toBe('2026-01-01T10:00:00.000Z');
    expect(iso(firstTickFrom(daily, ms('2026-01-01T10:00:00.001Z')))).toBe(
      '2026-01-02T10:00:00.000Z',
    );
    expect(iso(latestTick(daily, ms('2026-01-01T10:00:00Z')))).toBe('2026-01-01T10:00:00.000Z');
    expect(iso(latestTick(daily, ms('2026-01-01T09:59:59.999Z')))).toBe('2025-12-31T10:00:00.000Z');
  });

  it('runs a fixed-time schedule in a skipped hour once, right after the gap (spring forward)', () => {
    const night = { cron: '30 2 * * *', timezone: 'Europe/Berlin' };
    expect(iso(nextTick(night, ms('2026-03-28T12:00:00Z')))).toBe('2026-03-29T01:00:00.000Z');
  });

  it('runs a fixed-time schedule in a repeated hour once, at its first occurrence (fall back)', () => {
    const night = { cron: '30 2 * * *', timezone: 'Europe/Berlin' };
    const first = nextTick(night, ms('2026-10-24T12:00:00Z'))!;
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(nextTick(night, first))).toBe('2026-10-26T01:30:00.000Z');
  });
});

describe('recurring windows across DST changes (Europe/Berlin)', () => {
  it.each([
    // Friday before spring-forward (CET, UTC+1) and Monday after it (CEST, UTC+2).
    ['2026-03-27T07:59:59Z', false],
    ['2026-03-27T08:00:00Z', true],
    ['2026-03-27T15:59:59Z', true],
    ['2026-03-27T16:00:00Z', false],
    ['2026-03-30T06:59:59Z', false],
    ['2026-03-30T07:00:00Z', true],
    ['2026-03-30T14:59:59Z', true],
    ['2026-03-30T15:00:00Z', false],
    // Friday before fall-back (CEST) and Monday after it (CET).
    ['2026-10-23T07:00:00Z', true],
    ['2026-10-26T07:00:00Z', false],
    ['2026-10-26T08:00:00Z', true],
    ['2026-10-26T16:00:00Z', false],
    // Weekend.
    ['2026-03-28T10:00:00Z', false],
  ])('business hours 09:00–17:00 local at %s: open %s', (at, open) => {
    expect(isOpenAt(businessHours, ms(at))).toBe(open);
  });

  it('lasts the duration in elapsed time on the day the clocks spring forward', () => {
    const daily: PolicyWindow = {
      timezone: 'Europe/Berlin',
      schedule: { type: 'cron', cron: '0 0 * * *', duration: 24 * HOUR },
    };
    // Midnight CET to midnight CEST is 23 hours: a 24h window still covers the first hour of Monday.
    expect(isOpenAt(daily, ms('2026-03-29T22:30:00Z'))).toBe(true);
  });

  it('opens next on Monday 09:00 local after a Friday evening', () => {
    expect(iso(nextStart(businessHours, ms('2026-03-27T18:00:00Z')))).toBe(
      '2026-03-30T07:00:00.000Z',
    );
  });
});

describe('one-shot windows', () => {
  const holiday: PolicyWindow = {
    name: 'holiday-2026',
    timezone: 'Europe/Berlin',
    schedule: {
      type: 'once',
      from: new Date('2026-12-19T17:00:00Z'),
      to: new Date('2027-01-04T07:00:00Z'),
    },
  };
  it('is open from its start, closed at its end', () => {
    expect(isOpenAt(holiday, ms('2026-12-19T16:59:59Z'))).toBe(false);
    expect(isOpenAt(holiday, ms('2026-12-19T17:00:00Z'))).toBe(true);
    expect(isOpenAt(holiday, ms('2027-01-04T07:00:00Z'))).toBe(false);
    expect(nextStart(holiday, ms('2026-12-01T00:00:00Z'))).toBe(ms('2026-12-19T17:00:00Z'));
    expect(nextStart(holiday, ms('2026-12-20T00:00:00Z'))).toBeUndefined();
  });

  it('chains overlapping freezes to the first instant outside all of them', () => {
    const nightly: PolicyWindow = {
      timezone: 'Europe/Berlin',
      schedule: { type: 'cron', cron: '0 6 * * *', duration: 3 * HOUR },
    };
    // The holiday ends at 08:00 local on 4 Jan, inside the nightly 06:00–09:00 freeze.
    const result = firstInstantOutside([holiday, nightly], ms('2026-12-24T12:00:00Z'), Infinity);
    expect(iso(result.at)).toBe('2027-01-04T08:00:00.000Z');
    expect(result.binding).toBe(nightly);
  });

  it('gives up on freezes that never let go', () => {
    const always: PolicyWindow = {
      timezone: 'UTC',
      schedule: { type: 'cron', cron: '*/5 * * * *', duration: 10 * 60_000 },
    };
    expect(
      firstInstantOutside([always], ms('2026-01-01T00:00:00Z'), ms('2026-01-02T00:00:00Z')).at,
    ).toBeUndefined();
  });
});

describe('firstInstantInside', () => {
  it('is the instant itself without allow windows', () => {
    expect(firstInstantInside([], 5).at).toBe(5);
  });
  it('is the next opening of the earliest window', () => {
    const r = firstInstantInside([businessHours], ms('2026-03-28T10:00:00Z'));
    expect(iso(r.at)).toBe('2026-03-30T07:00:00.000Z');
  });
});

describe('occurrencesBetween', () => {
  it('lists the occurrences overlapping a range, bounded', () => {
    const week = occurrencesBetween(
      businessHours,
      ms('2026-03-23T00:00:00Z'),
      ms('2026-03-30T00:00:00Z'),
      100,
    );
    expect(week.intervals).toHaveLength(5);
    expect(week.truncated).toBe(false);
    const bounded = occurrencesBetween(
      businessHours,
      ms('2026-03-23T00:00:00Z'),
      ms('2026-04-30T00:00:00Z'),
      3,
    );
    expect(bounded).toMatchObject({ truncated: true });
    expect(bounded.intervals).toHaveLength(3);
  });
});
