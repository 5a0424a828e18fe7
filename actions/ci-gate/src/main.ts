// ci-gate: validates a control-plane main commit, sets its status and starts CD.
// Composition root: inputs, adapters, outputs, annotations, summary, failure.
import * as core from '@actions/core';
import { formatProblem } from '@kalypso/core';
import { createActionsReporter, runnerContext, failureMessage, withScratch } from '@kalypso/github';
import { gate } from './gate.ts';
import { readInputs } from './inputs.ts';
import { gateSummary, type GateOutcome } from './summary.ts';

const env = process.env;
const endpoints = runnerContext(env);
const { serverUrl } = endpoints;

async function run(): Promise<void> {
  const get = (name: string) => core.getInput(name);
  for (const name of ['github-token', 'workload-token']) if (get(name)) core.setSecret(get(name));
  const reporter = createActionsReporter();
  let outcome: GateOutcome;
  try {
    outcome = await withScratch('ci-gate', (scratch) =>
      gate(readInputs(get), endpoints, scratch, reporter),
    );
  } catch (error) {
    outcome = { kind: 'error', message: failureMessage(error) };
  }
  // Every output is set, also when the run stopped early (not valid, nothing dispatched).
  const checked = outcome.kind === 'checked' ? outcome : undefined;
  core.setOutput('valid', checked ? checked.problems.length === 0 : false);
  core.setOutput('first-environment', checked?.firstEnvironment ?? '');
  core.setOutput('dispatched', checked?.dispatched ?? false);
  core.setOutput('problems', checked?.problems.length ?? 0);
  if (outcome.kind === 'checked') {
    for (const w of outcome.warnings ?? [])
      reporter.warning(
        formatProblem(w),
        w.file ? { file: w.file, ...(w.line ? { line: w.line } : {}) } : undefined,
      );
    for (const p of outcome.problems)
      reporter.error(
        formatProblem(p),
        p.file ? { file: p.file, ...(p.line ? { line: p.line } : {}) } : undefined,
      );
  }
  const report = {
    serverUrl,
    repository: get('repository'),
    commit: get('commit'),
    cdWorkflow: get('cd-workflow'),
    checkEnvironments: get('check-environments') !== 'false',
    dryRun: get('dry-run') === 'true',
    outcome,
  };
  await core.summary.addRaw(gateSummary(report)).write();
  if (outcome.kind === 'error') core.setFailed(outcome.message);
  else if (outcome.problems.length > 0)
    core.setFailed(
      `The control plane has ${outcome.problems.length} problem(s) (listed above and in the job summary).`,
    );
}

await run();
