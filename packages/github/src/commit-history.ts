import type { CommitHistory } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure } from './errors.ts';

/**
 * The history of a repository through `GET /repos/{owner}/{repo}/compare/{base}...{head}`:
 * `base` is an ancestor of `head` when head is `ahead` of it or `identical`.
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
