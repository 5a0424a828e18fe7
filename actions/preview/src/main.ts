// preview: renders what a pull request changes in each environment and comments it on the PR.
// Composition root: inputs, adapters, the use case, then outputs, annotations, summary, failure.
import { previewPullRequest } from '@kalypso/core';
import {
  createActionsReporter,
  executeAction,
  fail,
  failureMessage,
  previewPorts,
  reportProblems,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { previewFailure, previewOutputs, previewSummary, type PreviewOutcome } from './report.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'workload-token']);
  const reporter = createActionsReporter();
  let outcome: PreviewOutcome;
  try {
    const inputs = readInputs(get);
    const report = await withScratch('preview', async (scratch) => {
      const access = {
        repository: inputs.repository,
        pullRequest: inputs.pullRequest,
        controlPlane: { token: inputs.token, tokenInput: 'github-token' },
        workloads: { token: inputs.workloadToken.token, tokenInput: inputs.workloadToken.input },
      };
      const { pullRequest, ports } = await previewPorts(access, endpoints, scratch, reporter);
      const { mainBranch, promotionChainFile, allowRemovalLabel, comment } = inputs;
      const { showPrivateWorkloadContent } = inputs;
      const { serverUrl, runUrl = '' } = endpoints;
      const links = { serverUrl, repository: inputs.repository, runUrl };
      return previewPullRequest(
        {
          pullRequest,
          mainBranch,
          promotionChainFile,
          allowRemovalLabel,
          comment,
          showPrivateWorkloadContent,
          links,
        },
        ports,
      );
    });
    outcome = { kind: 'previewed', report };
  } catch (error) {
    outcome = { kind: 'error', message: failureMessage(error) };
  }
  setOutputs(previewOutputs(outcome));
  if (outcome.kind === 'previewed') reportProblems(outcome.report.annotations, reporter);
  await writeSummary(previewSummary(outcome));
  const failure = previewFailure(outcome);
  if (failure !== undefined) fail(failure);
}

await executeAction(run);
