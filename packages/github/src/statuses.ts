import type { CommitStatusWriter } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure } from './errors.ts';

/** Commit statuses through `POST /repos/{owner}/{repo}/statuses/{sha}`. */
export function createCommitStatusWriter(
  client: GitHubClient,
  repository: string,
): CommitStatusWriter {
  const [owner = '', repo = ''] = repository.split('/');
  return {
    async setStatus(status) {
      try {
        await client.octokit.rest.repos.createCommitStatus({
          owner,
          repo,
          sha: status.sha,
          state: status.state,
          context: status.context,
          description: status.description,
          ...(status.targetUrl === undefined ? {} : { target_url: status.targetUrl }),
        });
      } catch (error) {
        throw describeFailure(error, {
          activity: `Setting commit status '${status.context}' on ${status.sha.slice(0, 7)}`,
          repository,
          permission: 'statuses: write',
          tokenInput: client.tokenInput,
        });
      }
    },
  };
}
