// The adapters of one notify run (notifyControlPlane's ports): the GitOps repository the workflow
// runs in (its history, over REST) and the control-plane repository it starts the check in.
import type { NotifyPorts, Reporter } from '@kalypso/core';
import { createGitHubClient } from '../client.ts';
import { createWorkflowDispatcher } from '../dispatcher.ts';
import { createControlPlaneRepository, createGitOpsHistory } from '../repository-contents.ts';
import type { RunnerContext } from '../runner-context.ts';

export interface NotifyAccess {
  /** The control-plane repository, `owner/name`. */
  repository: string;
  /** Token that dispatches in the control-plane repository (input `github-token`). */
  token: string;
  /** The GitOps repository, `owner/name`. */
  gitopsRepository: string;
  /** Token that reads the GitOps repository (input `gitops-token`). */
  gitopsToken: string;
}

export function notifyPorts(
  access: NotifyAccess,
  endpoints: RunnerContext,
  _scratch: string,
  reporter: Reporter,
): NotifyPorts {
  const client = createGitHubClient({ token: access.token, baseUrl: endpoints.apiUrl, reporter });
  const gitopsClient = createGitHubClient({
    token: access.gitopsToken,
    baseUrl: endpoints.apiUrl,
    reporter,
    tokenInput: 'gitops-token',
  });
  return {
    gitops: createGitOpsHistory(gitopsClient, access.gitopsRepository),
    controlPlane: createControlPlaneRepository(client, access.repository),
    dispatcher: createWorkflowDispatcher(client, access.repository),
    reporter,
  };
}
