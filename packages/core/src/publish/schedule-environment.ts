// The schedule use case: render one environment and propose it to its GitOps repository.
import type {
  DeploymentRecord,
  DeploymentRecords,
  DeploymentRecordState,
} from '../ledger/ports.ts';
import { recordDeployment, recordStateOf } from '../ledger/record.ts';
import { ControlPlaneError, UserError, type Problem } from '../model/problem.ts';
import type { GitOpsRepo } from '../model/types.ts';
import type {
  CommitStatusReader,
  CommitStatusWriter,
  ControlPlaneSources,
  Reporter,
} from '../ports.ts';
import {
  renderScheduled,
  scheduleEnvironmentSources,
  type RenderedEnvironment,
} from '../render/render-environment.ts';
import {
  environmentStatusContext,
  isScheduleFailure,
  promotedStatus,
  scheduleFailureStatus,
  type StatusText,
} from '../status/vocabulary.ts';
import type { ComposeShards, MergeMethod, OpenedGitOps } from './ports.ts';
import { composeShards, startGitOps, type EarlyGitOps } from './early-gitops.ts';
import { setMergeGate } from './merge-gate-status.ts';
import {
  publishEnvironment,
  type PublishRequest,
  type PublishResult,
} from './publish-environment.ts';
import { describePromotion } from './promotion-details.ts';
import { readIndex, writeIndex } from './render-index-note.ts';
import { checkFleetSize, DEFAULT_MAX_FILES, gitopsTarget } from './schedule-target.ts';
import { overlappingTargets } from './target-overlap.ts';

export interface ScheduleEnvironmentRequest {
  environment: string;
  /** `owner/name` of the control-plane repository (statuses, messages). */
  repository: string;
  /** Overrides of the GitOpsRepo's `owner/name` and branch; "" = from the GitOpsRepo. */
  gitopsRepository: string;
  gitopsBranch: string;
  /** Our pull request branch (`kalypso/<env>`). */
  pullRequestBranch: string;
  templates: { title: string; body: string; commit: string };
  labels: readonly string[];
  reviewers: readonly string[];
  teamReviewers: readonly string[];
  draft: boolean;
  autoMerge: MergeMethod | undefined;
  /** Whether to set (and clear) "Failed to schedule" on the promoted commit. */
  setStatus: boolean;
  /** Render and plan only: no status, no commit, no pull request call that writes. */
  dryRun: boolean;
  /** The budget of rendered files; undefined = DEFAULT_MAX_FILES. */
  maxFiles?: number;
  /** The GitHub the tokens belong to (`GITHUB_SERVER_URL`): the GitOps repository must be there. */
  serverUrl: string;
  /** This run's page, linked from statuses and pull requests. */
  runUrl?: string;
}

export interface ScheduleEnvironmentPorts {
  sources: ControlPlaneSources;
  /** Commit statuses of the control-plane repository. */
  statuses: CommitStatusWriter & CommitStatusReader;
  /** Opens the GitOps repository this run decided on (`owner/name` on `serverUrl`). */
  openGitOps(repository: string): Promise<OpenedGitOps>;
  /**
   * The merge gate's status for a pull request that promotes `commit` into `environment`
   * (docs/decisions/policy-merge-gate.md); undefined when the promotion chain declares no policy.
   * Absent: no gate.
   */
  mergeGate?: (environment: string, commit: string) => Promise<StatusText | undefined>;
  /** Told when the promotion's GitOps pull request opens or it fails to schedule; failures are warnings. */
  records: DeploymentRecords;
  reporter: Reporter;
  /**
   * A sharded schedule's join (docs/decisions/sharded-schedule.md): takes the shards' trees in
   * place of the render. Absent: the environment is rendered here.
   */
  compose?: ComposeShards;
}

/** What a schedule run found and did: the request's facts, and what came of it. */
export type EnvironmentScheduleReport = ScheduleFacts & ScheduleOutcome;

/** The request's facts, for the job summary. */
export interface ScheduleFacts {
  environment: string;
  /** `owner/name` of the control-plane repository. */
  repository: string;
  serverUrl: string;
  dryRun: boolean;
}

export type ScheduleOutcome =
  | {
      kind: 'published';
      result: PublishResult;
      gitops: { repository: string; base: string; branch: string };
      promotedCommit: string;
      assignments: number;
      /** What the original accepts but is probably a mistake; never fails the run. */
      warnings?: readonly Problem[];
    }
  | {
      /** The control plane cannot be scheduled; "Failed to schedule" was set on `statusSetOn`. */
      kind: 'problems';
      problems: readonly Problem[];
      statusSetOn: string | undefined;
      warnings?: readonly Problem[];
    }
  /** What stopped the run (the environment is too large, a read or a write failed). */
  | { kind: 'error'; error: unknown };

