// A cluster type's folder proven whole by its tree id (docs/decisions/incremental-render.md,
// "folder-level compose"): the tree git would give the folder, computed in-process from a render
// index's names and blob ids, compared with the tree id the GitOps branch lists for it. Equal ids
// mean the folder holds exactly the index's files (git's object ids), so none needs listing.
import type { RenderIndex, RenderIndexEntry } from './render-index.ts';

/** The id git gives a tree object with this body (SHA-1 over `tree <length>\0` and the body). */
export type TreeObjectId = (body: Uint8Array) => string;

/** The index's folders under one cluster-type folder, and the tree id they make. */
export interface FolderTree {
  /** The tree id of the cluster-type folder, as git computes it. */
  readonly id: string;
  /** The assignment folders (repository paths) of the index under it. */
  readonly folders: ReadonlyMap<string, RenderIndexEntry>;
  /** The files directly in it the id was computed with (name → blob id: the README). */
  readonly files: ReadonlyMap<string, string>;
}

const encoder = new TextEncoder();
/** `<mode> ` of a file and of a folder in a tree object (git writes a folder's mode as `40000`). */
const FILE_MODE = encoder.encode('100644 ');
const TREE_MODE = encoder.encode('40000 ');

/** Whether `id` is a SHA-1 object id in lower-case hex (the ids a tree object holds as 20 bytes). */
function isSha1(id: string): boolean {
  return /^[0-9a-f]{40}$/.test(id);
}

/** Compares two names as git sorts tree entries: by bytes, a folder's name as if it ended in `/`. */
function compareEntries(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** The body of a tree object: its entries (mode, name, id as hex) sorted git's way. */
export function treeBody(
  entries: readonly { readonly folder: boolean; readonly name: string; readonly id: string }[],
): Uint8Array {
  const named = entries.map((entry) => {
    const name = encoder.encode(entry.name);
    // The sort key: a folder sorts as `name/`.
    const key = entry.folder ? encoder.encode(`${entry.name}/`) : name;
    return { ...entry, name, key };
  });
  named.sort((a, b) => compareEntries(a.key, b.key));
  let length = 0;
  for (const entry of named)
    length += (entry.folder ? TREE_MODE : FILE_MODE).length + entry.name.length + 1 + 20;
  const body = new Uint8Array(length);
  let at = 0;
  for (const entry of named) {
    const mode = entry.folder ? TREE_MODE : FILE_MODE;
    body.set(mode, at);
    at += mode.length;
    body.set(entry.name, at);
    at += entry.name.length;
    body[at++] = 0;
    for (let i = 0; i < 40; i += 2) body[at++] = parseInt(entry.id.slice(i, i + 2), 16);
  }
  return body;
}

/**
 * The cluster-type folders of an index (`<spec.path>/<cluster type>`, the cluster type not a
 * dot-name) with the tree id its entries make there with `files` (name → blob id: the files a
 * render writes directly in every cluster-type folder): each assignment folder directly in it a
 * tree of its files (regular files, mode 100644). A cluster-type folder is left out when one of
 * its entries is not directly in it, or names an id that is not SHA-1: it cannot be proven so.
 */
export function indexFolderTrees(
  index: RenderIndex,
  gitopsPath: string,
  treeId: TreeObjectId,
  files: ReadonlyMap<string, string>,
): Map<string, FolderTree> {
  const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
  if (![...files.values()].every(isSha1)) return new Map();
  const groups = new Map<string, Map<string, RenderIndexEntry> | null>();
  for (const [folder, entry] of index) {
    if (!folder.startsWith(prefix)) continue;
    const slash = folder.indexOf('/', prefix.length);
    if (slash <= prefix.length || folder.charCodeAt(prefix.length) === 0x2e) continue;
    const clusterType = folder.slice(0, slash);
    let group = groups.get(clusterType);
    if (group === null) continue;
    const fits =
      folder.indexOf('/', slash + 1) < 0 &&
      slash + 1 < folder.length &&
      [...entry.files.values()].every(isSha1);
    if (!fits) {
      groups.set(clusterType, null);
      continue;
    }
    if (group === undefined) groups.set(clusterType, (group = new Map()));
    group.set(folder, entry);
  }
  const trees = new Map<string, FolderTree>();
  for (const [clusterType, group] of groups) {
    if (group === null) continue;
    const targets: { folder: boolean; name: string; id: string }[] = [];
    for (const [name, id] of files) targets.push({ folder: false, name, id });
    for (const [folder, entry] of group) {
      const files = [...entry.files].map(([name, id]) => ({ folder: false, name, id }));
      targets.push({
        folder: true,
        name: folder.slice(clusterType.length + 1),
        id: treeId(treeBody(files)),
      });
    }
    trees.set(clusterType, { id: treeId(treeBody(targets)), folders: group, files });
  }
  return trees;
}
