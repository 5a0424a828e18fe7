// The single runner's draft composed by cluster-type folder (docs/decisions/incremental-render.md,
// the folder-level compose): a folder whose every assignment was taken from an index proven
// whole in a tree (`readFoldedIndex`) is that tree's folder, by id; only the other folders are
// listed, compared and written file by file. The tree and the commit are those of `listedDraft`;
// the plan is bounded as a join's (`composedPlan`).
import {
  boundedClusterTypePlan,
  diffListings,
  PlannedListing,
  type ClusterTypePlan,
  type Plan,
} from '../gitops/plan.ts';
import { ownedFolder, TRACKING_FILE } from '../gitops/tree.ts';
import { disjointKnown, takenFolders } from '../render/index-use.ts';
import type { RenderIndexEntry } from '../render/render-index.ts';
import { Kept } from './composed-plan.ts';
import type { FoldedIndex } from './folded-index.ts';
import type { FoldedTree, GitOpsRepository, TreeListing } from './ports.ts';
import {
  commitChanges,
  missingBase,
  unwritable,
  type Draft,
  type DraftRequest,
} from './publish-draft.ts';
import { changesFrom, FILE_MODE } from './write-plan.ts';

/** A cluster-type folder's planned files: generated and taken from the index. */
interface PlannedFolder {
  readonly generated: Map<string, string>;
  readonly taken: (readonly [string, RenderIndexEntry])[];
}

/**
 * The draft of a run whose index was read folded (`FoldedIndex`), or undefined when it cannot be
 * composed so (the files taken are not each once, spec.path moved, a cluster type's folder is a
 * file in the base): the caller then lists every file (`listedDraft`).
 */
export async function foldedDraft(
  request: DraftRequest,
  folded: FoldedIndex,
  repository: GitOpsRepository,
): Promise<Draft | undefined> {
  const { rendered, base, branch } = request;
  const { gitopsPath } = rendered;
  const reads = repository.folders;
  const known = rendered.known;
  const disjoint = disjointKnown(known);
  // A render that kept cluster types whole holds none of their files: only this draft composes
  // it, with those folders by id.
  const cannot = (): undefined => {
    if (folded.whole.size > 0)
      throw new Error(
        `The GitOps tree of '${rendered.view.name}' cannot be composed with the ${folded.whole.size} cluster types the render index kept whole; nothing was pushed. Delete the notes ref refs/notes/kalypso-render/${base} in '${repository.fullName}' and run again: that run renders every cluster type.`,
      );
    return undefined;
  };
  if (reads === undefined || folded.gitopsPath !== gitopsPath) return cannot();
  if (known !== undefined && known.size > 0 && disjoint === undefined) return cannot();
  const read = await reads.read(base, branch, gitopsPath);
  if (!read.base) throw missingBase(rendered.gitOpsRepo, repository.fullName, base);
  const baseRead = read.base;
  // The planned listing: the base's entries outside the cluster-type folders, the generated
  // files, then the files taken from the index (as `listedDraft` makes it).
  const head = new Map<string, string>(baseRead.outside);
  const own = new Map<string, string>();
  const planned = new Map<string, PlannedFolder>();
  const folderOf = (path: string): PlannedFolder | undefined => {
    const folder = ownedFolder(path, gitopsPath);
    if (folder === undefined) return undefined;
    let found = planned.get(folder);
    if (found === undefined) planned.set(folder, (found = { generated: new Map(), taken: [] }));
    return found;
  };
  for (const [path, bytes] of rendered.files) {
    const entry = `${FILE_MODE} ${repository.blobId(bytes)}`;
    head.set(path, entry);
    const folder = folderOf(path);
    if (folder === undefined) own.set(path, entry);
    else folder.generated.set(path, entry);
  }
  for (const taken of (disjoint && takenFolders(known)) ?? [])
    folderOf(`${taken[0]}/`)!.taken.push(taken);
  // A cluster-type folder's path held as a file: as the listed draft handles it.
  for (const folder of planned.keys()) if (baseRead.outside.has(folder)) return cannot();
  // The folders kept whole: proven, and every assignment in them taken from the index.
  const kept = new Map<string, string>();
  for (const [folder, tree] of folded.proven) {
    const found = planned.get(folder);
    if (found && found.taken.length === tree.folders.size && sameFiles(folder, found, tree.files))
      kept.set(folder, tree.id);
  }
  // And the cluster types kept whole by the render: the tree's folder (the base's too), beside
  // which the render wrote the folder's README only.
  for (const [folder, { treeId }] of folded.whole) {
    const found = planned.get(folder);
    if (!found || found.taken.length > 0 || !sameFiles(folder, found, folded.readme))
      throw new Error(
        `The render of '${rendered.view.name}' wrote into the folder '${folder}' the render index kept whole; nothing was pushed. Delete the notes ref refs/notes/kalypso-render/${base} in '${repository.fullName}' and run again: that run renders every cluster type.`,
      );
    kept.set(folder, treeId);
  }
  const plan = await foldedPlan(baseRead, planned, kept, own, gitopsPath);
  // The planned files outside every cluster-type folder.
  const outside = new Map(baseRead.outside);
  for (const [path, entry] of own) outside.set(path, entry);
  const files: TreeListing = disjoint
    ? new PlannedListing(head, disjoint.files, disjoint.keys)
    : head;
  const current = read.branch;
  const onBase =
    current !== undefined && current.parents.length === 1 && current.parents[0] === baseRead.head;
  return {
    plan,
    base: baseRead,
    branch: current,
    files,
    async build(message) {
      // Our branch first when it sits on the base head (it may hold the planned tree already).
      const starts = onBase ? [current, baseRead] : [baseRead, ...(current ? [current] : [])];
      for (const start of starts) {
        // A start whose folder of a cluster type kept whole is another: its files are unknown.
        if ([...folded.whole].some(([folder, { treeId }]) => start.folders.get(folder) !== treeId))
          continue;
        const found = await changesIn(start, outside, planned, kept, rendered.files);
        if (found === undefined) continue;
        if (start === current && onBase && found.changes.size === 0)
          return { treeId: current.treeId };
        return commitChanges(
          repository,
          baseRead.head,
          { treeId: start.treeId, files: found.files },
          found.changes,
          message(),
          `${kept.size} cluster-type folders kept whole`,
        );
      }
      throw unwritable(rendered, base, branch);
    },
  };
}

