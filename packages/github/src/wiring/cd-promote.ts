// The adapters of one cd-promote run (promoteEnvironment's ports). The environment branch's git
// workspace is opened on first read, inside the use case.
import {
  parsePromotionChain,
  type BreakGlass,
  type EnvironmentBranch,
  type EnvironmentPromotionPorts,
  type MergeGateRefreshPorts,
  type Reporter,
  type SweepPorts,
} from '@kalypso/core';
import { createHeldPromotions } from '../held-promotions.ts';
import { createControlPlaneRepository } from '../repository-contents.ts';
import { createGitHubClient } from '../client.ts';
import { createCommitHistory } from '../commit-history.ts';
import { createDeploymentLedger } from '../deployment-ledger.ts';
import { createDeploymentRecords } from '../deployment-records.ts';
import { promotionChainReader } from '../promotion-chain.ts';
import { createWorkflowDispatcher } from '../dispatcher.ts';
import { createEnvironmentBranch } from '../environment-branch.ts';
import { GitWorkspace } from '../git.ts';
import { createPolicyDecider, createPromotionPolicy } from '../promotion-policy.ts';
import type { RunnerContext } from '../runner-context.ts';
import { createCommitStatusWriter } from '../statuses.ts';
import { systemClock } from '../system-clock.ts';
import { mergeGatePorts } from './merge-gates.ts';

export interface CdPromoteAccess {
  /** The control-plane repository, `owner/name`. */
  repository: string;
  /** Token for the control-plane repository (input `github-token`). */
  token: string;
  /** The environment branch the promotion writes. */
  environment: string;
  /**
   * The promotion chain file, read on the default branch (input `promotion-chain-file`): the
   * chain gate's environments and the promotion policy.
   */
  chainFile: string;
  /** This run's break-glass past the policy (input `policy-override-reason`), if any. */
  breakGlass?: BreakGlass;
  /** `mode: sweep`: the GitOps token that refreshes the merge gates (input `gitops-token`). */
  gitopsToken?: string;
}

export function cdPromotePorts(
  access: CdPromoteAccess,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): EnvironmentPromotionPorts & { sweep: SweepPorts; mergeGates?: MergeGateRefreshPorts } {
  const { repository, token, chainFile } = access;
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
  // Read once a run: the chain gate, the policy, the sweeper and the ledger (is this the
  // production environment?) ask the same file — the one `promotion-chain-file` names.
  const chain = promotionChainReader(client, repository, chainFile);
  const readChain = chain.text;
  const statuses = createCommitStatusWriter(client, repository);
  const records = createDeploymentRecords(client, repository, {
    serverUrl: endpoints.serverUrl,
    chain: chain.environments,
  });
  const history = createCommitHistory(client, repository);
  const dispatcher = createWorkflowDispatcher(client, repository);
  // Soak runs from when the deployments ledger says the commit succeeded in the environment before.
  const ledger = createDeploymentLedger(client, repository);
  const policyAccess = {
    ...{ client, repository, clock: systemClock, reporter, chainFile, ledger, readChain },
  };
  const { gitopsToken } = access;
  return {
    ...(gitopsToken
      ? {
          mergeGates: mergeGatePorts(
            { repository, token, gitopsToken },
            client,
            endpoints,
            scratch,
            reporter,
          ),
        }
      : {}),
    sweep: {
      held: createHeldPromotions(client, repository, () => contents.defaultBranch()),
      policy: createPolicyDecider(policyAccess),
      branchOf,
      chainEnvironments: async () => {
        const text = await readChain();
        if (text === undefined)
          throw new Error(
            `'${chainFile}' is not on the default branch of '${repository}': the sweeper sweeps the environments of the promotion chain. Add it, or pass 'environment'.`,
          );
        return parsePromotionChain(text, chainFile).environments;
      },
      statuses,
      records,
      history,
      dispatcher,
      clock: systemClock,
      reporter,
    },
    readChain,
    branch: branchOf(access.environment),
    statuses,
    history,
    dispatcher,
    // The policy of the chain file on the default branch; none there: every promotion goes.
    policy: createPromotionPolicy({
      ...policyAccess,
      ...(access.breakGlass ? { breakGlass: access.breakGlass } : {}),
    }),
    records,
    clock: systemClock,
    reporter,
  };
}
