// The adapters of one cd-promote run (promoteEnvironment's ports).
import type { EnvironmentPromotionPorts, Reporter } from '@kalypso/core';
import { createGitHubClient } from '../client.ts';
import { createCommitHistory } from '../commit-history.ts';
import { createWorkflowDispatcher } from '../dispatcher.ts';
import { createEnvironmentBranch } from '../environment-branch.ts';
import { GitWorkspace } from '../git.ts';
import type { RunnerContext } from '../runner-context.ts';
import { createCommitStatusWriter } from '../statuses.ts';
import { systemClock } from '../system-clock.ts';

export async function cdPromotePorts(
  access: { repository: string; token: string; environment: string },
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): Promise<EnvironmentPromotionPorts> {
  const { repository, token } = access;
  const client = createGitHubClient({ token, baseUrl: endpoints.apiUrl, reporter });
  const workspace = await GitWorkspace.create(scratch, {
    url: `${endpoints.serverUrl}/${repository}.git`,
    token,
    repository,
    tokenInput: 'github-token',
  });
  return {
    branch: createEnvironmentBranch(workspace, access.environment),
    statuses: createCommitStatusWriter(client, repository),
    history: createCommitHistory(client, repository),
    dispatcher: createWorkflowDispatcher(client, repository),
    clock: systemClock,
    reporter,
  };
}
