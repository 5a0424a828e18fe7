// The adapters of the sweeper's merge-gate refresh (refreshMergeGates' ports,
// docs/decisions/policy-merge-gate.md): the environment branches' GitOpsRepo and locks through
// the control-plane token, the GitOps pull requests and statuses through the GitOps token.
import { LOCKS_PATH, readLockFile, type MergeGateRefreshPorts, type Reporter } from '@kalypso/core';
import { join } from 'node:path';
import { createGitHubClient, type GitHubClient } from '../client.ts';
import { describeFailure } from '../errors.ts';
import { createControlPlaneRepository } from '../repository-contents.ts';
import type { RunnerContext } from '../runner-context.ts';
import { createCommitStatusWriter } from '../statuses.ts';
import { systemClock } from '../system-clock.ts';
import { controlPlaneSources } from './control-plane.ts';

export interface MergeGateAccess {
  /** The control-plane repository, `owner/name`, and its token (input `github-token`). */
  repository: string;
  token: string;
  /** The GitOps token (input `gitops-token`): `pull-requests: read`, `statuses: write`. */
  gitopsToken: string;
}

export function mergeGatePorts(
  access: MergeGateAccess,
  controlClient: GitHubClient,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): MergeGateRefreshPorts {
  const controlPlane = { token: access.token, tokenInput: 'github-token' };
  const sources = controlPlaneSources(
    { repository: access.repository, controlPlane, workloads: controlPlane },
    endpoints,
    join(scratch, 'merge-gates'),
    reporter,
  );
  const contents = createControlPlaneRepository(controlClient, access.repository);
  // One client for every GitOps repository: the token goes to the API origin only.
  let gitopsClient: GitHubClient | undefined;
  const client = () =>
    (gitopsClient ??= createGitHubClient({
      token: access.gitopsToken,
      baseUrl: endpoints.apiUrl,
      reporter,
      tokenInput: 'gitops-token',
    }));
  return {
    gitOpsRepos: (environments) => sources.readGitOpsRepos!(environments),
    locksOf: async (environment) =>
      readLockFile(await contents.readFile(LOCKS_PATH, environment), LOCKS_PATH),
    openGitOps: (repository) => {
      const [owner = '', repo = ''] = repository.split('/');
      return {
        openPullRequests: async (head, base) => {
          try {
            const { data } = await client().octokit.rest.pulls.list({
              ...{ owner, repo, state: 'open', head: `${owner}:${head}`, base, per_page: 100 },
            });
            return data.map((p) => ({ number: p.number, body: p.body ?? '', head: p.head.sha }));
          } catch (error) {
            throw describeFailure(error, {
              activity: 'Listing pull requests',
              repository,
              permission: 'pull-requests: read',
              tokenInput: 'gitops-token',
            });
          }
        },
        statuses: createCommitStatusWriter(client(), repository),
      };
    },
    clock: systemClock,
    reporter,
  };
}
