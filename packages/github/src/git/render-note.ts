// The cross-run render index as a git note (docs/decisions/incremental-render.md): a notes ref per
// GitOps branch, `refs/notes/kalypso-render/<branch>`, whose one root commit notes at most two
// trees (the one the run proposes and the branch's tree it started from) with the index text. It
// is never a file of the GitOps tree (Flux never delivers it), and what it says is checked by the
// caller against the tree it names. An index of many cluster types is noted as a tree of one blob
// per cluster type (`noteChunks`): a run that changes one of them writes and pushes that blob and
// two trees, the other blobs keep their ids.
import { fetchObjects } from './fetch.ts';
import { pushPackOrGit } from './level-push.ts';
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

/** The first line of every index text (`formatRenderIndex`), up to its version fields. */
const INDEX_HEADER = 'kalypso-render-index ';
/** The most chunks a note is split into (their names are six digits); more: one blob. */
const MAX_CHUNKS = 999_999;

/**
 * An index text in chunks, one per cluster-type folder (each assignment line's folder without
 * its last segment; lines of one folder in a row stay together), each starting with the text's
 * header line, so that `joinNoteChunks` gives the text back exactly. A text of another shape,
 * or of one folder, is one chunk.
 */
export function noteChunks(text: string): string[] {
  const headerEnd = text.indexOf('\n');
  if (!text.startsWith(INDEX_HEADER) || headerEnd < 0 || !text.endsWith('\n')) return [text];
  const header = text.slice(0, headerEnd + 1);
  const chunks: string[] = [];
  let group: string | undefined;
  let groupStart = headerEnd + 1;
  let start = headerEnd + 1;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const tab = text.indexOf('\t', start);
    const folderEnd = tab >= 0 && tab < end ? tab : end;
    const slash = folderEnd > start ? text.lastIndexOf('/', folderEnd - 1) : -1;
    const folder = slash >= start ? text.slice(start, slash) : '';
    if (folder !== group) {
      if (group !== undefined) chunks.push(header + text.slice(groupStart, start));
      group = folder;
      groupStart = start;
    }
    start = end + 1;
  }
  if (group !== undefined) chunks.push(header + text.slice(groupStart));
  return chunks.length < 2 || chunks.length > MAX_CHUNKS ? [text] : chunks;
}

/** The text `noteChunks` split; undefined when the chunks do not all start with one header line. */
export function joinNoteChunks(chunks: readonly string[]): string | undefined {
  if (chunks.length === 1) return chunks[0];
  const first = chunks[0];
  if (first === undefined || !first.startsWith(INDEX_HEADER)) return undefined;
  const header = first.slice(0, first.indexOf('\n') + 1);
  if (header === '') return undefined;
  let text = header;
  for (const chunk of chunks) {
    if (!chunk.startsWith(header)) return undefined;
    text += chunk.slice(header.length);
  }
  return text;
}

/** The name of chunk `i` in a note's tree: six digits, so that git's order is the chunks'. */
function chunkName(i: number): string {
  return String(i).padStart(6, '0');
}

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
 * there is no note on that tree, or a note over the budget.
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
  if (entry.type === 'blob') {
    // The scratch repository is a partial clone: the note's blob is fetched on its own.
    ids = [entry.id];
  } else {
    // A tree of chunks (the notes ref came with its trees): every chunk is a blob named by its
    // number.
    const listed = await git.run(['ls-tree', '-z', entry.id]);
    if (listed.code !== 0) return undefined;
    ids = [];
    for (const record of listed.stdout.toString('utf8').split('\0')) {
      if (record === '') continue;
      const match = /^100644 blob ([0-9a-f]{40,64})\t(\d{6})$/.exec(record);
      if (match === null || match[2] !== chunkName(ids.length) || ids.length >= MAX_CHUNKS)
        return undefined;
      ids.push(match[1]!);
    }
    if (ids.length === 0) return undefined;
  }
  await fetchObjects(git, [...new Set(ids)], 'the render index');
  const batch = new CatFileBatch(git.directory, git.baseEnv(), { maxBytes });
  try {
    const objects = await batch.readAll(ids);
    if (objects.some((o) => o.type !== 'blob')) return undefined;
    for (const id of ids) held?.add(id);
    const texts = objects.map((o) => o.body.toString('utf8'));
    return entry.type === 'blob' ? texts[0] : joinNoteChunks(texts);
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
  const chunks = noteChunks(text);
  if (chunks.length === 1) {
    const blob = await git.text(['hash-object', '-w', '--stdin'], { input: text });
    held.add(blob);
    return `100644 blob ${blob}\t${tree}`;
  }
  const bytes = chunks.map((chunk) => Buffer.from(chunk, 'utf8'));
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
  const listing = ids.map((id, i) => `100644 blob ${id}\t${chunkName(i)}`).join('\n');
  const chunksTree = await git.text(['mktree'], { input: `${listing}\n` });
  return `040000 tree ${chunksTree}\t${tree}`;
}
