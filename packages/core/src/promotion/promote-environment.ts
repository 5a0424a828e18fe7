// The cd-promote use case: promote a `main` commit to one environment, then start its schedule.
import type { WorkflowDispatcher } from '../ports.ts';
import {
  promoteCommit,
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
}

export interface EnvironmentPromotionPorts extends PromotionDependencies {
  dispatcher: WorkflowDispatcher;
}

export interface EnvironmentPromotionReport extends PromotionResult {
  /** The schedule workflow this run dispatched; undefined with `schedule: push`. */
  dispatched: { workflow: string; ref: string } | undefined;
}

/**
 * Writes `base-repo.yaml` for the commit to the environment branch and sets its status
 * (`promoteCommit`), then, with `schedule: dispatch`, starts the schedule workflow for the
 * environment. The dispatch happens also when nothing changed or the commit was
 * superseded: the schedule run renders whatever the branch promotes, so running it is harmless and
 * it repairs a schedule that failed before.
 */
export async function promoteEnvironment(
  request: EnvironmentPromotionRequest,
  ports: EnvironmentPromotionPorts,
): Promise<EnvironmentPromotionReport> {
  const result = await promoteCommit(request, ports);
  if (request.schedule.trigger !== 'dispatch') return { ...result, dispatched: undefined };
  const dispatch = {
    workflow: request.schedule.workflow,
    ref: request.baseRepo.branch,
    inputs: { environment: request.environment },
  };
  await ports.dispatcher.dispatch(dispatch);
  ports.reporter.info(
    `Dispatched '${dispatch.workflow}' on '${dispatch.ref}' for '${request.environment}'.`,
  );
  return { ...result, dispatched: { workflow: dispatch.workflow, ref: dispatch.ref } };
}
