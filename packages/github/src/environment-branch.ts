import type { EnvironmentBranch } from '@kalypso/core';
import type { GitWorkspace } from './git.ts';

/**
 * The control plane's environment branch over git: a shallow fetch to read, a commit on the read
 * head and a plain (non-force) push to write — the product does not own environment branches, so
 * a push that is not a fast-forward is reported as `moved`, never forced.
 */
export function createEnvironmentBranch(
  workspace: GitWorkspace,
  branch: string,
): EnvironmentBranch {
  return {
    async read(path) {
      const head = await workspace.fetchBranch(branch);
      if (head === undefined) return undefined;
      const bytes = await workspace.readFile(head, path);
      return { head, content: bytes === undefined ? undefined : new TextDecoder().decode(bytes) };
    },
    async write(change) {
      const commit = await workspace.writeCommit({
        parent: change.parent,
        message: change.message,
        changes: new Map([[change.path, change.content]]),
      });
      const outcome = await workspace.push({ commit, branch });
      return outcome === 'pushed' ? { outcome, commit } : { outcome: 'moved' };
    },
  };
}
