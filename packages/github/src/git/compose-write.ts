// A sharded schedule's join writes its commit folder by folder (docs/decisions/sharded-schedule.md):
// the folders are set whole to the shards' trees by id, and the check after writing compares
// folder tree ids, so that neither side ever lists every file of the environment.
import { nulRecords, parseTreeListing } from './objects.ts';
import type { GitProcess } from './process.ts';
import type { TreeReading } from './write.ts';
import { blobId, checkTreePath, fastImportCommit, quotePath } from './write.ts';

/** A join's commit: see `writeFolderCommit`. */
export interface FolderCommitRequest {
  parent: string;
  message: string;
  /** The tree to build from (the parent's). */
  start: string;
  /** Folders set whole to trees this repository holds: folder path → tree id. */
  folders: ReadonlyMap<string, string>;
  /** Folders deleted whole. */
  removeFolders: readonly string[];
  /** Files written (none inside one of the folders above). */
  writes: ReadonlyMap<string, Uint8Array>;
}

/**
 * Writes a commit on `parent` (not pushed) whose tree is `start` with `folders` set to their
 * trees, `removeFolders` deleted and `writes` written, in one `git fast-import` (no blob is
 * read). The check after writing asks git for the tree id of every folder (each must be the one
 * asked for, or absent when deleted) and compares everything outside them with `start` file by
 * file: only `writes` may differ. Any difference is an error. Returns the new commit id.
 */
export async function writeFolderCommit(
  git: GitProcess,
  read: TreeReading,
  request: FolderCommitRequest,
): Promise<string> {
  const repository = git.remote.repository;
  const folders = new Set([...request.folders.keys(), ...request.removeFolders]);
  const inFolder = (path: string) => {
    for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1))
      if (folders.has(path.slice(0, slash))) return true;
    return false;
  };
  for (const [folder, tree] of request.folders) {
    checkTreePath(folder, repository);
    if (!/^[0-9a-f]{40}$/.test(tree)) throw new Error(`'${tree.slice(0, 60)}' is not a tree id.`);
  }
  for (const folder of request.removeFolders) checkTreePath(folder, repository);
  for (const folder of folders)
    if (inFolder(folder))
      throw new Error(`Refusing to write '${folder}': it lies in another folder of this commit.`);
  for (const path of request.writes.keys()) {
    checkTreePath(path, repository);
    if (folders.has(path) || inFolder(path))
      throw new Error(`Refusing to write '${path}': it lies in a folder taken whole from a tree.`);
  }
  const written = await fastImportCommit(git, request.message, request.parent, async (write) => {
    await write(`M 040000 ${request.start} \n`);
    for (const folder of request.removeFolders) await write(`D ${quotePath(folder)}\n`);
    for (const [folder, tree] of request.folders)
      await write(`M 040000 ${tree} ${quotePath(folder)}\n`);
    for (const [path, bytes] of request.writes) {
      await write(`M 100644 inline ${quotePath(path)}\ndata ${bytes.length}\n`);
      await write(bytes);
      await write('\n');
    }
  });
  await verifyFolderCommit(git, read, written, request);
  return written;
}

/** The check of `writeFolderCommit`: folder tree ids, then the files outside the folders. */
async function verifyFolderCommit(
  git: GitProcess,
  read: TreeReading,
  commit: string,
  request: FolderCommitRequest,
): Promise<void> {
  const problems: string[] = [];
  const info = await read.commitInfo(commit);
  if (info.parents.join(' ') !== request.parent)
    problems.push(`its parent is '${info.parents.join(' ')}', not '${request.parent}'`);
  const folders = [...request.folders.keys(), ...request.removeFolders];
  const found =
    folders.length === 0
      ? new Map<string, string>()
      : parseTreeListing(await git.git(['ls-tree', '-z', info.tree, '--', ...folders], literal));
  for (const [folder, tree] of request.folders)
    if (found.get(folder) !== `040000 ${tree}`)
      problems.push(`folder '${folder}' is ${found.get(folder) ?? 'missing'}, planned ${tree}`);
  for (const folder of request.removeFolders)
    if (found.has(folder)) problems.push(`folder '${folder}' was planned deleted but is there`);
  const expected = new Map<string, string>();
  for (const [path, bytes] of request.writes) expected.set(path, `100644 ${blobId(bytes)}`);
  // Everything outside the folders, file by file: what differs from `start` must be a write.
  const diff = await git.git([
    'diff-tree',
    '-r',
    '-z',
    '--no-renames',
    request.start,
    info.tree,
    '--',
    ...folders.map((folder) => `:(exclude,literal)${folder}`),
  ]);
  const fields = nulRecords(diff);
  const seen = new Set<string>();
  for (;;) {
    const head = fields.next();
    const named = fields.next();
    if (head.done || named.done || !head.value.startsWith(':')) break;
    const [, newMode = '', , newId = '', status = ''] = head.value.slice(1).split(' ');
    const actual = status === 'D' ? 'deleted' : `${newMode} ${newId}`;
    seen.add(named.value);
    if (expected.get(named.value) !== actual)
      problems.push(
        `'${named.value}' is ${actual}, planned ${expected.get(named.value) ?? 'as it was'}`,
      );
    if (problems.length >= 10) break;
  }
  if (problems.length < 10 && seen.size < expected.size) {
    const listed = parseTreeListing(
      await git.git(['ls-tree', '-z', info.tree, '--', ...expected.keys()], literal),
    );
    for (const [path, entry] of expected)
      if (!seen.has(path) && listed.get(path) !== entry)
        problems.push(`'${path}' is ${listed.get(path) ?? 'missing'}, planned ${entry}`);
  }
  if (problems.length > 0)
    throw new Error(
      `The commit written for '${git.remote.repository}' does not hold the planned tree (${problems.slice(0, 10).join('; ')}). Nothing was pushed; this is a bug or a hostile path: report it with the run's log.`,
    );
}

/**
 * The entries (not recursive) of `treeish` at these paths (a path ending in `/`: the entries in
 * that folder; none: the root's), by path, as `<mode> <object id>`.
 */
export async function listEntries(
  git: GitProcess,
  treeish: string,
  paths: readonly string[],
): Promise<Map<string, string>> {
  return parseTreeListing(
    await git.git(
      ['ls-tree', '-z', '--full-tree', treeish, ...(paths.length ? ['--', ...paths] : [])],
      literal,
    ),
  );
}

/** Paths given to `ls-tree` are names, never patterns. */
const literal = { env: { GIT_LITERAL_PATHSPECS: '1' } };
