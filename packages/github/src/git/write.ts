// Writing: blob ids, commits built by one `git fast-import` and checked against the plan, and
// the pushes and deletions that publish them.
import { createHash, hash } from 'node:crypto';
import { join } from 'node:path';
import { nulRecords } from './objects.ts';
import type { GitProcess } from './process.ts';
import { classifyPushRefusal, pushRefusedError } from './push-refusal.ts';
import type { CommitInfo } from './read.ts';

export type PushOutcome = 'pushed' | 'rejected';

/** git's id of the empty tree. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** The reads a write needs (the workspace's, which remembers each commit it read). */
export interface TreeReading {
  commitInfo(commit: string): Promise<CommitInfo>;
  listTree(commit: string): Promise<Map<string, string>>;
}

/** A commit to write: see `writeCommit`. */
export interface CommitRequest {
  parent: string | undefined;
  message: string;
  tree?: ReadonlyMap<string, Uint8Array | string>;
  changes?: ReadonlyMap<string, Uint8Array | string | null>;
  /** The tree to build from and its listing (`listTree`); default: the parent's. */
  start?: { tree: string; files: ReadonlyMap<string, string> };
}

let writeCounter = 0;

/** The id git gives a blob with these bytes: sha1 of `blob <length>\0<bytes>`. */
export function blobId(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  const header = `blob ${data.length}\0`;
  const size = header.length + data.length;
  if (size > BLOB_SCRATCH_BYTES)
    return createHash('sha1').update(header).update(data).digest('hex');
  // One-shot hashing of header and bytes copied into one reused buffer: a hash object per file
  // costs more than the copy (hundreds of thousands of files per schedule run).
  const written = blobScratch.write(header, 0, 'latin1');
  blobScratch.set(data, written);
  return hash('sha1', blobScratch.subarray(0, size), 'hex');
}

const BLOB_SCRATCH_BYTES = 64 * 1024;
const blobScratch = Buffer.allocUnsafe(BLOB_SCRATCH_BYTES);

/**
 * Throws unless `path` is a plain repository-relative file path: not empty, not absolute, no
 * empty, `.`, `..` or `.git` segment, no NUL. git would silently skip or reinterpret such a
 * path, so the writer refuses it before anything is written.
 */
export function checkTreePath(path: string, repository: string): void {
  const why =
    path === ''
      ? 'the path is empty'
      : path.startsWith('/')
        ? 'it is absolute'
        : path.includes('\0')
          ? 'it contains a NUL byte'
          : path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
            ? "it has an empty, '.' or '..' segment (it would land outside its folder)"
            : path.split('/').some((segment) => segment.toLowerCase() === '.git')
              ? "it has a '.git' segment"
              : undefined;
  if (why !== undefined)
    throw new Error(
      `Refusing to write '${path}' into '${repository}': ${why}. Nothing was written; fix the name that produced this path (a deployment target, cluster type or GitOpsRepo spec.path).`,
    );
}

