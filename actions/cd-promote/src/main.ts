// cd-promote: writes base-repo.yaml for a `main` commit to an environment branch and marks the
// commit Promoted. Composition root: inputs, adapters, one use case, outputs and summary from its
// report.
import {
  changeLocks,
  newEnvironmentPromotionReport,
  promoteEnvironment,
  messageOf,
  sweepHolds,
  type EnvironmentPromotionReport,
  type LockCommand,
} from '@kalypso/core';
import {
  cdPromotePorts,
  chainSummary,
  createActionsReporter,
  executeAction,
  fail,
  type CdPromoteAccess,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { actorOf, policyAccessOf, readInputs, sweepScope, type CdPromoteInputs } from './inputs.ts';
import { lockOutputsOf, lockSummaryOf, type LockRunReport } from './lock-summary.ts';
import { failureOf, outputsOf, sweepError } from './outputs.ts';
import { summaryOf } from './summary.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token']);
  const reporter = createActionsReporter();
  const { serverUrl, runUrl } = endpoints;
  const schedule = (workflow: string) =>
    workflow === '' ? { trigger: 'push' as const } : { trigger: 'dispatch' as const, workflow };
  let report: EnvironmentPromotionReport;
  try {
    const inputs = readInputs(get, process.env);
    for (const warning of inputs.warnings) reporter.warning(warning);
    if (inputs.mode === 'lock' || inputs.mode === 'unlock') return await runLock(inputs, reporter);
    const { repository, environment, baseRepo, setStatus, dryRun, token, chain } = inputs;
    const request = {
      ...{ repository, environment, baseRepo, setStatus, dryRun, serverUrl, chain },
      commit: inputs.promotedCommit,
      schedule: schedule(inputs.scheduleWorkflow),
      ...(runUrl ? { targetUrl: runUrl } : {}),
    };
    const access = {
      repository,
      token,
      environment,
      ...policyAccessOf(inputs, process.env.GITHUB_ACTOR),
    };
    report = await withScratch('cd-promote', async (scratch) => {
      const ports = cdPromotePorts(access, endpoints, scratch, reporter);
      if (inputs.mode === 'promote') return promoteEnvironment(request, ports);
      const sweep = await sweepHolds({ ...request, ...sweepScope(inputs) }, ports.sweep);
      return { ...newEnvironmentPromotionReport(request), sweep, ...sweepError(sweep) };
    });
  } catch (error) {
    const { repository, environment } = {
      repository: get('repository'),
      environment: get('environment'),
    };
    const request = { repository, environment, commit: get('promoted-commit'), serverUrl };
    report = {
      ...newEnvironmentPromotionReport({
        ...request,
        schedule: schedule(get('schedule-workflow')),
      }),
      error,
    };
  }
  // Every output is set, also on failure or a dry run: nothing was committed.
  setOutputs(outputsOf(report));
  await writeSummary(summaryOf(report));
  await writeSummary(await chainSummary(get, endpoints, reporter));
  const failure = failureOf(report);
  if (failure !== undefined) fail(failure, report.error);
}

/**
 * `mode: lock` / `unlock`: one commit to `.kalypso/locks.yaml` on the environment branch, by the
 * actor (`GITHUB_ACTOR`); the summary says what was locked or unlocked.
 */
async function runLock(
  inputs: CdPromoteInputs,
  reporter: ReturnType<typeof createActionsReporter>,
): Promise<void> {
  const action = inputs.mode === 'lock' ? 'lock' : 'unlock';
  const { repository, environment, token } = inputs;
  const base = { action, repository, environment, serverUrl: endpoints.serverUrl } as const;
  let report: LockRunReport;
  try {
    const by = actorOf(process.env.GITHUB_ACTOR);
    if (by === undefined)
      throw new Error(
        `GITHUB_ACTOR is not a GitHub login: a lock records who set it. Run this in a GitHub Actions workflow.`,
      );
    const lock = inputs.lock!;
    const access: CdPromoteAccess = {
      repository,
      token,
      environment,
      chainFile: inputs.chain.file,
    };
    const result = await withScratch('cd-promote', async (scratch) => {
      const ports = cdPromotePorts(access, endpoints, scratch, reporter);
      const ask: LockCommand =
        action === 'lock'
          ? {
              action,
              environment,
              scope: lock.scope,
              reason: lock.reason,
              by,
              expires: lock.expires,
            }
          : {
              action,
              environment,
              scope: lock.scope,
              by,
              ...(lock.reason === '' ? {} : { reason: lock.reason }),
            };
      return changeLocks(ask, { branch: ports.branch, clock: ports.clock, reporter });
    });
    report = { ...base, result };
  } catch (error) {
    report = { ...base, error };
  }
  setOutputs(lockOutputsOf(report));
  await writeSummary(lockSummaryOf(report));
  if (report.error !== undefined) fail(messageOf(report.error), report.error);
}

await executeAction(run);
