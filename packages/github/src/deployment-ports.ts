// The GitHub side of the deployment use cases (check-promote, notify): the control-plane
// repository and the GitOps repository's history through the REST contents API (the jobs need no
// checkout), commit statuses, workflow dispatch — and one factory per action that builds them all.
import {
  ControlPlaneError,
  type ComplianceSource,
  type ControlPlaneRepository,
  type DeploymentPorts,
  type GitOpsHistory,
  type NotifyPorts,
  type Reporter,
} from '@kalypso/core';
import { createGitHubClient, type GitHubClient } from './client.ts';
import { createWorkflowDispatcher } from './dispatcher.ts';
import { describeFailure, isHttpFailure } from './errors.ts';
import { createActionsReporter } from './reporter.ts';
import { createCommitStatusWriter } from './statuses.ts';
import { systemClock } from './system-clock.ts';

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

/** check-promote: the control-plane repository, its statuses and dispatches, and the fleet. */
export function createDeploymentPorts(settings: {
  /** Token for the control-plane repository (input `github-token`). */
  token: string;
  /** REST base URL. */
  apiUrl: string;
  /** The control-plane repository, `owner/name`. */
  repository: string;
  /** The fleet's compliance (Azure Resource Graph), built only when a use case waits. */
  complianceSource: (reporter: Reporter) => ComplianceSource;
}): DeploymentPorts {
  const reporter = createActionsReporter();
  const client = createGitHubClient({ token: settings.token, baseUrl: settings.apiUrl, reporter });
  return {
    controlPlane: createControlPlaneRepository(client, settings.repository),
    statuses: createCommitStatusWriter(client, settings.repository),
    dispatcher: createWorkflowDispatcher(client, settings.repository),
    complianceSource: () => settings.complianceSource(reporter),
    clock: systemClock,
    reporter,
  };
}

/** notify: the GitOps repository the workflow runs in, and the control plane it starts. */
export function createNotifyPorts(settings: {
  /** Token that dispatches in the control-plane repository (input `github-token`). */
  token: string;
  /** Token that reads the GitOps repository (input `gitops-token`). */
  gitopsToken: string;
  apiUrl: string;
  repository: string;
  gitopsRepository: string;
}): NotifyPorts {
  const reporter = createActionsReporter();
  const client = createGitHubClient({ token: settings.token, baseUrl: settings.apiUrl, reporter });
  const gitopsClient = createGitHubClient({
    token: settings.gitopsToken,
    baseUrl: settings.apiUrl,
    reporter,
    tokenInput: 'gitops-token',
  });
  return {
    gitops: createGitOpsHistory(gitopsClient, settings.gitopsRepository),
    controlPlane: createControlPlaneRepository(client, settings.repository),
    dispatcher: createWorkflowDispatcher(client, settings.repository),
    reporter,
  };
}
