// The GitOps repository opened early (its branches fetched while the environment renders), and
// a sharded join's step in place of the render (docs/decisions/sharded-schedule.md).
import type { EnvironmentSources } from '../model/environment.ts';
import type { GitOpsRepo } from '../model/types.ts';
import type { Reporter } from '../ports.ts';
import type { ScheduledEnvironment } from '../render/render-environment.ts';
import type { ComposeOutcome, ComposeShards, GitOpsRepository, OpenedGitOps } from './ports.ts';
import { gitopsTarget } from './schedule-target.ts';

/** What names the GitOps target (`gitopsTarget`'s request). */
type TargetRequest = Parameters<typeof gitopsTarget>[0];

/** The GitOps repository opened, and its branches being read, before the render. */
export interface EarlyGitOps {
  readonly repository: string;
  readonly base: string;
  /** Settles when the early read does; never rejects. */
  readonly reading: Promise<unknown>;
  /** The opened repository, whose `read` of the base and `branch` is the one already started. */
  opened(branch: string): Promise<OpenedGitOps>;
}

/**
 * Opens the GitOps repository and, unless `readBranches` is false (a join, which reads them folder
 * by folder), starts reading its base and our pull request branch.
 */
export function startGitOps(
  request: TargetRequest & { pullRequestBranch: string },
  ports: { openGitOps(repository: string): Promise<OpenedGitOps> },
  gitOpsRepo: GitOpsRepo | undefined,
  readBranches = true,
): EarlyGitOps | undefined {
  const target = gitopsTarget(request, gitOpsRepo);
  if ('problem' in target) return undefined;
  const branch = request.pullRequestBranch;
  const opening = ports.openGitOps(target.repository);
  const read = readBranches
    ? opening.then((gitops) => gitops.repository.read(target.base, branch))
    : undefined;
  const reading = (read ?? opening).catch(() => undefined);
  return {
    repository: target.repository,
    base: target.base,
    reading,
    async opened(wanted) {
      const gitops = await opening;
      if (wanted !== branch || read === undefined) return gitops;
      const repository: GitOpsRepository = Object.create(gitops.repository) as GitOpsRepository;
      repository.read = (base, other) =>
        base === target.base && other === branch ? read : gitops.repository.read(base, other);
      return { ...gitops, repository };
    },
  };
}

/** The join's step in place of the render: the GitOps repository it needs is the one the run would open. */
export async function composeShards(
  request: TargetRequest & { environment: string; pullRequestBranch: string },
  ports: { openGitOps(repository: string): Promise<OpenedGitOps>; reporter: Reporter },
  compose: ComposeShards,
  sources: EnvironmentSources,
  scheduled: ScheduledEnvironment,
  early: EarlyGitOps | undefined,
): Promise<ComposeOutcome> {
  const { warnings, notes } = scheduled;
  if (scheduled.problems.length > 0)
    return { ok: false, problems: scheduled.problems, warnings, notes };
  const target = gitopsTarget(request, scheduled.view.gitOpsRepos[0]);
  if ('problem' in target) return { ok: false, problems: [target.problem], warnings, notes };
  const open = () =>
    early && early.repository === target.repository && early.base === target.base
      ? early.opened(request.pullRequestBranch)
      : ports.openGitOps(target.repository);
  // The shard refs are fetched into the repository the early read is fetching into: one at a time.
  await early?.reading;
  try {
    return await ports.reporter.group(
      `Joining the shards of environment '${request.environment}'`,
      () => compose({ sources, scheduled }, open),
    );
  } catch (error) {
    // Nothing this run started may outlive it.
    await early?.reading;
    throw error;
  }
}
