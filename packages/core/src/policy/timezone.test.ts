import { describe, expect, it } from 'vitest';
import {
  formatInstant,
  isValidTimeZone,
  isoSeconds,
  parseDateTime,
  suggestTimeZone,
} from './timezone.ts';

const at = (text: string, timezone: string) => {
  const result = parseDateTime(text, timezone);
  if ('problem' in result) throw new Error(result.problem);
  return result.date.toISOString();
};

describe('isValidTimeZone', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'US/Pacific', 'Etc/GMT+1'])(
    'accepts %s',
    (name) => expect(isValidTimeZone(name)).toBe(true),
  );
  it.each(['Europe/Berln', '+01:00', 'CET ', '', 'Mars/Base', 'a'.repeat(80)])(
    'refuses %j',
    (name) => expect(isValidTimeZone(name)).toBe(false),
  );
  it('suggests the timezone a typo means', () => {
    expect(suggestTimeZone('Europe/Berln')).toBe('Europe/Berlin');
    expect(suggestTimeZone('utc')).toBe('UTC');
  });
});

describe('parseDateTime', () => {
  it.each([
    ['2026-12-19T18:00', 'Europe/Berlin', '2026-12-19T17:00:00.000Z'],
    ['2026-07-01T18:00', 'Europe/Berlin', '2026-07-01T16:00:00.000Z'],
    ['2026-12-19', 'Europe/Berlin', '2026-12-18T23:00:00.000Z'],
    ['2026-12-19T18:00:30', 'UTC', '2026-12-19T18:00:30.000Z'],
    ['2026-12-19T18:00Z', 'Europe/Berlin', '2026-12-19T18:00:00.000Z'],
    ['2026-12-19T18:00+05:30', 'Europe/Berlin', '2026-12-19T12:30:00.000Z'],
    ['2026-12-19T18:00-01:00', 'UTC', '2026-12-19T19:00:00.000Z'],
  ])('reads %s in %s', (text, timezone, iso) => {
    expect(at(text, timezone)).toBe(iso);
  });

  it('moves a local time skipped by spring-forward past the gap (Berlin, 29 Mar 2026)', () => {
    expect(at('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('takes the first occurrence of a local time repeated by fall-back (Berlin, 25 Oct 2026)', () => {
    expect(at('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
  });

  it.each([
    ['2026-02-30T10:00', 'not a real date'],
    ['2026-12-19T24:00', 'not a real date'],
    ['19.12.2026 18:00', 'is not a date-time'],
    ['2026-12-19T18:00+25:00', 'invalid offset'],
    ['tomorrow', 'is not a date-time'],
  ])('refuses %j', (text, message) => {
    const result = parseDateTime(text, 'UTC');
    expect('problem' in result && result.problem).toContain(message);
  });
});

describe('formatInstant', () => {
  const now = new Date('2026-12-20T10:00:00Z');
  it('shows weekday, day, month, time and timezone', () => {
    expect(formatInstant(new Date('2027-01-04T08:00:00Z'), 'Europe/Berlin', now)).toBe(
      'Mon 4 Jan 09:00 Europe/Berlin',
    );
  });
  it('adds the year when the instant is far away', () => {
    expect(formatInstant(new Date('2027-12-04T08:00:00Z'), 'UTC', now)).toBe(
      'Sat 4 Dec 2027 08:00 UTC',
    );
  });
  it('writes instants for files to the second', () => {
    expect(isoSeconds(new Date('2026-11-25T16:00:00.123Z'))).toBe('2026-11-25T16:00:00Z');
  });
});
