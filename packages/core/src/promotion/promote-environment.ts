// The cd-promote use case: promote a `main` commit to one environment, then start its schedule.
import type { PolicyHold } from '../policy/ports.ts';
import type { SweepReport } from './sweep-holds.ts';
import type { LockCommandResult } from './change-locks.ts';
import type { WorkflowDispatcher } from '../ports.ts';
import { baseRepoFile, promotedCommitOf } from './base-repo.ts';
import {
  checkChain,
  recordChainSkip,
  type ChainGateOutcome,
  type ChainSkip,
} from './chain-gate.ts';
import {
  promoteCommit,
  type EnvironmentBranch,
  type PromotionDependencies,
  type PromotionHeld,
  type PromotionRequest,
  type PromotionResult,
} from './promote.ts';

export interface EnvironmentPromotionRequest extends PromotionRequest {
  /**
   * How the schedule workflow starts after the promotion: `push` (the push to the environment
   * branch starts it; nothing to do) or `dispatch` (this run dispatches `workflow` on the BaseRepo
   * branch, with input `environment`).
   */
  schedule: { trigger: 'push' } | { trigger: 'dispatch'; workflow: string };
  /** Read and report, write nothing: no push, no commit status, no dispatch. */
  dryRun?: boolean;
  /** The GitHub the repository is on (`GITHUB_SERVER_URL`), for links in the report. */
  serverUrl: string;
  /**
   * The chain check (docs/decisions/gate-checks.md): the promotion chain file on the default
   * branch, ci-gate's status context, and the break-glass skip, if any.
   */
  chain: { file: string; ciContext: string; skip?: ChainSkip };
}

export interface EnvironmentPromotionPorts extends PromotionDependencies {
  dispatcher: WorkflowDispatcher;
  /** The promotion chain file's text on the default branch; undefined when there is none. */
  readChain(): Promise<string | undefined>;
}

export interface EnvironmentPromotionReport {
  /** The request's facts, for the job summary. */
  repository: string;
  environment: string;
  /** The promoted `main` commit, as requested. */
  commit: string;
  serverUrl: string;
  schedule: EnvironmentPromotionRequest['schedule'];
  /**
   * A dry run: nothing was written. `promotion.changed` says whether a commit would be pushed,
   * `promotion.branchCommit` is the branch head as it is.
   */
  dryRun: boolean;
  /** What the chain check found; undefined when the run stopped before it. */
  chain?: ChainGateOutcome;
  /** What the promotion did; undefined when the policy held it or the run stopped before (`error`). */
  promotion?: PromotionResult;
  /** The promotion policy held the promotion: nothing written, nothing dispatched. */
  held?: PolicyHold;
  /** Whether the held status was set on the commit. */
  heldStatusSet?: boolean;
  /**
   * The schedule workflow this run dispatched (a dry run: would dispatch); undefined with
   * `schedule: push`.
   */
  dispatched: { workflow: string; ref: string } | undefined;
  /** What stopped the run (the branch is missing or kept moving, a status or the dispatch failed). */
  error?: unknown;
  /** `mode: sweep`: what the sweeper released, superseded and kept held, per environment. */
  sweep?: SweepReport;
  /** `mode: lock` / `unlock`: the lock change (`result` undefined when it failed: `error`). */
  lock?: { readonly action: 'lock' | 'unlock'; readonly result?: LockCommandResult };
}

/** The report a run starts from (also the one main reports when the inputs are wrong). */
export function newEnvironmentPromotionReport(
  request: Pick<
    EnvironmentPromotionRequest,
    'repository' | 'environment' | 'commit' | 'serverUrl' | 'schedule' | 'dryRun'
  >,
): EnvironmentPromotionReport {
  const { repository, environment, commit, serverUrl, schedule } = request;
  return {
    ...{ repository, environment, commit, serverUrl, schedule },
    dryRun: request.dryRun ?? false,
    dispatched: undefined,
  };
}

/** The write a dry run stops at: the branch would get this commit on top of `parent`. */
class WouldWrite extends Error {
  readonly parent: string;
  constructor(parent: string) {
    super('dry run: nothing is written');
    this.parent = parent;
  }
}

