// Steps the deployment use cases share: set the environment status on the promoted commit (and
// record the state it stands for), find the next environment, start it if the policy lets it go.
import { clusterEvidence } from '../compliance/wait.ts';
import { describeWithEvidence } from '../ledger/evidence.ts';
import { recordDeployment, recordStateOf } from '../ledger/record.ts';
import { holdOn } from '../policy/decide.ts';
import {
  deployedStatus,
  environmentStatusContext,
  heldStatus,
  clipDescription,
  STATUS_DESCRIPTIONS,
  type StatusText,
} from '../status/vocabulary.ts';
import { resolveNextEnvironment, type NextEnvironment } from './control-plane.ts';
import type { DeploymentPorts, DeploymentReport, DeploymentRequest } from './deployment-report.ts';

/**
 * Sets `<env> environment` on the promoted commit (nothing without one), keeps it in the report
 * and records the state it stands for (a failure to record is a warning).
 */
export function statusSetter(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  report: DeploymentReport,
): (status: StatusText) => Promise<void> {
  return async ({ state, description }) => {
    const sha = request.promotedCommit;
    if (!sha) return;
    const context = environmentStatusContext(request.environment);
    if (request.dryRun) {
      report.statuses.push({ state, description });
      ports.reporter.info(
        `Dry run: would set '${context}' on ${sha.slice(0, 7)}: ${state}, ${description}.`,
      );
      return;
    }
    await ports.statuses.setStatus({
      sha,
      state,
      context,
      description,
      ...(request.runUrl ? { targetUrl: request.runUrl } : {}),
    });
    report.statuses.push({ state, description });
    ports.reporter.info(`Set '${context}' on ${sha.slice(0, 7)}: ${state}, ${description}.`);
    const gitops = report.gitops && {
      repository: report.gitops.url,
      branch: report.gitops.branch,
      commit: report.gitops.commit,
    };
    const recordState = recordStateOf({ state, description });
    // The counts of the wait, once there was one, on the states that end it (the ledger's only
    // place for them: the deployment's payload is fixed at creation).
    const outcome = report.compliance;
    const counted =
      outcome &&
      outcome.verdict.evidence !== 'unavailable' &&
      ['success', 'failure', 'in_progress'].includes(recordState);
    await recordDeployment(ports.records, ports.reporter, {
      environment: request.environment,
      promotedCommit: sha,
      state: recordState,
      description: counted
        ? describeWithEvidence(withThresholdNote(description, report), clusterEvidence(outcome))
        : withThresholdNote(description, report),
      ...(request.runUrl ? { logUrl: request.runUrl } : {}),
      ...(gitops ? { gitops } : {}),
    });
  };
}

/**
 * The record's description: the status's, plus the failure thresholds' verdict once the check
 * has one ("Deployed: 3 of 400 clusters failed (threshold 5%)").
 */
function withThresholdNote(description: string, report: DeploymentReport): string {
  const judged = report.failures?.result;
  if (
    !judged ||
    (description !== STATUS_DESCRIPTIONS.deployed &&
      description !== STATUS_DESCRIPTIONS.failedToDeploy)
  )
    return description;
  return clipDescription(`${description}: ${judged.summary}`);
}

export async function nextOf(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  report: DeploymentReport,
): Promise<NextEnvironment> {
  const next = await resolveNextEnvironment(ports.controlPlane, {
    environment: request.environment,
    chainFile: request.promotionChainFile,
    fallback: request.nextEnvironment,
    reporter: ports.reporter,
  });
  if (next.chain) report.chain = next.chain;
  return next;
}

/**
 * Dispatches CD for the next environment (first: it is the critical path) unless the promotion
 * policy holds it, then marks Deployed: this environment is deployed either way.
 */
export async function startNext(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  report: DeploymentReport,
  next: NextEnvironment,
): Promise<void> {
  const promoted = request.promotedCommit ?? '';
  const held =
    next.environment === undefined
      ? undefined
      : await holdOn(ports.policy, ports.reporter, {
          action: 'start',
          environment: next.environment,
          commit: promoted,
          from: request.environment,
        });
  if (next.environment && held) {
    report.next = { kind: 'held', environment: next.environment, ...held };
    await setHeldStatus(request, ports, next.environment, heldStatus(held));
  } else if (next.environment) {
    const ref = await ports.controlPlane.defaultBranch();
    if (request.dryRun) {
      ports.reporter.info(
        `Dry run: would dispatch '${request.cdWorkflow}' on '${ref}' to promote ${promoted.slice(0, 7)} to '${next.environment}'.`,
      );
    } else {
      await ports.dispatcher.dispatch({
        workflow: request.cdWorkflow,
        ref,
        inputs: { environment: next.environment, promoted_commit_id: promoted },
      });
      ports.reporter.info(
        `Dispatched '${request.cdWorkflow}' on '${ref}' to promote ${promoted.slice(0, 7)} to '${next.environment}'.`,
      );
    }
    report.next = {
      kind: 'dispatched',
      environment: next.environment,
      workflow: request.cdWorkflow,
    };
  } else {
    ports.reporter.info(
      `'${request.environment}' is the last environment: promotion of ${promoted.slice(0, 7)} complete.`,
    );
    report.next = { kind: 'complete' };
  }
  await statusSetter(request, ports, report)(deployedStatus(true));
}

/** Sets the held status on the next environment's context (not this run's: kept out of the report). */
function setHeldStatus(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  environment: string,
  status: StatusText,
): Promise<void> {
  return setContextStatus(request, ports, environmentStatusContext(environment), status);
}

/** Sets `context` = `status` on the promoted commit (said, not set, in a dry run). */
export async function setContextStatus(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  context: string,
  status: StatusText,
): Promise<void> {
  const sha = request.promotedCommit;
  if (!sha) return;
  if (request.dryRun) {
    ports.reporter.info(
      `Dry run: would set '${context}' on ${sha.slice(0, 7)}: ${status.state}, ${status.description}.`,
    );
    return;
  }
  await ports.statuses.setStatus({
    sha,
    ...status,
    context,
    ...(request.runUrl ? { targetUrl: request.runUrl } : {}),
  });
  ports.reporter.info(
    `Set '${context}' on ${sha.slice(0, 7)}: ${status.state}, ${status.description}.`,
  );
}
