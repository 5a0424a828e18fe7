// The end of a schedule run (docs/architecture.md): the GitOps target checked against the other
// environments', the proposal made (`publishEnvironment`), then the index noted, an earlier
// "Failed to schedule" cleared, the merge gate set and the deployment recorded.
import type { DeploymentRecord, DeploymentRecordState } from '../ledger/ports.ts';
import { recordDeployment, recordStateOf } from '../ledger/record.ts';
import { ControlPlaneError, type Problem } from '../model/problem.ts';
import type { GitOpsRepo } from '../model/types.ts';
import {
  environmentStatusContext,
  isScheduleFailure,
  promotedStatus,
  type StatusText,
} from '../status/vocabulary.ts';
import { setMergeGate } from './merge-gate-status.ts';
import type { OpenedGitOps } from './ports.ts';
import {
  publishEnvironment,
  type PublishRequest,
  type PublishResult,
} from './publish-environment.ts';
import type {
  ScheduleEnvironmentPorts,
  ScheduleEnvironmentRequest,
  ScheduleOutcome,
} from './schedule-request.ts';
import { overlappingTargets } from './target-overlap.ts';

/** What a run proposes, rendered or taken from the last proposal, and how to finish it. */
export interface Ready {
  readonly target: { repository: string; base: string };
  readonly gitOpsRepo: GitOpsRepo | undefined;
  gitops(): Promise<OpenedGitOps>;
  readonly promotedCommit: string | undefined;
  readonly assignments: number;
  readonly publish: Pick<
    PublishRequest,
    'rendered' | 'noted' | 'promotion' | 'composed' | 'folded' | 'whilePushing'
  >;
  readonly warnings: readonly Problem[];
  /** The `main` commit read (the GitOps targets of the other environments are read at it). */
  readonly mainCommit: string | undefined;
  /** The commit "Failed to schedule" is set on and cleared from. */
  readonly statusCommit: string | undefined;
  /** Notes the render index (and the proposal) after the pull request; absent: nothing noted. */
  noteIndex?(result: PublishResult): Promise<void>;
  /**
   * The end's reads start before the proposal (`endReads`): a run that rendered, which most
   * likely opens or updates the pull request. A run that took the last proposal makes them where
   * they are used, if at all.
   */
  readonly endReadsAhead?: boolean;
}

/**
 * Checks the GitOps target against the other environments', proposes to it (`publishEnvironment`)
 * and finishes the run: the index noted, an earlier "Failed to schedule" cleared, the merge gate
 * set and the deployment recorded.
 */
export async function propose(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
  fail: (problems: readonly Problem[]) => Promise<ScheduleOutcome>,
  ready: Ready,
): Promise<ScheduleOutcome> {
  const { environment } = request;
  const { reporter } = ports;
  const { target, warnings } = ready;
  const overlaps = await overlapsOf(request, ports, ready.mainCommit, target, ready.gitOpsRepo);
  if (overlaps.length > 0) return fail(overlaps);
  const { statusCommit } = ready;
  const gitops = await ready.gitops();
  const end = endReads(request, ports, ready);
  // The index is noted (git, in processes of its own) once the proposed commit is pushed, while
  // the pull request, the statuses and the deployment are written (REST): none needs the other,
  // and noting never fails the run. It is awaited before the run returns, so no git process
  // outlives it.
  let noting: Promise<void> | undefined;
  const note = (result: PublishResult) => {
    if (noting || !ready.noteIndex) return;
    noting = ready.noteIndex(result);
    noting.catch(() => undefined); // awaited below: never unhandled meanwhile
  };
  try {
    const result = await reporter.group(
      `Proposing '${environment}' to '${target.repository}' branch '${target.base}'`,
      () =>
        publishEnvironment(
          {
            ...publishRequest(request, target.base, ready.publish),
            ...(ready.noteIndex ? { pushed: note } : {}),
          },
          { ...gitops, reporter },
        ),
    );
    // Nothing pushed (the branch held the proposal already): noted now.
    note(result);
    try {
      if (end.latest && statusCommit !== undefined)
        await clearScheduleFailure(ports, statusCommit, request, end.latest());
      await setMergeGate(
        {
          environment,
          dryRun: request.dryRun,
          ...(request.runUrl ? { runUrl: request.runUrl } : {}),
          ...(end.gate ? { mergeGate: end.gate } : {}),
          reporter,
        },
        gitops.statuses,
        result,
        ready.promotedCommit,
      );
      const promotedCommit = ready.promotedCommit;
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
    } finally {
      await noting;
    }
    return {
      kind: 'published',
      result,
      gitops: {
        repository: target.repository,
        base: target.base,
        branch: request.pullRequestBranch,
      },
      promotedCommit: ready.mainCommit ?? '',
      assignments: ready.assignments,
      warnings,
    };
  } catch (error) {
    if (error instanceof ControlPlaneError) return fail(error.problems);
    throw error;
  } finally {
    // Nothing read ahead, and no note started, outlives the run, whatever it ended with.
    await end.settled();
    await noting?.catch(() => undefined);
  }
}

