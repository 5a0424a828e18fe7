// A cluster type's folder proven whole by its tree id (docs/decisions/incremental-render.md,
// "folder-level compose"): the tree git would give the folder, computed in-process from a render
// index's names and blob ids, compared with the tree id the GitOps branch lists for it. Equal ids
// mean the folder holds exactly the index's files (git's object ids), so none needs listing.
import type { RenderIndex, RenderIndexEntry } from './render-index.ts';

/** The id git gives an object: SHA-1 over its bytes as given (`<type> <length>\0` and the body). */
export type ObjectId = (object: Uint8Array) => string;

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
/** The value of each lower-case hex digit by its char code (-1: not one). */
const HEX = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i++) table['0123456789abcdef'.charCodeAt(i)] = i;
  return table;
})();

/** Whether `id` is a SHA-1 object id in lower-case hex (the ids a tree object holds as 20 bytes). */
function isSha1(id: string): boolean {
  if (id.length !== 40) return false;
  for (let i = 0; i < 40; i++) if ((HEX[id.charCodeAt(i)] ?? -1) < 0) return false;
  return true;
}

/** Whether every id of `files` is SHA-1. */
function everySha1(files: ReadonlyMap<string, string>): boolean {
  for (const id of files.values()) if (!isSha1(id)) return false;
  return true;
}

/** One entry of a tree object: its name's bytes, whether it is a folder, its id in hex. */
export interface TreeEntry {
  readonly name: Uint8Array;
  readonly folder: boolean;
  readonly id: string;
}

/**
 * Compares two entries as git sorts a tree (`base_name_compare`): by the bytes of their names, a
 * name that ends first followed by `/` when it is a folder's and by nothing when it is a file's.
 */
function compareEntries(a: TreeEntry, b: TreeEntry): number {
  const x = a.name;
  const y = b.name;
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  const c1 = length < x.length ? x[length]! : a.folder ? 0x2f : 0;
  const c2 = length < y.length ? y[length]! : b.folder ? 0x2f : 0;
  return c1 - c2;
}

/** A blob object (`blob <length>\0` and the bytes): its id is the one git gives the bytes. */
export function blobObject(bytes: Uint8Array): Uint8Array {
  const header = encoder.encode(`blob ${bytes.length}\0`);
  const object = new Uint8Array(header.length + bytes.length);
  object.set(header, 0);
  object.set(bytes, header.length);
  return object;
}

/** A tree object (`tree <length>\0` and its entries, sorted git's way; ids SHA-1 in hex). */
export function treeObject(entries: TreeEntry[]): Uint8Array {
  entries.sort(compareEntries);
  let length = 0;
  for (const entry of entries)
    length += (entry.folder ? TREE_MODE : FILE_MODE).length + entry.name.length + 1 + 20;
  const header = encoder.encode(`tree ${length}\0`);
  const object = new Uint8Array(header.length + length);
  object.set(header, 0);
  let at = header.length;
  for (const entry of entries) {
    const mode = entry.folder ? TREE_MODE : FILE_MODE;
    object.set(mode, at);
    at += mode.length;
    object.set(entry.name, at);
    at += entry.name.length;
    object[at++] = 0;
    const id = entry.id;
    for (let i = 0; i < 40; i += 2)
      object[at++] = (HEX[id.charCodeAt(i)]! << 4) | HEX[id.charCodeAt(i + 1)]!;
  }
  return object;
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
  objectId: ObjectId,
  files: ReadonlyMap<string, string>,
): Map<string, FolderTree> {
  const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
  if (!everySha1(files)) return new Map();
  const groups = new Map<string, Map<string, RenderIndexEntry> | null>();
  for (const [folder, entry] of index) {
    if (!folder.startsWith(prefix)) continue;
    const slash = folder.indexOf('/', prefix.length);
    if (slash <= prefix.length || folder.charCodeAt(prefix.length) === 0x2e) continue;
    const clusterType = folder.slice(0, slash);
    let group = groups.get(clusterType);
    if (group === null) continue;
    const fits =
      folder.indexOf('/', slash + 1) < 0 && slash + 1 < folder.length && everySha1(entry.files);
    if (!fits) {
      groups.set(clusterType, null);
      continue;
    }
    if (group === undefined) groups.set(clusterType, (group = new Map()));
    group.set(folder, entry);
  }
  const trees = new Map<string, FolderTree>();
  // Each name encoded once (file names repeat in every folder, target names across types).
  const encoded = new Map<string, Uint8Array>();
  const bytesOf = (name: string) => {
    let bytes = encoded.get(name);
    if (bytes === undefined) encoded.set(name, (bytes = encoder.encode(name)));
    return bytes;
  };
  const files_ = new FilesTree(bytesOf);
  for (const [clusterType, group] of groups) {
    if (group === null) continue;
    const targets: TreeEntry[] = [];
    for (const [name, id] of files) targets.push({ name: bytesOf(name), folder: false, id });
    for (const [folder, entry] of group) {
      targets.push({
        name: bytesOf(folder.slice(clusterType.length + 1)),
        folder: true,
        id: objectId(files_.object(entry.files)),
      });
    }
    trees.set(clusterType, { id: objectId(treeObject(targets)), folders: group, files });
  }
  return trees;
}

/**
 * The tree objects of folders of regular files, written into one buffer that is reused (the
 * object a call returns is valid until the next call): what `treeObject` gives for the same
 * files, without an entry, a header or an object allocated per folder.
 */
class FilesTree {
  private buffer = new Uint8Array(4096);
  private readonly headers = new Map<number, Uint8Array>();
  private readonly names: Uint8Array[] = [];
  private readonly ids: string[] = [];
  private readonly bytesOf: (name: string) => Uint8Array;

  constructor(bytesOf: (name: string) => Uint8Array) {
    this.bytesOf = bytesOf;
  }

  /** The tree object of these files (name → SHA-1 blob id). */
  object(files: ReadonlyMap<string, string>): Uint8Array {
    const { names, ids } = this;
    names.length = 0;
    ids.length = 0;
    let length = 0;
    for (const [name, id] of files) {
      const bytes = this.bytesOf(name);
      // Sorted git's way as they come (an insertion sort: a folder holds a few files).
      let at = names.length;
      while (at > 0 && compareNames(names[at - 1]!, bytes) > 0) {
        names[at] = names[at - 1]!;
        ids[at] = ids[at - 1]!;
        at--;
      }
      names[at] = bytes;
      ids[at] = id;
      length += FILE_MODE.length + bytes.length + 1 + 20;
    }
    let header = this.headers.get(length);
    if (header === undefined)
      this.headers.set(length, (header = encoder.encode(`tree ${length}\0`)));
    const total = header.length + length;
    if (this.buffer.length < total) this.buffer = new Uint8Array(total * 2);
    const object = this.buffer;
    object.set(header, 0);
    let at = header.length;
    for (let n = 0; n < names.length; n++) {
      object.set(FILE_MODE, at);
      at += FILE_MODE.length;
      const name = names[n]!;
      object.set(name, at);
      at += name.length;
      object[at++] = 0;
      const id = ids[n]!;
      for (let i = 0; i < 40; i += 2)
        object[at++] = (HEX[id.charCodeAt(i)]! << 4) | HEX[id.charCodeAt(i + 1)]!;
    }
    return object.subarray(0, total);
  }
}

/** `compareEntries` of two files' names. */
function compareNames(x: Uint8Array, y: Uint8Array): number {
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}
