import type { CommitState, CommitStatusReader, CommitStatusWriter } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure, isHttpFailure } from './errors.ts';

/** Contexts read per page of the combined status (GitHub's maximum; its default is 30). */
const PER_PAGE = 100;

/** Pages of the combined status read at most: 1,000 contexts on one commit. */
const MAX_PAGES = 10;

/**
 * Commit statuses through `POST /repos/{owner}/{repo}/statuses/{sha}`, read back through the
 * combined status of a commit (the latest status per context). The combined status pages its
 * contexts, and GitHub compares contexts case-insensitively (a status for `Dev environment`
 * replaces one for `dev environment`), so the reader pages and compares the same way.
 */
export function createCommitStatusWriter(
  client: GitHubClient,
  repository: string,
): CommitStatusWriter & CommitStatusReader {
  const [owner = '', repo = ''] = repository.split('/');
  return {
    async latestStatus(sha, context) {
      const wanted = context.toLowerCase();
      try {
        for (let page = 1; page <= MAX_PAGES; page += 1) {
          const { data } = await client.octokit.rest.repos.getCombinedStatusForRef({
            owner,
            repo,
            ref: sha,
            per_page: PER_PAGE,
            page,
          });
          const found = data.statuses.find((s) => s.context.toLowerCase() === wanted);
          if (found)
            return { state: found.state as CommitState, description: found.description ?? '' };
          if (data.statuses.length < PER_PAGE || page * PER_PAGE >= data.total_count)
            return undefined;
        }
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
      throw new Error(
        `Reading commit status '${context}' of ${sha.slice(0, 7)} in '${repository}': the commit carries more than ${MAX_PAGES * PER_PAGE} status contexts and '${context}' is not among them; remove the statuses nobody reads, or report this case.`,
      );
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
