import { formatDuration } from './duration.ts';
import { environmentPolicy, freezesOf } from './evaluate.ts';
import { describeThresholds } from './explain-text.ts';
import { formatInstant, localMidnight, wallClock } from './timezone.ts';
import type { EnvironmentPolicy, PolicyWindow, PolicyConfig } from './types.ts';
import { occurrencesBetween } from './windows.ts';

/**
 * "What this policy means", for the preview of a pull request that changes
 * `.github/promotion-chain.yaml`: the weekly opening hours of each environment, dated freezes, and
 * what a change adds, removes or closes (docs/decisions/promotion-windows.md). Pure: `now` anchors
 * the weeks that are looked at and the next occurrences named.
 */

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKS = 4;
/** Occurrences looked at per window over the weeks; more makes the week "too fine to summarize". */
const MAX_OCCURRENCES = 3000;

/** When an environment is open in a typical week, from its recurring windows and freezes. */
export interface WeeklyHours {
  readonly timezone: string;
  /** Per weekday (0 Monday), the open intervals as `HH:MM–HH:MM`, `all day`, or none (closed). */
  readonly days: readonly (readonly string[])[] | undefined;
  /** False when the weeks looked at differ (monthly crons), or a window is too fine to summarize. */
  readonly regular: boolean;
  /** Average open hours per week over the weeks looked at. */
  readonly hoursPerWeek: number;
}

/** The weekly opening hours of `environment` under `policy` (one-shot windows are left out). */
export function weeklyHours(policy: PolicyConfig, environment: string, now: Date): WeeklyHours {
  const env = environmentPolicy(policy, environment);
  const tz = env.timezone;
  // Weeks start on the local Monday after now.
  const today = wallClock(now, tz);
  const start = localMidnight(now, tz, 7 - today.weekday);
  const end = localMidnight(now, tz, 7 - today.weekday + 7 * WEEKS);
  const recurring = (w: PolicyWindow) => w.schedule.type === 'cron';
  const allow = env.allow.filter(recurring);
  const freezes = freezesOf(policy, environment).filter(recurring);
  let truncated = false;
  const collect = (windows: readonly PolicyWindow[]) =>
    merge(
      windows.flatMap((w) => {
        const found = occurrencesBetween(w, start.getTime(), end.getTime(), MAX_OCCURRENCES);
        truncated ||= found.truncated;
        return found.intervals;
      }),
    );
  const open = subtract(
    env.allow.length > 0 && allow.length === 0
      ? [] // Only one-shot allow windows: closed in a typical week.
      : allow.length > 0
        ? collect(allow)
        : [[start.getTime(), end.getTime()] as [number, number]],
    collect(freezes),
  );
  const openMs = open.reduce(
    (sum, [a, b]) => sum + Math.max(0, Math.min(b, end.getTime()) - Math.max(a, start.getTime())),
    0,
  );
  const hoursPerWeek = Math.round((openMs / WEEKS / 3_600_000) * 10) / 10;
  if (truncated) return { timezone: tz, days: undefined, regular: false, hoursPerWeek };
  const weeks: string[][][] = [];
  for (let week = 0; week < WEEKS; week++) {
    const days: string[][] = [];
    for (let day = 0; day < 7; day++) {
      const offset = 7 - today.weekday + week * 7 + day;
      days.push(
        dayIntervals(
          open,
          localMidnight(now, tz, offset).getTime(),
          localMidnight(now, tz, offset + 1).getTime(),
          tz,
        ),
      );
    }
    weeks.push(days);
  }
  const first = weeks[0]!;
  const regular = weeks.every((w) => JSON.stringify(w) === JSON.stringify(first));
  return { timezone: tz, days: regular ? first : undefined, regular, hoursPerWeek };
}

