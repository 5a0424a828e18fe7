// GitWorkspace: a scratch repository as the adapters use it, one method per question or change;
// each delegates to the module of its job (process.ts, objects.ts and read.ts, fetch.ts, write.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  fetchObjects,
  fetchBranches,
  fetchCommit,
  listBranches,
  type FetchOptions,
} from './fetch.ts';
import { actionsBot, GitProcess, type GitIdentity, type GitRemote } from './process.ts';
import {
  listFilesUnder,
  listTree,
  listTreeUnder,
  readBlobs,
  commitInfoOf,
  readCommitInfo,
  readCommitSummary,
  readFileAt,
  readTree,
  treeEntriesOf,
  walkTree,
  type CommitInfo,
} from './read.ts';
import { deleteRefs, fetchRefs, listFolders, pushRef } from './refs.ts';
import { fetchedNotesRef, notesProposalOf } from './render-note.ts';
import { RenderNotes } from './render-notes.ts';
import { ObjectReader } from './objects.ts';
import { writeRootCommitFrom } from './stream-write.ts';
import { deleteBranch, push, writeCommit, type CommitRequest, type PushOutcome } from './write.ts';
import { listEntries, writeFolderCommit, type FolderCommitRequest } from './compose-write.ts';
import { levelPush, type Written } from './level-push.ts';
import { TreeFetches } from './tree-fetch.ts';

/**
 * A local bare repository used as a scratch area: fetch one branch shallowly, read its tree, write
 * commits with plumbing (no work tree), push. The token travels per command as an
 * `http.<origin>/.extraheader` through GIT_CONFIG_* variables: never in `.git/config`, on disk, in
 * a URL or in the log.
 */
export class GitWorkspace {
  readonly directory: string;
  readonly remote: GitRemote;
  readonly identity: GitIdentity;
  private readonly git: GitProcess;
  private readonly commitInfos = new Map<string, Promise<CommitInfo>>();
  /** The render notes fetched, read and written here. */
  private readonly notes: RenderNotes;
  /** The trees fetched by id (`fetchTrees`). */
  private readonly trees: TreeFetches;
  /** Per commit written here: the remote's tree it was built from, folders set by tree id. */
  private readonly written = new Map<string, Written>();

  private constructor(directory: string, remote: GitRemote, identity: GitIdentity) {
    this.directory = directory;
    this.remote = remote;
    this.identity = identity;
    this.git = new GitProcess(directory, remote, identity);
    this.notes = new RenderNotes(this.git);
    this.trees = new TreeFetches(this.git);
  }

