// The sweeper: re-asks the promotion policy about every held promotion of each environment and
// releases the newest one it lets go; older held ones become "Superseded", newer ones stay held
// with a fresh "Held: … (opens …)" (docs/decisions/promotion-sweeper.md). It never touches a
// promotion that is already deploying: only commits whose latest status is "Held: …" are queued.
import { recordDeployment, recordStateOf } from '../ledger/record.ts';
import { messageOf } from '../model/problem.ts';
import type { PolicyEvaluation } from '../policy/evaluate.ts';
import { planRelease, type QueuedPromotion } from '../policy/queue.ts';
import type { PromotionPolicy, PromotionStep } from '../policy/ports.ts';
import type { WorkflowDispatcher } from '../ports.ts';
import type { MergeGateRefreshReport } from '../policy/merge-gate.ts';
import {
  environmentStatusContext,
  heldStatus,
  supersededStatus,
  type StatusText,
} from '../status/vocabulary.ts';
import {
  promoteCommit,
  type PromotionDependencies,
  type PromotionRequest,
  type PromotionResult,
} from './promote.ts';

/** A promotion held in an environment: its commit's latest status there is "Held: …". */
export interface HeldPromotion extends QueuedPromotion {
  readonly commit: string;
  /** The held status's description as it is now. */
  readonly description: string;
}

/** Port: the held promotions of an environment (newest first or in any order). */
export interface HeldPromotions {
  held(environment: string): Promise<readonly HeldPromotion[]>;
}

export interface SweepRequest extends Omit<PromotionRequest, 'environment' | 'commit'> {
  /** The environments to sweep, in chain order; default: every environment of the chain. */
  environments?: readonly string[];
  /** Dispatched on the BaseRepo branch for each environment released (pushes by the job's token start no workflow). */
  scheduleWorkflow?: string;
}

export interface SweepPorts extends Omit<PromotionDependencies, 'branch' | 'policy'> {
  held: HeldPromotions;
  /** The policy decider (`policyDecider`): `read` gives the whole evaluation. */
  policy: PromotionPolicy & {
    read(step: PromotionStep): Promise<{ evaluation: PolicyEvaluation | undefined }>;
  };
  /** The environment branch of `environment`. */
  branchOf(environment: string): PromotionDependencies['branch'];
  /** The environments of the promotion chain, in order (when the request names none). */
  chainEnvironments(): Promise<readonly string[]>;
  dispatcher: WorkflowDispatcher;
}

export interface EnvironmentSweep {
  environment: string;
  /** The promotion released, and what promoting it did. */
  released?: { commit: string; result: PromotionResult | { held: true } };
  superseded: string[];
  /** Still held: the commit and its (refreshed) held description. */
  held: { commit: string; description: string }[];
  /** What stopped this environment's sweep (the others go on). */
  error?: unknown;
}

export interface SweepReport {
  environments: EnvironmentSweep[];
  /**
   * The merge gates refreshed after the sweep (`refreshMergeGates`), or `not-refreshed` when the
   * chain declares a policy but the run has no GitOps token; absent without a policy.
   */
  mergeGates?: MergeGateRefreshReport | 'not-refreshed';
}

/**
 * Sweeps every environment of the request; a failure in one is its `error` and the others go on.
 * Nothing held: nothing written.
 */
export async function sweepHolds(request: SweepRequest, ports: SweepPorts): Promise<SweepReport> {
  const environments: EnvironmentSweep[] = [];
  for (const environment of request.environments ?? (await ports.chainEnvironments())) {
    const sweep: EnvironmentSweep = { environment, superseded: [], held: [] };
    try {
      await sweepEnvironment(request, ports, sweep);
    } catch (error) {
      sweep.error = error;
      ports.reporter.error(`Sweeping '${environment}' failed: ${messageOf(error)}`);
    }
    environments.push(sweep);
  }
  return { environments };
}

async function sweepEnvironment(
  request: SweepRequest,
  ports: SweepPorts,
  sweep: EnvironmentSweep,
): Promise<void> {
  const { environment } = sweep;
  const queue = await ports.held.held(environment);
  if (queue.length === 0) {
    ports.reporter.info(`'${environment}': nothing held.`);
    return;
  }
  const evaluations = new Map<string, PolicyEvaluation>();
  for (const promotion of queue) {
    const step = { action: 'promote' as const, environment, commit: promotion.commit };
    const { evaluation } = await ports.policy.read(step);
    // No policy any more: every held promotion may go (the newest is released).
    evaluations.set(
      promotion.commit,
      evaluation ?? { verdict: 'go', description: 'Open', lockedClusterTypes: [] },
    );
  }
  const plan = planRelease(queue, (p) => evaluations.get(p.commit)!);
  const promotionRequest = (commit: string): PromotionRequest => ({
    ...request,
    environment,
    commit,
  });
  if (plan.release) {
    const { commit } = plan.release.promotion;
    ports.reporter.info(`'${environment}': releasing the held ${commit.slice(0, 7)}.`);
    const result = await promoteCommit(promotionRequest(commit), {
      ...ports,
      branch: ports.branchOf(environment),
    });
    sweep.released = { commit, result: 'held' in result ? { held: true } : result };
    if (request.scheduleWorkflow && !('held' in result) && result.changed) {
      const dispatch = {
        workflow: request.scheduleWorkflow,
        ref: request.baseRepo.branch,
        inputs: { environment },
      };
      await ports.dispatcher.dispatch(dispatch);
      ports.reporter.info(
        `Dispatched '${dispatch.workflow}' on '${dispatch.ref}' for '${environment}'.`,
      );
    }
    for (const older of plan.superseded) {
      await setStatus(
        older.commit,
        supersededStatus(commit),
        promotionRequest(older.commit),
        ports,
      );
      sweep.superseded.push(older.commit);
    }
  }
  for (const { promotion, decision } of plan.held) {
    const description = decision.verdict === 'held' ? decision.description : promotion.description;
    if (description !== promotion.description)
      await setStatus(
        promotion.commit,
        heldStatus({ description }),
        promotionRequest(promotion.commit),
        ports,
      );
    sweep.held.push({ commit: promotion.commit, description });
  }
}

/** Sets `<env> environment` on the request's commit and records the state it stands for. */
async function setStatus(
  sha: string,
  status: StatusText,
  request: PromotionRequest,
  ports: SweepPorts,
): Promise<void> {
  const context = environmentStatusContext(request.environment);
  if (request.setStatus) {
    await ports.statuses.setStatus({
      sha,
      ...status,
      context,
      ...(request.targetUrl === undefined ? {} : { targetUrl: request.targetUrl }),
    });
    ports.reporter.info(
      `Set status '${context}' = ${status.state} '${status.description}' on ${sha.slice(0, 7)}.`,
    );
  }
  await recordDeployment(ports.records, ports.reporter, {
    environment: request.environment,
    promotedCommit: sha,
    state: recordStateOf(status),
    description: status.description,
    ...(request.targetUrl === undefined ? {} : { logUrl: request.targetUrl }),
  });
}
