import { hash } from 'node:crypto';
import { notedTree, splitChunkRefs, type GitOpsRepository } from '@kalypso/core';
import { blobId, type GitWorkspace } from './git.ts';
import { fetchableNotesRef } from './git/render-note.ts';
import type { CommitInfo } from './git/read.ts';
import { foldedTree, levelsOnTheWay, wayTo } from './gitops-folders.ts';

/**
 * The GitOps repository over git: both branches in one shallow fetch of commits and trees only
 * (`--filter=blob:none`: the plan compares blob ids, no file is downloaded), one `ls-tree` per
 * branch, the commit written locally by one streaming `fast-import` and checked against the plan,
 * pushes with `--force-with-lease` — used only for the pull request branch the product owns; the
 * GitOps branch itself is never pushed to.
 */
export function createGitOpsRepository(
  workspace: GitWorkspace,
  /**
   * A scratch repository of its own for `renderIndex.tips` (commits only: a later fetch of the
   * same commits into `workspace` must still bring their trees). Absent: no tips are read.
   */
  tipsWorkspace?: () => Promise<GitWorkspace>,
): GitOpsRepository {
  // The heads `read` fetched: `readText` of the same branch in the same run reads that commit
  // rather than fetching the branch again (a process and an exchange less per run).
  const fetched = new Map<string, string | undefined>();
  /** Reads the note the index read reads (`notedTree`, kept by the workspace); never rejects. */
  const prefetchNote = async (
    names: { base: string; branch: string },
    baseHead: string | undefined,
    baseCommit: Promise<CommitInfo> | CommitInfo | undefined,
    branchCommit: Promise<CommitInfo> | CommitInfo | undefined,
  ): Promise<void> => {
    try {
      const [baseInfo, branchInfo] = await Promise.all([baseCommit, branchCommit]);
      const base =
        baseHead === undefined || baseInfo === undefined
          ? undefined
          : { head: baseHead, treeId: baseInfo.tree };
      const noted = await notedTree(
        { read: (name, tree) => workspace.readRenderNote(name, tree) },
        names,
        base,
        branchInfo && { treeId: branchInfo.tree, parents: branchInfo.parents },
      );
      // The chunks it names are read when the run asks for them, once it knows which cluster
      // types it keeps whole: only those whose folder the base holds as the noted tree does. The
      // note of the pull request branch's tree names folders the base may not hold as it does, so
      // its chunks are read now, while the trees are listed.
      if (noted.text !== undefined && noted.tree !== base)
        workspace.prefetchRenderNoteChunks(splitChunkRefs(noted.text).refs.map((ref) => ref.id));
    } catch {
      // The index read asks again and says why it cannot use the index.
    }
  };
  // The tips this run read (`renderIndex.tips`), by pair, and whether the base's notes ref was
  // there: the GitOps read then fetches the note while it reads the trees.
  const tipsRead = new Map<string, Tips & { noted: boolean }>();
  // One fetch of both branches (and the base's notes ref) per pair, whichever read asks first.
  const fetches = new Map<string, ReturnType<typeof fetchBoth>>();
  const fetchBoth = async (base: string, branch: string) => {
    const notesRef = fetchableNotesRef(base);
    const tips = tipsRead.get(`${base}\0${branch}`);
    // The notes ref comes first, alone, with its trees (a commit and a few trees, one short
    // exchange); with the tips read, the note the index read asks for (by the tips' trees) is
    // fetched while the branches' trees are read, rather than after them
    // (docs/decisions/incremental-render.md, 2026-11-27). If that fetch fails, the run reads no
    // note: it renders in full.
    // Tips that found no notes ref were read in the same exchange as it would be: not asked again.
    if (notesRef && tips && !tips.noted) workspace.renderNotesFetched(base, false);
    const notes =
      notesRef && (tips === undefined || tips.noted)
        ? await fetchNotesFirst(base, branch, notesRef, tips)
        : undefined;
    // The branches' commits only: each read fetches the trees it lists by id (`read` every tree,
    // `folders.read` the levels down to spec.path and the folders it lists), so a run that takes
    // cluster-type folders whole never fetches their trees (the tree read by level).
    const heads = await workspace
      .fetchBranches([base, branch], 1, { commitsOnly: true })
      .catch(async (error: unknown) => {
        await notes?.note; // no git process outlives the read
        throw error;
      });
    for (const [name, head] of heads) fetched.set(name, head);
    return { heads, noted: notes?.noted ?? false, early: notes?.note };
  };
  /**
   * The base's notes ref fetched alone with its trees, and, with the tips read, the note on the
   * tree they say the index read reads started (never rejects); undefined when that fetch fails.
   */
  const fetchNotesFirst = async (
    base: string,
    branch: string,
    notesRef: string,
    tips: Tips | undefined,
  ): Promise<{ noted: boolean; note: Promise<void> | undefined } | undefined> => {
    const fetchedRefs = new Set<string>();
    try {
      await workspace.fetchBranches([], 1, { treesOnly: true, refs: [notesRef], fetchedRefs });
    } catch {
      return undefined;
    }
    const noted = fetchedRefs.has(notesRef);
    workspace.renderNotesFetched(base, noted);
    const note =
      noted && tips
        ? prefetchNote(
            { base, branch },
            tips.base?.head,
            tips.base && { tree: tips.base.treeId, parents: [] },
            tips.branch && { tree: tips.branch.treeId, parents: [...tips.branch.parents] },
          )
        : undefined;
    return { noted, note };
  };
  const fetchOnce = (base: string, branch: string) => {
    const key = `${base}\0${branch}`;
    let found = fetches.get(key);
    if (!found) {
      found = fetchBoth(base, branch);
      found.catch(() => fetches.delete(key));
      fetches.set(key, found);
    }
    return found;
  };
  return {
    fullName: workspace.remote.repository,
    blobId,
    async read(base, branch) {
      const { heads, noted, early } = await fetchOnce(base, branch);
      const baseHead = heads.get(base);
      const branchHead = heads.get(branch);
      const baseCommit = baseHead === undefined ? undefined : workspace.commitInfo(baseHead);
      const branchCommit = branchHead === undefined ? undefined : workspace.commitInfo(branchHead);
      // Every tree of both commits, in one exchange (the branches came as commits only).
      const trees = workspace.fetchTreesOf([baseHead, branchHead], {
        whole: true,
        what: `the trees of branches '${base}' and '${branch}'`,
      });
      const listings = new Map<string, Promise<Map<string, string>>>();
      const listing = (commit: string) => {
        let found = listings.get(commit);
        if (!found) {
          found = trees.then(() => workspace.listTree(commit));
          listings.set(commit, found);
        }
        return found;
      };
      // The commits and listings are independent: read them at once (a git process each), and
      // list our branch now too — every run that finds a difference compares with it.
      const branchListing = branchHead === undefined ? undefined : listing(branchHead);
      branchListing?.catch(() => undefined);
      // The render index the run reads next (the note on the base's tree, or on our branch's
      // when the base's has none and our branch sits on the base head: `readIndex`), fetched
      // while the listings are read and parsed rather than after them. Its failure is the index
      // read's to report; it is awaited whatever happens, so no git process outlives the read.
      const note = noted
        ? prefetchNote({ base, branch }, baseHead, baseCommit, branchCommit)
        : undefined;
      let baseInfo, baseFiles, branchInfo;
      try {
        [baseInfo, baseFiles, branchInfo] = await Promise.all([
          baseCommit,
          baseHead === undefined ? undefined : listing(baseHead),
          branchCommit,
          note,
          early,
        ]);
      } catch (error) {
        await Promise.all([note, early]);
        throw error;
      }
      return {
        base:
          baseHead === undefined
            ? undefined
            : { head: baseHead, treeId: baseInfo!.tree, files: baseFiles! },
        branch:
          branchHead === undefined
            ? undefined
            : {
                head: branchHead,
                treeId: branchInfo!.tree,
                parents: branchInfo!.parents,
                files: () => branchListing!,
              },
      };
    },
    folders: {
      objectId: (object) => hash('sha1', object, 'hex'),
      async read(base, branch, gitopsPath) {
        const { heads, noted, early } = await fetchOnce(base, branch);
        const baseHead = heads.get(base);
        const branchHead = heads.get(branch);
        const baseCommit = baseHead === undefined ? undefined : workspace.commitInfo(baseHead);
        const branchCommit =
          branchHead === undefined ? undefined : workspace.commitInfo(branchHead);
        // The note the index read asks for first, fetched while the trees are listed.
        const note = noted
          ? prefetchNote({ base, branch }, baseHead, baseCommit, branchCommit)
          : undefined;
        // Both root trees alone, in one exchange; `foldedTree` fetches the levels below.
        const roots = workspace.fetchTreesOf([baseHead, branchHead], {
          whole: false,
          what: `the trees of branches '${base}' and '${branch}'`,
        });
        const fold = async (head: string | undefined, info: Promise<CommitInfo> | undefined) => {
          if (head === undefined) return undefined;
          await roots;
          return foldedTree(workspace, head, (await info!).tree, gitopsPath);
        };
        let baseTree, branchTree, branchInfo;
        try {
          [baseTree, branchTree, branchInfo] = await Promise.all([
            fold(baseHead, baseCommit),
            fold(branchHead, branchCommit),
            branchCommit,
            note,
            early,
          ]);
        } catch (error) {
          await Promise.all([note, early]);
          throw error;
        }
        return {
          base: baseTree,
          branch: branchTree && { ...branchTree, parents: branchInfo!.parents },
        };
      },
    },
    async commit(change) {
      const changes = new Map<string, Uint8Array | null>(change.writes);
      for (const path of change.deletes) changes.set(path, null);
      const commit = await workspace.writeCommit({
        parent: change.parent,
        message: change.message,
        start: { tree: change.start.treeId, files: change.start.files },
        changes,
      });
      return { commit, treeId: (await workspace.commitInfo(commit)).tree };
    },
    async readText(branch, path) {
      const head = fetched.has(branch)
        ? fetched.get(branch)
        : (await workspace.fetchBranches([branch], 1, { commitsOnly: true })).get(branch);
      if (head === undefined) return undefined;
      // The trees on the file's way, each alone (the branch came as its commit only).
      const { tree } = await workspace.commitInfo(head);
      const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
      const way = await levelsOnTheWay(
        workspace,
        tree,
        wayTo(folder),
        `the trees of branch '${branch}'`,
      );
      if (!way.complete) return undefined;
      // Only this one blob is fetched.
      const bytes = (await workspace.readTreeUnder(head, path, { fetchBlobs: true })).get(path);
      return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
    },
    replaceBranch: (branch, commit, lease) => workspace.push({ commit, branch, lease }),
    deleteBranch: (branch, lease) => workspace.deleteBranch(branch, lease),
    renderIndex: {
      read: (base, treeId) => workspace.readRenderNote(base, treeId),
      chunks: (_base, ids) => workspace.readRenderNoteChunks(ids),
      write: (base, treeId, text, keep, proposal) =>
        workspace.writeRenderNote(base, treeId, text, keep, proposal),
      // One call per text (`crypto.hash`): about a third of `createHash().update().digest()`'s
      // cost for the short texts of stable keys, one per assignment.
      digest: (text) => hash('sha256', text, 'hex'),
      proposal: (base) => workspace.renderNotesProposal(base),
      ...(tipsWorkspace
        ? {
            tips: async (base: string, branch: string) => {
              const tips = await readTips(await tipsWorkspace(), base, branch);
              tipsRead.set(`${base}\0${branch}`, tips);
              const { noted: _noted, ...read } = tips;
              return read;
            },
          }
        : {}),
    },
  };
}

