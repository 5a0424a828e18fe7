// schedule: renders one environment and proposes it to the GitOps repository as one pull request.
// Composition root: inputs, adapters, one use case, outputs, annotations and summary from its report.
import { scheduleFacts, type ScheduleRunReport } from '@kalypso/core';
import {
  chainSummary,
  createActionsReporter,
  executeAction,
  fail,
  reportProblems,
  runnerContext,
  stepInputs,
  schedulePorts,
  setOutputs,
  withScratch,
  writeSummary,
  type PromotionChainReader,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { runMode } from './mode.ts';
import { annotationsOf, failureOf, outputsOf } from './outputs.ts';
import { summaryOf } from './summary.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'gitops-token', 'workload-token']);
  const reporter = createActionsReporter();
  const { serverUrl, runUrl } = endpoints;
  let report: ScheduleRunReport;
  // The run's reader of the chain file, shared with the chain table (one read a run).
  let chain: PromotionChainReader | undefined;
  try {
    const inputs = readInputs(get, process.env);
    // Tokens go to the adapters only, never into the use case's request.
    const { controlPlaneToken, gitopsToken, workloadToken, ...settings } = inputs;
    const access = {
      repository: inputs.repository,
      controlPlane: { token: controlPlaneToken.token, tokenInput: controlPlaneToken.input },
      gitops: { token: gitopsToken.token, tokenInput: gitopsToken.input },
      workloads: { token: workloadToken.token, tokenInput: workloadToken.input },
    };
    const request = { ...settings, serverUrl, ...(runUrl ? { runUrl } : {}) };
    report = await withScratch('schedule', (scratch) => {
      const ports = schedulePorts(access, endpoints, scratch, reporter);
      chain = ports.chain;
      return runMode(request, ports);
    });
  } catch (error) {
    const facts = { environment: get('environment'), repository: get('repository'), serverUrl };
    report = {
      ...scheduleFacts({ ...facts, dryRun: get('dry-run') === 'true' }),
      kind: 'error',
      error,
    };
  }
  setOutputs(outputsOf(report));
  reportProblems(annotationsOf(report), reporter);
  await writeSummary(summaryOf(report));
  await writeSummary(await chainSummary(get, endpoints, reporter, chain));
  const failure = failureOf(report);
  if (failure !== undefined) fail(failure, report.kind === 'error' ? report.error : undefined);
}

await executeAction(run);
