// Reading what a scratch repository holds: commits, trees and files of fetched commits. Many
// objects are read through the one `cat-file --batch` reader (objects.ts).
import {
  bytesOf,
  CatFileBatch,
  ObjectReader,
  parseTreeListing,
  treeEntries,
  parseTreeObject,
} from './objects.ts';
import type { GitProcess } from './process.ts';

/** The tree and parents of a commit. */
export interface CommitInfo {
  tree: string;
  parents: string[];
}

/** A file of a tree: its path and blob id. */
export interface TreeFile {
  path: string;
  sha: string;
}

/**
 * The tree and parents of a fetched commit, read from the commit object itself: in a shallow
 * repository `git log` hides the parents of boundary commits.
 */
export async function readCommitInfo(git: GitProcess, commit: string): Promise<CommitInfo> {
  return commitInfoOf(await git.text(['cat-file', 'commit', commit]));
}

/** The tree and parents a commit object's text names. */
export function commitInfoOf(text: string): CommitInfo {
  const header = text.split('\n\n')[0] ?? '';
  const field = (name: string) =>
    header
      .split('\n')
      .filter((line) => line.startsWith(`${name} `))
      .map((line) => line.slice(name.length + 1));
  return { tree: field('tree')[0] ?? '', parents: field('parent') };
}

/**
 * The subject (first line of the message) and author name of a fetched commit; undefined when
 * the commit is not here.
 */
export async function readCommitSummary(
  git: GitProcess,
  commit: string,
): Promise<{ subject: string; author: string } | undefined> {
  const result = await git.run(['cat-file', 'commit', commit]);
  if (result.code !== 0) return undefined;
  const text = result.stdout.toString('utf8');
  const split = text.indexOf('\n\n');
  const header = split < 0 ? text : text.slice(0, split);
  const author = /^author (.*?) <[^>]*> \d+ [+-]\d{4}$/m.exec(header)?.[1] ?? '';
  const subject = split < 0 ? '' : (text.slice(split + 2).split('\n')[0] ?? '');
  return { subject: subject.trim(), author: author.trim() };
}

/** A file's bytes at a commit, or undefined when it is not a file there. */
export async function readFileAt(
  git: GitProcess,
  commit: string,
  path: string,
): Promise<Uint8Array | undefined> {
  const result = await git.run(['cat-file', 'blob', `${commit}:${path}`]);
  return result.code === 0 ? new Uint8Array(result.stdout) : undefined;
}

/**
 * Every entry of a commit's tree by path, as `<mode> <object id>` (one `ls-tree -r`): reads no
 * blob, so it works on a `--filter=blob:none` fetch.
 */
export async function listTree(git: GitProcess, commit: string): Promise<Map<string, string>> {
  return parseListing(await git.git(['ls-tree', '-r', '-z', '--full-tree', commit]));
}

/** Every entry below `paths` (literal, recursive) of a tree-ish by repository path (`listTree`'s parse). */
export async function listTreeUnder(
  git: GitProcess,
  treeish: string,
  paths: readonly string[],
): Promise<Map<string, string>> {
  return parseListing(
    await git.git(['ls-tree', '-r', '-z', '--full-tree', treeish, '--', ...paths], {
      env: { GIT_LITERAL_PATHSPECS: '1' },
    }),
  );
}

/** The largest listing decoded as one string (V8 strings hold at most about 2^29 characters). */
const WHOLE_LISTING_BYTES = 256 * 1024 * 1024;

/**
 * `parseTreeListing` made for listings of hundreds of thousands of files (the same map, in the
 * same order): the output is decoded once, and each path and each entry is a slice of that text —
 * no string per record, no entry pieced together (a flat string compares without being copied
 * first). To make each entry one slice, the bytes of `listing` are rewritten in place first: a
 * record `<mode> <type> <id>` + TAB + path becomes spaces, `<mode> <id>`, TAB, path. `listing`
 * is consumed: pass git's output, not bytes used again.
 */
