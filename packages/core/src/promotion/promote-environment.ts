// The cd-promote use case: promote a `main` commit to one environment, then start its schedule.
import type { WorkflowDispatcher } from '../ports.ts';
import { baseRepoFile, promotedCommitOf } from './base-repo.ts';
import {
  promoteCommit,
  type EnvironmentBranch,
  type PromotionDependencies,
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
}

export interface EnvironmentPromotionPorts extends PromotionDependencies {
  dispatcher: WorkflowDispatcher;
}

export interface EnvironmentPromotionReport extends PromotionResult {
  /**
   * The schedule workflow this run dispatched (a dry run: would dispatch); undefined with
   * `schedule: push`.
   */
  dispatched: { workflow: string; ref: string } | undefined;
  /**
   * A dry run: nothing was written. `changed` says whether a commit would be pushed,
   * `branchCommit` is the branch head as it is.
   */
  dryRun: boolean;
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
 * nothing: no push, no status, no dispatch.
 */
export async function promoteEnvironment(
  request: EnvironmentPromotionRequest,
  ports: EnvironmentPromotionPorts,
): Promise<EnvironmentPromotionReport> {
  const dryRun = request.dryRun ?? false;
  const result = dryRun ? await promoteDryRun(request, ports) : await promoteCommit(request, ports);
  if (request.schedule.trigger !== 'dispatch') return { ...result, dispatched: undefined, dryRun };
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
  return { ...result, dispatched: { workflow: dispatch.workflow, ref: dispatch.ref }, dryRun };
}

/**
 * `promoteCommit` with every write held back: it reads the branch and decides as a real run does
 * (nothing to commit, superseded, or a new commit), and stops at the push. No status is set.
 */
async function promoteDryRun(
  request: EnvironmentPromotionRequest,
  ports: EnvironmentPromotionPorts,
): Promise<PromotionResult> {
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
    return await promoteCommit({ ...request, setStatus: false }, { ...ports, branch });
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
