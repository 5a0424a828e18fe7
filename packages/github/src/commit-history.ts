import type { CommitHistory } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure, isHttpFailure } from './errors.ts';

/**
 * The history of a repository through `GET /repos/{owner}/{repo}/compare/{base}...{head}`:
 * `base` is an ancestor of `head` when head is `ahead` of it or `identical`. A commit the
 * repository does not hold (a BaseRepo in another repository) cannot be ordered: not an ancestor,
 * so the promotion proceeds as it always did.
 */
export function createCommitHistory(client: GitHubClient, repository: string): CommitHistory {
  const [owner = '', repo = ''] = repository.split('/');
  return {
    async isAncestor(ancestor, descendant) {
      try {
        const { data } = await client.octokit.rest.repos.compareCommitsWithBasehead({
          owner,
          repo,
          basehead: `${ancestor}...${descendant}`,
          per_page: 1,
        });
        return data.status === 'ahead' || data.status === 'identical';
      } catch (error) {
        if (isHttpFailure(error) && (error.status === 404 || error.status === 422)) return false;
        throw describeFailure(error, {
          activity: `Comparing ${ancestor.slice(0, 7)} with ${descendant.slice(0, 7)}`,
          repository,
          permission: 'contents: read',
          tokenInput: client.tokenInput,
        });
      }
    },
  };
}
