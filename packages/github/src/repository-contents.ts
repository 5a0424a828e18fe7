// The repositories the deployment use cases read (check-promote, notify) through the REST
// contents API, so their jobs need no checkout: the control-plane repository (default branch,
// promotion chain, the environment branch's files) and the GitOps repository's history.
import { ControlPlaneError, type ControlPlaneRepository, type GitOpsHistory } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure, isHttpFailure } from './errors.ts';

export function createControlPlaneRepository(
  client: GitHubClient,
  repository: string,
): ControlPlaneRepository {
  const [owner = '', repo = ''] = repository.split('/');
  let defaultBranch: string | undefined;
  return {
    repository,
    async defaultBranch() {
      try {
        defaultBranch ??= (await client.octokit.rest.repos.get({ owner, repo })).data
          .default_branch;
        return defaultBranch;
      } catch (error) {
        throw describeFailure(error, {
          activity: 'Reading the default branch',
          repository,
          permission: 'contents: read',
          tokenInput: client.tokenInput,
        });
      }
    },
    async readFile(path, ref) {
      try {
        const { data } = await client.octokit.rest.repos.getContent({ owner, repo, path, ref });
        if (Array.isArray(data) || data.type !== 'file' || !('content' in data)) {
          throw new ControlPlaneError([{ file: path, message: `is not a file on '${ref}'.` }]);
        }
        return Buffer.from(data.content, 'base64').toString('utf8');
      } catch (error) {
        if (isHttpFailure(error) && error.status === 404) return undefined;
        if (error instanceof ControlPlaneError) throw error;
        throw describeFailure(error, {
          activity: `Reading '${path}' on '${ref}'`,
          repository,
          permission: 'contents: read',
          tokenInput: client.tokenInput,
        });
      }
    },
  };
}

export function createGitOpsHistory(client: GitHubClient, repository: string): GitOpsHistory {
  const [owner = '', repo = ''] = repository.split('/');
  const failure = (activity: string, error: unknown) =>
    describeFailure(error, {
      activity,
      repository,
      permission: 'contents: read',
      tokenInput: client.tokenInput,
      unprocessable: `Pass a commit of '${repository}' in 'gitops-commit' (\${{ github.sha }} of the push).`,
    });
  return {
    repository,
    async fileAt(path, commit) {
      try {
        const { data } = await client.octokit.rest.repos.getContent({
          owner,
          repo,
          path,
          ref: commit,
        });
        return !Array.isArray(data) && data.type === 'file' && 'content' in data
          ? Buffer.from(data.content, 'base64').toString('utf8')
          : undefined;
      } catch (error) {
        if (isHttpFailure(error) && error.status === 404) return undefined;
        throw failure(`Reading '${path}' at ${commit.slice(0, 7)}`, error);
      }
    },
    async isOnBranch(commit, branch) {
      // `commit...branch`: the branch head is `ahead` of the commit (or the same) exactly when
      // the commit is one of its ancestors (docs/decisions/gate-checks.md).
      try {
        const { data } = await client.octokit.rest.repos.compareCommitsWithBasehead({
          owner,
          repo,
          basehead: `${commit}...${branch}`,
          per_page: 1,
        });
        return data.status === 'ahead' || data.status === 'identical';
      } catch (error) {
        if (isHttpFailure(error) && (error.status === 404 || error.status === 422)) return false;
        throw failure(`Comparing ${commit.slice(0, 7)} with branch ${branch}`, error);
      }
    },
    async parentOf(commit) {
      try {
        const { data } = await client.octokit.rest.repos.getCommit({ owner, repo, ref: commit });
        return data.parents[0]?.sha;
      } catch (error) {
        throw failure(`Reading commit ${commit.slice(0, 7)}`, error);
      }
    },
  };
}