/** A path as fast-import reads it: C-style quoted, so no character can end the command early. */
export function quotePath(path: string): string {
  let out = '"';
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/** Writes fast-import commands (file commands of one commit). */
export type ImportWrite = (chunk: Uint8Array | string) => Promise<void>;

/**
 * One commit by one `git fast-import`: its header (the workspace's identity as author and
 * committer, now, `message`, on `parent` when given), then the file commands `body` writes; the new
 * commit's id. An error `body` throws abandons the import (no `done`: no ref is written) and is
 * the one thrown; otherwise a failed import throws what git said.
 */
export async function fastImportCommit(
  git: GitProcess,
  message: string,
  parent: string | undefined,
  body: (write: ImportWrite) => Promise<void>,
): Promise<string> {
  const ref = `refs/kalypso/write-${process.pid}-${++writeCounter}`;
  const when = Math.floor(Date.now() / 1000);
  const person = `${git.identity.name} <${git.identity.email}> ${when} +0000`;
  const text = Buffer.from(message, 'utf8');
  let failure: unknown;
  const stderr = await git.stream(['fast-import', '--quiet', '--done'], async (write) => {
    let piped = false;
    const send: ImportWrite = (chunk) =>
      write(chunk).catch((error: unknown) => {
        piped = true;
        throw error;
      });
    try {
      await send(`commit ${ref}\nauthor ${person}\ncommitter ${person}\ndata ${text.length}\n`);
      await send(text);
      await send(parent ? `\nfrom ${parent}\n` : '\n');
      await body(send);
      await send('\ndone\n');
    } catch (error) {
      // An error of git's own input is told by git's message; any other is the caller's.
      if (!piped) failure = error;
      throw error;
    }
  });
  if (failure !== undefined)
    throw failure instanceof Error ? failure : new Error('the files could not be read');
  if (stderr !== undefined) throw new Error(`git fast-import failed: ${stderr.trim()}`);
  // fast-import writes the ref as a loose file: read it rather than ask `rev-parse`.
  return (
    (await git.looseRef(ref)) ?? (await git.text(['rev-parse', '--verify', `${ref}^{commit}`]))
  );
}

/**
 * Writes a commit on `parent` (none = a root commit) in one `git fast-import` process that
 * streams the new blobs into one pack (bounded memory, no file per blob, no loose objects by the
 * hundred thousand) and builds the new tree from `start` (default: the parent's tree; `tree`
 * starts from the empty tree). `changes` edits it (null deletes a path). Every path is checked
 * before anything is written, and the committed tree is compared with what was asked for: any
 * difference is an error. Returns the new commit id.
 */
export async function writeCommit(
  git: GitProcess,
  read: TreeReading,
  commit: CommitRequest,
): Promise<string> {
  const changes: ReadonlyMap<string, Uint8Array | string | null> =
    commit.tree ?? commit.changes ?? new Map<string, null>();
  for (const path of changes.keys()) checkTreePath(path, git.remote.repository);
  let start = commit.tree ? undefined : commit.start;
  if (!start) {
    if (commit.parent && !commit.tree) {
      const tree = (await read.commitInfo(commit.parent)).tree;
      start = { tree, files: await read.listTree(tree) };
    } else start = { tree: EMPTY_TREE, files: new Map() };
  }
  const startFiles = start.files;
  const expected = new Map<string, string | null>();
  const written = await fastImportCommit(git, commit.message, commit.parent, async (write) => {
    if (start.tree !== EMPTY_TREE) await write(`M 040000 ${start.tree} \n`);
    else if (commit.parent) await write('deleteall\n');
    for (const [path, content] of changes) {
      const quoted = quotePath(path);
      if (content === null) {
        if (startFiles.has(path)) {
          expected.set(path, null);
          await write(`D ${quoted}\n`);
        }
        continue;
      }
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      const entry = `100644 ${blobId(bytes)}`;
      if (startFiles.get(path) === entry) continue;
      expected.set(path, entry);
      await write(`M 100644 inline ${quoted}\ndata ${bytes.length}\n`);
      await write(bytes);
      await write('\n');
    }
  });
  await verifyCommit(git, read, written, commit.parent, start.tree, expected);
  return written;
}

/**
 * The safety check after every write: the commit's parent is the one asked for, and its tree
 * differs from `start` in exactly the `expected` entries (path → `<mode> <id>`, null = deleted).
 */
export async function verifyCommit(
  git: GitProcess,
  read: TreeReading,
  commit: string,
  parent: string | undefined,
  start: string,
  expected: ReadonlyMap<string, string | null>,
): Promise<void> {
  const info = await read.commitInfo(commit);
  const problems: string[] = [];
  if (info.parents.join(' ') !== (parent ?? ''))
    problems.push(`its parent is '${info.parents.join(' ')}', not '${parent ?? ''}'`);
  const diff = await git.git(['diff-tree', '-r', '-z', '--no-renames', start, info.tree]);
  const seen = new Set<string>();
  const fields = nulRecords(diff);
  for (;;) {
    const head = fields.next();
    const named = fields.next();
    if (head.done || named.done || !head.value.startsWith(':')) break;
    const meta = head.value;
    const path = named.value;
    const [, newMode = '', , newId = '', status = ''] = meta.slice(1).split(' ');
    const actual = status === 'D' ? null : `${newMode} ${newId}`;
    seen.add(path);
    if (!expected.has(path)) problems.push(`'${path}' changed but was not planned`);
    else if (expected.get(path) !== actual)
      problems.push(
        `'${path}' is ${actual ?? 'deleted'}, planned ${expected.get(path) ?? 'deleted'}`,
      );
    if (problems.length >= 10) break;
  }
  for (const path of expected.keys()) {
    if (problems.length >= 10) break;
    if (!seen.has(path)) problems.push(`'${path}' was planned but is not in the commit`);
  }
  if (problems.length > 0)
    throw new Error(
      `The commit written for '${git.remote.repository}' does not hold the planned tree (${problems.join('; ')}). Nothing was pushed; this is a bug or a hostile path: report it with the run's log.`,
    );
}

/**
 * Deletes `branch` if it is still at `lease` (only for branches the product owns). `rejected`
 * means it moved.
 */
export async function deleteBranch(
  git: GitProcess,
  branch: string,
  lease: string,
): Promise<PushOutcome> {
  const ref = `refs/heads/${branch}`;
  // A push from a shallow repository announces its shallow commits, and receive-pack hangs up
  // on a deletion that carries them but no pack: delete from an empty repository instead.
  const empty = join(git.directory, 'kalypso-empty.git');
  await git.git(['init', '--quiet', '--bare', empty]);
  const result = await git.run(
    [
      `--git-dir=${empty}`,
      'push',
      '--porcelain',
      `--force-with-lease=${ref}:${lease}`,
      git.remote.url,
      `:${ref}`,
    ],
    { env: git.credentialEnv() },
  );
  if (result.code === 0) return 'pushed';
  const activity = `Deleting branch '${branch}'`;
  const refusal = classifyPushRefusal(`${result.stdout.toString('utf8')}\n${result.stderr}`);
  if (refusal?.kind === 'moved') return 'rejected';
  if (refusal?.kind === 'refused')
    throw pushRefusedError(activity, git.remote.repository, git.remote.tokenInput, refusal);
  throw git.remoteFailure(activity, 'contents: write', result.stderr);
}

/**
 * The environment of a push from a trees-only repository, the one place such a repository may
 * fetch blobs: the thin pack deltas each new blob against the blob at its path in what the remote
 * already has (the branch's previous version of a file; the note a notes commit replaces on a
 * tree that comes back), and pack-objects fetches those bases in one batch from this remote.
 * With lazy fetches off it stops on the first it lacks ("could not fetch … from promisor remote").
 */
export function thinPushEnv(git: GitProcess): Record<string, string> {
  return { ...git.credentialEnv(), GIT_NO_LAZY_FETCH: '0' };
}

/**
 * Pushes `commit` to `branch`. Without `lease` the push must fast-forward; with `lease` (only
 * for branches the product owns) it replaces the branch if it is still at `lease`
 * (`--force-with-lease`). `rejected` means the branch moved: re-read and try again.
 */
export async function push(
  git: GitProcess,
  request: { commit: string; branch: string; lease?: string },
): Promise<PushOutcome> {
  const ref = `refs/heads/${request.branch}`;
  const lease = request.lease === undefined ? [] : [`--force-with-lease=${ref}:${request.lease}`];
  const result = await git.run(
    ['push', '--porcelain', ...lease, git.remote.url, `${request.commit}:${ref}`],
    { env: thinPushEnv(git) },
  );
  if (result.code === 0) return 'pushed';
  const activity = `Pushing to branch '${request.branch}'`;
  const refusal = classifyPushRefusal(`${result.stdout.toString('utf8')}\n${result.stderr}`);
  if (refusal?.kind === 'moved') return 'rejected';
  if (refusal?.kind === 'refused')
    throw pushRefusedError(activity, git.remote.repository, git.remote.tokenInput, refusal);
  throw git.remoteFailure(activity, 'contents: write', result.stderr);
}