export function parseListing(listing: Buffer): Map<string, string> {
  if (listing.length > WHOLE_LISTING_BYTES) return parseTreeListing(listing);
  const rewritten = rewriteListing(listing);
  const text = listing.toString('utf8');
  const files = new Map<string, string>();
  const length = text.length;
  let offset = 0;
  for (let record = 0; offset < length; record++) {
    let end = text.indexOf('\0', offset);
    if (end < 0) end = length;
    const tab = text.indexOf('\t', offset);
    if (tab >= 0 && tab < end) {
      let entry: string;
      if ((rewritten[record >> 3]! & (1 << (record & 7))) !== 0) {
        let start = offset;
        while (text.charCodeAt(start) === 0x20) start++;
        entry = text.slice(start, tab);
      } else {
        // Not the shape git writes: as `treeEntries` reads it.
        const meta = text.slice(offset, tab);
        const first = meta.indexOf(' ');
        entry = `${meta.slice(0, first)} ${meta.slice(meta.indexOf(' ', first + 1) + 1)}`;
      }
      files.set(text.slice(tab + 1, end), entry);
    }
    offset = end + 1;
  }
  return files;
}

/**
 * Rewrites each record of `ls-tree -z` output whose meta is `<mode> <type> <id>` (ASCII, a
 * non-empty mode, exactly two spaces, then a TAB) to spaces and `<mode> <id>`, the same length;
 * returns one bit per record (in order), set for the records rewritten.
 */
function rewriteListing(bytes: Buffer): Uint8Array {
  const length = bytes.length;
  const rewritten = new Uint8Array((length >> 3) + 2);
  let offset = 0;
  for (let record = 0; offset < length; record++) {
    let at = offset;
    let first = -1;
    let second = -1;
    let plain = true;
    for (; at < length; at++) {
      const c = bytes[at]!;
      if (c === 0x09 || c === 0x00) break;
      if (c === 0x20) {
        if (first < 0) first = at;
        else if (second < 0) second = at;
        else plain = false;
      } else if (c > 0x7f) plain = false;
    }
    if (plain && at < length && bytes[at] === 0x09 && first > offset && second > first) {
      const mode = first + 1 - offset; // with its space
      const to = second + 1 - mode;
      bytes.copyWithin(to, offset, offset + mode);
      bytes.fill(0x20, offset, to);
      rewritten[record >> 3]! |= 1 << (record & 7);
    }
    const end = bytes.indexOf(0, at);
    offset = end < 0 ? length : end + 1;
  }
  return rewritten;
}

/** The entries of a commit's tree (path, `<mode> <id>`) in git's order, parsed as iterated. */
export async function treeEntriesOf(
  git: GitProcess,
  commit: string,
): Promise<Iterable<readonly [string, string]>> {
  return treeEntries(await git.git(['ls-tree', '-r', '-z', '--full-tree', commit]));
}

/** The regular files (modes 100644 and 100755) of a commit below `folder` ("" = all), by `ls-tree`. */
export async function listFilesUnder(
  git: GitProcess,
  commit: string,
  folder: string,
): Promise<TreeFile[]> {
  const listing = parseTreeListing(
    await git.git(
      ['ls-tree', '-r', '-z', '--full-tree', commit, ...(folder ? ['--', folder] : [])],
      { env: { GIT_LITERAL_PATHSPECS: '1' } },
    ),
  );
  return [...listing]
    .filter(([, entry]) => entry.startsWith('100644 ') || entry.startsWith('100755 '))
    .map(([path, entry]) => ({ path, sha: entry.slice(7) }));
}

/**
 * Every blob of a commit (symbolic links included, as git stores them) by path, in the order of
 * `ls-tree -r`: the trees walked by object id, loose objects read from their files (what a small
 * fetch leaves) and the others through one `cat-file --batch` process — no process at all for a
 * control-plane branch of a few files, instead of `ls-tree` and `cat-file`.
 */
