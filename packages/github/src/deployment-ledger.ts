// The deployments ledger, read: the Deployments API of the control-plane repository through
// core's `ledgerOver` (bounded: pages of 100 deployments, a few pages and a few dozen status lists
// per question at most). See docs/decisions/deployments-ledger.md.
import { ledgerOver, type DeploymentLedger, type DeploymentsReader } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure } from './errors.ts';

export function createDeploymentsReader(
  client: GitHubClient,
  repository: string,
): DeploymentsReader {
  const [owner = '', repo = ''] = repository.split('/');
  const failure = (error: unknown) =>
    describeFailure(error, {
      activity: 'Reading the deployments ledger',
      repository,
      permission: 'deployments: read',
      tokenInput: client.tokenInput,
    });
  return {
    async listDeployments({ environment, task, sha, page, perPage }) {
      try {
        const { data } = await client.octokit.rest.repos.listDeployments({
          ...{ owner, repo, environment, task, page, per_page: perPage },
          ...(sha ? { sha } : {}),
        });
        return data;
      } catch (error) {
        throw failure(error);
      }
    },
    async listStatuses(deploymentId) {
      try {
        const { data } = await client.octokit.rest.repos.listDeploymentStatuses({
          ...{ owner, repo, deployment_id: deploymentId, per_page: 100 },
        });
        return data;
      } catch (error) {
        throw failure(error);
      }
    },
  };
}

/** The deployments ledger of `repository` (`owner/name`). */
export function createDeploymentLedger(client: GitHubClient, repository: string): DeploymentLedger {
  return ledgerOver(createDeploymentsReader(client, repository));
}
