// The adapters of one cd-promote run (promoteEnvironment's ports). The environment branch's git
// workspace is opened on first read, inside the use case.
import type { EnvironmentBranch, EnvironmentPromotionPorts, Reporter } from '@kalypso/core';
import { createGitHubClient } from '../client.ts';
import { createCommitHistory } from '../commit-history.ts';
import { createDeploymentRecords } from '../deployment-records.ts';
import { chainReader } from '../promotion-chain.ts';
import { createWorkflowDispatcher } from '../dispatcher.ts';
import { createEnvironmentBranch } from '../environment-branch.ts';
import { GitWorkspace } from '../git.ts';
import { createPromotionPolicy } from '../promotion-policy.ts';
import { createControlPlaneRepository } from '../repository-contents.ts';
import type { RunnerContext } from '../runner-context.ts';
import { createCommitStatusWriter } from '../statuses.ts';
import { systemClock } from '../system-clock.ts';

export interface CdPromoteAccess {
  /** The control-plane repository, `owner/name`. */
  repository: string;
  /** Token for the control-plane repository (input `github-token`). */
  token: string;
  /** The environment branch the promotion writes. */
  environment: string;
  /** The promotion chain file, read on the default branch (input `promotion-chain-file`). */
  chainFile: string;
}

export function cdPromotePorts(
  access: CdPromoteAccess,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): EnvironmentPromotionPorts {
  const { repository, token } = access;
  const client = createGitHubClient({ token, baseUrl: endpoints.apiUrl, reporter });
  let opened: Promise<EnvironmentBranch> | undefined;
  const open = () =>
    (opened ??= GitWorkspace.create(scratch, {
      url: `${endpoints.serverUrl}/${repository}.git`,
      token,
      repository,
      tokenInput: 'github-token',
    }).then((workspace) => createEnvironmentBranch(workspace, access.environment)));
  const controlPlane = createControlPlaneRepository(client, repository);
  return {
    readChain: async () =>
      controlPlane.readFile(access.chainFile, await controlPlane.defaultBranch()),
    branch: {
      read: async (path) => (await open()).read(path),
      write: async (change) => (await open()).write(change),
    },
    statuses: createCommitStatusWriter(client, repository),
    history: createCommitHistory(client, repository),
    dispatcher: createWorkflowDispatcher(client, repository),
    policy: createPromotionPolicy(),
    records: createDeploymentRecords(client, repository, {
      serverUrl: endpoints.serverUrl,
      chain: chainReader(client, repository),
    }),
    clock: systemClock,
    reporter,
  };
}
