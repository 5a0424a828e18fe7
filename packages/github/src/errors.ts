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

/**
 * GitHub's 403 when the repository setting "Allow GitHub Actions to create and approve pull
 * requests" is off (the default in a new repository) and the token is a workflow's GITHUB_TOKEN.
 */
const ACTIONS_MAY_NOT_CREATE_PULL_REQUESTS =
  /GitHub Actions is not permitted to create or approve pull requests/i;

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
  // GitHub's reason ends with a full stop or not ("Bad credentials", "… pull requests."): one.
  const head = `${call.activity} in '${call.repository}' failed: ${error.status} ${reason.replace(/\.$/, '')}.`;
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
  if (error.status === 403 && ACTIONS_MAY_NOT_CREATE_PULL_REQUESTS.test(reason)) {
    return new GitHubAccessError(
      `${head} The token in '${call.tokenInput}' is a workflow's GITHUB_TOKEN, and '${call.repository}' does not allow GitHub Actions to create pull requests. Turn on "Allow GitHub Actions to create and approve pull requests" in the settings of '${call.repository}' (Settings → Actions → General → Workflow permissions; an organization can lock it off, then turn it on there first), or pass a GitHub App installation token or a personal access token with 'pull-requests: write' and 'contents: write' in '${call.tokenInput}'.`,
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

/** One entry of a GraphQL `errors` array, as GitHub sends it. */
export interface GraphqlErrorEntry {
  type?: string;
  message: string;
  path?: readonly (string | number)[];
}

/** The `errors` of an Octokit GraphqlResponseError (GitHub answered 200 with errors), if any. */
export function graphqlErrors(error: unknown): GraphqlErrorEntry[] | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const errors = (error as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  return errors.filter(
    (e): e is GraphqlErrorEntry =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as { message?: unknown }).message === 'string',
  );
}

/** Why GitHub refused to enable auto-merge on a pull request. */
export type AutoMergeRefusal =
  'not-allowed' | 'unprotected-branch' | 'nothing-to-wait-for' | 'permission' | 'other';

/**
 * GitHub refused to enable auto-merge (GraphQL `enablePullRequestAutoMerge`). The message says
 * why, in GitHub's words too, and what to configure; the pull request itself stands.
 */
export class AutoMergeRefusedError extends UserError {
  readonly refusal: AutoMergeRefusal;
  constructor(message: string, refusal: AutoMergeRefusal, options?: { cause?: unknown }) {
    super(message, undefined, options);
    this.name = 'AutoMergeRefusedError';
    this.refusal = refusal;
  }
}

/** What the auto-merge call was: on which pull request, into which branch, with which token. */
export interface AutoMergeCall {
  number: number;
  /** The pull request's base branch, when known. */
  base: string | undefined;
  repository: string;
  tokenInput: string;
}

/**
 * Turns GitHub's refusal of `enablePullRequestAutoMerge` into what to configure. GitHub refuses
 * when the repository does not allow auto-merge, when the base branch has no protection rule,
 * and when the pull request can merge right now (its merge state is clean or unstable: no
 * required check or review is pending, so there is nothing to wait for).
 */
export function describeAutoMergeFailure(error: unknown, call: AutoMergeCall): Error {
  const entries = graphqlErrors(error);
  if (!entries || entries.length === 0) {
    return describeFailure(error, {
      activity: `Enabling auto-merge on pull request #${call.number}`,
      repository: call.repository,
      permission: 'pull-requests: write',
      tokenInput: call.tokenInput,
    });
  }
  const said = entries.map((e) => e.message).join('; ');
  const quoted = `GitHub: "${said.slice(0, 300)}"`;
  const branch = call.base === undefined ? 'its base branch' : `branch '${call.base}'`;
  const byHand = `Until then, merge #${call.number} by hand.`;
  const refused = (message: string, refusal: AutoMergeRefusal) =>
    new AutoMergeRefusedError(message, refusal, { cause: error });
  if (/auto.?merge is not allowed/i.test(said)) {
    return refused(
      `'${call.repository}' does not allow auto-merge (${quoted}). Turn on "Allow auto-merge" in its settings (Settings → General → Pull Requests; or the REST API's allow_auto_merge: true), or set the input 'auto-merge' to false. ${byHand}`,
      'not-allowed',
    );
  }
  if (/protected branch rules not configured/i.test(said)) {
    return refused(
      `GitHub enables auto-merge only into a protected branch, and ${branch} of '${call.repository}' has no branch protection rule (${quoted}). Add a branch protection rule or ruleset for it that requires a status check or an approving review, so auto-merge has something to wait for. ${byHand}`,
      'unprotected-branch',
    );
  }
  const state = /is in (clean|unstable) status/i.exec(said)?.[1]?.toLowerCase();
  if (state) {
    const why =
      state === 'clean'
        ? 'every check has passed and nothing required is pending'
        : 'only checks that are not required are failing or pending';
    return refused(
      `Pull request #${call.number} can be merged right now (${why}), so GitHub has nothing for auto-merge to wait for (${quoted}). Make the protection rule of ${branch} in '${call.repository}' require a status check or an approving review that each promotion must pass, or set the input 'auto-merge' to false and merge by hand. ${byHand}`,
      'nothing-to-wait-for',
    );
  }
  if (entries.some((e) => e.type === 'FORBIDDEN')) {
    return refused(
      `The token in '${call.tokenInput}' may not enable auto-merge on '${call.repository}' (${quoted}). Give it 'pull-requests: write' and 'contents: write', or pass a token that has them. ${byHand}`,
      'permission',
    );
  }
  return refused(
    `GitHub refused to enable auto-merge on #${call.number} (${quoted}). ${byHand}`,
    'other',
  );
}
