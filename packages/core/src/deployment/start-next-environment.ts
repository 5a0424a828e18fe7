// Use case `promote-next`: after the post-deployment steps passed, mark the environment Deployed
// and start the next one, without waiting for the clusters again.
import { nextOf, startNext } from './deployment-steps.ts';
import { verifyPromoteNext } from './verify-steps.ts';
import {
  newDeploymentReport,
  type DeploymentPorts,
  type DeploymentReport,
  type DeploymentRequest,
} from './deployment-report.ts';

export async function startNextEnvironment(
  request: DeploymentRequest,
  ports: DeploymentPorts,
): Promise<DeploymentReport> {
  const report = newDeploymentReport('promote-next', request);
  report.state = 'succeeded';
  try {
    if (!request.promotedCommit) {
      ports.reporter.info('No promoted commit: this merge is not a promotion, nothing follows.');
      report.next = { kind: 'not-promotion' };
      return report;
    }
    const promotedCommit = request.promotedCommit;
    if (!(await verifyPromoteNext({ ...request, promotedCommit }, ports, report))) return report;
    await startNext(request, ports, report, await nextOf(request, ports, report));
  } catch (error) {
    report.error = error;
  }
  return report;
}
