import type { GitOpsRepository } from '@kalypso/core';
import type { GitWorkspace } from './git.ts';

/**
 * The GitOps repository over git: both branches in one shallow fetch, the commit written locally
 * in one batch, pushes with `--force-with-lease` — used only for the pull request branch the
 * product owns; the GitOps branch itself is never pushed to.
 */
export function createGitOpsRepository(workspace: GitWorkspace): GitOpsRepository {
  return {
    fullName: workspace.remote.repository,
    async read(base, branch) {
      const heads = await workspace.fetchBranches([base, branch]);
      const baseHead = heads.get(base);
      const branchHead = heads.get(branch);
      return {
        base:
          baseHead === undefined
            ? undefined
            : { head: baseHead, tree: await workspace.readTree(baseHead) },
        branch:
          branchHead === undefined
            ? undefined
            : { head: branchHead, ...(await treeAndParents(workspace, branchHead)) },
      };
    },
    async commit(change) {
      const commit = await workspace.writeCommit({
        parent: change.parent,
        message: change.message,
        tree: change.tree,
      });
      return { commit, treeId: (await workspace.commitInfo(commit)).tree };
    },
    replaceBranch: (branch, commit, lease) => workspace.push({ commit, branch, lease }),
    deleteBranch: (branch, lease) => workspace.deleteBranch(branch, lease),
  };
}

async function treeAndParents(workspace: GitWorkspace, commit: string) {
  const info = await workspace.commitInfo(commit);
  return { treeId: info.tree, parents: info.parents };
}