export async function readTree(git: GitProcess, commit: string): Promise<Map<string, Uint8Array>> {
  if (!/^[0-9a-f]{40}$/.test(commit)) return readTreeListed(git, commit);
  const reader = new ObjectReader(git.directory, () => git.baseEnv());
  try {
    const head = await reader.read(commit);
    if (head.type !== 'commit') throw new Error(`git cat-file: ${commit} is not a commit`);
    const root = /^tree ([0-9a-f]{40})$/m.exec(head.body.toString('utf8'))?.[1];
    if (root === undefined) throw new Error(`git cat-file: commit ${commit} names no tree`);
    // What `ls-tree -r` lists as a blob: every entry but a tree (40000) and a submodule (160000).
    const walk = async (tree: string, base: string): Promise<[string, Uint8Array][]> => {
      const object = await reader.read(tree);
      if (object.type !== 'tree') throw new Error(`git cat-file: ${tree} is not a tree`);
      const parts = await Promise.all(
        parseTreeObject(object.body).map(async (e): Promise<[string, Uint8Array][]> => {
          const path = base === '' ? e.name : `${base}/${e.name}`;
          if (e.mode === '40000') return walk(e.id, path);
          if (e.mode === '160000') return [];
          return [[path, new Uint8Array((await reader.read(e.id)).body)]];
        }),
      );
      return parts.flat();
    };
    return new Map(await walk(root, ''));
  } finally {
    await reader.close();
  }
}

/** `readTree` through `ls-tree -r` and `cat-file --batch` (a revision that is not an object id). */
async function readTreeListed(git: GitProcess, commit: string): Promise<Map<string, Uint8Array>> {
  const listing = (await git.git(['ls-tree', '-r', '-z', commit])).toString('utf8');
  const files = listing
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta = '', path = ''] = line.split('\t');
      return { sha: meta.split(' ')[2] ?? '', type: meta.split(' ')[1], path };
    })
    .filter((e) => e.type === 'blob');
  return readBlobs(git, files);
}

/** The bytes of `files` by path, through one `cat-file --batch` process. */
export async function readBlobs(
  git: GitProcess,
  files: readonly TreeFile[],
): Promise<Map<string, Uint8Array>> {
  const read = new Map<string, Uint8Array>();
  if (files.length === 0) return read;
  const batch = new CatFileBatch(git.directory, git.baseEnv());
  try {
    const objects = await batch.readAll(files.map((f) => f.sha));
    files.forEach((file, i) => read.set(file.path, bytesOf(objects[i]!.body)));
    return read;
  } finally {
    await batch.close();
  }
}

/**
 * The files of a fetched commit below `folder` (no `.`, no leading or trailing `/`; "" =
 * everything), as `ls-tree -r -- <folder>` lists them (a file named by `folder` itself included)
 * with their bytes, walking the trees by object id (loose objects from their files, others through
 * one `cat-file --batch` process): at most one process instead of `ls-tree` and `cat-file`, and
 * only the trees on the way to `folder` and the blobs below it are read.
 */
export async function walkTree(
  git: GitProcess,
  commit: string,
  folder: string,
): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const batch = new ObjectReader(git.directory, () => git.baseEnv());
  try {
    const head = await batch.read(commit);
    if (head.type !== 'commit') throw new Error(`git cat-file: ${commit} is not a commit`);
    let id = /^tree ([0-9a-f]+)$/m.exec(head.body.toString('utf8'))?.[1] ?? '';
    let mode = '40000';
    let prefix = '';
    for (const segment of folder === '' ? [] : folder.split('/')) {
      if (mode !== '40000') return files;
      const entry = parseTreeObject((await batch.read(id)).body).find((e) => e.name === segment);
      if (!entry) return files;
      ({ id, mode } = entry);
      prefix = prefix === '' ? segment : `${prefix}/${segment}`;
    }
    if (mode === '100644' || mode === '100755') {
      files.set(prefix, new Uint8Array((await batch.read(id)).body));
      return files;
    }
    if (mode !== '40000') return files;
    // All requests of one tree are made at once (cat-file answers in order); the results are
    // gathered in tree order, as `ls-tree -r` lists them.
    const walk = async (tree: string, base: string): Promise<[string, Uint8Array][]> => {
      const entries = parseTreeObject((await batch.read(tree)).body);
      const parts = await Promise.all(
        entries.map(async (e): Promise<[string, Uint8Array][]> => {
          const path = base === '' ? e.name : `${base}/${e.name}`;
          if (e.mode === '40000') return walk(e.id, path);
          if (e.mode !== '100644' && e.mode !== '100755') return [];
          return [[path, new Uint8Array((await batch.read(e.id)).body)]];
        }),
      );
      return parts.flat();
    };
    for (const [path, bytes] of await walk(id, prefix)) files.set(path, bytes);
    return files;
  } finally {
    await batch.close();
  }
}
