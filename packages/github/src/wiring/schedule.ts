// The adapters of one schedule run (scheduleEnvironment's ports). The GitOps repository is
// opened only once the use case has decided which one it is.
import {
  LoadCache,
  LOCKS_PATH,
  mergeGateStatus,
  readLockFile,
  type Reporter,
  type ShardedSchedulePorts,
} from '@kalypso/core';
import { createControlPlaneRepository } from '../repository-contents.ts';
import { systemClock } from '../system-clock.ts';
import { join } from 'node:path';
import { buildIdentity } from '../build-identity.ts';
import { createGitHubClient } from '../client.ts';
import { createDeploymentRecords } from '../deployment-records.ts';
import { promotionChainReader, type PromotionChainReader } from '../promotion-chain.ts';
import type { Credentials } from '../control-plane-sources.ts';
import { GitWorkspace } from '../git.ts';
import { blobId } from '../git/write.ts';
import { createGitOpsRepository } from '../gitops-repository.ts';
import { createShardStore, sha256Parts } from '../shard-store.ts';
import { createPullRequestService } from '../pull-requests.ts';
import type { RunnerContext } from '../runner-context.ts';
import { createCommitStatusWriter } from '../statuses.ts';
import { controlPlaneSources, type ControlPlaneAccess } from './control-plane.ts';

export function schedulePorts(
  access: ControlPlaneAccess & { gitops: Credentials },
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): ShardedSchedulePorts & { chain: PromotionChainReader } {
  const controlClient = createGitHubClient({
    token: access.controlPlane.token,
    baseUrl: endpoints.apiUrl,
    reporter,
  });
  const { gitops } = access;
  // Files the reader parses to find objects are not parsed again by the run.
  const loads = new LoadCache();
  // One read of the chain file a run: the merge gate, the ledger and the summary's chain table.
  const chain = promotionChainReader(controlClient, access.repository);
  return {
    chain,
    sources: controlPlaneSources(access, endpoints, scratch, reporter, undefined, loads),
    loads,
    statuses: createCommitStatusWriter(controlClient, access.repository),
    async openGitOps(repository) {
      const client = createGitHubClient({
        token: gitops.token,
        baseUrl: endpoints.apiUrl,
        reporter,
        tokenInput: gitops.tokenInput,
      });
      const workspace = await GitWorkspace.create(join(scratch, 'gitops'), {
        url: `${endpoints.serverUrl}/${repository}.git`,
        token: gitops.token,
        repository,
        tokenInput: gitops.tokenInput,
      });
      workspace.notice = (message) => reporter.info(message);
      const remote = workspace.remote;
      let tips: Promise<GitWorkspace> | undefined;
      return {
        // The tips are read into a repository of their own (commits only).
        repository: createGitOpsRepository(
          workspace,
          () => (tips ??= GitWorkspace.create(join(scratch, 'gitops-tips'), remote)),
        ),
        pullRequests: createPullRequestService(client, repository),
        shards: createShardStore(workspace),
        statuses: createCommitStatusWriter(client, repository),
      };
    },
    // The merge gate reads the policy in the chain file on the default branch (as cd-promote
    // does) and the environment branch's locks (docs/decisions/policy-merge-gate.md).
    mergeGate: async (environment) => {
      const policy = (await chain.read())?.policy;
      if (!policy) return undefined;
      const contents = createControlPlaneRepository(controlClient, access.repository);
      const locks = readLockFile(await contents.readFile(LOCKS_PATH, environment), LOCKS_PATH);
      return mergeGateStatus({
        environment,
        policy,
        locks,
        now: new Date(systemClock.now()),
      });
    },
    records: createDeploymentRecords(controlClient, access.repository, {
      serverUrl: endpoints.serverUrl,
      chain: chain.environments,
    }),
    digest: sha256Parts,
    // A run whose inputs are those of the last proposal takes it (docs/decisions/unchanged-inputs.md).
    inputs: { build: buildIdentity, digest: sha256Parts, blobId: (text) => blobId(text) },
    reporter,
  };
}
