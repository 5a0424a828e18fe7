// ci-gate: validates a control-plane main commit, sets its status and starts CD.
// Composition root: inputs, adapters, the use case, then outputs, annotations, summary, failure.
import { validateMainCommit } from '@kalypso/core';
import {
  ciGatePorts,
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
import { gateSummary, type GateOutcome } from './summary.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'workload-token']);
  const reporter = createActionsReporter();
  let outcome: GateOutcome;
  try {
    // Tokens go to the adapters only, never into the use case's request.
    const { token, workloadToken, ...settings } = readInputs(get);
    const access = {
      repository: settings.repository,
      controlPlane: { token, tokenInput: 'github-token' },
      workloads: { token: workloadToken.token, tokenInput: workloadToken.input },
    };
    const { runUrl } = endpoints;
    const request = { ...settings, ...(runUrl ? { targetUrl: runUrl } : {}) };
    const report = await withScratch('ci-gate', (scratch) =>
      validateMainCommit(request, ciGatePorts(access, endpoints, scratch, reporter)),
    );
    outcome = { kind: 'checked', ...report };
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
  if (checked) reportProblems([...checked.warnings, ...checked.problems], reporter);
  await writeSummary(
    gateSummary({
      serverUrl: endpoints.serverUrl,
      repository: get('repository'),
      commit: get('commit'),
      cdWorkflow: get('cd-workflow'),
      checkEnvironments: get('check-environments') !== 'false',
      dryRun: get('dry-run') === 'true',
      outcome,
    }),
  );
  if (outcome.kind === 'error') fail(outcome.message);
  else if (outcome.problems.length > 0)
    fail(
      `The control plane has ${outcome.problems.length} problem(s) (listed above and in the job summary).`,
    );
}

await executeAction(run);
