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

/** The quota window resets only after the caller's deadline: waiting for it would overrun. */
export class QuotaExhaustedError extends Error {
  constructor(seconds: number) {
    super(
      `Resource Graph quota of this identity is used up for another ${seconds}s, past the time left to wait: other jobs with the same identity are querying too.`,
    );
    this.name = 'QuotaExhaustedError';
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
  if (error instanceof QuotaExhaustedError) return { retry: false, description: 'quota used up' };
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
  const retryable = classifyQueryFailure(error).retry;
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