/**
 * Whether the files generated in a cluster-type folder are exactly `files` directly in it (name →
 * blob id: those its proven tree id was computed with).
 */
function sameFiles(
  folder: string,
  planned: PlannedFolder,
  files: ReadonlyMap<string, string>,
): boolean {
  if (planned.generated.size !== files.size) return false;
  for (const [path, entry] of planned.generated) {
    const name = path.slice(folder.length + 1);
    const blob = files.get(name);
    if (blob === undefined || name.includes('/') || entry !== `${FILE_MODE} ${blob}`) return false;
  }
  return true;
}

/** The planned files of a folder (path → `100644 <blob id>`): generated, then taken. */
function plannedFiles(folder: PlannedFolder | undefined): Map<string, string> {
  const files = new Map<string, string>();
  if (folder === undefined) return files;
  for (const [path, entry] of folder.generated) files.set(path, entry);
  for (const [assignment, entry] of folder.taken)
    for (const [name, blob] of entry.files)
      files.set(`${assignment}/${name}`, `${FILE_MODE} ${blob}`);
  return files;
}

/** Every listed path by the cluster-type folder it lies in. */
function byFolder(listing: TreeListing, gitopsPath: string): Map<string, Map<string, string>> {
  const folders = new Map<string, Map<string, string>>();
  for (const [path, entry] of listing) {
    const folder = ownedFolder(path, gitopsPath);
    if (folder === undefined) continue;
    let files = folders.get(folder);
    if (files === undefined) folders.set(folder, (files = new Map<string, string>()));
    files.set(path, entry);
  }
  return folders;
}

/**
 * The plan against the base (what `diffListings` of the two whole listings gives, bounded as a
 * join's): a folder kept whole with the base's own tree id is unchanged; every other folder of
 * either side is compared file by file, the base's listed in one `ls-tree`.
 */
