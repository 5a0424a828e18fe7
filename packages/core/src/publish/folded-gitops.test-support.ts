// An in-memory GitOps repository with git's object ids (SHA-1 blobs and trees, computed here on
// their own, as git does), that reads both ways: listings of every file (`read`) and folded at
// spec.path (`folders.read`). Commits apply their changes to the whole tree of their start, and
// refuse a start listing that disagrees with that tree.
import { sha1 as sha1Of } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Reporter } from '../ports.ts';
import type { RenderedEnvironment } from '../render/render-environment.ts';
import type { FoldedTree, GitOpsRepository, TreeListing } from './ports.ts';

/** A reporter that says nothing (the tests over random chains of runs). */
export const quiet: Reporter = {
  info: () => undefined,
  debug: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  group: (_t, work) => work(),
};

function sha1(...parts: (string | Uint8Array)[]): string {
  const hash = sha1Of.create();
  for (const part of parts) hash.update(typeof part === 'string' ? utf8ToBytes(part) : part);
  return bytesToHex(hash.digest());
}

/** git's blob id of these bytes. */
export function gitBlobId(bytes: Uint8Array): string {
  return sha1(`blob ${bytes.length}\0`, bytes);
}

/** The generated files of a render as git lists them. */
export function generatedListing(rendered: RenderedEnvironment): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, bytes] of rendered.files) files.set(path, `100644 ${gitBlobId(bytes)}`);
  for (const [path, entry] of rendered.known ?? []) files.set(path, entry);
  return files;
}

type Node = Map<string, Node | string>;

/** git's tree id of a listing (path → `<mode> <id>`), every folder hashed as git writes it. */
export function gitTreeId(listing: TreeListing): string {
  const root: Node = new Map();
  for (const [path, entry] of listing) {
    const parts = path.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.get(part);
      if (typeof next !== 'object') node.set(part, (next = new Map()));
      node = next;
    }
    node.set(parts.at(-1)!, entry);
  }
  const hashNode = (node: Node): string => {
    const entries = [...node].map(([name, value]) => {
      const folder = typeof value === 'object';
      return {
        name,
        key: Buffer.from(folder ? `${name}/` : name),
        mode: folder ? '40000' : value.split(' ')[0]!,
        id: folder ? hashNode(value) : value.split(' ')[1]!,
      };
    });
    entries.sort((a, b) => Buffer.compare(a.key, b.key));
    const body = Buffer.concat(
      entries.map((e) =>
        Buffer.concat([Buffer.from(`${e.mode} ${e.name}\0`), Buffer.from(e.id, 'hex')]),
      ),
    );
    return sha1(`tree ${body.length}\0`, body);
  };
  return hashNode(root);
}

/** The repository, its branches (name → commit) and the whole tree of each tree id. */
export function foldedMemoryRepository() {
  const trees = new Map<string, TreeListing>();
  const commits = new Map<string, { parents: string[]; treeId: string }>();
  const branches = new Map<string, string>();
  const calls: string[] = [];
  let n = 0;
  const put = (listing: TreeListing) => {
    const id = gitTreeId(listing);
    trees.set(id, new Map(listing));
    return id;
  };
  const commitOf = (parents: string[], treeId: string) => {
    const commit = `c${++n}`;
    commits.set(commit, { parents, treeId });
    return commit;
  };
  /** Sets `branch` to a new commit of `listing` (on `parent`, or on no commit). */
  const setBranch = (branch: string, listing: TreeListing, parent?: string) => {
    const commit = commitOf(parent ? [parent] : [], put(listing));
    branches.set(branch, commit);
    return commit;
  };
  const tip = (branch: string) => {
    const head = branches.get(branch);
    return head === undefined ? undefined : { head, ...commits.get(head)! };
  };
  const fold = (head: string, treeId: string, gitopsPath: string): FoldedTree => {
    const whole = trees.get(treeId)!;
    const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
    const folderOf = (path: string) => {
      if (!path.startsWith(prefix)) return undefined;
      const slash = path.indexOf('/', prefix.length);
      if (slash < 0 || path[prefix.length] === '.') return undefined;
      return path.slice(0, slash);
    };
    const outside = new Map<string, string>();
    const inFolders = new Map<string, Map<string, string>>();
    for (const [path, entry] of whole) {
      const folder = folderOf(path);
      if (folder === undefined) outside.set(path, entry);
      else {
        const files = inFolders.get(folder) ?? new Map<string, string>();
        files.set(path.slice(folder.length + 1), entry);
        inFolders.set(folder, files);
      }
    }
    const folders = new Map([...inFolders].map(([folder, files]) => [folder, gitTreeId(files)]));
    return {
      head,
      treeId,
      outside,
      folders,
      list(wanted) {
        calls.push(`list ${wanted.length} folders of ${treeId.slice(0, 7)}`);
        const set = new Set(wanted);
        const listed = new Map<string, string>();
        for (const [path, entry] of whole) {
          const folder = folderOf(path);
          if (folder !== undefined && set.has(folder)) listed.set(path, entry);
        }
        return Promise.resolve(listed);
      },
    };
  };
  const repository: GitOpsRepository = {
    fullName: 'acme/gitops',
    blobId: gitBlobId,
    read(base, branch) {
      const b = tip(base);
      const r = tip(branch);
      calls.push('read every file');
      return Promise.resolve({
        base: b && { head: b.head, treeId: b.treeId, files: trees.get(b.treeId)! },
        branch: r && {
          head: r.head,
          treeId: r.treeId,
          parents: r.parents,
          files: () => Promise.resolve(trees.get(r.treeId)!),
        },
      });
    },
    folders: {
      objectId: (object) => sha1(object),
      read(base, branch, gitopsPath) {
        const b = tip(base);
        const r = tip(branch);
        return Promise.resolve({
          base: b && fold(b.head, b.treeId, gitopsPath),
          branch: r && { ...fold(r.head, r.treeId, gitopsPath), parents: r.parents },
        });
      },
    },
    commit(change) {
      const whole = trees.get(change.start.treeId);
      if (whole === undefined) throw new Error(`no tree ${change.start.treeId}`);
      for (const [path, entry] of change.start.files)
        if (whole.get(path) !== entry) throw new Error(`the start listing disagrees at ${path}`);
      const files = new Map(whole);
      for (const [path, bytes] of change.writes) files.set(path, `100644 ${gitBlobId(bytes)}`);
      for (const path of change.deletes) {
        if (!files.has(path)) throw new Error(`deletes ${path}, which is not there`);
        files.delete(path);
      }
      calls.push(`commit ${change.writes.size} writes ${change.deletes.length} deletes`);
      const treeId = put(files);
      return Promise.resolve({ commit: commitOf([change.parent], treeId), treeId });
    },
    readText: () => Promise.resolve(undefined),
    replaceBranch(branch, commit) {
      branches.set(branch, commit);
      return Promise.resolve('pushed');
    },
    deleteBranch(branch) {
      branches.delete(branch);
      return Promise.resolve('pushed');
    },
  };
  return { repository, trees, branches, calls, setBranch, tip };
}