/** `Mon–Thu 09:00–17:00; Fri–Sun closed`, `always open`, or the hours per week when irregular. */
export function describeWeek(week: WeeklyHours): string {
  if (!week.days)
    return `open about ${week.hoursPerWeek} hours a week, varying from week to week (${week.timezone})`;
  const text = week.days.map((d) => (d.length === 0 ? 'closed' : d.join(', ')));
  if (text.every((t) => t === 'all day')) return 'always open';
  if (text.every((t) => t === 'closed')) return 'closed every day';
  const groups: string[] = [];
  for (let i = 0; i < 7;) {
    let j = i;
    while (j + 1 < 7 && text[j + 1] === text[i]) j++;
    groups.push(`${i === j ? DAYS[i] : `${DAYS[i]}–${DAYS[j]}`} ${text[i]}`);
    i = j + 1;
  }
  return `${groups.join('; ')} (${week.timezone})`;
}

/** One line per environment (weekly hours, soak, train, thresholds) and per dated freeze. */
export function describePolicy(policy: PolicyConfig, now: Date): string[] {
  const lines = policy.environments.map(
    (env) => `${env.name}: ${environmentText(policy, env, now)}`,
  );
  for (const freeze of policy.freezes) lines.push(`freeze ${windowText(freeze, now)}`);
  return lines;
}

function environmentText(policy: PolicyConfig, env: EnvironmentPolicy, now: Date): string {
  const parts = [describeWeek(weeklyHours(policy, env.name, now))];
  if (env.soak !== undefined) parts.push(`soak ${formatDuration(env.soak)}`);
  if (env.train) parts.push(`train ${env.train.cron} (${env.train.timezone})`);
  if (env.failures) parts.push(describeThresholds(env.failures));
  if (env.onFailure !== 'none') parts.push(`on failure: ${env.onFailure}`);
  return parts.join('; ');
}

/** `holiday-2026 from Sat 19 Dec 18:00 to Mon 4 Jan 08:00 Europe/Berlin (all environments)`. */
export function windowText(window: PolicyWindow, now: Date): string {
  const name =
    window.name ??
    (window.reason !== undefined ? `'${window.reason}'` : `at line ${window.line ?? '?'}`);
  const scope = window.environments
    ? ` (${window.environments.join(', ') || 'no environment'})`
    : '';
  const s = window.schedule;
  if (s.type === 'once')
    return `${name} from ${formatInstant(s.from, window.timezone, now).replace(` ${window.timezone}`, '')} to ${formatInstant(s.to, window.timezone, now)}${scope}`;
  return `${name} at '${s.cron}' for ${formatDuration(s.duration)} (${window.timezone})${scope}`;
}

/**
 * What changes when `before` becomes `after` (`before` undefined: the file had no policy), in
 * sentences: `adds freeze holiday-2026 from …`, `prod: Mon–Fri 09:00–17:00 (Europe/Berlin), was
 * always open; this closes prod every weekend`. Empty when nothing changes.
 */
export function describePolicyChange(
  before: PolicyConfig | undefined,
  after: PolicyConfig,
  now: Date,
): string[] {
  const lines: string[] = [];
  const old = before ?? {
    ...after,
    timezone: 'UTC',
    freezes: [],
    environments: [],
  };
  if (old.timezone !== after.timezone)
    lines.push(`sets the default timezone to ${after.timezone} (was ${old.timezone})`);
  lines.push(...freezeChanges(old.freezes, after.freezes, now));
  for (const env of after.environments) {
    const was = environmentPolicy(old, env.name);
    const changes: string[] = [];
    const weekBefore = weeklyHours(old, env.name, now);
    const weekAfter = weeklyHours(after, env.name, now);
    const textBefore = describeWeek(weekBefore);
    const textAfter = describeWeek(weekAfter);
    if (textBefore !== textAfter)
      changes.push(`${textAfter}, was ${textBefore}${closes(env.name, weekBefore, weekAfter)}`);
    const oneShot = (e: EnvironmentPolicy) =>
      e.allow.filter((w) => w.schedule.type === 'once').map((w) => windowText(w, now));
    const addedOnce = oneShot(env).filter((w) => !oneShot(was).includes(w));
    for (const w of addedOnce) changes.push(`adds allow window ${w}`);
    if (was.soak !== env.soak)
      changes.push(
        env.soak === undefined
          ? 'no soak (was ' + formatDuration(was.soak!) + ')'
          : `soak ${formatDuration(env.soak)} in the previous environment (was ${was.soak === undefined ? 'none' : formatDuration(was.soak)})`,
      );
    const train = (e: EnvironmentPolicy) =>
      e.train ? `${e.train.cron} (${e.train.timezone})` : 'none';
    if (train(was) !== train(env)) changes.push(`release train ${train(env)} (was ${train(was)})`);
    const failures = (e: EnvironmentPolicy) =>
      e.failures ? describeThresholds(e.failures) : 'any failure fails';
    if (failures(was) !== failures(env)) changes.push(`${failures(env)} (was ${failures(was)})`);
    if (was.onFailure !== env.onFailure)
      changes.push(`on failure: ${env.onFailure} (was ${was.onFailure})`);
    for (const change of changes) lines.push(`${env.name}: ${change}`);
  }
  const glass = (p: Pick<PolicyConfig, 'breakGlass'>) => JSON.stringify(p.breakGlass ?? null);
  if (glass(old) !== glass(after))
    lines.push(
      after.breakGlass
        ? `break-glass through ${[after.breakGlass.environment && `environment ${after.breakGlass.environment}`, after.breakGlass.label && `label ${after.breakGlass.label}`].filter(Boolean).join(' or ')}`
        : 'removes break-glass',
    );
  return lines;
}

