import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck/light.js';
import type { Reporter } from '@kalypso/core';
import { STATUS_CODES } from 'node:http';

export type Octokit = ReturnType<typeof getOctokit>;

export interface GitHubClientOptions {
  token: string;
  /** REST base URL: `https://api.github.com`, or `https://<host>/api/v3` on GitHub Enterprise Server. */
  baseUrl: string;
  reporter: Reporter;
  /** The action input that supplied the token, for error messages. Default `github-token`. */
  tokenInput?: string;
  /** Retries after the first attempt (server errors and rate limits). Default 4: 5 attempts. */
  retries?: number;
  /** The unit of the retry backoff (attempt n waits n² units). Default 1000 ms; tests shrink it. */
  retryUnitMs?: number;
  /**
   * No wait (a rate-limit reset, a `retry-after`, a retry's backoff) may end after this time (ms
   * since the epoch). Default: none beyond `maxWaitSeconds` per wait.
   */
  deadline?: number;
  /** The longest one wait may be; default DEFAULT_MAX_WAIT_SECONDS (docs/decisions/deadline-rule.md). */
  maxWaitSeconds?: number;
  /** The clock the budget is measured on; default `Date.now` (the plugins wait in real time). */
  now?: () => number;
  /**
   * A client that only reads (REST GETs and GraphQL queries; anything else is refused before it
   * is sent): its GraphQL queries go READ_QUERIES at a time, not paced as writes (`writePacing`),
   * which the throttling plugin applies to every GraphQL request
   * (docs/decisions/workload-reads-over-rest.md).
   */
  readOnly?: boolean;
  /**
   * How this client's writes are paced (`writePacing`; a test gives a bucket of its own).
   * Default: one bucket of WRITE_BURST shared by every client of the process.
   */
  writePacing?: Bottleneck.Group;
}

/**
 * GraphQL queries of read-only clients in flight at once (GitHub's secondary limits allow 100
 * concurrent requests; the REST reads they replace kept 8 to 10).
 */
export const READ_QUERIES = 4;

/** The GraphQL queries of read-only clients: READ_QUERIES at a time, none held back. */
let readQueries: Bottleneck.Group | undefined;

/**
 * Writes that start at once before the pacing holds them back (docs/decisions/write-pacing.md):
 * a run's few writes (its pull request, the merge gate, a deployment and its status) need not
 * wait a second each, as the throttling plugin's own pacing made them.
 */
export const WRITE_BURST = 5;
/** Then one more write per this many milliseconds: GitHub's second between writes. */
export const WRITE_INTERVAL_MS = 1000;
/** The key the throttling plugin paces this process's clients under (its option `id`). */
export const PACING_KEY = 'kalypso';

/**
 * A bucket of `burst` write starts, refilled one per `intervalMs` up to `burst` again. A client
 * that may write paces every write with it, and every GraphQL request, which the throttling
 * plugin paces with the writes. Over a minute it starts at most 60,000 / `intervalMs` + `burst`
 * (65 by default), under GitHub's 80 content-generating requests a minute; a long run of writes
 * goes one a second, as GitHub asks of "a large number" of them.
 */
export function writePacing(burst = WRITE_BURST, intervalMs = WRITE_INTERVAL_MS): Bottleneck.Group {
  return new Bottleneck.Group({
    id: 'kalypso-writes',
    maxConcurrent: 1,
    minTime: 0,
    reservoir: burst,
    reservoirIncreaseInterval: intervalMs,
    reservoirIncreaseAmount: 1,
    reservoirIncreaseMaximum: burst,
  });
}

/** The writes of every client of the process that may write (`writePacing`). */
let writes: Bottleneck.Group | undefined;

/** The longest a GitHub client waits once for a rate limit or a retry: five minutes. */
export const DEFAULT_MAX_WAIT_SECONDS = 300;

/**
 * A rate limit GitHub answered with, attached to the error that ends the request (read by
 * `describeFailure`): which limit, when it resets and how long this client could have waited.
 */
