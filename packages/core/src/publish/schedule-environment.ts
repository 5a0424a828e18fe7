// The schedule use case: render one environment and propose it to its GitOps repository.
import { recordStateOf } from '../ledger/record.ts';
import { UserError, type Problem } from '../model/problem.ts';
import { renderScheduled, scheduleEnvironmentSources } from '../render/render-environment.ts';
import { environmentStatusContext, scheduleFailureStatus } from '../status/vocabulary.ts';
import type { OpenedGitOps } from './ports.ts';
import { composeShards, startGitOps, type EarlyGitOps } from './early-gitops.ts';
import type { PublishRequest, PublishResult } from './publish-environment.ts';
import { describePromotion } from './promotion-details.ts';
import { propose, record } from './propose-environment.ts';
import { readIndex, writeIndex } from './render-index-note.ts';
import { proposalToNote, runInputs, takeNotedProposal } from './unchanged-inputs.ts';
import { checkFleetSize, DEFAULT_MAX_FILES, gitopsTarget } from './schedule-target.ts';

import type {
  EnvironmentScheduleReport,
  ScheduleEnvironmentPorts,
  ScheduleEnvironmentRequest,
  ScheduleFacts,
  ScheduleOutcome,
} from './schedule-request.ts';

export type {
  EnvironmentScheduleReport,
  ScheduleEnvironmentPorts,
  ScheduleEnvironmentRequest,
  ScheduleFacts,
  ScheduleOutcome,
};

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
  // A run that may take the last proposal digests workload files by their blob ids and reads
  // their bytes only when it renders (docs/decisions/unchanged-inputs.md).
  const deferBlobs = ports.inputs !== undefined && !request.dryRun && ports.compose === undefined;
  let read = await reporter.group(`Reading environment '${environment}'`, () =>
    deferBlobs
      ? ports.sources.readEnvironment(environment, undefined, { deferBlobs })
      : ports.sources.readEnvironment(environment),
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
  // One GitOps repository opened per run, whichever step opens it first.
  const opened = new Map<string, Promise<OpenedGitOps>>();
  const openGitOps = (repository: string) => {
    let found = opened.get(repository);
    if (!found) {
      found = ports.openGitOps(repository);
      opened.set(repository, found);
    }
    return found;
  };
  // Every input digested (docs/decisions/unchanged-inputs.md): a run whose inputs are those of
  // the last proposal, with the GitOps side where that run left it, takes it whole.
  const inputs = runInputs(request, ports.inputs, read, ports.compose !== undefined);
  const taken =
    inputs === undefined
      ? undefined
      : await takeNotedProposal(request, { ...ports, openGitOps }, read, inputs);
  if (taken) {
    reporter.info(
      `Took the last proposal: ${taken.proposal.assignments} assignments on ${taken.proposal.clusterTypes} cluster types.`,
    );
    return propose(request, ports, fail, {
      target: taken.target,
      gitOpsRepo: taken.gitOpsRepo,
      gitops: () => Promise.resolve(taken.gitops),
      promotedCommit: taken.proposal.view?.promotedCommit,
      assignments: taken.proposal.assignments,
      publish: { noted: taken.noted },
      warnings,
      mainCommit: read.baseCommit,
      statusCommit,
    });
  }
  if (read.readDeferred) read = await read.readDeferred();
  if (!read.sources) return fail(read.problems);
  // Loaded and scheduled once: the size check and the render share it.
  const scheduled = scheduleEnvironmentSources(
    read.sources,
    ports.loads ? { loads: ports.loads } : {},
  );
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
    early = startGitOps(request, { openGitOps }, scheduled.view.gitOpsRepos[0], !ports.compose);
  const sources = read.sources;
  // The cross-run index (docs/decisions/incremental-render.md): read once the GitOps branch is.
  const index =
    early && !ports.compose
      ? await readIndex(early, request.pullRequestBranch, reporter)
      : undefined;
  const outcome = ports.compose
    ? await composeShards(
        request,
        { ...ports, openGitOps },
        ports.compose,
        sources,
        scheduled,
        early,
      )
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
  const earlyRead = early;
  const gitops = () =>
    earlyRead && earlyRead.repository === target.repository && earlyRead.base === target.base
      ? earlyRead.opened(request.pullRequestBranch)
      : openGitOps(target.repository);
  // Only words in the pull request, gathered when there is something to propose: a failure to
  // gather them leaves them out, never fails the run (and notes no proposal for the next run).
  let detailsComplete = true;
  const promotion = async () =>
    describePromotion(request, ports, (await gitops()).repository, target.base, rendered, {
      compareConfig: composed === undefined,
    }).catch((error: unknown) => {
      detailsComplete = false;
      reporter.info(
        `The pull request leaves out the promotion details: ${error instanceof Error ? error.message : String(error)}`,
      );
      return {};
    });
  return propose(request, ports, fail, {
    target,
    gitOpsRepo: rendered.gitOpsRepo,
    gitops,
    promotedCommit: rendered.baseRepo?.commit,
    assignments: rendered.assignments.length,
    publish: {
      rendered,
      promotion,
      ...(composed ? { composed } : {}),
      ...(index?.folded ? { folded: index.folded } : {}),
    },
    warnings,
    mainCommit: read.baseCommit,
    statusCommit,
    ...(index && earlyRead
      ? {
          noteIndex: (result: PublishResult) =>
            writeIndex(
              index,
              earlyRead,
              request.pullRequestBranch,
              rendered,
              result,
              reporter,
              proposalToNote(
                inputs,
                result,
                {
                  assignments: rendered.assignments.length,
                  clusterTypes: rendered.view.clusterTypes.length,
                },
                detailsComplete,
              ),
            ),
        }
      : {}),
  });
}
