import { isRestError } from '@azure/arm-resourcegraph';
import { AzureAuthenticationError } from './auth-errors.ts';
import { parseRetryAfter, type RetryDecision } from './retry.ts';

/** An answer that is not what Resource Graph sends (wrong shape, cut short): retried like an outage. */
export class MalformedAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedAnswerError';
  }
}

/**
 * What the source needs to wait for cannot happen before the caller's deadline (docs/decisions/deadline-rule.md):
 * the quota window or the server's `Retry-After` ends after it, or the deadline came while a
 * request or a listing was under way. Nothing is waited for; the check stops at once with this
 * message, which names what it would have waited for and until when.
 */
export class BeyondDeadlineError extends Error {
  /** The time (on the source's clock) before which asking again cannot help. */
  readonly notBefore: number;
  constructor(message: string, notBefore: number) {
    super(message);
    this.name = 'BeyondDeadlineError';
    this.notBefore = notBefore;
  }
}

/** `2025-06-03T10:00:00Z`: a time of the source's clock, for messages. */
export function formatInstant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

/** `1800s`: a duration in whole seconds (rounded up), for messages. */
export function formatSeconds(ms: number): string {
  return `${Math.max(0, Math.ceil(ms / 1000))}s`;
}

/** The quota window of the identity resets only after the caller's deadline. */
export function quotaBeyondDeadline(now: number, resetsAt: number, deadline: number) {
  return new BeyondDeadlineError(
    `cannot run: the Resource Graph quota of this identity is used up until ${formatInstant(resetsAt)} (${formatSeconds(resetsAt - now)}), after the deadline (${formatSeconds(deadline - now)} left). Nothing was waited for; other jobs with the same identity are querying too, run the check again after ${formatInstant(resetsAt)}.`,
    resetsAt,
  );
}

/**
 * The server asked to wait (429 `Retry-After` or the quota reset header) until after the
 * deadline, or (without a deadline) longer than one wait may take (`maxServerDelayMs`).
 */
export function serverWaitBeyondBudget(
  description: string,
  now: number,
  delayMs: number,
  budget: { deadline: number | undefined; maxServerDelayMs: number },
) {
  const until = now + delayMs;
  const why =
    budget.deadline !== undefined
      ? `after the deadline (${formatSeconds(budget.deadline - now)} left)`
      : `longer than the ${formatSeconds(budget.maxServerDelayMs)} one wait may take`;
  return new BeyondDeadlineError(
    `was throttled (${description}): Resource Graph asks to wait ${formatSeconds(delayMs)}, until ${formatInstant(until)}, ${why}. Nothing was waited for; run the check again after ${formatInstant(until)}.`,
    until,
  );
}

/** A request got no answer before the deadline: it was abandoned, not retried. */
export function answerBeyondDeadline(waitedMs: number, deadline: number) {
  return new BeyondDeadlineError(
    `got no answer within the ${formatSeconds(waitedMs)} left before the deadline; the request was abandoned at the deadline.`,
    deadline,
  );
}

/**
 * The pages of a listing do not add up (a continuation token sent again, an empty page that
 * carries one): following them would never end. Not retried within the listing; the next poll
 * asks again.
 */
export class MalformedPagingError extends MalformedAnswerError {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedPagingError';
  }
}

/** Longest piece of a server's error text quoted in a message: the server is not trusted. */
const QUOTED_LIMIT = 300;

/** Server text for a message: control characters flattened, bounded. */
export function quoted(text: string, limit = QUOTED_LIMIT): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

/** What the last response of a failed request said about waiting, attached by the source. */
export interface QueryFailure {
  readonly status: number;
  readonly quotaResetsAfterMs: number | undefined;
  readonly retryAfter: string | undefined;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'REQUEST_SEND_ERROR',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
]);

/** The answer could not be read: cut short, not JSON, or not the shape Resource Graph sends. */
function isMalformedAnswer(error: unknown): boolean {
  return (
    error instanceof MalformedAnswerError ||
    (isRestError(error) && error.code === 'PARSE_ERROR') ||
    error instanceof SyntaxError
  );
}

/** The request was abandoned after `requestTimeoutMs` (a hung or very slow answer). */
function isTimeout(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { name?: unknown }).name === 'AbortError' ||
      (error as { name?: unknown }).name === 'TimeoutError' ||
      (isRestError(error) && /timed? ?out|aborted/i.test(error.message)))
  );
}

function failureOf(error: unknown): (QueryFailure & { at: number }) | undefined {
  if (typeof error !== 'object' || error === null || !('queryFailure' in error)) return undefined;
  const { queryFailure, at } = error as { queryFailure: QueryFailure; at: number };
  return { ...queryFailure, at };
}

