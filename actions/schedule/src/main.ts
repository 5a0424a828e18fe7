// schedule: renders one environment and proposes it to the GitOps repository as one pull request.
// Composition root: inputs, adapters, outputs, annotations, summary, failure.
import * as core from '@actions/core';
import { ControlPlaneError } from '@kalypso/core';
import {
  GitHubAccessError,
  InputError,
  createActionsReporter,
  runnerContext,
} from '@kalypso/github';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readInputs } from './inputs.ts';
import { reportOutcome } from './outputs.ts';
import { schedule } from './schedule.ts';
import { scheduleSummary, type ScheduleOutcome } from './summary.ts';

const env = process.env;
const endpoints = runnerContext(env);
const { serverUrl } = endpoints;

async function run(): Promise<void> {
  const get = (name: string) => core.getInput(name);
  for (const name of ['github-token', 'gitops-token', 'workload-token'])
    if (get(name)) core.setSecret(get(name));
  const reporter = createActionsReporter();
  const scratch = await mkdtemp(join(env.RUNNER_TEMP ?? tmpdir(), 'kalypso-schedule-'));
  let outcome: ScheduleOutcome;
  try {
    outcome = await schedule(readInputs(get), endpoints, scratch, reporter);
  } catch (error) {
    const known = [InputError, ControlPlaneError, GitHubAccessError].some(
      (k) => error instanceof k,
    );
    if (!known && error instanceof Error && error.stack) core.debug(error.stack);
    outcome = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  reportOutcome(outcome, reporter);
  const report = {
    serverUrl,
    repository: get('repository'),
    environment: get('environment'),
    dryRun: get('dry-run') === 'true',
    outcome,
  };
  await core.summary.addRaw(scheduleSummary(report)).write();
  if (outcome.kind === 'error') core.setFailed(outcome.message);
  if (outcome.kind === 'problems')
    core.setFailed(
      `'${report.environment}' cannot be scheduled: ${outcome.problems.length} problem(s) in the control plane (listed above and in the job summary).`,
    );
}

await run();
