// The soak clock's start without a Deployments ledger: when the previous environment's
// `<env> environment` status of the commit became "Deployed" (docs/decisions/promotion-holds.md).
// Read through `GET /repos/{owner}/{repo}/commits/{ref}/statuses` (newest first, with times).
import {
  environmentStatusContext,
  STATUS_DESCRIPTIONS,
  type DeploymentLedger,
} from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure, isHttpFailure } from './errors.ts';

const PER_PAGE = 100;
/** Statuses read at most per commit: 1,000 (GitHub keeps at most 1,000 per context). */
const MAX_PAGES = 10;

/**
 * `deployedSince(environment, commit)`: the time of the first "Deployed" of the latest run of
 * "Deployed" statuses of that environment's context on the commit, when its latest status is
 * "Deployed" (pending while post-deployment steps run, or success); undefined otherwise.
 */
export function createStatusLedger(
  client: GitHubClient,
  repository: string,
): Pick<DeploymentLedger, 'deployedSince'> {
  const [owner = '', repo = ''] = repository.split('/');
  return {
    async deployedSince(environment, commit) {
      const context = environmentStatusContext(environment).toLowerCase();
      let since: string | undefined;
      try {
        for (let page = 1; page <= MAX_PAGES; page += 1) {
          const { data } = await client.octokit.rest.repos.listCommitStatusesForRef({
            owner,
            repo,
            ref: commit,
            per_page: PER_PAGE,
            page,
          });
          for (const status of data) {
            if (status.context.toLowerCase() !== context) continue;
            const deployed =
              status.description === STATUS_DESCRIPTIONS.deployed &&
              (status.state === 'success' || status.state === 'pending');
            if (!deployed) return since;
            since = status.created_at;
          }
          if (data.length < PER_PAGE) return since;
        }
        return since;
      } catch (error) {
        if (isHttpFailure(error) && (error.status === 404 || error.status === 422))
          return undefined;
        throw describeFailure(error, {
          activity: `Reading the statuses of ${commit.slice(0, 7)} (when it was Deployed in '${environment}')`,
          repository,
          permission: 'statuses: read',
          tokenInput: client.tokenInput,
        });
      }
    },
  };
}