export interface RateLimitFailure {
  kind: 'rate limit' | 'secondary rate limit';
  /** When GitHub will take requests again (ms since the epoch). */
  resetsAt: number;
  /** The wait this client allowed at that moment (ms). */
  budgetMs: number;
}

export interface GitHubClient {
  octokit: Octokit;
  tokenInput: string;
  reporter: Reporter;
}

/** Names of the calls the actions make, for retry messages; other calls show their route. */
const operationNames: Record<string, string> = {
  'POST /repos/{owner}/{repo}/statuses/{sha}': 'create commit status',
  'GET /repos/{owner}/{repo}/commits/{ref}': 'get commit',
  'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches': 'dispatch workflow',
  'GET /repos/{owner}/{repo}': 'get repository',
  'POST /repos/{owner}/{repo}/pulls': 'create pull request',
  'GET /repos/{owner}/{repo}/pulls': 'list pull requests',
  'PATCH /repos/{owner}/{repo}/pulls/{pull_number}': 'update pull request',
  'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge': 'merge pull request',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/labels': 'add labels',
};

function operationOf(options: { method?: string; url?: string }): string {
  const route = `${options.method ?? 'GET'} ${options.url ?? ''}`;
  return operationNames[route] ?? route;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(2).replace(/0+$/, '')}s`;
}

/**
 * Octokit for one token: `@actions/github` (proxy support, GITHUB_API_URL / Enterprise Server base
 * URL) with the retry plugin for server errors and the throttling plugin for rate limits, which
 * honour `retry-after` and `x-ratelimit-*`. Every retry is logged as
 * `Retry 'create commit status': attempt 2 of 5 failed: 502 Bad Gateway. Retrying in 4s.`, and
 * Octokit's own log goes to the reporter. No wait ends after the deadline or lasts longer than
 * `maxWaitSeconds` (docs/decisions/deadline-rule.md): a rate limit that resets later fails the
 * request at once, and its error names the reset time (`describeFailure`).
 */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const { reporter } = options;
  const retries = options.retries ?? 4;
  const unit = options.retryUnitMs ?? 1000;
  const now = options.now ?? Date.now;
  const maxWaitMs = (options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS) * 1000;
  /** How long a wait starting now may last. */
  const budget = () =>
    Math.min(maxWaitMs, options.deadline === undefined ? maxWaitMs : options.deadline - now());
  // The retry plugin leaves these alone; 403/429 rate limits belong to the throttling plugin.
  const doNotRetry = [400, 401, 403, 404, 409, 410, 422, 429, 451];

  const onLimit =
    (kind: string) =>
    (
      retryAfter: number,
      request: { method?: string; url?: string },
      _octokit: unknown,
      retryCount: number,
    ) => {
      const head = `Retry '${operationOf(request)}': attempt ${retryCount + 1} of ${retries + 1} failed: ${kind}.`;
      // The budget is in GitHub's seconds, whatever unit the waits are scaled to.
      const left = budget();
      if (retryAfter * 1000 > left) {
        reporter.warning(
          `${head} GitHub asks to wait ${retryAfter}s, until ${instant(now() + retryAfter * 1000)}, longer than this run may wait (${Math.max(0, Math.floor(left / 1000))}s). Giving up.`,
        );
        return false;
      }
      const retrying = retryCount < retries;
      if (retrying) reporter.info(`${head} Retrying in ${seconds(retryAfter * unit)}.`);
      else reporter.warning(`${head} Giving up.`);
      return retrying;
    };

  // Registered before the retry plugin, so its error hook sees every failed attempt first.
  const retryLog = (octokit: { hook: Octokit['hook'] }) => {
    octokit.hook.error('request', (error, request) => {
      const status = (error as { status?: number }).status ?? 0;
      const settings = request.request as { retryCount?: number; retries?: number } | undefined;
      const attempt = (settings?.retryCount ?? 0) + 1;
      const limit = rateLimitOf(error, now);
      if (limit) Object.assign(error, { rateLimit: { ...limit, budgetMs: budget() } });
      if (status >= 400 && !doNotRetry.includes(status) && attempt <= retries) {
        const text = STATUS_CODES[status] ?? 'error';
        const head = `Retry '${operationOf(request)}': attempt ${attempt} of ${retries + 1} failed: ${status} ${text}.`;
        if (attempt * attempt * 1000 > budget()) {
          // The retry plugin reads this per request: no further attempt.
          if (settings) settings.retries = attempt - 1;
          reporter.warning(`${head} The next attempt would start after the deadline. Giving up.`);
        } else {
          reporter.info(`${head} Retrying in ${seconds(attempt * attempt * unit)}.`);
        }
      }
      throw error;
    });
  };

  const octokit = getOctokit(
    options.token,
    {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      log: {
        debug: (message: string) => reporter.debug(message),
        info: (message: string) => reporter.debug(message),
        warn: (message: string) => reporter.warning(message),
        error: (message: string) => reporter.error(message),
      },
      retry: { retries, doNotRetry, retryAfterBaseValue: unit },
      throttle: {
        retryAfterBaseValue: unit,
        onRateLimit: onLimit('rate limit exhausted'),
        onSecondaryRateLimit: onLimit('secondary rate limit'),
        id: PACING_KEY,
        write: options.readOnly
          ? (readQueries ??= new Bottleneck.Group({
              id: 'kalypso-read-queries',
              maxConcurrent: READ_QUERIES,
              minTime: 0,
            }))
          : (options.writePacing ?? (writes ??= writePacing())),
      },
    },
    throttling,
    retryLog,
    retry,
    ...(options.readOnly ? [readsOnly] : []),
    ownRequestOptions,
  );
  return { octokit, tokenInput: options.tokenInput ?? 'github-token', reporter };
}

/** Refuses, before sending, any request of a read-only client that is not a read. */
function readsOnly(octokit: { hook: Octokit['hook'] }): void {
  octokit.hook.before('request', (options) => {
    const method = options.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD') return;
    const query = (options as { query?: unknown }).query;
    if (
      method === 'POST' &&
      options.url === '/graphql' &&
      typeof query === 'string' &&
      /^\s*(?:query\b|\{)/.test(query)
    )
      return;
    throw new Error(`A read-only GitHub client was asked to ${method} ${options.url}.`);
  });
}

/**
 * Registered last, so it runs first: each request gets its own copy of the `request` options.
 * The retry plugin writes `retryCount` into them after any failed attempt (a 404 too); shared, a
 * later request's first retry was logged as its second.
 */
function ownRequestOptions(octokit: { hook: Octokit['hook'] }): void {
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request };
  });
}

/** `2025-06-03T10:00:00Z`. */
function instant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The rate limit a failed request ran into, from GitHub's headers; undefined for other failures. */
function rateLimitOf(
  error: unknown,
  now: () => number,
): Omit<RateLimitFailure, 'budgetMs'> | undefined {
  const failure = error as {
    status?: number;
    message?: string;
    response?: { headers?: Record<string, string | undefined> };
  };
  if (failure.status !== 403 && failure.status !== 429) return undefined;
  const headers = failure.response?.headers ?? {};
  const retryAfter = Number(headers['retry-after']);
  if (/\bsecondary rate\b/i.test(failure.message ?? '')) {
    const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60;
    return { kind: 'secondary rate limit', resetsAt: now() + wait * 1000 };
  }
  if (headers['x-ratelimit-remaining'] === '0') {
    const reset = Number(headers['x-ratelimit-reset']);
    return {
      kind: 'rate limit',
      resetsAt: Number.isFinite(reset) && reset > 0 ? reset * 1000 : now() + 3_600_000,
    };
  }
  return undefined;
}