/** The facts a report starts from (also the ones main reports when the inputs are wrong). */
export function scheduleFacts(
  request: Pick<ScheduleEnvironmentRequest, 'environment' | 'repository' | 'serverUrl' | 'dryRun'>,
): ScheduleFacts {
  const { environment, repository, serverUrl, dryRun } = request;
  return { environment, repository, serverUrl, dryRun };
}

/**
 * Reads the environment, checks its size against the budget, renders it and proposes it to the
 * GitOps branch as one pull request (`publishEnvironment`). Problems in the control plane or an
 * unusable GitOpsRepo set "Failed to schedule" on the promoted commit (unless dry-run or
 * `setStatus` is off); a successful run puts an earlier "Failed to schedule" back to "Promoted".
 * Never throws: what stops the run is the report's `error`.
 */
export async function scheduleEnvironment(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
): Promise<EnvironmentScheduleReport> {
  const facts = scheduleFacts(request);
  try {
    return { ...facts, ...(await scheduleAndPropose(request, ports)) };
  } catch (error) {
    return { ...facts, kind: 'error', error };
  }
}

async function scheduleAndPropose(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
): Promise<ScheduleOutcome> {
  const { environment } = request;
  const { reporter } = ports;
  const read = await reporter.group(`Reading environment '${environment}'`, () =>
    ports.sources.readEnvironment(environment),
  );
  const statusCommit = read.baseCommit ?? read.environmentHead;
  const writesStatus = request.setStatus && !request.dryRun && statusCommit !== undefined;
  let warnings: readonly Problem[] = [];
  let early: EarlyGitOps | undefined;
  const fail = async (problems: readonly Problem[]): Promise<ScheduleOutcome> => {
    // Nothing this run started may outlive it.
    await early?.reading.catch(() => undefined);
    if (!writesStatus) return { kind: 'problems', problems, statusSetOn: undefined, warnings };
    const failed = scheduleFailureStatus();
    await ports.statuses.setStatus({
      sha: statusCommit,
      ...failed,
      context: environmentStatusContext(environment),
      ...(request.runUrl ? { targetUrl: request.runUrl } : {}),
    });
    await record(request, ports, statusCommit, recordStateOf(failed), failed.description);
    return { kind: 'problems', problems, statusSetOn: statusCommit, warnings };
  };
  if (!read.sources) return fail(read.problems);
  // Loaded and scheduled once: the size check and the render share it.
  const scheduled = scheduleEnvironmentSources(read.sources);
  // The budget bounds what one runner renders; a sharded join renders nothing (its shards each
  // checked their own part: docs/sharded-schedule.md).
  const tooLarge = ports.compose
    ? undefined
    : checkFleetSize(scheduled, request.maxFiles ?? DEFAULT_MAX_FILES);
  if (tooLarge !== undefined) return { kind: 'error', error: new UserError(tooLarge) };
  // The GitOps branches are fetched (by git, in processes of its own) while the environment
  // renders; only when nothing is wrong so far, and their failures count only if the render works.
  if (read.problems.length === 0 && scheduled.problems.length === 0)
    // A join reads the GitOps branches folder by folder later, never as listings of every file.
    early = startGitOps(request, ports, scheduled.view.gitOpsRepos[0], !ports.compose);
  const sources = read.sources;
  // The cross-run index (docs/decisions/incremental-render.md): read once the GitOps branch is.
  const index =
    early && !ports.compose
      ? await readIndex(early, request.pullRequestBranch, reporter)
      : undefined;
  const outcome = ports.compose
    ? await composeShards(request, ports, ports.compose, sources, scheduled, early)
    : await reporter.group(`Rendering environment '${environment}'`, () =>
        Promise.resolve(
          renderScheduled(scheduled, index ? { index: index.entries, digest: index.digest } : {}),
        ),
      );
  for (const note of outcome.notes) reporter.debug(note);
  warnings = outcome.warnings;
  if (!outcome.ok || read.problems.length > 0)
    return fail([...read.problems, ...(outcome.ok ? [] : outcome.problems)]);
  const { rendered } = outcome;
  const composed =
    'composed' in outcome ? (outcome.composed as PublishRequest['composed']) : undefined;
  reporter.info(
    composed
      ? `Joined ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types (${composed.files + rendered.files.size} files).`
      : `Rendered ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types (${rendered.files.size} files).`,
  );
  const target = gitopsTarget(request, rendered.gitOpsRepo);
  if ('problem' in target) return fail([target.problem]);
  const overlaps = await overlapsOf(request, ports, read.baseCommit, target, rendered.gitOpsRepo);
  if (overlaps.length > 0) return fail(overlaps);
  const gitops =
    early && early.repository === target.repository && early.base === target.base
      ? await early.opened(request.pullRequestBranch)
      : await ports.openGitOps(target.repository);
  // Only words in the pull request, gathered when there is something to propose: a failure to
  // gather them leaves them out, never fails the run.
  const promotion = () =>
    describePromotion(request, ports, gitops.repository, target.base, rendered, {
      compareConfig: composed === undefined,
    }).catch((error: unknown) => {
      reporter.info(
        `The pull request leaves out the promotion details: ${error instanceof Error ? error.message : String(error)}`,
      );
      return {};
    });
  try {
    const result = await reporter.group(
      `Proposing '${environment}' to '${target.repository}' branch '${target.base}'`,
      () =>
        publishEnvironment(publishRequest(request, rendered, target.base, promotion, composed), {
          ...gitops,
          reporter,
        }),
    );
    if (index && early)
      await writeIndex(index, early, request.pullRequestBranch, rendered, result, reporter);
    if (writesStatus) await clearScheduleFailure(ports, statusCommit, request);
    await setMergeGate(
      {
        environment,
        dryRun: request.dryRun,
        ...(request.runUrl ? { runUrl: request.runUrl } : {}),
        ...(ports.mergeGate ? { mergeGate: ports.mergeGate } : {}),
        reporter,
      },
      gitops.statuses,
      result,
      rendered.baseRepo?.commit,
    );
    const promotedCommit = rendered.baseRepo?.commit;
    const opened = result.operation === 'created' || result.operation === 'updated';
    if (opened && promotedCommit && !request.dryRun) {
      const pullRequestUrl = result.pullRequest?.url;
      await record(
        request,
        ports,
        promotedCommit,
        'in_progress',
        `GitOps pull request ${result.operation === 'created' ? 'opened' : 'updated'}`,
        {
          repository: target.repository,
          branch: target.base,
          ...(pullRequestUrl ? { pullRequestUrl } : {}),
        },
      );
    }
    return {
      kind: 'published',
      result,
      gitops: {
        repository: target.repository,
        base: target.base,
        branch: request.pullRequestBranch,
      },
      promotedCommit: read.baseCommit ?? '',
      assignments: rendered.assignments.length,
      warnings,
    };
  } catch (error) {
    if (error instanceof ControlPlaneError) return fail(error.problems);
    throw error;
  }
}

