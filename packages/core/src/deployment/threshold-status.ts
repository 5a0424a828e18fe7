// The failure thresholds' own status on the promoted commit (docs/decisions/failure-thresholds-in-check-promote.md).
import { failureThresholdContext, failureThresholdStatus } from '../status/vocabulary.ts';
import type { DeploymentPorts, DeploymentReport, DeploymentRequest } from './deployment-report.ts';
import { setContextStatus } from './deployment-steps.ts';

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
  await setContextStatus(
    request,
    ports,
    failureThresholdContext(request.environment),
    failureThresholdStatus(tolerated, judged.summary),
  );
}
