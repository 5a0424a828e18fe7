// notify: in the GitOps repository, on a push to an environment branch, starts the deployment
// check in the control-plane repository. Composition root: inputs, adapters, one use case, outputs
// and summary from its report.
import { notifyControlPlane, type NotifyReport } from '@kalypso/core';
import {
  createNotifyPorts,
  executeAction,
  fail,
  failureMessage,
  runnerContext,
  stepInputs,
  setOutputs,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { notifySummary, outputsOf } from './report.ts';

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'gitops-token']);
  const { apiUrl } = runnerContext(process.env);
  let report: NotifyReport;
  try {
    const inputs = readInputs(get);
    const ports = createNotifyPorts({ ...inputs, apiUrl });
    report = await notifyControlPlane(inputs, ports);
  } catch (error) {
    report = {
      environment: get('environment'),
      dryRun: false,
      gitops: { repository: get('gitops-repository'), branch: get('environment'), commit: '' },
      error,
    };
  }
  setOutputs(outputsOf(report));
  await writeSummary(notifySummary(report));
  if (report.error !== undefined) fail(failureMessage(report.error));
}

await executeAction(run);
