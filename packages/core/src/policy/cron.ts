import { Cron } from 'croner';

/**
 * Cron schedules of the promotion policy (recurring windows, release trains), evaluated by
 * croner in their IANA timezone (docs/decisions/policy-cron-library.md). Five fields (minute hour
 * day-of-month month day-of-week) or a nickname (`@daily`, `@weekly`, …); day-of-month and
 * day-of-week combine with OR, as in Vixie cron. Across DST changes croner runs a fixed-time
 * schedule (`30 2 * * *`) once: at the first valid time after a skipped hour, and at the first
 * occurrence of a repeated one.
 */
export interface CronSchedule {
  readonly cron: string;
  readonly timezone: string;
}

const MAX_CRON_LENGTH = 200;
const NICKNAMES = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@hourly'];
/** A fixed reference for "does it ever run" checks, so validation does not read the clock. */
const REFERENCE = new Date(Date.UTC(2000, 0, 1));

const compiled = new Map<string, Cron>();

function compile(schedule: CronSchedule): Cron {
  const key = `${schedule.timezone}\n${schedule.cron}`;
  let cron = compiled.get(key);
  if (!cron) {
    if (compiled.size > 500) compiled.clear();
    cron = new Cron(schedule.cron, { timezone: schedule.timezone, mode: '5-part' });
    compiled.set(key, cron);
  }
  return cron;
}

/** A sentence saying why `cron` is not usable in `timezone`, or undefined when it is. */
export function cronProblem(cron: string, timezone: string): string | undefined {
  const text = cron.trim();
  const shape = `write five fields (minute hour day-of-month month day-of-week), e.g. '0 9 * * 1-5'`;
  if (text.length === 0 || text.length > MAX_CRON_LENGTH)
    return `cron '${clip(cron)}' is not a cron expression; ${shape}.`;
  if (text.startsWith('@')) {
    if (!NICKNAMES.includes(text.toLowerCase()))
      return `cron '${clip(cron)}' is not one of ${NICKNAMES.join(', ')}; ${shape}.`;
  } else if (text.split(/\s+/).length !== 5) {
    return `cron '${clip(cron)}' has ${text.split(/\s+/).length} fields, not 5; ${shape}.`;
  }
  try {
    if (compile({ cron: text, timezone }).nextRun(REFERENCE) === null)
      return `cron '${clip(cron)}' never runs (no such date); check the day and month fields.`;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error))
      .replace(/^CronPattern:\s*/, '')
      .split('\n')[0];
    return `cron '${clip(cron)}' is not valid: ${clip(reason ?? '', 120)}; ${shape}.`;
  }
  return undefined;
}

/** The first tick strictly after `after` (epoch ms), or undefined when there is none. */
export function nextTick(schedule: CronSchedule, after: number): number | undefined {
  return compile(schedule).nextRun(new Date(after))?.getTime() ?? undefined;
}

/** The first tick at or after `from` (epoch ms). */
export function firstTickFrom(schedule: CronSchedule, from: number): number | undefined {
  // croner drops the milliseconds of the reference and looks strictly after it.
  return nextTick(schedule, Math.ceil(from / 1000) * 1000 - 1000);
}

/** The last tick at or before `at` (epoch ms), or undefined when there is none. */
export function latestTick(schedule: CronSchedule, at: number): number | undefined {
  // previousRuns looks strictly before the reference, but keeps runs of the reference's second.
  return compile(schedule)
    .previousRuns(1, new Date(at + 1))[0]
    ?.getTime();
}

function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