/**
 * Writes `base-repo.yaml` for the commit to the environment branch and sets its status
 * (`promoteCommit`), then, with `schedule: dispatch`, starts the schedule workflow for the
 * environment. The dispatch happens also when nothing changed or the commit was
 * superseded: the schedule run renders whatever the branch promotes, so running it is harmless and
 * it repairs a schedule that failed before. A dry run reads and decides the same, and writes
 * nothing: no push, no status, no dispatch. Never throws: what stops the run is the report's
 * `error`.
 */
export async function promoteEnvironment(
  request: EnvironmentPromotionRequest,
  ports: EnvironmentPromotionPorts,
): Promise<EnvironmentPromotionReport> {
  const report = newEnvironmentPromotionReport(request);
  try {
    // The chain first: a promotion it refuses reads and writes nothing else.
    report.chain = await checkChain(
      {
        environment: request.environment,
        commit: request.commit,
        chainFile: request.chain.file,
        ciContext: request.chain.ciContext,
        skip: request.chain.skip,
      },
      ports,
    );
    const skipped = report.chain.kind === 'skipped' ? report.chain.skip : undefined;
    const withSkip = skipped ? { ...request, chainSkip: skipped } : request;
    const done = { ...report, ...(await promote(withSkip, ports)) };
    if (skipped && done.promotion && !done.promotion.supersededBy && !done.dryRun) {
      if (request.setStatus) await recordChainSkip(ports.statuses, request, skipped);
    }
    return done;
  } catch (error) {
    return { ...report, error };
  }
}

async function promote(
  request: EnvironmentPromotionRequest,
  ports: EnvironmentPromotionPorts,
): Promise<
  Pick<EnvironmentPromotionReport, 'promotion' | 'dispatched' | 'held' | 'heldStatusSet'>
> {
  const dryRun = request.dryRun ?? false;
  const result = dryRun ? await promoteDryRun(request, ports) : await promoteCommit(request, ports);
  // Held: nothing is promoted, so there is nothing to schedule either.
  if ('held' in result)
    return { held: result.held, heldStatusSet: result.statusSet, dispatched: undefined };
  if (request.schedule.trigger !== 'dispatch') return { promotion: result, dispatched: undefined };
  const dispatch = {
    workflow: request.schedule.workflow,
    ref: request.baseRepo.branch,
    inputs: { environment: request.environment },
  };
  if (dryRun) {
    ports.reporter.info(
      `Dry run: would dispatch '${dispatch.workflow}' on '${dispatch.ref}' for '${request.environment}'.`,
    );
  } else {
    await ports.dispatcher.dispatch(dispatch);
    ports.reporter.info(
      `Dispatched '${dispatch.workflow}' on '${dispatch.ref}' for '${request.environment}'.`,
    );
  }
  return { promotion: result, dispatched: { workflow: dispatch.workflow, ref: dispatch.ref } };
}

/**
 * `promoteCommit` with every write held back: it reads the branch and decides as a real run does
 * (nothing to commit, superseded, or a new commit), and stops at the push. No status is set.
 */
async function promoteDryRun(
  request: EnvironmentPromotionRequest,
  ports: EnvironmentPromotionPorts,
): Promise<PromotionResult | PromotionHeld> {
  let previousCommit: string | undefined;
  const branch: EnvironmentBranch = {
    read: async (path) => {
      const current = await ports.branch.read(path);
      previousCommit =
        current?.content === undefined ? undefined : promotedCommitOf(current.content);
      return current;
    },
    write: (change) => Promise.reject(new WouldWrite(change.parent)),
  };
  try {
    // Nothing is recorded either: the dry run changes no promotion's state.
    const records = { record: () => Promise.resolve() };
    return await promoteCommit({ ...request, setStatus: false }, { ...ports, branch, records });
  } catch (error) {
    if (!(error instanceof WouldWrite)) throw error;
    ports.reporter.info(
      `Dry run: would commit ${baseRepoFile} to '${request.environment}' on top of ${error.parent.slice(0, 7)} (promoted before: ${previousCommit ?? 'none'}); no commit status set.`,
    );
    return {
      changed: true,
      branchCommit: error.parent,
      previousCommit,
      attempts: 1,
      statusSet: false,
    };
  }
}
