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
import { controlPlaneInputs, runInputs, takeNotedProposal } from './unchanged-inputs.ts';
import { whileReading } from './while-reading.ts';

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
  // One GitOps repository opened per run, whichever step opens it first; its tips read once.
  const opened = new Map<string, Promise<OpenedGitOps>>();
  const openGitOps = (repository: string) => {
    let found = opened.get(repository);
    if (!found) {
      found = ports.openGitOps(repository).then(tipsOnce);
      opened.set(repository, found);
    }
    return found;
  };
  // What a run that renders needs starts while the workload repositories are read.
  const meanwhile = deferBlobs
    ? whileReading(request, {
        inputs: ports.inputs,
        openGitOps,
        reporter,
        ...(ports.loads ? { loads: ports.loads } : {}),
        importRender: () => import('./schedule-render.ts'),
      })
    : undefined;
  const read = await reporter
    .group(`Reading environment '${environment}'`, () =>
      meanwhile
        ? ports.sources.readEnvironment(environment, undefined, {
            deferBlobs,
            whileReadingBase: (branch) => meanwhile.tellBranch(branch),
            whileReadingWorkloads: (own, sent) => meanwhile.tell(own, sent),
            readNow: meanwhile.renders,
            readAhead: (source) => meanwhile.parseRead(source),
            notedTexts: meanwhile.noted,
          })
        : ports.sources.readEnvironment(environment),
    )
    .catch(async (error: unknown) => {
      // Nothing this run started may outlive it, when the read fails too.
      const started = await meanwhile?.early();
      await started?.reading;
      await meanwhile?.stopParsing();
      throw error;
    });
  const statusCommit = read.baseCommit ?? read.environmentHead;
  const writesStatus = request.setStatus && !request.dryRun && statusCommit !== undefined;
  // What the render sets: its warnings, and the GitOps reads it started.
  const state: RunState = {
    warnings: [],
    early: await meanwhile?.early(),
    ...(meanwhile
      ? {
          stopParsing: () => meanwhile.stopParsing(),
          finishParsing: (sources) => meanwhile.finishParsing(sources),
        }
      : {}),
  };
  const fail = async (problems: readonly Problem[]): Promise<ScheduleOutcome> => {
    const { warnings, early } = state;
    // Nothing this run started may outlive it.
    await early?.reading.catch(() => undefined);
    await state.stopParsing?.();
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
  // Every input digested (docs/decisions/unchanged-inputs.md): a run whose inputs are those of
  // the last proposal, with the GitOps side where that run left it, takes it whole.
  const inputs = runInputs(request, ports.inputs, read, ports.compose !== undefined);
  const ownInputs = controlPlaneInputs(request, ports.inputs, read, ports.compose !== undefined);
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
    // Started for a run that renders (a note that lies about its own inputs): not taken over.
    await state.early?.reading;
    state.early = undefined;
    await state.stopParsing?.();
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
    controlPlaneInputs: ownInputs,
    lastFits,
    openGitOps,
    fail,
    statusCommit,
    state,
  });
}

/**
 * The GitOps repository with its `renderIndex.tips` read once per pair of branches: the run asks
 * while its workloads are read (while-reading.ts) and again when it decides (`takeNotedProposal`),
 * and both must see the same tips.
 */
function tipsOnce(gitops: OpenedGitOps): OpenedGitOps {
  const index = gitops.repository.renderIndex;
  const tips = index?.tips?.bind(index);
  if (index === undefined || tips === undefined) return gitops;
  const read = new Map<string, ReturnType<typeof tips>>();
  return {
    ...gitops,
    repository: {
      ...gitops.repository,
      renderIndex: {
        ...index,
        tips: (base, branch) => {
          const key = `${base}\0${branch}`;
          let found = read.get(key);
          if (!found) {
            found = tips(base, branch);
            read.set(key, found);
          }
          return found;
        },
      },
    },
  };
}
