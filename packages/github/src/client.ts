import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
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
 * Octokit's own log goes to the reporter.
 */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const { reporter } = options;
  const retries = options.retries ?? 4;
  const unit = options.retryUnitMs ?? 1000;
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
      const retrying = retryCount < retries;
      const head = `Retry '${operationOf(request)}': attempt ${retryCount + 1} of ${retries + 1} failed: ${kind}.`;
      if (retrying) reporter.info(`${head} Retrying in ${seconds(retryAfter * unit)}.`);
      else reporter.warning(`${head} Giving up.`);
      return retrying;
    };

  // Registered before the retry plugin, so its error hook sees every failed attempt first.
  const retryLog = (octokit: { hook: Octokit['hook'] }) => {
    octokit.hook.error('request', (error, request) => {
      const status = (error as { status?: number }).status ?? 0;
      const attempt =
        ((request.request as { retryCount?: number } | undefined)?.retryCount ?? 0) + 1;
      if (status >= 400 && !doNotRetry.includes(status) && attempt <= retries) {
        const text = STATUS_CODES[status] ?? 'error';
        reporter.info(
          `Retry '${operationOf(request)}': attempt ${attempt} of ${retries + 1} failed: ${status} ${text}. Retrying in ${seconds(attempt * attempt * unit)}.`,
        );
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
      },
    },
    throttling,
    retryLog,
    retry,
  );
  return { octokit, tokenInput: options.tokenInput ?? 'github-token', reporter };
}