/** What `publishEnvironment` is asked to propose: the run's proposal and the request's settings. */
function publishRequest(
  request: ScheduleEnvironmentRequest,
  base: string,
  proposal: Ready['publish'],
): PublishRequest {
  return {
    environment: request.environment,
    ...proposal,
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
  };
}

/** Records a state of the promotion in this environment; a failure is a warning. */
export function record(
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
 * The reads the end of the run makes, each made once: the environment's latest status on the
 * status commit (`clearScheduleFailure`), the merge gate's status (the chain's policy and the
 * locks) and the ledger's deployment of the promoted commit (`DeploymentRecords.prepare`). None
 * depends on the push or the pull request: with `ready.endReadsAhead` they start before the proposal
 * and are answered while it is made, so that the end waits for its writes only (the gate is set
 * on the pull request's head a few seconds after it is evaluated; the sweeper refreshes it
 * later). A read that fails is said where its result is used, as before.
 */
function endReads(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
  ready: Ready,
): {
  latest?: () => Promise<StatusText | undefined>;
  gate?: () => Promise<StatusText | undefined>;
  settled(): Promise<unknown>;
} {
  const { statusCommit, promotedCommit } = ready;
  const started: Promise<unknown>[] = [];
  const once = <T>(read: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      if (!made) {
        made = read();
        made.catch(() => undefined); // awaited where it is used: never unhandled meanwhile
        started.push(made);
      }
      return made;
    };
  };
  const writesStatus = request.setStatus && !request.dryRun && statusCommit !== undefined;
  const latest = writesStatus
    ? once(() =>
        ports.statuses.latestStatus(statusCommit, environmentStatusContext(request.environment)),
      )
    : undefined;
  const mergeGate = ports.mergeGate;
  const gate =
    mergeGate && promotedCommit && !request.dryRun
      ? once(() => mergeGate(request.environment, promotedCommit))
      : undefined;
  if (ready.endReadsAhead) {
    if (promotedCommit && !request.dryRun)
      ports.records.prepare?.(request.environment, promotedCommit);
    void latest?.();
    void gate?.();
  }
  return {
    ...(latest ? { latest } : {}),
    ...(gate ? { gate } : {}),
    settled: () => Promise.allSettled(started),
  };
}

/**
 * A run that failed earlier left `<env> environment` = failure "Failed to schedule" on the promoted
 * commit (`latest`, as `endReads` read it); now that the environment is proposed again, put it
 * back to pending "Promoted".
 */
async function clearScheduleFailure(
  ports: ScheduleEnvironmentPorts,
  sha: string,
  request: ScheduleEnvironmentRequest,
  read: Promise<StatusText | undefined>,
): Promise<void> {
  const context = environmentStatusContext(request.environment);
  const latest = await read;
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
