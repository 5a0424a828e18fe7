// `mode: notify`, run by the GitOps repository on a push to an environment branch: decides whether
// the push promoted a control-plane commit and starts check-promote in the control-plane repository.
// A push is a promotion when it changed `.github/tracking/Promoted_Commit_Id` (compared with its
// first parent), so a merged pull request that changed only the tracking file is one too — the
// case Kalypso's `paths-ignore: .github/**` trigger silently dropped.
import { TRACKING_FILE, isCommitId, type Reporter, type WorkflowDispatcher } from '@kalypso/core';
import { describeFailure, isHttpFailure, type GitHubClient } from '@kalypso/github';
import type { ControlPlaneRepository } from './control-plane.ts';
import type { CheckPromoteInputs } from './inputs.ts';
import type { CheckPromoteReport } from './report.ts';

/** The GitOps repository's history, read-only. */
export interface GitOpsHistory {
  readonly repository: string;
  /** A file's text at a commit, or undefined when it does not exist there. */
  fileAt(path: string, commit: string): Promise<string | undefined>;
  /** The first parent of a commit, or undefined for a root commit. */
  parentOf(commit: string): Promise<string | undefined>;
}

export function createGitOpsHistory(client: GitHubClient, repository: string): GitOpsHistory {
  const [owner = '', repo = ''] = repository.split('/');
  const failure = (activity: string, error: unknown) =>
    describeFailure(error, {
      activity,
      repository,
      permission: 'contents: read',
      tokenInput: 'gitops-token',
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

export interface NotifyDependencies {
  readonly gitops: GitOpsHistory;
  readonly controlPlane: ControlPlaneRepository;
  readonly dispatcher: WorkflowDispatcher;
  readonly reporter: Reporter;
}

/** The promoted commit a push introduced, or "" when the push is not a promotion. */
export async function promotedBy(gitops: GitOpsHistory, commit: string): Promise<string> {
  const now = (await gitops.fileAt(TRACKING_FILE, commit))?.trim() ?? '';
  if (!isCommitId(now)) return '';
  const parent = await gitops.parentOf(commit);
  const before = parent ? ((await gitops.fileAt(TRACKING_FILE, parent))?.trim() ?? '') : '';
  return now === before ? '' : now;
}

export async function notifyControlPlane(
  inputs: CheckPromoteInputs,
  deps: NotifyDependencies,
  report: CheckPromoteReport,
): Promise<void> {
  const commit = inputs.gitops.commit;
  const promoted = await promotedBy(deps.gitops, commit);
  if (promoted) report.promotedCommit = promoted;
  report.gitops = { url: deps.gitops.repository, branch: inputs.environment, commit };
  deps.reporter.info(
    promoted
      ? `${commit.slice(0, 7)} promotes control-plane commit ${promoted.slice(0, 7)} to '${inputs.environment}' (${TRACKING_FILE} changed).`
      : `${commit.slice(0, 7)} is not a promotion (${TRACKING_FILE} unchanged): check-promote will only wait for the clusters.`,
  );
  const ref = await deps.controlPlane.defaultBranch();
  await deps.dispatcher.dispatch({
    workflow: inputs.notify.checkWorkflow,
    ref,
    inputs: { environment: inputs.environment, commit_id: commit, promoted_commit_id: promoted },
  });
  deps.reporter.info(
    `Dispatched '${inputs.notify.checkWorkflow}' on '${ref}' of '${deps.controlPlane.repository}'.`,
  );
  report.next = {
    kind: 'notified',
    workflow: inputs.notify.checkWorkflow,
    repository: deps.controlPlane.repository,
  };
}
