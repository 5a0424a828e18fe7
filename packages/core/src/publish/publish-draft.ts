// What a schedule run proposes, before the pull request (`publishEnvironment`): the plan against
// the GitOps branch and how to build the planned tree. The single runner compares listings file by
// file; a sharded join compares and writes folder by folder (docs/decisions/sharded-schedule.md).
import { diffListings, keepUnowned, PlannedListing, type Plan } from '../gitops/plan.ts';
import { ControlPlaneError } from '../model/problem.ts';
import type { GitOpsRepo } from '../model/types.ts';
import { composedPlan } from './composed-plan.ts';
import type { ComposedShards, GitOpsRepository, TreeListing } from './ports.ts';
import type { RenderedEnvironment } from '../render/render-environment.ts';
import { disjointKnown, knownSource } from '../render/index-use.ts';
import { FILE_MODE, sameListing, writeStart } from './write-plan.ts';

/** What a run proposes, before the pull request: the plan against the base and how to build it. */
/** What a draft is made of: the rendered environment, the GitOps branch and our branch. */
export interface DraftRequest {
  readonly rendered: RenderedEnvironment;
  readonly base: string;
  readonly branch: string;
}

export interface Draft {
  readonly plan: Plan;
  readonly base: { readonly head: string; readonly treeId: string };
  readonly branch: { readonly head: string } | undefined;
  /** The planned listing, when the run holds it (not a join's). */
  readonly files?: TreeListing;
  /**
   * Our branch's tree when it sits on the base head and already holds the planned tree;
   * otherwise the planned tree as a new commit on the base head (not pushed) and what it wrote.
   */
  build(
    message: () => string,
  ): Promise<
    { treeId: string; commit?: undefined } | { treeId: string; commit: string; said: string }
  >;
}

/** The single runner's draft: the base's listing and the generated files, compared file by file. */
export async function listedDraft(
  request: DraftRequest,
  repository: GitOpsRepository,
): Promise<Draft> {
  const { rendered, base, branch } = request;
  const read = await repository.read(base, branch);
  if (!read.base) throw missingBase(rendered.gitOpsRepo, repository.fullName, base);
  const baseRead = read.base;
  // The planned listing (`plannedListing` of the base and the generated entries), made in one
  // pass: the base's entries the scheduler does not own, then the generated files' entries, then
  // the files a cross-run index gave by blob id — the tree the index was read for (the base, or
  // our branch on the base head) holds them, so nothing is written for them. When their paths are
  // none of the others' (`disjointKnown`), they follow as they are, not copied into one map.
  const head = new Map<string, string>();
  keepUnowned(baseRead.files, rendered.gitopsPath, head);
  for (const [path, bytes] of rendered.files)
    head.set(path, `${FILE_MODE} ${repository.blobId(bytes)}`);
  const known = rendered.known;
  const disjoint = disjointKnown(known);
  let after: ReadonlyMap<string, string> = head;
  // Whether `known` are the last entries of `after`, each as `known` gives it.
  let atEnd = known === undefined;
  if (disjoint !== undefined) {
    after = new PlannedListing(head, disjoint.files, disjoint.keys);
    atEnd = true;
  } else if (known !== undefined) {
    const size = head.size;
    known.forEach((entry, path) => head.set(path, entry));
    atEnd = head.size === size + known.size; // no path given twice
  }
  // Those files were taken from a listing (the base's or our branch's) as it holds them: at the
  // end of `after`, they need no comparing with that listing again.
  const source = knownSource(known);
  const tail = source !== undefined && atEnd ? { from: source, count: known!.size } : undefined;
  const current = read.branch;
  return {
    plan: diffListings(baseRead.files, after, rendered.gitopsPath, tail),
    base: baseRead,
    branch: current,
    files: after,
    async build(message) {
      const currentFiles = current ? await current.files() : undefined;
      const onBase =
        current !== undefined &&
        current.parents.length === 1 &&
        current.parents[0] === baseRead.head;
      if (onBase && currentFiles && sameListing(currentFiles, after, tail))
        return { treeId: current.treeId };
      const start = writeStart(
        baseRead,
        current && currentFiles ? { treeId: current.treeId, files: currentFiles } : undefined,
        after,
        rendered.files,
        tail,
      );
      if (start === undefined) throw unwritable(rendered, base, branch);
      return commitChanges(repository, baseRead.head, start, start.changes, message());
    },
  };
}