function freezeChanges(
  before: readonly PolicyWindow[],
  after: readonly PolicyWindow[],
  now: Date,
): string[] {
  const key = (w: PolicyWindow, i: number) => w.name ?? `#${i}`;
  const text = (w: PolicyWindow) => windowText(w, now);
  const beforeByKey = new Map(before.map((w, i) => [key(w, i), w]));
  const afterByKey = new Map(after.map((w, i) => [key(w, i), w]));
  const lines: string[] = [];
  for (const [k, w] of afterByKey) {
    const was = beforeByKey.get(k);
    if (!was) lines.push(`adds freeze ${text(w)}`);
    else if (text(was) !== text(w) || was.reason !== w.reason)
      lines.push(`changes freeze ${text(w)} (was ${text(was)})`);
  }
  for (const [k, w] of beforeByKey) if (!afterByKey.has(k)) lines.push(`removes freeze ${text(w)}`);
  return lines;
}

/** `; this closes prod every weekend` / `every Friday` when whole weekdays become closed. */
function closes(environment: string, before: WeeklyHours, after: WeeklyHours): string {
  if (!after.days) return '';
  const closedAfter = after.days.map((d) => d.length === 0);
  const closedBefore = before.days
    ? before.days.map((d) => d.length === 0)
    : closedAfter.map(() => false);
  const newly = DAYS.filter((_, i) => closedAfter[i] && !closedBefore[i]);
  if (newly.length === 0) return '';
  const named =
    newly.length === 2 && newly[0] === 'Sat' && newly[1] === 'Sun'
      ? 'every weekend'
      : `every ${newly
          .map((d) => FULL_DAYS[DAYS.indexOf(d)])
          .join(', ')
          .replace(/, ([^,]*)$/, ' and $1')}`;
  return `; this closes ${environment} ${named}`;
}

const FULL_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Merges overlapping intervals. */
function merge(intervals: readonly [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** `open` minus `closed` (both merged). */
function subtract(
  open: readonly [number, number][],
  closed: readonly [number, number][],
): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of open) {
    let start = a;
    for (const [c, d] of closed) {
      if (d <= start || c >= b) continue;
      if (c > start) out.push([start, c]);
      start = Math.max(start, d);
    }
    if (start < b) out.push([start, b]);
  }
  return out;
}

/** The open intervals within one local day, as `HH:MM–HH:MM` (or `all day`). */
function dayIntervals(
  open: readonly [number, number][],
  dayStart: number,
  dayEnd: number,
  tz: string,
): string[] {
  const out: string[] = [];
  for (const [a, b] of open) {
    const start = Math.max(a, dayStart);
    const end = Math.min(b, dayEnd);
    if (end <= start) continue;
    if (start === dayStart && end === dayEnd) return ['all day'];
    out.push(`${clock(start, tz)}–${end === dayEnd ? '24:00' : clock(end, tz)}`);
  }
  return out;
}

function clock(at: number, tz: string): string {
  const c = wallClock(new Date(at), tz);
  return `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
}
