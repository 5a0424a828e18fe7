// ci-gate: validates a control-plane main commit, sets its status and starts CD.
// Composition root: inputs, adapters, one use case, outputs, annotations and summary from its report.
import { type MainCommitReport } from '@kalypso/core';
import { newMainCommitReport, validateMainCommit } from '@kalypso/core/render';
import {
  ciGatePorts,
  chainSummary,
  createActionsReporter,
  executeAction,
  fail,
  reportProblems,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { annotationsOf, failureOf, outputsOf } from './outputs.ts';
import { summaryOf } from './summary.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'workload-token']);
  const reporter = createActionsReporter();
  const { serverUrl, runUrl } = endpoints;
  let report: MainCommitReport;
  try {
    // Tokens go to the adapters only, never into the use case's request.
    const { token, workloadToken, ...settings } = readInputs(get);
    const access = {
      repository: settings.repository,
      controlPlane: { token, tokenInput: 'github-token' },
      workloads: { token: workloadToken.token, tokenInput: workloadToken.input },
    };
    const request = { ...settings, serverUrl, ...(runUrl ? { targetUrl: runUrl } : {}) };
    report = await withScratch('ci-gate', (scratch) =>
      validateMainCommit(request, ciGatePorts(access, endpoints, scratch, reporter)),
    );
  } catch (error) {
    const facts = { repository: get('repository'), commit: get('commit'), serverUrl };
    const settings = {
      cdWorkflow: get('cd-workflow'),
      checkEnvironments: get('check-environments') !== 'false',
      dryRun: get('dry-run') === 'true',
    };
    report = { ...newMainCommitReport({ ...facts, ...settings }), error };
  }
  setOutputs(outputsOf(report));
  reportProblems(annotationsOf(report), reporter);
  await writeSummary(summaryOf(report));
  await writeSummary(await chainSummary(get, endpoints, reporter));
  const failure = failureOf(report);
  if (failure !== undefined) fail(failure, report.error);
}

await executeAction(run);
