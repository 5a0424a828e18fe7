import { createHash } from 'node:crypto';
import type { ShardStore, ShardTree } from '@kalypso/core';
import type { GitWorkspace } from './git.ts';

/**
 * The throw-away refs of a sharded schedule over git (docs/decisions/sharded-schedule.md): a shard
 * is written by one streaming `fast-import` as a root commit, its files taken as they are rendered
 * (no working tree, only paths and blob ids kept), and pushed by force to its `refs/kalypso/shards/…`
 * ref; the join fetches them trees-only (no file is downloaded), lists one shard at a time and
 * deletes them with a lease. The join also reads the GitOps branches, compares them and writes its
 * commit through it, folder by folder: no listing of every file of the environment is made.
 */
export function createShardStore(workspace: GitWorkspace): ShardStore {
  return {
    async write(ref, files, message) {
      const written = await workspace.writeRootCommitFrom(files, message);
      await workspace.pushRef(written.commit, ref);
      return {
        commit: written.commit,
        treeId: (await workspace.commitInfo(written.commit)).tree,
        files: written.files,
      };
    },
    async read(refs, gitopsPath) {
      const heads = await workspace.fetchRefs(refs);
      const read = new Map<string, ShardTree | undefined>();
      for (const [ref, commit] of heads) {
        if (commit === undefined) {
          read.set(ref, undefined);
          continue;
        }
        const folders = await workspace.listFolders(commit, gitopsPath);
        read.set(ref, { commit, folders, entries: () => workspace.treeEntries(commit) });
      }
      return read;
    },
    remove: (refs) => workspace.deleteRefs(refs),
    async readBranches(base, branch, folder, files) {
      // Commits only, then every tree of both by id (as the GitOps repository's `read` does:
      // the workspace is shared, and a branch fetched there as its commit brings no trees later).
      const heads = await workspace.fetchBranches([base, branch], 1, { commitsOnly: true });
      const baseHead = heads.get(base);
      const branchHead = heads.get(branch);
      await workspace.fetchTreesOf([baseHead, branchHead], {
        whole: true,
        what: `the trees of branches '${base}' and '${branch}'`,
      });
      const entries = async (commit: string) =>
        folder === ''
          ? new Map([
              ...(await workspace.listEntries(commit, [])),
              ...(files.length > 0 ? await workspace.listEntries(commit, files) : []),
            ])
          : workspace.listEntries(commit, [`${folder}/`, ...files]);
      const [baseInfo, baseEntries, branchInfo] = await Promise.all([
        baseHead === undefined ? undefined : workspace.commitInfo(baseHead),
        baseHead === undefined ? undefined : entries(baseHead),
        branchHead === undefined ? undefined : workspace.commitInfo(branchHead),
      ]);
      return {
        base:
          baseHead === undefined
            ? undefined
            : { head: baseHead, treeId: baseInfo!.tree, entries: baseEntries! },
        branch:
          branchHead === undefined
            ? undefined
            : { head: branchHead, treeId: branchInfo!.tree, parents: branchInfo!.parents },
      };
    },
    listTree: (treeId) => workspace.listTree(treeId),
    async commit(change) {
      const commit = await workspace.writeFolderCommit(change);
      return { commit, treeId: (await workspace.commitInfo(commit)).tree };
    },
  };
}

/** SHA-256 of the parts, in hex: the fingerprint of what a sharded run's jobs read. */
export function sha256Parts(parts: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part, 'utf8');
  return hash.digest('hex');
}