function statusOf(error: unknown): number | undefined {
  if (isRestError(error) && error.statusCode !== undefined) return error.statusCode;
  const status = failureOf(error)?.status;
  return status ? status : undefined;
}

function isNetworkFailure(error: unknown): boolean {
  return (
    isRestError(error) && error.statusCode === undefined && NETWORK_CODES.has(error.code ?? '')
  );
}

/**
 * Throttling (429), outages (408, 5xx but 501/505) and network failures are retried; a 429 waits
 * for `x-ms-user-quota-resets-after`, else `Retry-After`, else backs off exponentially. Resource
 * Graph documents only the quota header, which the SDK's own retry policy ignores.
 */
export function classifyQueryFailure(error: unknown): RetryDecision {
  if (error instanceof AzureAuthenticationError)
    return { retry: false, description: 'sign-in failed' };
  if (error instanceof BeyondDeadlineError)
    return { retry: false, description: 'beyond the deadline' };
  if (isMalformedAnswer(error)) return { retry: true, description: 'malformed answer' };
  if (isTimeout(error)) return { retry: true, description: 'no answer in time' };
  const status = statusOf(error);
  const code = isRestError(error) ? (error.code ?? '') : '';
  const description = `${status ?? code ?? 'error'}${status && code ? ` ${code}` : ''}`;
  if (status === 429) {
    const failure = failureOf(error);
    const serverDelayMs =
      failure?.quotaResetsAfterMs ?? parseRetryAfter(failure?.retryAfter, failure?.at ?? 0);
    return serverDelayMs === undefined
      ? { retry: true, description }
      : { retry: true, description, serverDelayMs };
  }
  if (
    status === 408 ||
    (status !== undefined && status >= 500 && status !== 501 && status !== 505)
  ) {
    return { retry: true, description };
  }
  if (status === undefined && isNetworkFailure(error)) return { retry: true, description: code };
  return { retry: false, description };
}

/** The message for a query that finally failed, and whether polling again may help. */
export function describeQueryFailure(
  error: unknown,
  context: { target: string; scopes: string },
): { message: string; transient: boolean } {
  const status = statusOf(error);
  const details = restErrorDetails(error);
  const what = `Resource Graph query for '${context.target}' in ${context.scopes}`;
  if (status === 401) {
    return {
      transient: false,
      message: `${what} was not authorised (401${details}): the token is not valid for this Resource Manager endpoint; check the 'cloud' input and endpoint overrides.`,
    };
  }
  if (status === 403) {
    return {
      transient: false,
      message: `${what} was denied (403${details}): grant the identity the Reader role on the subscriptions or management groups that hold the clusters.`,
    };
  }
  if (status === 400) {
    return {
      transient: false,
      message: `${what} was rejected (400${details}): check the subscription and management group ids; if they are right, this is a bug in kalypso-actions.`,
    };
  }
  if (error instanceof BeyondDeadlineError)
    return { transient: true, message: `${what} ${error.message}` };
  const retryable = classifyQueryFailure(error).retry;
  if (error instanceof MalformedPagingError) {
    return { transient: true, message: `${what} got a malformed answer: ${error.message}` };
  }
  if (isMalformedAnswer(error)) {
    const why =
      error instanceof MalformedAnswerError ? error.message : 'the answer is not valid JSON.';
    return {
      transient: true,
      message: `${what} got a malformed answer after retries: ${why}`,
    };
  }
  if (isTimeout(error)) {
    return {
      transient: true,
      message: `${what} got no answer in time after retries (the request timed out).`,
    };
  }
  const cause = quoted(error instanceof Error ? error.message : String(error));
  return {
    transient: retryable,
    message: `${what} failed${status ? ` (${status}${details})` : `: ${cause}`}${retryable ? ' after retries' : ''}.`,
  };
}

/** ` InvalidQuery: Query is invalid …; ParserFailure …` from an ARM error body. */
function restErrorDetails(error: unknown): string {
  if (!isRestError(error)) return '';
  const body = error.details as
    | {
        error?: {
          code?: string;
          message?: string;
          details?: { code?: string; message?: string }[];
        };
      }
    | undefined;
  const top = body?.error;
  if (!top) return error.code ? ` ${quoted(error.code, 60)}` : '';
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const inner = (Array.isArray(top.details) ? top.details.slice(0, 5) : [])
    .map((d) => [text(d.code), text(d.message)].filter(Boolean).join(': '))
    .filter(Boolean);
  const message = text(top.message);
  return ` ${quoted(`${text(top.code)}${inner.length > 0 ? `: ${inner.join('; ')}` : message ? `: ${message}` : ''}`)}`;
}
