// The cross-run render index as a git note (docs/decisions/incremental-render.md): a notes ref per
// GitOps branch, `refs/notes/kalypso-render/<branch>`, whose one root commit notes at most two
// trees (the one the run proposes and the branch's tree it started from) with the index text. It
// is never a file of the GitOps tree (Flux never delivers it), and what it says is checked by the
// caller against the tree it names. An index of many cluster types is noted as a tree of one blob
// per cluster type (`noteChunks`): a run that changes one of them writes and pushes that blob and
// two trees, the other blobs keep their ids. A chunk named by its cluster type (note-chunks.ts)
// is read only when asked for (`readRenderNoteChunks`): the read names it by a `:chunk` line.
import { chunkRefLine, splitChunkRefs, type ChunkRef } from '@kalypso/core';
import { fetchObjects } from './fetch.ts';
import { pushPackOrGit } from './level-push.ts';
import {
  chunkName,
  chunkOwnerOfName,
  joinNoteChunks,
  MAX_CHUNKS,
  noteChunks,
} from './note-chunks.ts';
import { CatFileBatch } from './objects.ts';
import type { GitProcess } from './process.ts';
import { blobId, thinPushEnv } from './write.ts';

/** The notes ref of a GitOps branch. */
export function renderNotesRef(branch: string): string {
  return `refs/notes/kalypso-render/${branch}`;
}

/** The largest note read (bytes); a larger one is ignored. */
const MAX_NOTE_BYTES = 256 * 1024 * 1024;
const OBJECT_ID = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;