/** What `publishEnvironment` is asked to propose: the rendered environment and the request's settings. */
function publishRequest(
  request: ScheduleEnvironmentRequest,
  rendered: RenderedEnvironment,
  base: string,
  promotion: PublishRequest['promotion'],
  composed?: PublishRequest['composed'],
): PublishRequest {
  return {
    environment: request.environment,
    rendered,
    base,
    branch: request.pullRequestBranch,
    templates: request.templates,
    labels: request.labels,
    reviewers: request.reviewers,
    teamReviewers: request.teamReviewers,
    draft: request.draft,
    autoMerge: request.autoMerge,
    dryRun: request.dryRun,
    controlPlaneRepository: request.repository,
    runUrl: request.runUrl ?? '',
    controlPlaneUrl: `${request.serverUrl}/${request.repository}`,
    ...(promotion ? { promotion } : {}),
    ...(composed ? { composed } : {}),
  };
}

/** Records a state of the promotion in this environment; a failure is a warning. */
function record(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
  promotedCommit: string,
  state: DeploymentRecordState,
  description: string,
  gitops?: DeploymentRecord['gitops'],
): Promise<void> {
  return recordDeployment(ports.records, ports.reporter, {
    environment: request.environment,
    promotedCommit,
    state,
    description,
    ...(request.runUrl ? { logUrl: request.runUrl } : {}),
    ...(gitops ? { gitops } : {}),
  });
}

/**
 * A run that failed earlier left `<env> environment` = failure "Failed to schedule" on the promoted
 * commit; now that the environment is proposed again, put it back to pending "Promoted".
 */
async function clearScheduleFailure(
  ports: ScheduleEnvironmentPorts,
  sha: string,
  request: ScheduleEnvironmentRequest,
): Promise<void> {
  const context = environmentStatusContext(request.environment);
  const latest = await ports.statuses.latestStatus(sha, context);
  if (!isScheduleFailure(latest)) return;
  const promoted = promotedStatus();
  await ports.statuses.setStatus({
    sha,
    ...promoted,
    context,
    ...(request.runUrl ? { targetUrl: request.runUrl } : {}),
  });
  await record(request, ports, sha, recordStateOf(promoted), promoted.description);
  ports.reporter.info(
    `Set '${context}' on ${sha.slice(0, 7)} back to ${promoted.state} '${promoted.description}': the environment is scheduled again.`,
  );
}

/** Problems when this environment's GitOps target overlaps another environment's of the chain. */
function overlapsOf(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
  mainCommit: string | undefined,
  target: { repository: string; base: string },
  gitOpsRepo: GitOpsRepo | undefined,
): Promise<Problem[]> {
  const own = { repository: target.repository, branch: target.base };
  return ports.reporter.group('Checking the GitOps targets of the other environments', () =>
    overlappingTargets(request.environment, own, gitOpsRepo, mainCommit, ports.sources),
  );
}
