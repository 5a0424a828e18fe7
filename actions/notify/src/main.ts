// notify: in the GitOps repository, on a push to an environment branch, starts the deployment
// check in the control-plane repository. Composition root: inputs, adapters, one use case, outputs
// and summary from its report.
import { newNotifyReport, notifyControlPlane, type NotifyReport } from '@kalypso/core';
import {
  chainSummary,
  createActionsReporter,
  executeAction,
  fail,
  notifyPorts,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { failureOf, outputsOf, summaryOf } from './report.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'gitops-token']);
  const reporter = createActionsReporter();
  let report: NotifyReport;
  try {
    const inputs = readInputs(get);
    const { repository, token, gitopsRepository, gitopsToken } = inputs;
    const access = { repository, token, gitopsRepository, gitopsToken };
    report = await withScratch('notify', (scratch) =>
      notifyControlPlane(inputs, notifyPorts(access, endpoints, scratch, reporter)),
    );
  } catch (error) {
    const gitops = { repository: get('gitops-repository'), commit: '' };
    report = {
      ...newNotifyReport({ environment: get('environment'), dryRun: false }, gitops),
      error,
    };
  }
  setOutputs(outputsOf(report));
  await writeSummary(summaryOf(report));
  await writeSummary(await chainSummary(get, endpoints, reporter));
  const failure = failureOf(report);
  if (failure !== undefined) fail(failure, report.error);
}

await executeAction(run);
