// Resource Graph specifics of retrying: parsing the server's delay headers. The helper itself is
// core's withRetry.
export {
  DEFAULT_RETRY_POLICY,
  retryDelay,
  withRetry,
  type RetryDecision,
  type RetryPolicy,
} from '@kalypso/core';
/** `hh:mm:ss` (as in `x-ms-user-quota-resets-after`) in milliseconds, or undefined. */
export function parseTimeSpan(text: string | undefined | null): number | undefined {
  const match = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d+))?$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const [, days, hours, minutes, seconds, fraction] = match;
  const whole =
    ((Number(days ?? 0) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(seconds);
  return whole * 1000 + Math.round(Number(`0.${fraction ?? '0'}`) * 1000);
}

/** `Retry-After` (seconds or an HTTP date relative to `now`) in milliseconds, or undefined. */
export function parseRetryAfter(text: string | undefined | null, now: number): number | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
