// ci-gate: validates a control-plane main commit, sets its status and starts CD.
// Composition root: inputs, adapters, outputs, annotations, summary, failure.
import * as core from '@actions/core';
import {
  createActionsReporter,
  executeAction,
  fail,
  failureMessage,
  maskSecret,
  reportProblems,
  runnerContext,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { gate } from './gate.ts';
import { readInputs } from './inputs.ts';
import { gateSummary, type GateOutcome } from './summary.ts';

const env = process.env;
const endpoints = runnerContext(env);
const { serverUrl } = endpoints;

async function run(): Promise<void> {
  const get = (name: string) => core.getInput(name);
  for (const name of ['github-token', 'workload-token']) maskSecret(get(name));
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
  setOutputs({
    valid: checked ? checked.problems.length === 0 : false,
    'first-environment': checked?.firstEnvironment ?? '',
    dispatched: checked?.dispatched ?? false,
    problems: checked?.problems.length ?? 0,
  });
  if (outcome.kind === 'checked')
    reportProblems([...(outcome.warnings ?? []), ...outcome.problems], reporter);
  const report = {
    serverUrl,
    repository: get('repository'),
    commit: get('commit'),
    cdWorkflow: get('cd-workflow'),
    checkEnvironments: get('check-environments') !== 'false',
    dryRun: get('dry-run') === 'true',
    outcome,
  };
  await writeSummary(gateSummary(report));
  if (outcome.kind === 'error') fail(outcome.message);
  else if (outcome.problems.length > 0)
    fail(
      `The control plane has ${outcome.problems.length} problem(s) (listed above and in the job summary).`,
    );
}

await executeAction(run);
