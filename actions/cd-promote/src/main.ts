// cd-promote: writes base-repo.yaml for a `main` commit to an environment branch and marks the
// commit Promoted. Composition root: inputs, adapters, outputs, summary, failure.
import * as core from '@actions/core';
import {
  executeAction,
  fail,
  failureMessage,
  maskSecret,
  runnerContext,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { promote } from './promotion.ts';
import { promotionSummary, type PromotionReport } from './summary.ts';

const env = process.env;
const endpoints = runnerContext(env);
const { serverUrl } = endpoints;

async function run(): Promise<void> {
  const get = (name: string) => core.getInput(name);
  const token = get('github-token');
  maskSecret(token);
  const base = {
    serverUrl,
    repository: get('repository'),
    environment: get('environment'),
    promotedCommit: get('promoted-commit'),
    schedule: get('schedule-workflow') === '' ? 'push' : 'dispatch',
    scheduleWorkflow: get('schedule-workflow'),
  } as const;
  let outcome: PromotionReport['outcome'];
  try {
    outcome = await withScratch('cd-promote', (scratch) =>
      promote(readInputs(get), endpoints, scratch),
    );
  } catch (error) {
    outcome = { ok: false, message: failureMessage(error) };
  }
  if (!outcome.ok) {
    // Every output is set, also on failure: nothing was committed.
    setOutputs({ 'commit-sha': '', changed: 'false' });
  }
  await writeSummary(promotionSummary({ ...base, outcome }));
  if (!outcome.ok) fail(outcome.message);
}

await executeAction(run);
