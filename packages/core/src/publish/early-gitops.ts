// The GitOps repository opened early (its branches fetched while the environment renders), and
// a sharded join's step in place of the render (docs/decisions/sharded-schedule.md).
import type { EnvironmentSources } from '../model/environment.ts';
import type { GitOpsRepo } from '../model/types.ts';
import type { Reporter } from '../ports.ts';
import type { ScheduledEnvironment } from '../render/render-environment.ts';
import type { ComposeOutcome, ComposeShards, GitOpsRepository, OpenedGitOps } from './ports.ts';
import { gitopsTarget } from './schedule-target.ts';
import { normaliseGitOpsPath, TRACKING_FILE } from '../gitops/tree.ts';

/** What names the GitOps target (`gitopsTarget`'s request). */
type TargetRequest = Parameters<typeof gitopsTarget>[0];

/** The GitOps repository opened, and its branches being read, before the render. */
export interface EarlyGitOps {
  readonly repository: string;
  readonly base: string;
  /** The GitOpsRepo's spec.path, normalised ("" = the root): where the folded read folds. */
  readonly gitopsPath: string;
  /** Settles when the early read does; never rejects. */
  readonly reading: Promise<unknown>;
  /** The opened repository, whose `read` of the base and `branch` is the one already started. */
  opened(branch: string): Promise<OpenedGitOps>;
}

/**
 * Opens the GitOps repository and, unless `readBranches` is false (a join, which reads them folder
 * by folder), starts reading its base and our pull request branch: folded at spec.path when the
 * repository reads so (`GitOpsRepository.folders`: docs/decisions/incremental-render.md), else
 * as listings of every file.
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
  const gitopsPath = normaliseGitOpsPath(gitOpsRepo?.path ?? '.');
  const opening = ports.openGitOps(target.repository);
  type Read = ReturnType<GitOpsRepository['read']>;
  type Folded = ReturnType<NonNullable<GitOpsRepository['folders']>['read']>;
  const started = readBranches
    ? opening.then(({ repository }): { read?: Read; folded?: Folded } =>
        repository.folders
          ? { folded: repository.folders.read(target.base, branch, gitopsPath) }
          : { read: repository.read(target.base, branch) },
      )
    : undefined;
  // The base's tracking file, which the pull request's words read (promotion-details.ts), read
  // once the folded read holds the trees on its way: its blob is then the only fetch.
  const tracking = started?.then(async ({ folded }) => {
    if (!folded) return undefined;
    await folded;
    return (await opening).repository.readText(target.base, TRACKING_FILE);
  });
  tracking?.catch(() => undefined); // read again where it is used
  const settled: Promise<unknown> | undefined = started?.then(
    ({ read, folded }): Promise<unknown> | undefined =>
      read ?? folded?.then(() => tracking?.catch(() => undefined)),
  );
  const reading = (settled ?? opening).catch(() => undefined);
  return {
    repository: target.repository,
    base: target.base,
    gitopsPath,
    reading,
    async opened(wanted) {
      const gitops = await opening;
      if (wanted !== branch || started === undefined) return gitops;
      const { read, folded } = await started;
      const inner = gitops.repository;
      const folders = inner.folders;
      const own = (base: string, other: string) => base === target.base && other === branch;
      // The same repository, except that reading the base and our branch (whole or folded at
      // spec.path) gives the read started early.
      const repository: GitOpsRepository = {
        ...inner,
        ...(folded && tracking
          ? {
              readText: (other, path) =>
                other === target.base && path === TRACKING_FILE
                  ? tracking.then(
                      (text) => text,
                      () => inner.readText(other, path),
                    )
                  : inner.readText(other, path),
            }
          : {}),
        ...(read
          ? { read: (base, other) => (own(base, other) ? read : inner.read(base, other)) }
          : {}),
        ...(folded && folders
          ? {
              folders: {
                objectId: (object) => folders.objectId(object),
                read: (base, other, path) =>
                  own(base, other) && path === gitopsPath
                    ? folded
                    : folders.read(base, other, path),
              },
            }
          : {}),
      };
      return { ...gitops, repository };
    },
  };
}

/**
 * The GitOps repository of `target`: the one opened early, with its reads of the base and
 * `branch`, when it is that repository and base; else opened as any other.
 */
export function openedFor(
  early: EarlyGitOps | undefined,
  target: { repository: string; base: string },
  branch: string,
  ports: { openGitOps(repository: string): Promise<OpenedGitOps> },
): Promise<OpenedGitOps> {
  return early && early.repository === target.repository && early.base === target.base
    ? early.opened(branch)
    : ports.openGitOps(target.repository);
}

/** Whether `early` reads the target and spec.path a render taking `gitOpsRepo` writes to. */
export function readsFor(
  early: EarlyGitOps,
  request: TargetRequest,
  gitOpsRepo: GitOpsRepo | undefined,
): boolean {
  const target = gitopsTarget(request, gitOpsRepo);
  return (
    !('problem' in target) &&
    target.repository === early.repository &&
    target.base === early.base &&
    normaliseGitOpsPath(gitOpsRepo?.path ?? '.') === early.gitopsPath
  );
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
  const open = () => openedFor(early, target, request.pullRequestBranch, ports);
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
