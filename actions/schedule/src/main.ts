// schedule: renders one environment and proposes it to the GitOps repository as one pull request.
// Composition root: inputs, adapters, the use case, then outputs, annotations, summary, failure.
import { scheduleEnvironment } from '@kalypso/core';
import {
  createActionsReporter,
  executeAction,
  fail,
  failureMessage,
  runnerContext,
  stepInputs,
  schedulePorts,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { reportOutcome } from './outputs.ts';
import { scheduleSummary, type ScheduleOutcome } from './summary.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'gitops-token', 'workload-token']);
  const reporter = createActionsReporter();
  let outcome: ScheduleOutcome;
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
    const { serverUrl, runUrl } = endpoints;
    const request = {
      ...settings,
      serverUrl,
      ...(runUrl ? { runUrl } : {}),
    };
    outcome = await withScratch('schedule', (scratch) =>
      scheduleEnvironment(request, schedulePorts(access, endpoints, scratch, reporter)),
    );
  } catch (error) {
    outcome = { kind: 'error', message: failureMessage(error) };
  }
  reportOutcome(outcome, reporter);
  const report = {
    serverUrl: endpoints.serverUrl,
    repository: get('repository'),
    environment: get('environment'),
    dryRun: get('dry-run') === 'true',
    outcome,
  };
  await writeSummary(scheduleSummary(report));
  if (outcome.kind === 'error') fail(outcome.message);
  if (outcome.kind === 'problems')
    fail(
      `'${report.environment}' cannot be scheduled: ${outcome.problems.length} problem(s) in the control plane (listed above and in the job summary).`,
    );
}

await executeAction(run);
