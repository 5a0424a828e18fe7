// check-promote: waits until the clusters report the merged GitOps commit as Compliant, reports it
// on the promoted commit and starts the next environment. Composition root: inputs, adapters, one
// use case, outputs and summary from its report.
import {
  checkDeployment,
  markDeploymentFailed,
  newDeploymentReport,
  startNextEnvironment,
  type DeploymentReport,
} from '@kalypso/core';
import {
  checkPromotePorts,
  chainSummary,
  createActionsReporter,
  executeAction,
  fail,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { evidenceSource } from './evidence.ts';
import { readInputs, type Mode } from './inputs.ts';
import { outputsOf } from './outputs.ts';
import { failureOf, summaryOf } from './summary.ts';

const USE_CASES = {
  check: checkDeployment,
  'promote-next': startNextEnvironment,
  'mark-failed': markDeploymentFailed,
};
const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  // `gitops-token` reads the GitOps repository (docs/decisions/gate-checks.md): masked too.
  const get = stepInputs(['github-token', 'gitops-token', 'azure-client-secret']);
  const reporter = createActionsReporter();
  const { serverUrl, runUrl } = endpoints;
  const links = {
    controlPlaneUrl: `${serverUrl}/${get('repository')}`,
    ...(runUrl ? { runUrl } : {}),
  };
  let report: DeploymentReport;
  try {
    const inputs = readInputs(get, process.env, serverUrl);
    const access = { ...inputs, evidence: evidenceSource(inputs, endpoints) };
    report = await withScratch('check-promote', (scratch) =>
      USE_CASES[inputs.mode](
        { ...inputs, ...links },
        checkPromotePorts(access, endpoints, scratch, reporter),
      ),
    );
  } catch (error) {
    const mode = (get('mode') || 'check') as Mode;
    report = { ...newDeploymentReport(mode, { environment: get('environment'), ...links }), error };
  }
  setOutputs(outputsOf(report));
  await writeSummary(summaryOf(report));
  await writeSummary(await chainSummary(get, endpoints, reporter));
  const failure = failureOf(report);
  if (failure !== undefined) fail(failure, report.error);
}

await executeAction(run);