/** What `renderIndex.tips` gives. */
type Tips = Awaited<ReturnType<NonNullable<NonNullable<GitOpsRepository['renderIndex']>['tips']>>>;

/**
 * The tips of the GitOps branch and our pull request branch (commits, tree ids, parents) and the
 * proposal the branch's notes ref carries, in one commits-only exchange: no tree, no file
 * (docs/decisions/unchanged-inputs.md).
 */
async function readTips(
  workspace: GitWorkspace,
  base: string,
  branch: string,
): Promise<Tips & { noted: boolean }> {
  const notesRef = fetchableNotesRef(base);
  const fetchedRefs = new Set<string>();
  const heads = await workspace.fetchBranches([base, branch], 1, {
    commitsOnly: true,
    ...(notesRef ? { refs: [notesRef], fetchedRefs } : {}),
  });
  if (notesRef) workspace.renderNotesFetched(base, fetchedRefs.has(notesRef));
  const baseHead = heads.get(base);
  const branchHead = heads.get(branch);
  // The three commits without a process each (loose objects of the small fetch).
  const tipHeads = [baseHead, branchHead].filter((h) => h !== undefined);
  const { commits, proposal } = await workspace.readTips(tipHeads, base);
  const baseInfo = baseHead === undefined ? undefined : commits[0];
  const branchInfo = branchHead === undefined ? undefined : commits[tipHeads.length - 1];
  return {
    base: baseHead && baseInfo ? { head: baseHead, treeId: baseInfo.tree } : undefined,
    branch:
      branchHead && branchInfo
        ? { head: branchHead, treeId: branchInfo.tree, parents: branchInfo.parents }
        : undefined,
    proposal,
    noted: notesRef !== undefined && fetchedRefs.has(notesRef),
  };
}
