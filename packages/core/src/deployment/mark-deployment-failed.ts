// Use case `mark-failed`: runs after any failed step (`if: failure()`), the deployment check
// itself included. It marks only a deployment in progress (pending "Deploying" or "Deployed")
// "Failed to deploy": a status the check already settled (`error` without evidence, "Failed to
// deploy") or one it never touched (an input error left "Promoted") stays as it is. The report
// keeps the status it found, which says what failed: the check or the steps after it.
import {
  deployedStatus,
  deployFailureStatus,
  environmentStatusContext,
  isDeploymentInProgress,
} from '../status/vocabulary.ts';
import { statusSetter } from './deployment-steps.ts';
import {
  newDeploymentReport,
  type DeploymentPorts,
  type DeploymentReport,
  type DeploymentRequest,
} from './deployment-report.ts';

export async function markDeploymentFailed(
  request: DeploymentRequest,
  ports: DeploymentPorts,
): Promise<DeploymentReport> {
  const report = newDeploymentReport('mark-failed', request);
  report.state = 'failed';
  report.next = request.promotedCommit ? { kind: 'stopped' } : { kind: 'not-promotion' };
  try {
    const sha = request.promotedCommit;
    if (!sha) return report;
    const context = environmentStatusContext(request.environment);
    const latest = await ports.statuses.latestStatus(sha, context);
    if (latest) report.previousStatus = { state: latest.state, description: latest.description };
    const deployed = deployedStatus(false);
    report.failedStep =
      latest?.state === deployed.state && latest.description === deployed.description
        ? 'post-deployment-steps'
        : 'deployment-check';
    if (!isDeploymentInProgress(latest)) {
      ports.reporter.info(
        `'${context}' on ${sha.slice(0, 7)} is ${latest ? `${latest.state} '${latest.description}'` : 'not set'}, not a deployment in progress: left as it is.`,
      );
      return report;
    }
    await statusSetter(request, ports, report)(deployFailureStatus());
  } catch (error) {
    report.error = error;
  }
  return report;
}
