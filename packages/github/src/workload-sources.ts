// One WorkloadRegistration's source (docs/kalypso-compatibility.md#assembling-an-environment):
// its repository checked against the token's origin, its branch read below its path (over the
// REST API or with git, as the ControlPlaneReader decides), or a problem naming the registration.
import {
  describeObject,
  parseGitHubRepositoryUrl,
  repositoryUrlProblem,
  sourceFromTree,
  tokenOrigin,
  type GitHubRepository,
  type OmittedFile,
  type Problem,
  type Reporter,
  type Source,
  type WorkloadRegistration,
} from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { GitHubAccessError } from './errors.ts';
import { readBranchOverApi, type ApiRead } from './workload-api.ts';

/** Where a workload source was read from, and whether without a token (so readable by anyone). */
export interface WorkloadRepository {
  repository: GitHubRepository;
  anonymous: boolean;
}

/** A branch head and its files below the registered path. */
export interface WorkloadTree {
  head: string;
  tree: ReadonlyMap<string, Uint8Array | OmittedFile>;
  anonymous: boolean;
}

export interface WorkloadReadContext {
  /** GITHUB_SERVER_URL: a token only goes to its exact origin. */
  serverUrl: string;
  /** The action input of the workload token, for messages. */
  tokenInput: string;
  reporter: Reporter;
  /** The branch below the path; undefined when the branch does not exist. */
  tree(
    repository: GitHubRepository,
    branch: string,
    path: string,
  ): Promise<WorkloadTree | undefined | { problem: string }>;
  /** Called with each source read and the repository it came from. */
  remember(source: Source, repository: WorkloadRepository): void;
}

export async function readWorkload(
  registration: WorkloadRegistration,
  context: WorkloadReadContext,
): Promise<Source | { problem: Problem }> {
  const { repo, branch, path } = registration.workload;
  const fail = (message: string) => ({
    problem: {
      file: registration.origin.file,
      line: registration.origin.line,
      object: describeObject(registration),
      message,
    },
  });
  const repository = parseGitHubRepositoryUrl(repo);
  if (!repository)
    return fail(repositoryUrlProblem('spec.workload.repo', repo, 'Fix the registration.'));
  const origin = tokenOrigin(repository.origin, context.serverUrl);
  if (origin.kind === 'mismatch')
    return fail(
      `spec.workload.repo '${repo}' is refused: ${origin.why}. Use ${context.serverUrl.replace(/\/+$/, '')}/${repository.fullName}.`,
    );
  try {
    const found = await context.tree(repository, branch, path);
    if (found && 'problem' in found) return fail(found.problem);
    if (!found)
      return fail(
        `branch '${branch}' does not exist in '${repository.fullName}'. Fix spec.workload.branch or create the branch.`,
      );
    const source = sourceFromTree(found.tree, {
      path,
      origin: { kind: 'workload', registration: registration.name },
      display: `${repository.fullName}@${branch}:`,
    });
    context.remember(source, { repository, anonymous: found.anonymous });
    context.reporter.info(
      `Read ${describeObject(registration)} from '${repository.fullName}' at ${found.head.slice(0, 7)} under '${path}' (${source.files.length} manifest files).`,
    );
    return source;
  } catch (error) {
    if (!(error instanceof GitHubAccessError)) throw error;
    return fail(
      `cannot read '${repository.fullName}' (branch '${branch}'): ${error.message} Give the token in '${context.tokenInput}' read access ('contents: read') to '${repository.fullName}', or fix spec.workload.repo.`,
    );
  }
}

/**
 * Below this many REST requests left on the workload token (`x-ratelimit-remaining`), the run's
 * further workload repositories are read with git, which does not count against the REST limit:
 * the rest is kept for the calls only the API can make (statuses, pull requests) of this run and
 * of the other jobs sharing the token.
 */
export const REST_RESERVE = 500;

/**
 * The REST reads of one run, each made once per repository, branch and path (however many
 * environments read it: ci-gate checks several, preview reads base and head).
 */
export class ApiReads {
  private readonly reads = new Map<string, Promise<ApiRead>>();
  /** The lowest `x-ratelimit-remaining` seen. */
  private remaining = Number.POSITIVE_INFINITY;
  private saidLow = false;

  /** The branch below `path`, or 'use-git' when the API cannot give it whole (said in the log). */
  async read(
    client: GitHubClient,
    repository: GitHubRepository,
    branch: string,
    path: string,
    reporter: Reporter,
  ): Promise<WorkloadTree | undefined | { problem: string } | 'use-git'> {
    const key = `${repository.fullName}#${branch}#${path}`;
    let read = this.reads.get(key);
    if (!read) {
      if (this.remaining < REST_RESERVE) {
        if (!this.saidLow)
          reporter.info(
            `Reading the further workload repositories with git: the token in '${client.tokenInput}' has ${this.remaining} REST requests left (x-ratelimit-remaining), under the ${REST_RESERVE} this run leaves to the calls only the API can make.`,
          );
        this.saidLow = true;
        return 'use-git';
      }
      read = readBranchOverApi(client, repository.fullName, branch, path, undefined, (left) => {
        this.remaining = Math.min(this.remaining, left);
      });
      this.reads.set(key, read);
    }
    const result = await read;
    switch (result.kind) {
      case 'read':
        return { head: result.head, tree: result.tree, anonymous: false };
      case 'no-branch':
        return undefined;
      case 'problem':
        return { problem: result.message };
      case 'use-git':
        reporter.info(`Reading '${repository.fullName}' with git: ${result.why}.`);
        return 'use-git';
    }
  }
}