  /** Creates an empty bare repository in `directory` (which should not exist yet). */
  static async create(
    directory: string,
    remote: GitRemote,
    identity: GitIdentity = actionsBot,
  ): Promise<GitWorkspace> {
    // What `git init --bare --template=` writes (no sample hooks, none run), written here: a run
    // creates one scratch repository per workload repository, and a git process each costs more.
    for (const folder of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags'])
      await mkdir(join(directory, folder), { recursive: true });
    await writeFile(join(directory, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(
      join(directory, 'config'),
      '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n',
    );
    return new GitWorkspace(directory, remote, identity);
  }

  /** Fetches the tip of `branch` (shallow); returns its commit, or undefined when the branch does not exist. */
  async fetchBranch(
    branch: string,
    depth = 1,
    options: FetchOptions = {},
  ): Promise<string | undefined> {
    return (await this.fetchBranches([branch], depth, options)).get(branch);
  }

  /**
   * Fetches the tips of several branches in one exchange (shallow); each maps to its commit, or
   * undefined when the branch does not exist (a missing branch costs one more exchange).
   */
  fetchBranches(
    branches: readonly string[],
    depth = 1,
    options: FetchOptions = {},
  ): Promise<Map<string, string | undefined>> {
    return fetchBranches(this.git, branches, depth, options);
  }

  /**
   * The heads of `branches` on the remote, from one listing (`git ls-remote`, which asks only for
   * these refs): each maps to its commit, a branch that does not exist is absent. Nothing is
   * fetched.
   */
  listBranches(branches: readonly string[]): Promise<Map<string, string>> {
    return listBranches(this.git, branches);
  }

  /**
   * Fetches one commit by id (shallow). GitHub serves any commit of the repository this way;
   * returns false when the server does not have it.
   */
  fetchCommit(commit: string, depth = 1): Promise<boolean> {
    return fetchCommit(this.git, commit, depth);
  }

  /**
   * The files of a commit below `path` (repository-relative; "" or "." = everything), by path.
   * After a trees-only fetch (`fetchObjects`), the blobs below `path` — and only those — are fetched in
   * one exchange: a workload repository is read as far as its registration points, however big.
   */
  async readTreeUnder(
    commit: string,
    path: string,
    options: { fetchBlobs: boolean },
  ): Promise<Map<string, Uint8Array>> {
    let folder = path.trim();
    while (folder.startsWith('./')) folder = folder.slice(2);
    while (folder.endsWith('/')) folder = folder.slice(0, -1);
    if (folder === '.') folder = '';
    if (!options.fetchBlobs) return walkTree(this.git, commit, folder);
    const files = await listFilesUnder(this.git, commit, folder);
    if (files.length === 0) return new Map();
    const ids = [...new Set(files.map((f) => f.sha))];
    await fetchObjects(this.git, ids, `the files below '${folder || '.'}'`);
    return readBlobs(this.git, files);
  }

  /**
   * The tree and parents of a fetched commit, read from the commit object itself: in a shallow
   * repository `git log` hides the parents of boundary commits.
   */
  commitInfo(commit: string): Promise<CommitInfo> {
    // A commit never changes: each is read once per run (a write checks the commit it wrote, and
    // the caller asks for its tree again).
    let found = this.commitInfos.get(commit);
    if (!found) {
      found = readCommitInfo(this.git, commit);
      this.commitInfos.set(commit, found);
      found.catch(() => this.commitInfos.delete(commit));
    }
    return found;
  }

  /**
   * The subject (first line of the message) and author name of a fetched commit; undefined when
   * the commit is not here.
   */
  commitSummary(commit: string): Promise<{ subject: string; author: string } | undefined> {
    return readCommitSummary(this.git, commit);
  }

  /** A file's bytes at a commit, or undefined when it is not a file there. */
  readFile(commit: string, path: string): Promise<Uint8Array | undefined> {
    return readFileAt(this.git, commit, path);
  }

  /** Every file of a commit by path. */
  readTree(commit: string): Promise<Map<string, Uint8Array>> {
    return readTree(this.git, commit);
  }

  /**
   * Every entry of a commit's tree by path, as `<mode> <object id>` (one `ls-tree -r`): reads no
   * blob, so it works on a `--filter=blob:none` fetch.
   */
  listTree(commit: string): Promise<Map<string, string>> {
    return listTree(this.git, commit);
  }

  /** The entries of a commit's tree (path, `<mode> <id>`) in git's order, parsed as iterated. */
  treeEntries(commit: string): Promise<Iterable<readonly [string, string]>> {
    return treeEntriesOf(this.git, commit);
  }

  /**
   * Writes the files as they come as the tree of a root commit (one `fast-import`; only paths and
   * blob ids are kept, to check the commit); when `files` throws, no commit is made.
   */
  writeRootCommitFrom(
    files: Iterable<readonly [string, Uint8Array]> | AsyncIterable<readonly [string, Uint8Array]>,
    message: string,
  ): Promise<{ commit: string; files: number }> {
    return writeRootCommitFrom(this.git, this, files, message);
  }

  /**
   * Writes a commit on `parent` (none = a root commit) in one `git fast-import` process that
   * streams the new blobs into one pack (bounded memory, no file per blob, no loose objects by the
   * hundred thousand) and builds the new tree from `start` (default: the parent's tree; `tree`
   * starts from the empty tree). `changes` edits it (null deletes a path). Every path is checked
   * before anything is written, and the committed tree is compared with what was asked for: any
   * difference is an error. Returns the new commit id.
   */
  async writeCommit(commit: CommitRequest): Promise<string> {
    const written = await writeCommit(this.git, this, commit);
    if (commit.start) this.written.set(written, { start: commit.start.tree });
    return written;
  }

  /**
   * Deletes `branch` if it is still at `lease` (only for branches the product owns). `rejected`
   * means it moved.
   */
  deleteBranch(branch: string, lease: string): Promise<PushOutcome> {
    return deleteBranch(this.git, branch, lease);
  }

  /**
   * Pushes `commit` to `branch`. Without `lease` the push must fast-forward; with `lease` (only
   * for branches the product owns) it replaces the branch if it is still at `lease`
   * (`--force-with-lease`). `rejected` means the branch moved: re-read and try again. A repository
   * holding some tree alone pushes the pack of what the commit adds (receive-pack.ts).
   */
  async push(request: { commit: string; branch: string; lease?: string }): Promise<PushOutcome> {
    if (!this.trees.holdsPartly) return push(this.git, request);
    const written = this.written.get(request.commit);
    const info = (commit: string) => this.commitInfo(commit);
    return levelPush(this.git, this.trees, request, written, info, (said) => this.notice(said));
  }

  /** Where the workspace says what the log should show (a push that fell back to git). */
  notice: (message: string) => void = () => undefined;

  /** Fetches refs outside branches (`refs/kalypso/…`), trees only: ref → commit, undefined when missing. */
  fetchRefs(refs: readonly string[]): Promise<Map<string, string | undefined>> {
    return fetchRefs(this.git, refs);
  }

  /** The folders directly under `folder` ("" = root) of a fetched commit: name → tree id. */
  listFolders(commit: string, folder: string): Promise<Map<string, string>> {
    return listFolders(this.git, commit, folder);
  }

  /**
   * Fetches trees by id into a repository that holds their commits only (a `commitsOnly` fetch):
   * with `whole`, each with every tree below it (no file), otherwise each alone (tree-fetch.ts).
   */
  fetchTrees(ids: readonly string[], options: { whole: boolean; what: string }): Promise<void> {
    return this.trees.fetch(ids, options);
  }

  /** The root trees of these fetched commits (none for undefined), in one `fetchTrees`. */
  fetchTreesOf(
    commits: readonly (string | undefined)[],
    options: { whole: boolean; what: string },
  ): Promise<void> {
    return this.trees.fetchTreesOf(commits, (commit) => this.commitInfo(commit), options);
  }

  /**
   * The entries (not recursive) of a fetched commit or tree at these paths, by path, as
   * `<mode> <object id>`; a path ending in `/` gives the entries in that folder; none: the root's.
   */
  listEntries(treeish: string, paths: readonly string[]): Promise<Map<string, string>> {
    return listEntries(this.git, treeish, paths);
  }

  /**
   * Every entry below these paths (folders, recursive) of a fetched commit or tree, by repository
   * path, as `<mode> <object id>` (one `ls-tree -r`, literal paths); none: an empty listing.
   */
  async listUnder(treeish: string, paths: readonly string[]): Promise<Map<string, string>> {
    if (paths.length === 0) return new Map();
    return listTreeUnder(this.git, treeish, paths);
  }

  /**
   * Writes a commit (not pushed) whose tree is `start` with folders set whole to trees by id,
   * folders deleted and files written, and checks it folder by folder (a sharded join's commit).
   */
  async writeFolderCommit(request: FolderCommitRequest): Promise<string> {
    const written = await writeFolderCommit(this.git, this, request);
    // Set by tree id from the shards' refs, which the remote holds: never in the pack.
    this.written.set(written, { start: request.start, folders: new Set(request.folders.keys()) });
    return written;
  }

  /** Points a `refs/kalypso/…` ref at `commit` (by force). */
  pushRef(commit: string, ref: string): Promise<void> {
    return pushRef(this.git, commit, ref);
  }

  /** Says that the notes ref of `branch` was fetched with the branch (true) or is absent. */
  renderNotesFetched(branch: string, present: boolean): void {
    this.notes.fetched(branch, present);
  }

  /** The render index noted on `tree` for a GitOps branch (docs/decisions/incremental-render.md). */
  readRenderNote(branch: string, tree: string): Promise<string | undefined> {
    return this.notes.read(branch, tree);
  }

  /** The chunks of render notes a read named and did not read (`:chunk` lines). */
  readRenderNoteChunks(ids: readonly string[]): Promise<string[] | undefined> {
    return this.notes.chunks(ids);
  }

  /** Starts reading chunks `readRenderNoteChunks` will be asked for. */
  prefetchRenderNoteChunks(ids: readonly string[]): void {
    this.notes.prefetch(ids);
  }

  /**
   * Notes `tree` with the render index (keeping the note on `keep`), the proposal in the notes
   * commit's message, and pushes the notes ref.
   */
  writeRenderNote(
    branch: string,
    tree: string,
    text: string,
    keep?: string,
    proposal?: string,
  ): Promise<boolean> {
    // Pushed by pack while some tree is held alone, as the branch is (level-push.ts).
    const byPack = this.trees.holdsPartly ? (said: string) => this.notice(said) : undefined;
    return this.notes.write(branch, tree, text, keep, proposal, byPack);
  }

  /**
   * The proposal the fetched notes ref of `branch` carries (docs/decisions/unchanged-inputs.md);
   * undefined when the ref was not fetched or carries none.
   */
  renderNotesProposal(branch: string): Promise<string | undefined> {
    return this.notes.proposal(branch);
  }

  /**
   * The tips `GitOpsRepository.renderIndex.tips` reads after a commits-only fetch: these fetched
   * commits (tree and parents) and the proposal the fetched notes ref of `branch` carries, each
   * read from its loose object file (what a small fetch leaves; checked against its id) and only
   * otherwise through one `cat-file --batch`: no process per commit. A commit that cannot be read
   * is undefined.
   */
  async readTips(
    commits: readonly string[],
    branch: string,
  ): Promise<{ commits: (CommitInfo | undefined)[]; proposal: string | undefined }> {
    const notes = (await this.notes.fetchedRef(branch))
      ? await this.git.looseRef(fetchedNotesRef(branch))
      : undefined;
    const reader = new ObjectReader(this.git.directory, () => this.git.baseEnv());
    const commitText = (id: string) =>
      reader.read(id).then(
        (o) => (o.type === 'commit' ? o.body.toString('utf8') : undefined),
        () => undefined,
      );
    try {
      const [texts, proposal] = await Promise.all([
        Promise.all(commits.map(commitText)),
        // A notes ref that is not a loose ref file is read by git.
        notes === undefined
          ? this.renderNotesProposal(branch)
          : commitText(notes).then((t) => (t === undefined ? undefined : notesProposalOf(t))),
      ]);
      return {
        commits: texts.map((t) => (t === undefined ? undefined : commitInfoOf(t))),
        proposal,
      };
    } finally {
      await reader.close();
    }
  }

  /** Deletes `refs/kalypso/…` refs, each if it still points at its commit. */
  deleteRefs(refs: ReadonlyMap<string, string>): Promise<void> {
    return deleteRefs(this.git, refs);
  }
}
