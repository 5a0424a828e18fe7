// schedule: renders one environment and proposes it to the GitOps repository as one pull request.
// Composition root: inputs, adapters, outputs, annotations, summary, failure.
import * as core from '@actions/core';
import {
  createActionsReporter,
  executeAction,
  fail,
  failureMessage,
  maskSecret,
  runnerContext,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { reportOutcome } from './outputs.ts';
import { schedule } from './schedule.ts';
import { scheduleSummary, type ScheduleOutcome } from './summary.ts';

const env = process.env;
const endpoints = runnerContext(env);
const { serverUrl } = endpoints;

/** `KALYPSO_SCHEDULE_MAX_FILES`, when the workflow sets it (a positive whole number). */
function maxFiles(variables: NodeJS.ProcessEnv): { maxFiles?: number } {
  const value = variables.KALYPSO_SCHEDULE_MAX_FILES;
  if (value === undefined || value === '') return {};
  if (!/^[1-9]\d*$/.test(value))
    throw new Error(
      `KALYPSO_SCHEDULE_MAX_FILES is '${value}': write a positive whole number of files, or remove it for the default.`,
    );
  return { maxFiles: Number(value) };
}

async function run(): Promise<void> {
  const get = (name: string) => core.getInput(name);
  for (const name of ['github-token', 'gitops-token', 'workload-token']) maskSecret(get(name));
  const reporter = createActionsReporter();
  let outcome: ScheduleOutcome;
  try {
    outcome = await withScratch('schedule', (scratch) =>
      schedule({ ...readInputs(get), ...maxFiles(env) }, endpoints, scratch, reporter),
    );
  } catch (error) {
    outcome = { kind: 'error', message: failureMessage(error) };
  }
  reportOutcome(outcome, reporter);
  const report = {
    serverUrl,
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
