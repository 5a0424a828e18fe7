import type { EnvironmentSources } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import type { RenderedEnvironment, ScheduledEnvironment } from '../render/render-environment.ts';
import type { CommitStatusWriter } from '../ports.ts';

/** A tree as git lists it: repository path → `<mode> <object id>` (e.g. `100644 3b18e5…`). */
export type TreeListing = ReadonlyMap<string, string>;

/**
 * A branch's tree with its cluster-type folders (the folders directly in spec.path whose name does
 * not start with `.`) given by tree id: what the scheduler owns, each folder proven or listed
 * whole (docs/decisions/incremental-render.md).
 */
export interface FoldedTree {
  readonly head: string;
  readonly treeId: string;
  /** Every entry outside the cluster-type folders (path → `<mode> <id>`): the unowned ones. */
  readonly outside: TreeListing;
  /** The cluster-type folders: repository path → tree id. */
  readonly folders: ReadonlyMap<string, string>;
  /** Every file below these folders (repository paths), as one listing. */
  list(folders: readonly string[]): Promise<TreeListing>;
}

/**
 * Port: the GitOps repository over git. Content travels as one commit per run, compared by blob
 * id (no file is downloaded); only branches the product owns (`kalypso/<env>`) are ever replaced,
 * and only with a lease.
 */
export interface GitOpsRepository {
  /** `owner/name`, for messages and links. */
  readonly fullName: string;
  /** The id git gives a file with these bytes (`<mode> <id>` entries use it). */
  blobId(bytes: Uint8Array): string;
  /**
   * Reads the base branch (head and the listing of every file) and our pull request branch (head,
   * tree id, parents, and its listing on demand) in one exchange; each is undefined when the
   * branch does not exist.
   */
  read(
    base: string,
    branch: string,
  ): Promise<{
    base: { head: string; treeId: string; files: TreeListing } | undefined;
    branch:
      | {
          head: string;
          treeId: string;
          parents: readonly string[];
          files(): Promise<TreeListing>;
        }
      | undefined;
  }>;
  /**
   * Writes a commit on top of `parent` (not pushed) whose tree is `start` with `writes` (new bytes)
   * and `deletes` applied. The writer refuses paths that leave the repository and checks the
   * committed tree against exactly these changes: any difference is an error.
   */
  commit(change: {
    parent: string;
    start: { treeId: string; files: TreeListing };
    writes: ReadonlyMap<string, Uint8Array>;
    deletes: readonly string[];
    message: string;
  }): Promise<{ commit: string; treeId: string }>;
  /**
   * Folder-level reads (docs/decisions/incremental-render.md, the folder-level compose): each
   * branch's cluster-type folders by tree id and only the files outside them listed. Absent:
   * every run lists every file.
   */
  folders?: {
    /** The id git gives an object: SHA-1 of its bytes (`<type> <length>\0` and the body). */
    objectId(object: Uint8Array): string;
    /** The base branch and our pull request branch as `read` reads them, folded (`FoldedTree`). */
    read(
      base: string,
      branch: string,
      gitopsPath: string,
    ): Promise<{
      base: FoldedTree | undefined;
      branch: (FoldedTree & { readonly parents: readonly string[] }) | undefined;
    }>;
  };
  /** The text of one small file at the tip of `branch`; undefined when either does not exist. */
  readText(branch: string, path: string): Promise<string | undefined>;
  /** Moves `branch` to `commit` if it is still at `lease` ("" = must not exist). */
  replaceBranch(branch: string, commit: string, lease: string): Promise<'pushed' | 'rejected'>;
  /** Deletes `branch` if it is still at `lease`. */
  deleteBranch(branch: string, lease: string): Promise<'pushed' | 'rejected'>;
  /**
   * The cross-run render index of the GitOps branch `base` (docs/decisions/incremental-render.md),
   * kept outside the tree: `read` gives the text noted on a tree (undefined: none); `write` notes
   * a tree with a text, keeping the note on `keep`. Absent: every run renders everything.
   */
  renderIndex?: {
    read(base: string, treeId: string): Promise<string | undefined>;
    /**
     * Whether anything was pushed (false: the ref already notes exactly this). `proposal`: what
     * the run proposed (docs/decisions/unchanged-inputs.md), kept with the notes.
     */
    write(
      base: string,
      treeId: string,
      text: string,
      keep?: string,
      proposal?: string,
    ): Promise<boolean>;
    /**
     * The texts of chunks a read named and did not read (`:chunk` lines, chunk-refs.ts), in the
     * order asked; undefined when one cannot be read. Absent: `read` names none.
     */
    chunks?(base: string, ids: readonly string[]): Promise<string[] | undefined>;
    /** SHA-256 of a text as lower-case hex (native; the keys of the index). */
    digest(text: string): string;
    /** The proposal kept with the notes `read` fetched; undefined when there is none. */
    proposal?(base: string): Promise<string | undefined>;
    /**
     * The tips of `base` and `branch` (heads, tree ids, our branch's parents) and the proposal
     * kept with the base's notes, read without any tree or file. Absent: never read.
     */
    tips?(
      base: string,
      branch: string,
    ): Promise<{
      base: { head: string; treeId: string } | undefined;
      branch: { head: string; treeId: string; parents: readonly string[] } | undefined;
      proposal: string | undefined;
    }>;
  };
}

/** An open pull request, as far as the scheduler cares. */
export interface OpenPullRequest {
  readonly number: number;
  readonly url: string;
  /** GraphQL node id (auto-merge). */
  readonly nodeId: string;
  readonly title: string;
  readonly body: string;
  readonly draft: boolean;
  readonly labels: readonly string[];
  readonly autoMergeEnabled: boolean;
}

