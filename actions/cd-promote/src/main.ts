// cd-promote: writes base-repo.yaml for a `main` commit to an environment branch and marks the
// commit Promoted (or sweeps held promotions, or locks/unlocks). Composition root: inputs,
// adapters, one use case, outputs and summary from its report.
import {
  lockEnvironment,
  newEnvironmentPromotionReport,
  promoteEnvironment,
  sweepHolds,
  type EnvironmentPromotionReport,
} from '@kalypso/core';
import {
  cdPromotePorts,
  chainSummary,
  createActionsReporter,
  executeAction,
  fail,
  runnerContext,
  stepInputs,
  setOutputs,
  withScratch,
  writeSummary,
} from '@kalypso/github';
import { lockCommandOf, policyAccessOf, readInputs, sweepScope } from './inputs.ts';
import { failureOf, outputsOf, sweepError } from './outputs.ts';
import { summaryOf } from './summary.ts';
import { withMergeGates } from './merge-gates.ts';

const endpoints = runnerContext(process.env);

async function run(): Promise<void> {
  const get = stepInputs(['github-token', 'gitops-token']);
  const reporter = createActionsReporter();
  const { serverUrl, runUrl } = endpoints;
  const schedule = (workflow: string) =>
    workflow === '' ? { trigger: 'push' as const } : { trigger: 'dispatch' as const, workflow };
  let report: EnvironmentPromotionReport;
  try {
    const inputs = readInputs(get, process.env);
    inputs.warnings.forEach((warning) => reporter.warning(warning));
    const { repository, environment, baseRepo, setStatus, dryRun, chain } = inputs;
    const request = {
      ...{ repository, environment, baseRepo, setStatus, dryRun, serverUrl, chain },
      commit: inputs.promotedCommit,
      schedule: schedule(inputs.scheduleWorkflow),
      ...(runUrl ? { targetUrl: runUrl } : {}),
    };
    const access = policyAccessOf(inputs, process.env.GITHUB_ACTOR);
    report = await withScratch('cd-promote', async (scratch) => {
      const ports = cdPromotePorts(access, endpoints, scratch, reporter);
      if (inputs.mode === 'promote') return promoteEnvironment(request, ports);
      if (inputs.lock) return lockEnvironment(request, lockCommandOf(inputs, process.env), ports);
      const swept = await sweepHolds({ ...request, ...sweepScope(inputs) }, ports.sweep);
      const chain = { file: inputs.chain.file, read: () => ports.readChain() };
      const sweep = await withMergeGates(swept, chain, request, ports.mergeGates);
      return { ...newEnvironmentPromotionReport(request), sweep, ...sweepError(sweep) };
    });
  } catch (error) {
    const [repository, environment, mode] = [get('repository'), get('environment'), get('mode')];
    const request = { repository, environment, commit: get('promoted-commit'), serverUrl };
    report = {
      ...newEnvironmentPromotionReport({
        ...request,
        schedule: schedule(get('schedule-workflow')),
      }),
      ...(mode === 'lock' || mode === 'unlock' ? { lock: { action: mode } } : {}),
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

await executeAction(run);
