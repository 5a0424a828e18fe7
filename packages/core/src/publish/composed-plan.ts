// A sharded join's plan, folder by folder (docs/decisions/sharded-schedule.md#bounded-memory): the
// composed tree is compared with the GitOps branch by cluster-type folder tree id, so that only
// the folders that changed are listed, one at a time, and the plan counts what it does not keep.
import {
  boundedClusterTypePlan,
  diffListings,
  PLAN_PATHS_KEPT,
  type ClusterTypePlan,
  type Plan,
} from '../gitops/plan.ts';
import { isOwnedPath, TRACKING_FILE } from '../gitops/tree.ts';
import type { TreeListing } from './ports.ts';

export interface ComposedPlanInput {
  /** Normalised GitOpsRepo spec.path ("" = repository root). */
  gitopsPath: string;
  /** The GitOps branch's entries directly in the GitOps path (path → `<mode> <id>`). */
  baseEntries: TreeListing;
  /** The composed cluster-type folders: folder path → tree id. */
  folders: ReadonlyMap<string, string>;
  /** The join's own files (outside every folder): path → entry in the base (undefined: none) and planned. */
  own: ReadonlyMap<string, { before: string | undefined; after: string }>;
  /** Every file of one tree (path inside it → `<mode> <id>`). */
  listTree(treeId: string): Promise<TreeListing>;
}

/**
 * The plan of a join, the same as `diffListings` of the base's listing and the planned one would
 * give, but for its lists: an owned folder of the base (directly in the GitOps path, not a dot
 * folder) whose tree id is the composed one is unchanged and never listed; any other is listed on
 * both sides, one folder at a time, and compared file by file. The path lists keep their first
 * PLAN_PATHS_KEPT paths (sorted), each cluster type's target lists their first PLAN_TARGETS_KEPT,
 * and `counts` say how many there are. Also returns the base's
 * owned folders the join deletes (no cluster type of the environment has them any more).
 */
export async function composedPlan(
  input: ComposedPlanInput,
): Promise<{ plan: Plan; removeFolders: string[] }> {
  const { gitopsPath } = input;
  const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
  const baseFolders = new Map<string, string>();
  for (const [path, entry] of input.baseEntries) {
    if (!path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length);
    if (name === '' || name.includes('/') || name.startsWith('.')) continue;
    if (entry.startsWith('040000 ')) baseFolders.set(path, entry.slice('040000 '.length));
    else if (input.folders.has(path))
      throw new Error(
        `The GitOps branch holds '${path}' as '${entry.slice(0, 60)}', where the join writes a cluster-type folder. Remove it from the GitOps branch.`,
      );
  }
  const added = new Kept();
  const changed = new Kept();
  const removed = new Kept();
  const clusterTypes: ClusterTypePlan[] = [];
  const removeFolders: string[] = [];
  for (const folder of [...new Set([...baseFolders.keys(), ...input.folders.keys()])].sort()) {
    const before = baseFolders.get(folder);
    const after = input.folders.get(folder);
    if (before === after) continue;
    if (after === undefined) removeFolders.push(folder);
    const folderPlan = diffListings(
      await listedUnder(input, folder, before),
      await listedUnder(input, folder, after),
      gitopsPath,
    );
    added.add(folderPlan.added);
    changed.add(folderPlan.changed);
    removed.add(folderPlan.removed);
    for (const clusterType of folderPlan.clusterTypes)
      clusterTypes.push(boundedClusterTypePlan(clusterType));
  }
  let promoted = false;
  for (const [path, { before, after }] of input.own) {
    if (isOwnedPath(path, gitopsPath))
      throw new Error(`The join's own file '${path}' lies in a cluster-type folder.`);
    if (before === after) continue;
    (before === undefined ? added : changed).add([path]);
    if (path === TRACKING_FILE) promoted = true;
  }
  return {
    plan: {
      added: added.paths(),
      changed: changed.paths(),
      removed: removed.paths(),
      promoted,
      clusterTypes,
      counts: { added: added.count, changed: changed.count, removed: removed.count },
    },
    removeFolders,
  };
}

/** The files of one folder's tree by their repository paths (none when there is no tree). */
async function listedUnder(
  input: ComposedPlanInput,
  folder: string,
  treeId: string | undefined,
): Promise<Map<string, string>> {
  const listed = new Map<string, string>();
  if (treeId === undefined) return listed;
  for (const [path, entry] of await input.listTree(treeId)) listed.set(`${folder}/${path}`, entry);
  return listed;
}

/** The first PLAN_PATHS_KEPT paths (sorted) of all those added, and how many there were. */
export class Kept {
  count = 0;
  private kept: string[] = [];

  add(paths: readonly string[]): void {
    this.count += paths.length;
    for (const path of paths) this.kept.push(path);
    if (this.kept.length > 4 * PLAN_PATHS_KEPT) this.kept = this.paths();
  }

  paths(): string[] {
    return this.kept.sort().slice(0, PLAN_PATHS_KEPT);
  }

  /**
   * Whether no path from `lowest` on can be among the first PLAN_PATHS_KEPT: as many are kept
   * already, each below `lowest` (such paths are only counted: `skip`).
   */
  full(lowest: string): boolean {
    if (this.kept.length < PLAN_PATHS_KEPT) return false;
    this.kept = this.paths();
    return this.kept[PLAN_PATHS_KEPT - 1]! < lowest;
  }

  /** Counts paths `full` said need not be kept. */
  skip(count: number): void {
    this.count += count;
  }
}