/**
 * A sharded join's draft (docs/decisions/sharded-schedule.md#bounded-memory): the base read
 * folder by folder, the plan from the folders whose tree id changed (`composedPlan`), the commit
 * built from the shards' folder trees by id. No listing of every file is made.
 */
export async function composedDraft(
  request: DraftRequest,
  composed: ComposedShards,
  repository: GitOpsRepository,
): Promise<Draft> {
  const { rendered, base, branch } = request;
  const { store, folders } = composed;
  const read = await store.readBranches(base, branch, rendered.gitopsPath, [
    ...rendered.files.keys(),
  ]);
  if (!read.base) throw missingBase(rendered.gitOpsRepo, repository.fullName, base);
  const baseRead = read.base;
  const own = new Map<string, { before: string | undefined; after: string }>();
  const writes = new Map<string, Uint8Array>();
  for (const [path, bytes] of rendered.files) {
    const after = `${FILE_MODE} ${repository.blobId(bytes)}`;
    const before = baseRead.entries.get(path);
    own.set(path, { before, after });
    if (before !== after) writes.set(path, bytes);
  }
  const { plan, removeFolders } = await composedPlan({
    gitopsPath: rendered.gitopsPath,
    baseEntries: baseRead.entries,
    folders,
    own,
    listTree: (treeId) => store.listTree(treeId),
  });
  const current = read.branch;
  return {
    plan,
    base: baseRead,
    branch: current,
    async build(message) {
      const written = await store.commit({
        parent: baseRead.head,
        start: baseRead.treeId,
        folders,
        removeFolders,
        writes,
        message: message(),
      });
      const onBase =
        current !== undefined &&
        current.parents.length === 1 &&
        current.parents[0] === baseRead.head;
      if (onBase && current.treeId === written.treeId) return { treeId: current.treeId };
      return {
        ...written,
        said: `${folders.size} cluster-type folders from the shards, ${writes.size} files written, ${removeFolders.length} folders deleted`,
      };
    },
  };
}

/**
 * Commits `changes` (new bytes, or null for a deletion) on top of `parent` from `start` (not
 * pushed), and says what it wrote (`said`, followed by `also` when given).
 */
export async function commitChanges(
  repository: GitOpsRepository,
  parent: string,
  start: { readonly treeId: string; readonly files: TreeListing },
  changes: ReadonlyMap<string, Uint8Array | null>,
  message: string,
  also?: string,
): Promise<{ commit: string; treeId: string; said: string }> {
  const writes = new Map<string, Uint8Array>();
  const deletes: string[] = [];
  for (const [path, bytes] of changes) {
    if (bytes === null) deletes.push(path);
    else writes.set(path, bytes);
  }
  const written = await repository.commit({
    parent,
    start: { treeId: start.treeId, files: start.files },
    writes,
    deletes,
    message,
  });
  const said = `${writes.size} files written, ${deletes.length} deleted`;
  return { ...written, said: also === undefined ? said : `${said}, ${also}` };
}

/** Neither the base nor our branch can start the planned tree: a fault of ours, said as one. */
export function unwritable(rendered: RenderedEnvironment, base: string, branch: string): Error {
  return new Error(
    `Internal error: the rendered tree of '${rendered.view.name}' can be written neither from '${base}' nor from '${branch}'; nothing was pushed. Re-run the schedule; report it if it persists.`,
  );
}

export function missingBase(
  gitOpsRepo: GitOpsRepo | undefined,
  repository: string,
  base: string,
): ControlPlaneError {
  return new ControlPlaneError([
    {
      ...(gitOpsRepo
        ? {
            file: gitOpsRepo.origin.file,
            line: gitOpsRepo.origin.line,
            object: `GitOpsRepo '${gitOpsRepo.name}'`,
          }
        : {}),
      message: `the GitOps branch '${base}' does not exist in '${repository}'. Create it (pull requests need a base branch) or fix spec.branch.`,
    },
  ]);
}
