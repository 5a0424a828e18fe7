// The failure thresholds' own status on the promoted commit (docs/decisions/failure-thresholds-in-check-promote.md).
import { failureThresholdContext, failureThresholdStatus } from '../status/vocabulary.ts';
import type { DeploymentPorts, DeploymentReport, DeploymentRequest } from './deployment-report.ts';

/**
 * Sets `<env> environment: failure threshold` when thresholds judged the check and some cluster
 * was not deployed: success with the tolerated count, or failure with the exceeded threshold. A
 * check where every cluster deployed sets nothing (there is nothing to say).
 */
export async function setThresholdStatus(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  report: DeploymentReport,
): Promise<void> {
  const sha = request.promotedCommit;
  const judged = report.failures?.result;
  if (!sha || !judged) return;
  const tolerated = judged.verdict === 'deployed';
  if (tolerated && judged.tolerated.length === 0 && judged.ignored.length === 0) return;
  const status = failureThresholdStatus(tolerated, judged.summary);
  const context = failureThresholdContext(request.environment);
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
