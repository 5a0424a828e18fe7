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
 *
 * The commit may be held without its trees (a `commitsOnly` fetch): the root and each folder on
 * the way are then fetched alone, level by level, the folders outside and those `list` is asked
 * for whole (docs/decisions/incremental-render.md, the tree read by level), so that no tree of a
 * cluster-type folder the run takes whole is ever fetched.
 */
export async function foldedTree(
  workspace: GitWorkspace,
  head: string,
  treeId: string,
  gitopsPath: string,
): Promise<FoldedTree> {
  const what = `the trees of commit ${head.slice(0, 7)}`;
  const way = wayTo(gitopsPath);
  // spec.path may not be a folder here: the levels down to where it stops.
  const { levels } = await levelsOnTheWay(workspace, treeId, way, what);
  const onWay = new Set(way);
  const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
  const outside = new Map<string, string>();
  const folders = new Map<string, string>();
  const below = new Map<string, string>();
  for (const listing of levels)
    for (const [path, entry] of listing) {
      const tree = entry.startsWith(TREE);
      if (tree && onWay.has(path)) continue; // listed by its own path
      const name = path.slice(prefix.length);
      const inPath = path.startsWith(prefix) && name !== '' && !name.includes('/');
      if (tree && inPath && !name.startsWith('.')) folders.set(path, entry.slice(TREE.length));
      else if (tree) below.set(path, entry.slice(TREE.length));
      else outside.set(path, entry);
    }
  /** Every entry below these folders (ids: their trees, fetched whole first). */
  const listWhole = async (paths: readonly string[], ids: readonly string[]) => {
    await workspace.fetchTrees(ids, { whole: true, what });
    return workspace.listUnder(treeId, paths);
  };
  for (const [path, entry] of await listWhole([...below.keys()], [...below.values()]))
    outside.set(path, entry);
  return {
    head,
    treeId,
    outside,
    folders,
    list: (paths) =>
      listWhole(
        paths.map((p) => `${p}/`),
        paths.flatMap((p) => folders.get(p) ?? []),
      ),
  };
}

/** The folders on the way to `path` ("" = none), from the root: `a`, `a/b`, … */
export function wayTo(path: string): string[] {
  const segments = path === '' ? [] : path.split('/');
  return segments.map((_, i) => segments.slice(0, i + 1).join('/'));
}

/**
 * The entries of a tree's root and of each folder of `way` (`wayTo`), each tree fetched alone
 * (the commit may be held without its trees); `complete` false when a folder of the way is not
 * one (the levels down to it).
 */
export async function levelsOnTheWay(
  workspace: GitWorkspace,
  treeId: string,
  way: readonly string[],
  what: string,
): Promise<{ levels: Map<string, string>[]; complete: boolean }> {
  await workspace.fetchTrees([treeId], { whole: false, what });
  const levels = [await workspace.listEntries(treeId, [])];
  for (const path of way) {
    const entry = levels.at(-1)!.get(path);
    if (entry === undefined || !entry.startsWith(TREE)) return { levels, complete: false };
    await workspace.fetchTrees([entry.slice(TREE.length)], { whole: false, what });
    levels.push(await workspace.listEntries(treeId, [`${path}/`]));
  }
  return { levels, complete: true };
}
