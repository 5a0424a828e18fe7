// The cross-run render index as a git note (docs/decisions/incremental-render.md): a notes ref per
// GitOps branch, `refs/notes/kalypso-render/<branch>`, whose one root commit notes at most two
// trees (the one the run proposes and the branch's tree it started from) with the index text. It
// is never a file of the GitOps tree (Flux never delivers it), and what it says is checked by the
// caller against the tree it names.
import { fetchBlobs } from './fetch.ts';
import type { GitProcess } from './process.ts';

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
): Promise<string | undefined> {
  checkNames(branch, tree);
  const named = await git.run(['rev-parse', '--verify', '--quiet', `${fetched(branch)}:${tree}`]);
  const object = named.stdout.toString('utf8').trim();
  if (named.code !== 0 || !OBJECT_ID.test(object)) return undefined;
  // The scratch repository is a partial clone: the note's blob is fetched on its own.
  await fetchBlobs(git, [object], 'the render index');
  const size = await git.run(['cat-file', '-s', object]);
  if (size.code !== 0 || Number(size.stdout.toString('utf8').trim()) > MAX_NOTE_BYTES)
    return undefined;
  const blob = await git.run(['cat-file', 'blob', object]);
  return blob.code === 0 ? blob.stdout.toString('utf8') : undefined;
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
): Promise<boolean> {
  checkNames(branch, tree, ...(keep === undefined ? [] : [keep]));
  const blob = await git.text(['hash-object', '-w', '--stdin'], { input: text });
  const entries = [`100644 blob ${blob}\t${tree}`];
  if (keep !== undefined && keep !== tree) {
    const kept = await git.run(['rev-parse', '--verify', '--quiet', `${fetched(branch)}:${keep}`]);
    const id = kept.stdout.toString('utf8').trim();
    if (kept.code === 0 && OBJECT_ID.test(id)) entries.push(`100644 blob ${id}\t${keep}`);
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
  const pushed = await git.run(
    ['push', '--porcelain', git.remote.url, `+${commit}:${renderNotesRef(branch)}`],
    { env: git.credentialEnv() },
  );
  if (pushed.code !== 0)
    throw git.remoteFailure('Pushing the render index', 'contents: write', pushed.stderr);
  return true;
}
