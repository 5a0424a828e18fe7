// The schedule use case: render one environment and propose it to its GitOps repository.
// A run that takes the last proposal never renders: the render and what only it needs (the
// template engine, the config schemas) are imported when a run gets there
// (schedule-render.ts; docs/decisions/startup-cost.md).
import { recordStateOf } from '../ledger/record.ts';
import type { Problem } from '../model/problem.ts';
import { environmentStatusContext, scheduleFailureStatus } from '../status/vocabulary.ts';
import type { OpenedGitOps } from './ports.ts';
import { propose, record } from './propose-environment.ts';
import type { RunState } from './schedule-render.ts';
import { DEFAULT_MAX_FILES, fleetFiles } from './schedule-target.ts';
import { runInputs, takeNotedProposal } from './unchanged-inputs.ts';

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
  const read = await reporter.group(`Reading environment '${environment}'`, () =>
    deferBlobs
      ? ports.sources.readEnvironment(environment, undefined, { deferBlobs })
      : ports.sources.readEnvironment(environment),
  );
  const statusCommit = read.baseCommit ?? read.environmentHead;
  const writesStatus = request.setStatus && !request.dryRun && statusCommit !== undefined;
  // What the render sets: its warnings, and the GitOps reads it started.
  const state: RunState = { warnings: [] };
  const fail = async (problems: readonly Problem[]): Promise<ScheduleOutcome> => {
    const { warnings, early } = state;
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
  // Whether the last proposal's render was within this run's budget: only then are the GitOps
  // branches read before this run's environment is loaded and its size checked (schedule-render).
  let lastFits = false;
  const taken =
    inputs === undefined
      ? undefined
      : await takeNotedProposal(request, { ...ports, openGitOps }, read, inputs, (last) => {
          lastFits =
            fleetFiles(last.assignments, last.clusterTypes) <=
            (request.maxFiles ?? DEFAULT_MAX_FILES);
        });
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
      warnings: state.warnings,
      mainCommit: read.baseCommit,
      statusCommit,
    });
  }
  const { renderAndPropose } = await import('./schedule-render.ts');
  return renderAndPropose(request, ports, {
    read,
    inputs,
    lastFits,
    openGitOps,
    fail,
    statusCommit,
    state,
  });
}
