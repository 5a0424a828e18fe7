// The adapters of one schedule run (scheduleEnvironment's ports). The GitOps repository is
// opened only once the use case has decided which one it is.
import type { Reporter, ShardedSchedulePorts } from '@kalypso/core';
import { join } from 'node:path';
import { createGitHubClient } from '../client.ts';
import { createDeploymentRecords } from '../deployment-records.ts';
import { chainReader } from '../promotion-chain.ts';
import type { Credentials } from '../control-plane-sources.ts';
import { GitWorkspace } from '../git.ts';
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
): ShardedSchedulePorts {
  const controlClient = createGitHubClient({
    token: access.controlPlane.token,
    baseUrl: endpoints.apiUrl,
    reporter,
  });
  const { gitops } = access;
  return {
    sources: controlPlaneSources(access, endpoints, scratch, reporter),
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
      return {
        repository: createGitOpsRepository(workspace),
        pullRequests: createPullRequestService(client, repository),
        shards: createShardStore(workspace),
      };
    },
    records: createDeploymentRecords(controlClient, access.repository, {
      serverUrl: endpoints.serverUrl,
      chain: chainReader(controlClient, access.repository),
    }),
    digest: sha256Parts,
    reporter,
  };
}
