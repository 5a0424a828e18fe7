import {
  canonicalRepository,
  formatLocation,
  locateRepository,
  repositoryAliases,
} from './repository-url.ts';
import { redactUrlCredentials } from '../model/github-url.ts';
import { ComplianceInputError, type ComplianceTarget } from './types.ts';

// Characters allowed into the query text. Anything else is rejected rather than escaped, so no
// input can change the shape of the KQL (packages/azure/src/query.ts quotes them as well).
const hostCharacters = /^[a-z0-9.-]+$/;
const pathCharacters = /^[a-z0-9._~%/-]+$/;
const branchCharacters = /^[A-Za-z0-9._/-]+$/;
const commitDigits = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Validates and normalises what to check: the GitOps repository URL (any scheme, `.git`, case
 * and trailing slash), the branch (`refs/heads/` stripped) and the full commit SHA. Throws a
 * ComplianceInputError listing every problem.
 */
export function resolveComplianceTarget(input: {
  repositoryUrl: string;
  branch: string;
  commit: string;
}): ComplianceTarget {
  const problems: string[] = [];
  // The URL as shown in every message and summary: never its credentials.
  const shown = redactUrlCredentials(input.repositoryUrl);
  const location = locateRepository(input.repositoryUrl);
  if (!location) {
    problems.push(
      `GitOps repository '${shown}' is not a repository URL: give it as https://host/owner/repo or git@host:owner/repo.`,
    );
  } else if (!hostCharacters.test(location.host) || !pathCharacters.test(location.path)) {
    problems.push(
      `GitOps repository '${shown}' contains characters other than letters, digits and . _ ~ % / -: give the plain repository URL.`,
    );
  }
  const branch = input.branch.trim().replace(/^refs\/heads\//, '');
  if (
    !branchCharacters.test(branch) ||
    branch.includes('..') ||
    branch.startsWith('/') ||
    branch.startsWith('-') ||
    branch.endsWith('/')
  ) {
    problems.push(
      `Branch '${input.branch}' is not a plain git branch name (letters, digits and . _ / -): give the GitOps environment branch, e.g. 'dev'.`,
    );
  }
  const commit = input.commit.trim().toLowerCase();
  if (!commitDigits.test(commit)) {
    problems.push(
      `Commit '${input.commit}' is not a full 40- or 64-digit hex SHA: pass the merge commit's full id (github.sha), not an abbreviation.`,
    );
  }
  if (problems.length > 0 || !location) throw new ComplianceInputError(problems);
  const repository = canonicalRepository(location);
  return {
    repositoryUrl: shown,
    repository,
    repositoryAliases: repositoryAliases(repository),
    branch,
    commit,
  };
}

/** `host/path@branch`, for messages. */
export function formatTarget(target: ComplianceTarget): string {
  return `${formatLocation(target.repository)}@${target.branch}`;
}

/**
 * The commit SHA in a Flux revision: `dev@sha1:<sha>`, `refs/heads/dev@sha1:<sha>`, `sha1:<sha>`,
 * `dev@sha256:<sha>`, legacy `dev/<sha>`, or a bare SHA. Returns `''` when there is none.
 */
export function syncedCommitOf(revision: string): string {
  return /([0-9a-f]{64}|[0-9a-f]{40})$/.exec(revision.trim().toLowerCase())?.[1] ?? '';
}

/** The first 7 digits of a commit, as git abbreviates it. */
export function shortCommit(commit: string): string {
  return commit.slice(0, 7);
}
