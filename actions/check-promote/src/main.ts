// check-promote: waits until the clusters report the merged GitOps commit as Compliant, reports it
// on the promoted commit and starts the next environment. Composition root: inputs, adapters, one
// use case, outputs and summary from its report.
import { createAzureComplianceSource } from '@kalypso/azure';
import {
  checkDeployment,
  markDeploymentFailed,
  newDeploymentReport,
  startNextEnvironment,
  type DeploymentReport,
} from '@kalypso/core';
import {
  createDeploymentPorts,
  executeAction,
  fail,
  failureMessage,
  runnerContext,
  stepInputs,
  setOutputs,
  systemClock,
  writeSummary,
} from '@kalypso/github';
import { readInputs, type Mode } from './inputs.ts';
import { outputsOf } from './outputs.ts';
import { checkPromoteSummary, failureOf } from './summary.ts';

const USE_CASES = {
  check: checkDeployment,
  'promote-next': startNextEnvironment,
  'mark-failed': markDeploymentFailed,
};

async function run(): Promise<void> {
  // `gitops-token` is removed, but a stale workflow may still pass one: mask it too.
  const get = stepInputs(['github-token', 'gitops-token', 'azure-client-secret']);
  const { serverUrl, apiUrl, runUrl } = runnerContext(process.env);
  const links = {
    controlPlaneUrl: `${serverUrl}/${get('repository')}`,
    ...(runUrl ? { runUrl } : {}),
  };
  let report: DeploymentReport;
  try {
    const inputs = readInputs(get, process.env, serverUrl);
    const ports = createDeploymentPorts({
      token: inputs.token,
      apiUrl,
      repository: inputs.repository,
      complianceSource: (reporter) =>
        createAzureComplianceSource(inputs.azure, { clock: systemClock, reporter }),
    });
    report = await USE_CASES[inputs.mode]({ ...inputs, ...links }, ports);
  } catch (error) {
    const mode = (get('mode') || 'check') as Mode;
    report = newDeploymentReport(mode, { environment: get('environment'), ...links });
    report.error = error;
  }
  setOutputs(outputsOf(report));
  await writeSummary(checkPromoteSummary(report));
  const failure = failureOf(report);
  if (report.error !== undefined) fail(failureMessage(report.error));
  else if (failure) fail(failure);
}

await executeAction(run);
