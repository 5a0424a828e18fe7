// Where a schedule run proposes the environment, and whether the environment fits the runner:
// both decided before anything is written.
import {
  parseGitHubRepositoryUrl,
  repositoryUrlProblem,
  tokenOrigin,
} from '../model/github-url.ts';
import type { Problem } from '../model/problem.ts';
import type { GitOpsRepo } from '../model/types.ts';
import type { ScheduledEnvironment } from '../render/render-environment.ts';

/**
 * How many GitOps files one run may render: 1,000,000 files (about 330,000 assignments) fit a
 * standard runner's memory with room to spare (the 301,001-file bench fleet peaks well under
 * 1 GiB). `KALYPSO_SCHEDULE_MAX_FILES` in the step's `env:` moves it for larger runners.
 */
export const DEFAULT_MAX_FILES = 1_000_000;

/**
 * The environment's size, counted before anything is rendered (loading and scheduling are cheap;
 * rendering is what takes the memory): an error naming the size and the budget when it is over.
 */
/**
 * The most GitOps files a render of this many assignments and cluster types writes: each
 * assignment a reconciler, a namespace and at most one config file; each cluster type a README;
 * plus the tracking file.
 */
export function fleetFiles(assignments: number, clusterTypes: number): number {
  return assignments * 3 + clusterTypes + 1;
}

export function checkFleetSize(
  scheduled: ScheduledEnvironment,
  maxFiles: number,
): string | undefined {
  const { view } = scheduled;
  if (scheduled.loadFailed) return undefined; // the render reports them, all at once
  const assignments = scheduled.assignments.length;
  const files = fleetFiles(assignments, view.clusterTypes.length);
  if (files <= maxFiles) return undefined;
  const n = (value: number) => value.toLocaleString('en-US');
  return `The environment '${view.name}' is too large for this runner: ${n(assignments)} assignments on ${n(view.clusterTypes.length)} cluster types would render up to ${n(files)} GitOps files, over the budget of ${n(maxFiles)} files. Nothing was rendered or written. Render it across a job matrix (the sharded schedule: inputs 'mode' and 'shards', docs/sharded-schedule.md), split the environment (fewer cluster types or deployment targets per environment), or on a larger runner raise the budget with the step's env KALYPSO_SCHEDULE_MAX_FILES.`;
}

/** The GitOps repository and base branch: the GitOpsRepo, with the request's overrides. */
export function gitopsTarget(
  request: {
    environment: string;
    /** Overrides of the GitOpsRepo's `owner/name` and branch; "" = from the GitOpsRepo. */
    gitopsRepository: string;
    gitopsBranch: string;
    /** The GitHub the tokens belong to: the GitOps repository must be there. */
    serverUrl: string;
  },
  gitOpsRepo: GitOpsRepo | undefined,
): { repository: string; base: string } | { problem: Problem } {
  const { serverUrl } = request;
  const where = gitOpsRepo
    ? {
        file: gitOpsRepo.origin.file,
        line: gitOpsRepo.origin.line,
        object: `GitOpsRepo '${gitOpsRepo.name}'`,
      }
    : {};
  let repository = request.gitopsRepository;
  if (repository === '') {
    if (!gitOpsRepo)
      return {
        problem: {
          message: `the environment '${request.environment}' has no GitOpsRepo, so there is nowhere to propose its manifests. Add gitops-repo.yaml to the environment branch or set the 'gitops-repository' and 'gitops-branch' inputs.`,
        },
      };
    const parsed = parseGitHubRepositoryUrl(gitOpsRepo.repo);
    if (!parsed)
      return {
        problem: {
          ...where,
          message: repositoryUrlProblem('spec.repo', gitOpsRepo.repo, 'Fix spec.repo.'),
        },
      };
    // The GitOps token goes to GITHUB_SERVER_URL only: a GitOpsRepo elsewhere would otherwise be
    // served by a same-named repository on this server.
    if (tokenOrigin(parsed.origin, serverUrl).kind !== 'same')
      return {
        problem: {
          ...where,
          message: `spec.repo '${gitOpsRepo.repo}' is not on the GitHub this action runs against ('${serverUrl}'), and the 'gitops-token' is only sent to that exact origin (scheme, host and port). Use ${serverUrl}/${parsed.fullName}, or set the 'gitops-repository' input.`,
        },
      };
    repository = parsed.fullName;
  }
  const base = request.gitopsBranch || gitOpsRepo?.branch || '';
  if (base === '')
    return {
      problem: {
        ...where,
        message: `no GitOps branch: spec.branch is empty. Set spec.branch or the 'gitops-branch' input.`,
      },
    };
  return { repository, base };
}
