// cd-promote: writes base-repo.yaml for a `main` commit to an environment branch and marks the
// commit Promoted. Composition root: inputs, adapters, the use case, then outputs, summary, failure.
import { promoteEnvironment } from '@kalypso/core';
import {
  cdPromotePorts,
  createActionsReporter,
  executeAction,
  fail,
  failureMessage,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { readInputs } from './inputs.ts';
import { promotionSummary, type PromotionReport } from './summary.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token']);
  const reporter = createActionsReporter();
  let outcome: PromotionReport['outcome'];
  try {
    const inputs = readInputs(get);
    const { repository, environment, baseRepo, setStatus, dryRun } = inputs;
    const request = {
      ...{ repository, environment, baseRepo, setStatus, dryRun },
      commit: inputs.promotedCommit,
      schedule:
        inputs.schedule === 'dispatch'
          ? { trigger: 'dispatch' as const, workflow: inputs.scheduleWorkflow }
          : { trigger: 'push' as const },
      ...(endpoints.runUrl ? { targetUrl: endpoints.runUrl } : {}),
    };
    const report = await withScratch('cd-promote', async (scratch) =>
      promoteEnvironment(request, await cdPromotePorts(inputs, endpoints, scratch, reporter)),
    );
    outcome = { ok: true, ...report };
  } catch (error) {
    outcome = { ok: false, message: failureMessage(error) };
  }
  // Every output is set, also on failure or a dry run: nothing was committed.
  setOutputs(
    outcome.ok
      ? { 'commit-sha': outcome.branchCommit, changed: outcome.changed && !outcome.dryRun }
      : { 'commit-sha': '', changed: false },
  );
  await writeSummary(
    promotionSummary({
      serverUrl: endpoints.serverUrl,
      repository: get('repository'),
      environment: get('environment'),
      promotedCommit: get('promoted-commit'),
      schedule: get('schedule-workflow') === '' ? 'push' : 'dispatch',
      scheduleWorkflow: get('schedule-workflow'),
      outcome,
    }),
  );
  if (!outcome.ok) fail(outcome.message);
}

await executeAction(run);
