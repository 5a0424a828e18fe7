import { firstTickFrom, latestTick, nextTick } from './cron.ts';
import type { PolicyWindow } from './types.ts';

/**
 * Window arithmetic on epoch milliseconds. A window occurrence is the half-open interval
 * [start, end): open at its start, closed at its end. A recurring occurrence starts at a cron tick
 * in the window's timezone and lasts `duration` of elapsed time (docs/decisions/promotion-windows.md).
 */

/** The occurrence of `window` that covers `at`, as [start, end), or undefined. */
export function occurrenceAt(window: PolicyWindow, at: number): [number, number] | undefined {
  const s = window.schedule;
  if (s.type === 'once') {
    const from = s.from.getTime();
    const to = s.to.getTime();
    return from <= at && at < to ? [from, to] : undefined;
  }
  // The latest tick at or before `at` ends last among the occurrences that could cover it.
  const tick = latestTick({ cron: s.cron, timezone: window.timezone }, at);
  return tick !== undefined && at < tick + s.duration ? [tick, tick + s.duration] : undefined;
}

/** Whether `window` is open at `at`. */
export function isOpenAt(window: PolicyWindow, at: number): boolean {
  return occurrenceAt(window, at) !== undefined;
}

/** The first start of an occurrence of `window` strictly after `after`, or undefined. */
export function nextStart(window: PolicyWindow, after: number): number | undefined {
  const s = window.schedule;
  if (s.type === 'once') {
    const from = s.from.getTime();
    return from > after ? from : undefined;
  }
  return nextTick({ cron: s.cron, timezone: window.timezone }, after);
}

/**
 * The occurrences of `window` that overlap [from, to), at most `limit` of them (a minute cron over
 * weeks has tens of thousands), in start order. `truncated` says the limit was reached.
 */
export function occurrencesBetween(
  window: PolicyWindow,
  from: number,
  to: number,
  limit: number,
): { intervals: [number, number][]; truncated: boolean } {
  const s = window.schedule;
  if (s.type === 'once') {
    const start = s.from.getTime();
    const end = s.to.getTime();
    return { intervals: start < to && end > from ? [[start, end]] : [], truncated: false };
  }
  const schedule = { cron: s.cron, timezone: window.timezone };
  const intervals: [number, number][] = [];
  let tick = firstTickFrom(schedule, from - s.duration + 1);
  while (tick !== undefined && tick < to) {
    if (intervals.length >= limit) return { intervals, truncated: true };
    intervals.push([tick, tick + s.duration]);
    tick = nextTick(schedule, tick);
  }
  return { intervals, truncated: false };
}

/** Upper bound on the steps of a search for an opening, against windows that never let go. */
const MAX_STEPS = 2000;

/**
 * The first instant at or after `from` when none of `freezes` is open, or undefined when none is
 * found within `horizon` (epoch ms) or `MAX_STEPS` steps. `binding` is the freeze that was open
 * last (the one whose end is the answer).
 */
export function firstInstantOutside(
  freezes: readonly PolicyWindow[],
  from: number,
  horizon: number,
): { at: number | undefined; binding: PolicyWindow | undefined } {
  let at = from;
  let binding: PolicyWindow | undefined;
  for (let step = 0; step < MAX_STEPS && at <= horizon; step++) {
    let end = at;
    for (const freeze of freezes) {
      const occurrence = occurrenceAt(freeze, at);
      if (occurrence && occurrence[1] > end) {
        end = occurrence[1];
        binding = freeze;
      }
    }
    if (end === at) return { at, binding };
    at = end;
  }
  return { at: undefined, binding };
}

/**
 * The first instant at or after `from` when one of `allow` is open (`from` itself when `allow` is
 * empty), or undefined when no window opens again. `binding` is the window that opens then.
 */
export function firstInstantInside(
  allow: readonly PolicyWindow[],
  from: number,
): { at: number | undefined; binding: PolicyWindow | undefined } {
  if (allow.length === 0) return { at: from, binding: undefined };
  let best: number | undefined;
  let binding: PolicyWindow | undefined;
  for (const window of allow) {
    if (isOpenAt(window, from)) return { at: from, binding: window };
    const start = nextStart(window, from);
    if (start !== undefined && (best === undefined || start < best)) {
      best = start;
      binding = window;
    }
  }
  return { at: best, binding };
}