export type MergeMethod = 'merge' | 'squash' | 'rebase';

/** Port: pull request operations on the GitOps repository (REST/GraphQL, never content). */
export interface PullRequestService {
  /** Open pull requests from `head` into `base` (the same repository). */
  listOpen(head: string, base: string): Promise<OpenPullRequest[]>;
  create(request: {
    head: string;
    base: string;
    title: string;
    body: string;
    draft: boolean;
  }): Promise<OpenPullRequest>;
  update(number: number, change: { title: string; body: string }): Promise<void>;
  close(number: number): Promise<void>;
  /** Converts to a draft (true) or marks ready for review (false). */
  setDraft(pullRequest: OpenPullRequest, draft: boolean): Promise<void>;
  addLabels(number: number, labels: readonly string[]): Promise<void>;
  removeLabel(number: number, label: string): Promise<void>;
  requestReviewers(
    number: number,
    reviewers: readonly string[],
    teamReviewers: readonly string[],
  ): Promise<void>;
  enableAutoMerge(pullRequest: OpenPullRequest, method: MergeMethod): Promise<void>;
}

/**
 * A shard as the join reads it from its ref: its commit, the tree id of each folder under
 * spec.path, and its listing, read when asked (one shard at a time: a join never holds the
 * listing of every shard).
 */
export interface ShardTree {
  readonly commit: string;
  /** The folders directly under the GitOps path (the cluster types), by name → tree id. */
  readonly folders: ReadonlyMap<string, string>;
  /** Every entry of the commit's tree (path, `<mode> <id>`), in git's order: a folder's entries together. */
  entries(): Promise<Iterable<readonly [string, string]>>;
}

/**
 * Port: the throw-away refs of a sharded schedule in the GitOps repository
 * (`refs/kalypso/shards/…`, docs/decisions/sharded-schedule.md): never branches, never a working tree.
 */
export interface ShardStore {
  /**
   * Writes `files` as they come (each path once) as the tree of a root commit and points `ref`
   * at it (replacing it); keeps only paths and blob ids. When `files` throws, nothing is pushed.
   */
  write(
    ref: string,
    files: Iterable<readonly [string, Uint8Array]> | AsyncIterable<readonly [string, Uint8Array]>,
    message: string,
  ): Promise<{ commit: string; treeId: string; files: number }>;
  /** Reads these refs (commits and trees, no file); a ref that does not exist maps to undefined. */
  read(refs: readonly string[], gitopsPath: string): Promise<Map<string, ShardTree | undefined>>;
  /** Deletes these refs, each if it still points at its commit (ref → commit). */
  remove(refs: ReadonlyMap<string, string>): Promise<void>;
  /**
   * The GitOps branch and our pull request branch as the join compares them, folder by folder
   * (never a listing of every file), in one exchange: heads, tree ids, our branch's parents, and
   * the base's entries (not recursive) directly in `folder` ("" = the root) and at `files`, by
   * path. Each is undefined when the branch does not exist.
   */
  readBranches(
    base: string,
    branch: string,
    folder: string,
    files: readonly string[],
  ): Promise<{
    base: { head: string; treeId: string; entries: TreeListing } | undefined;
    branch: { head: string; treeId: string; parents: readonly string[] } | undefined;
  }>;
  /** Every file of one tree read by `read` or `readBranches` (path inside it → `<mode> <id>`). */
  listTree(treeId: string): Promise<TreeListing>;
  /**
   * Writes the join's commit on `parent` (not pushed): the tree `start` with `folders` set whole
   * to trees by id (folder → tree id), `removeFolders` deleted and `writes` written (none inside
   * those folders). The writer checks the committed tree folder by folder (each folder's tree
   * id, and file by file outside them): any difference is an error.
   */
  commit(change: {
    parent: string;
    start: string;
    folders: ReadonlyMap<string, string>;
    removeFolders: readonly string[];
    writes: ReadonlyMap<string, Uint8Array>;
    message: string;
  }): Promise<{ commit: string; treeId: string }>;
}

/**
 * What a sharded schedule's join proposes (docs/decisions/sharded-schedule.md): the cluster-type
 * folders taken whole from the shard trees (folder → tree id), how many files they hold, and the
 * shard store the join read them with (the publish step compares and writes through it).
 */
export interface ComposedShards {
  readonly folders: ReadonlyMap<string, string>;
  readonly files: number;
  readonly store: ShardStore;
}

/** The GitOps repository a run opened: content, pull requests and (for sharded runs) the shard refs. */
export interface OpenedGitOps {
  repository: GitOpsRepository;
  pullRequests: PullRequestService;
  shards?: ShardStore;
  /** Commit statuses of the GitOps repository (the merge gate); absent: none is set. */
  statuses?: CommitStatusWriter;
}

/** The join in place of the render: reads, checks and composes the shards of the scheduled environment. */
export type ComposeShards = (
  input: { sources: EnvironmentSources; scheduled: ScheduledEnvironment },
  gitops: () => Promise<OpenedGitOps>,
) => Promise<ComposeOutcome>;

export type ComposeOutcome =
  | {
      readonly ok: true;
      /** The environment as scheduled; `files` holds only what the join writes (the tracking file). */
      readonly rendered: RenderedEnvironment;
      readonly composed: ComposedShards;
      readonly warnings: readonly Problem[];
      readonly notes: readonly string[];
    }
  | {
      readonly ok: false;
      readonly problems: readonly Problem[];
      readonly warnings: readonly Problem[];
      readonly notes: readonly string[];
    };