/** A branch whose notes ref would not be a plain ref name (an option, a glob, a refspec). */
function unsafeBranch(branch: string): boolean {
  return branch.startsWith('-') || /[\s*?[\\:^~]|\.\.|\/\/|^\/|\/$/.test(branch);
}

function checkNames(branch: string, ...ids: string[]): void {
  // The branch is a checked branch name; the ref is never an option or a glob.
  if (unsafeBranch(branch))
    throw new Error(`Refusing the notes ref of branch '${branch.slice(0, 200)}'.`);
  for (const id of ids) if (!OBJECT_ID.test(id)) throw new Error(`Not an object id: '${id}'.`);
}

/** The notes ref of a GitOps branch to fetch with it; undefined for a name the ref refuses. */
export function fetchableNotesRef(branch: string): string | undefined {
  return unsafeBranch(branch) ? undefined : renderNotesRef(branch);
}

const fetched = (branch: string) => `refs/fetched/notes/kalypso-render/${branch}`;

/** The entry of the note on `tree` in the fetched notes ref: its type and object id, or undefined. */
async function noteEntry(
  git: GitProcess,
  branch: string,
  tree: string,
): Promise<{ type: 'blob' | 'tree'; id: string } | undefined> {
  const listed = await git.run(['ls-tree', '-z', fetched(branch), '--', tree]);
  if (listed.code !== 0) return undefined;
  const match = /^(100644 blob|040000 tree) ([0-9a-f]{40,64})\t([0-9a-f]{40,64})\0$/.exec(
    listed.stdout.toString('utf8'),
  );
  if (match === null || match[3] !== tree || !OBJECT_ID.test(match[2]!)) return undefined;
  return { type: match[1] === '040000 tree' ? 'tree' : 'blob', id: match[2]! };
}

/**
 * Fetches the branch's notes ref (one listing and one small fetch); false when there is none. A
 * workspace fetches it once per run (`GitWorkspace.readRenderNote`).
 */
export async function fetchRenderNotes(git: GitProcess, branch: string): Promise<boolean> {
  checkNames(branch);
  const ref = renderNotesRef(branch);
  const listed = await git.run(['ls-remote', git.remote.url, ref], { env: git.credentialEnv() });
  if (listed.code !== 0) return false;
  const head = /^([0-9a-f]{40,64})\t/.exec(listed.stdout.toString('utf8'))?.[1];
  if (head === undefined) return false;
  const result = await git.run(
    ['fetch', '--quiet', '--no-tags', '--depth=1', git.remote.url, `+${ref}:${fetched(branch)}`],
    { env: git.credentialEnv() },
  );
  return result.code === 0;
}

/**
 * The note on `tree` in the branch's fetched notes ref (`fetchRenderNotes` first); undefined when
 * there is no note on that tree, or a note over the budget. The first chunk and each chunk named
 * by no cluster type are read; each other one is named by a `:chunk` line at the end of the text
 * (chunk-refs.ts), to be read when asked for (`readRenderNoteChunks`).
 */
export async function readFetchedRenderNote(
  git: GitProcess,
  branch: string,
  tree: string,
  /** Receives the ids of the note's blobs once they are read (so held): `writeRenderNote`'s. */
  held?: Set<string>,
  /** The largest note read (bytes, its chunks in all); a larger one is ignored. */
  maxBytes = MAX_NOTE_BYTES,
): Promise<string | undefined> {
  checkNames(branch, tree);
  const entry = await noteEntry(git, branch, tree);
  if (entry === undefined) return undefined;
  // The note's blobs (one, or a tree's chunks) are fetched in one exchange and read by one
  // `cat-file --batch` bounded to the budget: its headers give the sizes before any body is
  // gathered, so no size check runs before it (one process and one wait on the main thread less).
  let ids: string[];
  const named: ChunkRef[] = [];
  if (entry.type === 'blob') {
    // The scratch repository is a partial clone: the note's blob is fetched on its own.
    ids = [entry.id];
  } else {
    // A tree of chunks (the notes ref came with its trees): every chunk is a blob named by its
    // number, and by its cluster type when it holds one cluster type's entries.
    const listed = await git.run(['ls-tree', '-z', entry.id]);
    if (listed.code !== 0) return undefined;
    ids = [];
    let count = 0;
    for (const record of listed.stdout.toString('utf8').split('\0')) {
      if (record === '') continue;
      const match = /^100644 blob ([0-9a-f]{40,64})\t([^\0]+)$/.exec(record);
      const name = match && count < MAX_CHUNKS ? chunkOwnerOfName(match[2]!, count) : undefined;
      if (name === undefined) return undefined;
      if (name.owner !== undefined && count > 0) named.push({ id: match![1]!, ...name.owner });
      else ids.push(match![1]!);
      count++;
    }
    if (ids.length === 0) return undefined;
  }
  const texts = await readChunks(git, ids, held, maxBytes);
  if (texts === undefined) return undefined;
  const text = entry.type === 'blob' ? texts[0] : joinNoteChunks(texts);
  return text === undefined ? undefined : text + named.map(chunkRefLine).join('');
}

/**
 * The texts of chunks a read named (`readFetchedRenderNote`), in order, fetched in one exchange;
 * undefined when one is missing or is not a file, or when together they are over the budget.
 */
export async function readRenderNoteChunks(
  git: GitProcess,
  ids: readonly string[],
  held?: Set<string>,
  maxBytes = MAX_NOTE_BYTES,
): Promise<string[] | undefined> {
  for (const id of ids) if (!OBJECT_ID.test(id)) throw new Error(`Not an object id: '${id}'.`);
  return ids.length === 0 ? [] : readChunks(git, ids, held, maxBytes);
}

/** The blobs fetched in one exchange and read by one `cat-file --batch` bounded to the budget. */
async function readChunks(
  git: GitProcess,
  ids: readonly string[],
  held: Set<string> | undefined,
  maxBytes: number,
): Promise<string[] | undefined> {
  await fetchObjects(git, [...new Set(ids)], 'the render index');
  const batch = new CatFileBatch(git.directory, git.baseEnv(), { maxBytes });
  try {
    const objects = await batch.readAll(ids);
    if (objects.some((o) => o.type !== 'blob')) return undefined;
    for (const id of ids) held?.add(id);
    return objects.map((o) => o.body.toString('utf8'));
  } catch {
    return undefined; // missing, or over the budget
  } finally {
    await batch.close();
  }
}

/** The subject of every notes commit; the proposal, when there is one, is its body. */
const NOTES_SUBJECT = 'kalypso render index';

/** The message of a notes commit with this proposal text (docs/decisions/unchanged-inputs.md). */
function notesMessage(proposal: string | undefined): string {
  return proposal === undefined ? NOTES_SUBJECT : `${NOTES_SUBJECT}\n\n${proposal}`;
}

/**
 * The proposal a fetched notes commit carries (its message's body); undefined without one. The
 * commit is read whole (it is a commit, never a tree or a file: a commits-only fetch has it).
 */
export async function readNotesProposal(
  git: GitProcess,
  commit: string,
): Promise<string | undefined> {
  const result = await git.run(['cat-file', 'commit', commit]);
  if (result.code !== 0) return undefined;
  return notesProposalOf(result.stdout.toString('utf8'));
}

/** The proposal a notes commit object's text carries in its message; undefined without one. */
export function notesProposalOf(text: string): string | undefined {
  const split = text.indexOf('\n\n');
  const message = split < 0 ? '' : text.slice(split + 2);
  return message.startsWith(`${NOTES_SUBJECT}\n\n`)
    ? message.slice(NOTES_SUBJECT.length + 2)
    : undefined;
}

/** The fetched notes ref of `branch` (after `fetchRenderNotes` or a fetch that brought it). */
export function fetchedNotesRef(branch: string): string {
  checkNames(branch);
  return fetched(branch);
}

/**
 * Replaces the branch's notes ref with one root commit noting `tree` with `text`, and keeping the
 * note on `keep` (the tree the run started from) when the fetched ref had one; the commit's
 * message carries `proposal` (what the run proposed, docs/decisions/unchanged-inputs.md). Pushes
 * nothing (false) when the fetched ref already holds exactly those notes and that proposal: a
 * run with no change writes nothing.
 */
export async function writeRenderNote(
  git: GitProcess,
  branch: string,
  tree: string,
  text: string,
  keep: string | undefined,
  proposal?: string,
  held: Set<string> = new Set(),
  /**
   * Given: push the pack of what the note adds to the fetched one (level-push.ts), this saying
   * why it fell back to git; absent: push with git.
   */
  byPack?: (message: string) => void,
): Promise<boolean> {
  checkNames(branch, tree, ...(keep === undefined ? [] : [keep]));
  const entries = [await writeNote(git, text, tree, held)];
  if (keep !== undefined && keep !== tree) {
    const kept = await noteEntry(git, branch, keep);
    if (kept !== undefined)
      entries.push(
        `${kept.type === 'tree' ? '040000' : '100644'} ${kept.type} ${kept.id}\t${keep}`,
      );
  }
  const notesTree = await git.text(['mktree', '--missing'], { input: `${entries.join('\n')}\n` });
  const current = await git.run(['rev-parse', '--verify', '--quiet', `${fetched(branch)}^{tree}`]);
  if (
    current.code === 0 &&
    current.stdout.toString('utf8').trim() === notesTree &&
    (await readNotesProposal(git, fetched(branch))) === proposal
  )
    return false;
  // The message comes on standard input: a proposal is longer than an argument may be.
  const commit = await git.text(['commit-tree', notesTree, '-F', '-'], {
    input: notesMessage(proposal),
    env: {
      GIT_AUTHOR_NAME: git.identity.name,
      GIT_AUTHOR_EMAIL: git.identity.email,
      GIT_COMMITTER_NAME: git.identity.name,
      GIT_COMMITTER_EMAIL: git.identity.email,
    },
  });
  const byGit = async (): Promise<'pushed'> => {
    const pushed = await git.run(
      ['push', '--porcelain', git.remote.url, `+${commit}:${renderNotesRef(branch)}`],
      { env: thinPushEnv(git) },
    );
    if (pushed.code !== 0)
      throw git.remoteFailure('Pushing the render index', 'contents: write', pushed.stderr);
    return 'pushed';
  };
  if (byPack === undefined) await byGit();
  else {
    const fetchedCommit = await git.run(['rev-parse', '--verify', '--quiet', fetched(branch)]);
    const pack = {
      commit,
      base: fetchedCommit.code === 0 ? fetchedCommit.stdout.toString('utf8').trim() : undefined,
      // The notes ref is fetched with its trees (`fetchRenderNotes`): its blobs are not sent again.
      baseHeldWhole: true,
      ref: renderNotesRef(branch),
      force: true,
      activity: 'Pushing the render index',
      permission: 'contents: write',
    };
    if ((await pushPackOrGit(git, pack, byGit, byPack, 'of the render index')) === 'rejected')
      throw new Error(`Pushing the render index in '${git.remote.repository}' failed: it moved.`);
  }
  return true;
}

/**
 * Writes the note's objects and returns its entry in the notes tree: one blob, or a tree of
 * chunks (`noteChunks`) of which those in `held` (the blobs of the notes this run read: an
 * unchanged cluster type's chunk is one of them) are not written again. git is never asked
 * whether it holds the others: in a partial clone a question about an object it lacks costs a
 * walk over every tree fetched (0.85 s at 100,000 assignments); `fast-import` writes them,
 * leaving out any its packs already hold.
 */
async function writeNote(
  git: GitProcess,
  text: string,
  tree: string,
  held: Set<string>,
): Promise<string> {
  // The chunks a read named and this run kept (`:chunk` lines): noted by id, never read.
  const { body, refs } = splitChunkRefs(text);
  const chunks = noteChunks(body);
  if (chunks.length === 1 && refs.length === 0) {
    const blob = await git.text(['hash-object', '-w', '--stdin'], { input: text });
    held.add(blob);
    return `100644 blob ${blob}\t${tree}`;
  }
  const bytes = chunks.map((chunk) => Buffer.from(chunk.text, 'utf8'));
  const ids = bytes.map((b) => blobId(b));
  // The chunks not held, in one fast-import (blobs only; each id is git's own for those bytes).
  const stream: Buffer[] = [];
  const written = new Set<string>();
  ids.forEach((id, i) => {
    if (held.has(id) || written.has(id)) return;
    written.add(id);
    stream.push(Buffer.from(`blob\ndata ${bytes[i]!.length}\n`), bytes[i]!, Buffer.from('\n'));
  });
  if (stream.length > 0) {
    stream.push(Buffer.from('done\n'));
    await git.git(['fast-import', '--quiet', '--done'], { input: Buffer.concat(stream) });
    for (const id of written) held.add(id);
  }
  const listing = ids.map((id, i) => `100644 blob ${id}\t${chunkName(i, chunks[i]!.owner)}`);
  refs.forEach((ref, i) =>
    listing.push(`100644 blob ${ref.id}\t${chunkName(ids.length + i, ref)}`),
  );
  if (listing.length > MAX_CHUNKS)
    throw new Error(
      `it has ${listing.length} chunks, more than a note names (${MAX_CHUNKS}); no cluster-type folder is kept whole then`,
    );
  // A chunk kept by id is not here (a partial clone): the tree names it all the same.
  const chunksTree = await git.text(['mktree', ...(refs.length > 0 ? ['--missing'] : [])], {
    input: `${listing.join('\n')}\n`,
  });
  return `040000 tree ${chunksTree}\t${tree}`;
}
