// The folded read of a GitOps branch (docs/decisions/incremental-render.md, the folder-level
// compose): the cluster-type folders of spec.path by tree id, everything outside them listed, so
// that a run lists only the folders it cannot prove whole.
import type { FoldedTree } from '@kalypso/core';
import type { GitWorkspace } from './git.ts';

const TREE = '040000 ';

/**
 * A fetched commit's tree folded at `gitopsPath` ("" = the root): the entries of the root and of
 * each folder on the way to spec.path (not recursive), then every file below the folders that are
 * neither on that way nor cluster-type folders (one `ls-tree -r`). A cluster-type folder is a
 * folder directly in spec.path whose name does not start with `.`; every other entry is outside.
 */
export async function foldedTree(
  workspace: GitWorkspace,
  head: string,
  treeId: string,
  gitopsPath: string,
): Promise<FoldedTree> {
  const segments = gitopsPath === '' ? [] : gitopsPath.split('/');
  const way = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
  const [root, deeper] = await Promise.all([
    workspace.listEntries(treeId, []),
    way.length === 0
      ? new Map<string, string>()
      : workspace.listEntries(
          treeId,
          way.map((p) => `${p}/`),
        ),
  ]);
  const onWay = new Set(way);
  const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
  const outside = new Map<string, string>();
  const folders = new Map<string, string>();
  const below: string[] = [];
  for (const listing of [root, deeper])
    for (const [path, entry] of listing) {
      const tree = entry.startsWith(TREE);
      if (tree && onWay.has(path)) continue; // listed by its own path
      const name = path.slice(prefix.length);
      const inPath = path.startsWith(prefix) && name !== '' && !name.includes('/');
      if (tree && inPath && !name.startsWith('.')) folders.set(path, entry.slice(TREE.length));
      else if (tree) below.push(path);
      else outside.set(path, entry);
    }
  for (const [path, entry] of await workspace.listUnder(treeId, below)) outside.set(path, entry);
  return {
    head,
    treeId,
    outside,
    folders,
    list: (paths) =>
      workspace.listUnder(
        treeId,
        paths.map((p) => `${p}/`),
      ),
  };
}
