import type { CommitState, CommitStatusReader, CommitStatusWriter } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure, isHttpFailure } from './errors.ts';

/**
 * Commit statuses through `POST /repos/{owner}/{repo}/statuses/{sha}`, read back through the
 * combined status of a commit (the latest status per context).
 */
export function createCommitStatusWriter(
  client: GitHubClient,
  repository: string,
): CommitStatusWriter & CommitStatusReader {
  const [owner = '', repo = ''] = repository.split('/');
  return {
    async latestStatus(sha, context) {
      try {
        const { data } = await client.octokit.rest.repos.getCombinedStatusForRef({
          owner,
          repo,
          ref: sha,
        });
        const found = data.statuses.find((s) => s.context === context);
        return found
          ? { state: found.state as CommitState, description: found.description ?? '' }
          : undefined;
      } catch (error) {
        if (isHttpFailure(error) && (error.status === 404 || error.status === 422))
          return undefined;
        throw describeFailure(error, {
          activity: `Reading commit status '${context}' of ${sha.slice(0, 7)}`,
          repository,
          permission: 'statuses: read',
          tokenInput: client.tokenInput,
        });
      }
    },
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
          unprocessable: `Pass a commit of '${repository}' (the step's commit input, e.g. \${{ github.sha }}), pushed before the run, or the repository that holds ${status.sha}.`,
        });
      }
    },
  };
}
