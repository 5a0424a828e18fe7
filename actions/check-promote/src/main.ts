// check-promote: waits until the clusters report the merged GitOps commit as Compliant, reports it
// on the promoted commit and starts the next environment. Composition root: inputs, adapters,
// outputs, summary, failure.
import * as core from '@actions/core';
import { createAzureComplianceSource } from '@kalypso/azure';
import {
  createActionsReporter,
  createCommitStatusWriter,
  createGitHubClient,
  createWorkflowDispatcher,
  executeAction,
  fail,
  failureMessage,
  maskSecret,
  runnerContext,
  setOutputs,
  systemClock,
  writeSummary,
} from '@kalypso/github';
import { createControlPlaneRepository } from './control-plane.ts';
import { runMode } from './deployment.ts';
import { createGitOpsHistory } from './notify.ts';
import { readInputs, type Mode } from './inputs.ts';
import { outputsOf, type CheckPromoteReport } from './report.ts';
import { checkPromoteSummary } from './summary.ts';

const env = process.env;
const { serverUrl, apiUrl, runUrl } = runnerContext(env);

async function run(): Promise<void> {
  const get = (name: string) => core.getInput(name);
  const secrets = new Set([get('github-token'), get('gitops-token'), get('azure-client-secret')]);
  for (const secret of secrets) maskSecret(secret);
  const repository = get('repository');
  const report: CheckPromoteReport = {
    mode: (get('mode') || 'check') as Mode,
    environment: get('environment'),
    controlPlaneUrl: `${serverUrl}/${repository}`,
    ...(runUrl ? { runUrl } : {}),
    statuses: [],
  };
  try {
    const inputs = readInputs(get, env, serverUrl);
    if (inputs.promotedCommit) report.promotedCommit = inputs.promotedCommit;
    const reporter = createActionsReporter();
    const client = createGitHubClient({ token: inputs.token, baseUrl: apiUrl, reporter });
    await runMode(
      inputs,
      {
        controlPlane: createControlPlaneRepository(client, inputs.repository),
        gitops: () =>
          createGitOpsHistory(
            createGitHubClient({
              token: inputs.notify.gitopsToken,
              baseUrl: apiUrl,
              reporter,
              tokenInput: 'gitops-token',
            }),
            inputs.notify.gitopsRepository,
          ),
        statuses: createCommitStatusWriter(client, inputs.repository),
        dispatcher: createWorkflowDispatcher(client, inputs.repository),
        complianceSource: () =>
          createAzureComplianceSource(inputs.azure, { clock: systemClock, reporter }),
        clock: systemClock,
        reporter,
      },
      report,
    );
  } catch (error) {
    report.error = failureMessage(error);
  }
  setOutputs(outputsOf(report));
  await writeSummary(checkPromoteSummary(report));
  const verdict = report.compliance?.verdict;
  if (report.error) fail(report.error);
  else if (report.mode === 'check' && report.state !== 'succeeded' && verdict)
    fail(verdict.summary);
}

await executeAction(run);
