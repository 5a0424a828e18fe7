// The held promotions of each environment, read back from the commit statuses of the newest
// commits of the default branch: a commit whose latest `<env> environment` status is pending
// "Held: …" is queued there (docs/decisions/promotion-sweeper.md).
import {
  environmentStatusContext,
  isHeld,
  type CommitState,
  type HeldPromotion,
  type HeldPromotions,
} from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure } from './errors.ts';

/** The newest commits of the default branch looked at: a hold older than these is left alone. */
export const HELD_LOOKBACK = 30;

export function createHeldPromotions(
  client: GitHubClient,
  repository: string,
  defaultBranch: () => Promise<string>,
): HeldPromotions {
  const [owner = '', repo = ''] = repository.split('/');
  let statuses:
    | Promise<
        {
          sha: string;
          list: { context: string; state: string; description: string; created_at: string }[];
        }[]
      >
    | undefined;
  const failure = (activity: string, error: unknown) =>
    describeFailure(error, {
      activity,
      repository,
      permission: 'statuses: read',
      tokenInput: client.tokenInput,
    });
  const read = async () => {
    const branch = await defaultBranch();
    // The first-parent history of the default branch, newest first, one commit at a time.
    const commits: string[] = [];
    let ref: string | undefined = branch;
    while (ref !== undefined && commits.length < HELD_LOOKBACK) {
      try {
        const commit: { sha: string; parents: { sha: string }[] } = (
          await client.octokit.rest.repos.getCommit({ owner, repo, ref })
        ).data;
        commits.push(commit.sha);
        ref = commit.parents[0]?.sha;
      } catch (error) {
        throw failure(`Reading the history of '${branch}'`, error);
      }
    }
    const found = [];
    for (const sha of commits) {
      try {
        const { data } = await client.octokit.rest.repos.getCombinedStatusForRef({
          owner,
          repo,
          ref: sha,
          per_page: 100,
        });
        found.push({
          sha,
          list: data.statuses.map((s) => ({
            context: s.context,
            state: s.state,
            description: s.description ?? '',
            created_at: s.created_at,
          })),
        });
      } catch (error) {
        throw failure(`Reading the statuses of ${sha.slice(0, 7)}`, error);
      }
    }
    return found;
  };
  return {
    async held(environment) {
      const context = environmentStatusContext(environment).toLowerCase();
      const all = await (statuses ??= read());
      return all.flatMap(({ sha, list }): HeldPromotion[] => {
        const status = list.find((s) => s.context.toLowerCase() === context);
        if (!status) return [];
        const text = { state: status.state as CommitState, description: status.description };
        if (!isHeld(text)) return [];
        return [
          { commit: sha, description: status.description, queuedAt: new Date(status.created_at) },
        ];
      });
    },
  };
}
