// The revert pull request of `onFailure: revert` (docs/decisions/auto-revert.md): one branch per
// environment in the GitOps repository, `kalypso/revert/<environment>`, whose commit on the
// environment's GitOps branch carries the tree of the last successful deployment, and one pull
// request from it, refreshed (never duplicated) on a re-run.
import {
  revertBranch,
  type Reporter,
  type RevertProposer,
  type RevertPullRequest,
  type RevertRequest,
} from '@kalypso/core';
import { join } from 'node:path';
import { createGitHubClient } from './client.ts';
import { GitWorkspace } from './git.ts';
import { createPullRequestService } from './pull-requests.ts';

export interface RevertAccess {
  /** The GitOps repository on this GitHub, `owner/name`. */
  readonly repository: string;
  readonly token: string;
  readonly tokenInput: string;
  readonly apiUrl: string;
  readonly serverUrl: string;
  /** A folder of its own for the scratch repository. */
  readonly scratch: string;
  readonly reporter: Reporter;
}

export function createRevertProposer(access: RevertAccess): RevertProposer {
  return {
    async propose(request: RevertRequest): Promise<RevertPullRequest> {
      const client = createGitHubClient({
        token: access.token,
        baseUrl: access.apiUrl,
        reporter: access.reporter,
        tokenInput: access.tokenInput,
      });
      const pulls = createPullRequestService(client, access.repository);
      const workspace = await GitWorkspace.create(join(access.scratch, 'gitops-revert'), {
        url: `${access.serverUrl}/${access.repository}.git`,
        token: access.token,
        repository: access.repository,
        tokenInput: access.tokenInput,
      });
      const head = revertBranch(request.environment);
      const base = await workspace.fetchBranch(request.branch);
      if (!base)
        throw new Error(
          `The GitOps branch '${request.branch}' of '${access.repository}' does not exist.`,
        );
      if (!(await workspace.fetchCommit(request.restore)))
        throw new Error(
          `'${access.repository}' does not hold the GitOps commit ${request.restore.slice(0, 7)} of the last successful deployment.`,
        );
      const restoreTree = (await workspace.commitInfo(request.restore)).tree;
      const existing = (await workspace.listBranches([head])).get(head);
      const current = existing && (await workspace.fetchCommit(existing)) ? existing : undefined;
      const upToDate =
        current !== undefined &&
        (await workspace.commitInfo(current)).tree === restoreTree &&
        (await workspace.commitInfo(current)).parents[0] === base;
      if (!upToDate) {
        const commit = await workspace.writeCommit({
          parent: base,
          message: `${request.title}\n\nRestores the GitOps tree of ${request.restore} (control-plane commit ${request.restoredCommit}).\n\nKalypso-Revert-Of: ${request.failedCommit}\nKalypso-Revert-To: ${request.restoredCommit}\n`,
          start: { tree: restoreTree, files: await workspace.listTree(restoreTree) },
        });
        const pushed = await workspace.push({
          commit,
          branch: head,
          ...(existing ? { lease: existing } : {}),
        });
        if (pushed === 'rejected')
          throw new Error(
            `The branch '${head}' of '${access.repository}' moved while this run wrote it; run the check again.`,
          );
      }
      const [open] = await pulls.listOpen(head, request.branch);
      if (open) {
        await pulls.update(open.number, { title: request.title, body: request.body });
        const missing = request.labels.filter((l) => !open.labels.includes(l));
        if (missing.length > 0) await pulls.addLabels(open.number, missing);
        return { number: open.number, url: open.url, created: false };
      }
      const created = await pulls.create({
        head,
        base: request.branch,
        title: request.title,
        body: request.body,
        draft: false,
      });
      await pulls.addLabels(created.number, request.labels);
      return { number: created.number, url: created.url, created: true };
    },
  };
}
