// preview: renders what a pull request changes in each environment and comments it on the PR.
// Composition root: inputs, adapters, outputs, annotations, summary, failure.
import {
  createActionsReporter,
  executeAction,
  fail,
  failureMessage,
  reportProblems,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { preview } from './preview.ts';
import { previewFailure, previewOutputs, previewSummary, type PreviewOutcome } from './report.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'workload-token']);
  const reporter = createActionsReporter();
  let outcome: PreviewOutcome;
  try {
    const report = await withScratch('preview', (scratch) =>
      preview(readInputs(get), endpoints, scratch, reporter),
    );
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
