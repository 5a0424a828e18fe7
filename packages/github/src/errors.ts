import { UserError } from '@kalypso/core';
import type { RateLimitFailure } from './client.ts';

/**
 * A GitHub refusal the user can fix (a bad token, a missing permission, a missing repository),
 * with a message that names the token input and the permission it needs.
 */
export class GitHubAccessError extends UserError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, undefined, options);
    this.name = 'GitHubAccessError';
  }
}

/** The parts of an Octokit RequestError this package reads. */
export interface HttpFailure {
  status: number;
  message: string;
  response?: { headers?: Record<string, string | undefined>; data?: unknown };
}

export function isHttpFailure(error: unknown): error is HttpFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/** What a failed call was doing, for the message. */
export interface CallDescription {
  /** Activity, capitalised: `Setting commit status 'dev environment' on 1a2b3c4`. */
  activity: string;
  /** `owner/name`. */
  repository: string;
  /** The permission the call needs, as written in a workflow: `statuses: write`. */
  permission: string;
  /** The action input that supplied the token: `github-token`. */
  tokenInput: string;
  /**
   * What to fix when GitHub refuses the request as unprocessable (422): the request names
   * something the user wrote (a workflow without `workflow_dispatch`, a ref that is no branch).
   */
  unprocessable?: string;
}

/** The reason GitHub gave, without Octokit's appended documentation link. */
function reasonOf(error: HttpFailure): string {
  const data = error.response?.data as { message?: unknown } | undefined;
  const message = typeof data?.message === 'string' ? data.message : error.message;
  return message.replace(/ - https:\/\/docs\.github\.com\S*$/, '').replace(/\.+$/, '');
}

/**
 * Turns a failed REST call into an error that says what failed, why, and what to do: 401 and 403
 * become a GitHubAccessError naming the token input and the permission.
 */
export function describeFailure(error: unknown, call: CallDescription): Error {
  if (!isHttpFailure(error)) {
    return new Error(`${call.activity} in '${call.repository}' failed: ${String(error)}`, {
      cause: error,
    });
  }
  const reason = reasonOf(error);
  const head = `${call.activity} in '${call.repository}' failed: ${error.status} ${reason}.`;
  const limit = (error as { rateLimit?: RateLimitFailure }).rateLimit;
  if (limit) {
    const at = new Date(limit.resetsAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return new GitHubAccessError(
      `${head} GitHub's ${limit.kind} for the token in '${call.tokenInput}' resets at ${at}, later than this run may wait (${Math.max(0, Math.floor(limit.budgetMs / 1000))}s): nothing was changed by this request. Run it again after ${at}, or use a token with its own limit (a GitHub App installation token).`,
      { cause: error },
    );
  }
  if (error.status === 401) {
    return new GitHubAccessError(
      `${head} The token in '${call.tokenInput}' is not valid (expired or revoked). Pass a valid token.`,
      { cause: error },
    );
  }
  if (error.status === 403) {
    return new GitHubAccessError(
      `${head} Give the token in '${call.tokenInput}' the permission '${call.permission}' (the workflow's 'permissions:' block), or pass a token that has it.`,
      { cause: error },
    );
  }
  if (error.status === 404) {
    return new GitHubAccessError(
      `${head} Check that '${call.repository}' exists and that the token in '${call.tokenInput}' can read it ('${call.permission}').`,
      { cause: error },
    );
  }
  if (error.status === 422 && call.unprocessable !== undefined) {
    return new UserError(`${head} ${call.unprocessable}`, undefined, { cause: error });
  }
  return new Error(head, { cause: error });
}
