// preview: renders what a pull request changes in each environment and comments it on the PR.
// Composition root: inputs, adapters, outputs, annotations, summary, failure.
import * as core from '@actions/core';
import { formatProblem } from '@kalypso/core';
import { createActionsReporter, runnerContext, failureMessage, withScratch } from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { preview } from './preview.ts';
import {
  isWarning,
  previewFailure,
  previewOutputs,
  previewSummary,
  type PreviewOutcome,
} from './report.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = (name: string) => core.getInput(name);
  for (const name of ['github-token', 'workload-token']) if (get(name)) core.setSecret(get(name));
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
  for (const [name, value] of Object.entries(previewOutputs(outcome))) core.setOutput(name, value);
  if (outcome.kind === 'previewed')
    for (const p of outcome.report.annotations) {
      const where = p.file ? { file: p.file, ...(p.line ? { line: p.line } : {}) } : undefined;
      if (isWarning(p)) reporter.warning(formatProblem(p), where);
      else reporter.error(formatProblem(p), where);
    }
  await core.summary.addRaw(previewSummary(outcome)).write();
  const failure = previewFailure(outcome);
  if (failure !== undefined) core.setFailed(failure);
}

await run();