async function foldedPlan(
  baseRead: FoldedTree,
  planned: ReadonlyMap<string, PlannedFolder>,
  kept: ReadonlyMap<string, string>,
  own: ReadonlyMap<string, string>,
  gitopsPath: string,
): Promise<Plan> {
  const all = [...new Set([...baseRead.folders.keys(), ...planned.keys()])].sort();
  const compared = all.filter((f) => !kept.has(f) || kept.get(f) !== baseRead.folders.get(f));
  const listed = byFolder(
    await baseRead.list(compared.filter((f) => baseRead.folders.has(f))),
    gitopsPath,
  );
  const added = new Kept();
  const changed = new Kept();
  const removed = new Kept();
  const clusterTypes: ClusterTypePlan[] = [];
  for (const folder of compared) {
    const whole = planned.get(folder);
    if (whole !== undefined && kept.has(folder) && !baseRead.folders.has(folder)) {
      clusterTypes.push(addedWhole(folder, whole, added, gitopsPath));
      continue;
    }
    const folderPlan = diffListings(
      listed.get(folder) ?? new Map<string, string>(),
      plannedFiles(planned.get(folder)),
      gitopsPath,
    );
    added.add(folderPlan.added);
    changed.add(folderPlan.changed);
    removed.add(folderPlan.removed);
    for (const clusterType of folderPlan.clusterTypes)
      clusterTypes.push(boundedClusterTypePlan(clusterType));
  }
  let promoted = false;
  for (const [path, entry] of own) {
    const before = baseRead.outside.get(path);
    if (before === entry) continue;
    (before === undefined ? added : changed).add([path]);
    if (path === TRACKING_FILE) promoted = true;
  }
  return {
    added: added.paths(),
    changed: changed.paths(),
    removed: removed.paths(),
    promoted,
    clusterTypes,
    counts: { added: added.count, changed: changed.count, removed: removed.count },
  };
}

/**
 * The plan of a folder kept whole that the base does not hold (what `diffListings` gives it:
 * every file added, every assignment folder added), its paths kept only while they can be among
 * the first the plan keeps.
 */
function addedWhole(
  folder: string,
  planned: PlannedFolder,
  added: Kept,
  gitopsPath: string,
): ClusterTypePlan {
  let files = planned.generated.size;
  for (const [, entry] of planned.taken) files += entry.files.size;
  if (added.full(`${folder}/`)) added.skip(files);
  else added.add([...plannedFiles(planned).keys()]);
  const targets: string[] = [];
  for (const [assignment] of planned.taken) targets.push(assignment.slice(folder.length + 1));
  return boundedClusterTypePlan({
    clusterType: folder.slice(gitopsPath === '' ? 0 : gitopsPath.length + 1),
    assignmentsAdded: targets.sort(),
    assignmentsRemoved: [],
    assignmentsChanged: [],
    filesChanged: files,
  });
}

/**
 * What turns `start` into the planned tree (`changesFrom`), every folder kept whole that `start`
 * holds with its id left out of both sides; undefined when `start` cannot be the starting point.
 */
async function changesIn(
  start: FoldedTree,
  outside: ReadonlyMap<string, string>,
  planned: ReadonlyMap<string, PlannedFolder>,
  kept: ReadonlyMap<string, string>,
  generated: ReadonlyMap<string, Uint8Array>,
): Promise<{ changes: Map<string, Uint8Array | null>; files: TreeListing } | undefined> {
  const same = (folder: string) =>
    kept.has(folder) && kept.get(folder) === start.folders.get(folder);
  const files = new Map(start.outside);
  const listed = await start.list([...start.folders.keys()].filter((f) => !same(f)));
  for (const [path, entry] of listed) files.set(path, entry);
  const after = new Map(outside);
  for (const [folder, found] of planned)
    if (!same(folder)) for (const [path, entry] of plannedFiles(found)) after.set(path, entry);
  const changes = changesFrom(files, after, generated);
  return changes === undefined ? undefined : { changes, files };
}
