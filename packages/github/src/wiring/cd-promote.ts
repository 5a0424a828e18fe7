// The adapters of one cd-promote run (promoteEnvironment's ports). The environment branch's git
// workspace is opened on first read, inside the use case.
import {
  parsePromotionChain,
  promotionChainPath,
  type BreakGlass,
  type EnvironmentBranch,
  type EnvironmentPromotionPorts,
  type Reporter,
  type SweepPorts,
} from '@kalypso/core';
import { createHeldPromotions } from '../held-promotions.ts';
import { createControlPlaneRepository } from '../repository-contents.ts';
import { createGitHubClient } from '../client.ts';
import { createCommitHistory } from '../commit-history.ts';
import { createDeploymentRecords } from '../deployment-records.ts';
import { createWorkflowDispatcher } from '../dispatcher.ts';
import { createEnvironmentBranch } from '../environment-branch.ts';
import { GitWorkspace } from '../git.ts';
import { createPolicyDecider, createPromotionPolicy } from '../promotion-policy.ts';
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
  /** The promotion policy's file on the default branch, and this run's break-glass, if any. */
  policy?: { chainFile: string; breakGlass?: BreakGlass };
}

export function cdPromotePorts(
  access: CdPromoteAccess,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): EnvironmentPromotionPorts & { sweep: SweepPorts } {
  const { repository, token } = access;
  const client = createGitHubClient({ token, baseUrl: endpoints.apiUrl, reporter });
  const branches = new Map<string, Promise<EnvironmentBranch>>();
  // One workspace per environment branch, opened on first read (the sweeper writes several).
  const branchOf = (environment: string): EnvironmentBranch => {
    const open = () => {
      let opened = branches.get(environment);
      if (!opened) {
        const folder = branches.size === 0 ? scratch : `${scratch}/sweep-${branches.size}`;
        opened = GitWorkspace.create(folder, {
          url: `${endpoints.serverUrl}/${repository}.git`,
          token,
          repository,
          tokenInput: 'github-token',
        }).then((w) => createEnvironmentBranch(w, environment));
        branches.set(environment, opened);
      }
      return opened;
    };
    return {
      read: async (path) => (await open()).read(path),
      write: async (change) => (await open()).write(change),
    };
  };
  const contents = createControlPlaneRepository(client, repository);
  const chainFile = access.policy?.chainFile ?? promotionChainPath;
  const statuses = createCommitStatusWriter(client, repository);
  const records = createDeploymentRecords();
  const history = createCommitHistory(client, repository);
  const policyAccess = { client, repository, clock: systemClock, reporter, chainFile };
  return {
    sweep: {
      held: createHeldPromotions(client, repository, () => contents.defaultBranch()),
      policy: createPolicyDecider(policyAccess),
      branchOf,
      chainEnvironments: async () => {
        const text = await contents.readFile(chainFile, await contents.defaultBranch());
        if (text === undefined)
          throw new Error(
            `'${chainFile}' is not on the default branch of '${repository}': the sweeper sweeps the environments of the promotion chain. Add it, or pass 'environment'.`,
          );
        return parsePromotionChain(text, chainFile).environments;
      },
      statuses,
      records,
      history,
      dispatcher: createWorkflowDispatcher(client, repository),
      clock: systemClock,
      reporter,
    },
    branch: branchOf(access.environment),
    statuses,
    history,
    dispatcher: createWorkflowDispatcher(client, repository),
    // The policy of the chain file on the default branch; none there: every promotion goes.
    policy: createPromotionPolicy({
      client,
      repository,
      clock: systemClock,
      reporter,
      ...(access.policy?.chainFile ? { chainFile: access.policy.chainFile } : {}),
      ...(access.policy?.breakGlass ? { breakGlass: access.policy.breakGlass } : {}),
    }),
    records,
    clock: systemClock,
    reporter,
  };
}
