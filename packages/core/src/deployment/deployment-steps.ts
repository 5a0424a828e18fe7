// Steps the deployment use cases share: set the environment status on the promoted commit, find
// the next environment, start it.
import { deployedStatus, environmentStatusContext, type StatusText } from '../status/vocabulary.ts';
import { resolveNextEnvironment, type NextEnvironment } from './control-plane.ts';
import type { DeploymentPorts, DeploymentReport, DeploymentRequest } from './deployment-report.ts';

/** Sets `<env> environment` on the promoted commit (nothing without one) and records it. */
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
  };
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

/** Dispatches CD for the next environment (first: it is the critical path), then marks Deployed. */
export async function startNext(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  report: DeploymentReport,
  next: NextEnvironment,
): Promise<void> {
  const promoted = request.promotedCommit ?? '';
  if (next.environment) {
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
