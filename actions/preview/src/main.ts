// preview: renders what a pull request changes in each environment and comments it on the PR.
// Composition root: inputs, adapters, one use case, outputs, annotations and summary from its report.
import { type PreviewReport } from '@kalypso/core';
import { newPreviewReport, previewPullRequest } from '@kalypso/core/render';
import {
  chainSummary,
  createActionsReporter,
  executeAction,
  fail,
  previewPorts,
  reportProblems,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { annotationsOf, failureOf, outputsOf, summaryOf } from './report.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'workload-token']);
  const reporter = createActionsReporter();
  const { serverUrl, runUrl = '' } = endpoints;
  const links = { serverUrl, repository: get('repository'), runUrl };
  let report: PreviewReport;
  try {
    const inputs = readInputs(get);
    const { pullRequest, mainBranch, promotionChainFile, allowRemovalLabel, comment } = inputs;
    const { showPrivateWorkloadContent } = inputs;
    const request = { pullRequest, mainBranch, promotionChainFile, allowRemovalLabel, comment };
    const access = {
      repository: inputs.repository,
      pullRequest,
      controlPlane: { token: inputs.token, tokenInput: 'github-token' },
      workloads: { token: inputs.workloadToken.token, tokenInput: inputs.workloadToken.input },
    };
    report = await withScratch('preview', (scratch) =>
      previewPullRequest(
        { ...request, showPrivateWorkloadContent, links },
        previewPorts(access, endpoints, scratch, reporter),
      ),
    );
  } catch (error) {
    const request = { pullRequest: Number(get('pull-request')) || 0, links };
    report = { ...newPreviewReport({ ...request, allowRemovalLabel: '' }), error };
  }
  setOutputs(outputsOf(report));
  reportProblems(annotationsOf(report), reporter);
  await writeSummary(summaryOf(report));
  await writeSummary(await chainSummary(get, endpoints, reporter));
  const failure = failureOf(report);
  if (failure !== undefined) fail(failure, report.error);
}

await executeAction(run);
