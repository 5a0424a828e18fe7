// Wires the adapters to the promotion use case for one cd-promote run.
import { promoteCommit } from '@kalypso/core';
import {
  GitWorkspace,
  createActionsReporter,
  createCommitHistory,
  createCommitStatusWriter,
  createEnvironmentBranch,
  createGitHubClient,
  createWorkflowDispatcher,
  setOutputs,
  type RunnerContext,
  systemClock,
} from '@kalypso/github';
import type { CdPromoteInputs } from './inputs.ts';
import type { PromotionReport } from './summary.ts';

/** Promotes, dispatches the schedule workflow when asked, and sets the outputs. */
export async function promote(
  inputs: CdPromoteInputs,
  endpoints: RunnerContext,
  scratch: string,
): Promise<PromotionReport['outcome']> {
  const reporter = createActionsReporter();
  const client = createGitHubClient({
    token: inputs.token,
    baseUrl: endpoints.apiUrl,
    reporter,
  });
  const remote = {
    url: `${endpoints.serverUrl}/${inputs.repository}.git`,
    token: inputs.token,
    repository: inputs.repository,
    tokenInput: 'github-token',
  };
  const workspace = await GitWorkspace.create(scratch, remote);
  const runUrl = endpoints.runUrl;
  const result = await promoteCommit(
    {
      repository: inputs.repository,
      environment: inputs.environment,
      commit: inputs.promotedCommit,
      baseRepo: inputs.baseRepo,
      setStatus: inputs.setStatus,
      ...(runUrl ? { targetUrl: runUrl } : {}),
    },
    {
      branch: createEnvironmentBranch(workspace, inputs.environment),
      statuses: createCommitStatusWriter(client, inputs.repository),
      history: createCommitHistory(client, inputs.repository),
      clock: systemClock,
      reporter,
    },
  );
  if (inputs.schedule === 'dispatch') {
    const request = {
      workflow: inputs.scheduleWorkflow,
      ref: inputs.baseRepo.branch,
      inputs: { environment: inputs.environment },
    };
    await createWorkflowDispatcher(client, inputs.repository).dispatch(request);
    reporter.info(
      `Dispatched '${request.workflow}' on '${request.ref}' for '${inputs.environment}'.`,
    );
  }
  setOutputs({ 'commit-sha': result.branchCommit, changed: String(result.changed) });
  return { ok: true, ...result };
}
