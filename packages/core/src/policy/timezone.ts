import { CronDate } from 'croner';
import { didYouMean } from '../model/did-you-mean.ts';

/** The timezone of a window, train or time shown when the policy names none. */
export const DEFAULT_TIMEZONE = 'UTC';

const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * Whether `name` is an IANA timezone the runtime knows (`Europe/Berlin`, `UTC`, `US/Pacific`).
 * Offsets such as `+01:00` are refused: they do not follow daylight saving time.
 */
export function isValidTimeZone(name: string): boolean {
  if (name.length > 64 || !IANA_SHAPE.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The known timezone `name` probably means (`Europe/Berln` → `Europe/Berlin`), if any. */
export function suggestTimeZone(name: string): string | undefined {
  return didYouMean(name, ['UTC', ...Intl.supportedValuesOf('timeZone')]);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * The instant of an ISO 8601 date-time of the policy: `2026-12-19T18:00` (or a date alone, at
 * midnight) is a local time in `timezone`; with `Z` or an offset (`2026-12-19T18:00+01:00`) it
 * is that instant whatever the timezone. A local time that does not exist (skipped by a DST change)
 * moves forward by the length of the gap; one that occurs twice is its first occurrence. Returns a
 * sentence saying what is wrong when `text` is not such a date-time.
 */
export function parseDateTime(
  text: string,
  timezone: string,
): { date: Date } | { problem: string } {
  const match = LOCAL.exec(text.trim());
  const shape = `write an ISO date-time such as '2026-12-19T18:00' (local to the timezone) or '2026-12-19T17:00Z'`;
  if (!match) return { problem: `'${clip(text)}' is not a date-time; ${shape}.` };
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = match;
  const fields = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [year, month, day, hour, minute, second] = fields;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return { problem: `'${clip(text)}' is not a real date and time; ${shape}.` };
  if (zone === 'Z') return { date: new Date(utc) };
  if (zone !== undefined) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const [oh, om] = zone.slice(1).split(':').map(Number) as [number, number];
    if (oh > 23 || om > 59) return { problem: `'${clip(text)}' has an invalid offset; ${shape}.` };
    return { date: new Date(utc - sign * (oh * 60 + om) * 60_000) };
  }
  const local = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  return { date: new CronDate(local, timezone).getDate() };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    if (formatters.size > 200) formatters.clear();
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of `instant` in `timezone`. */
export function localFields(
  instant: Date,
  timezone: string,
): { weekday: string; day: string; month: string; year: string; hour: string; minute: string } {
  const parts = Object.fromEntries(
    formatterFor(timezone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return {
    weekday: parts.weekday ?? '',
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

const HALF_YEAR_MS = 183 * 24 * 60 * 60 * 1000;

/**
 * `Mon 4 Jan 09:00 Europe/Berlin`: an instant as people read it in `timezone`. The year is added
 * when the instant is more than half a year from `now` (or when `now` is not given).
 */
export function formatInstant(instant: Date, timezone: string, now?: Date): string {
  const f = localFields(instant, timezone);
  const withYear = now === undefined || Math.abs(instant.getTime() - now.getTime()) > HALF_YEAR_MS;
  return `${f.weekday} ${f.day} ${f.month}${withYear ? ` ${f.year}` : ''} ${f.hour}:${f.minute} ${timezone}`;
}

/** `2026-11-25T16:00:00Z`: an instant in UTC to the second, as files and trailers write it. */
export function isoSeconds(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const numericFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall clock of `instant` in `timezone` as numbers; `weekday` 0 is Monday. */
export function wallClock(
  instant: Date,
  timezone: string,
): { year: number; month: number; day: number; hour: number; minute: number; weekday: number } {
  let formatter = numericFormatters.get(timezone);
  if (!formatter) {
    if (numericFormatters.size > 200) numericFormatters.clear();
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    });
    numericFormatters.set(timezone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The instant of local midnight starting the day `days` after the local date of `instant`. */
export function localMidnight(instant: Date, timezone: string, days = 0): Date {
  const clock = wallClock(instant, timezone);
  const date = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + days));
  const text = date.toISOString().slice(0, 10);
  const parsed = parseDateTime(text, timezone);
  return 'date' in parsed ? parsed.date : date;
}
