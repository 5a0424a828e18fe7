import { isOwnedPath, ownedStart, TRACKING_FILE, type GitOpsTree } from './tree.ts';

/** What a run changes in the GitOps branch, by file and by assignment. */
export interface Plan {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  /** True when `.github/tracking/Promoted_Commit_Id` changes (the PR gets the `promoted` label). */
  readonly promoted: boolean;
  /** Per cluster type: deployment target folders that appear or disappear. */
  readonly clusterTypes: readonly ClusterTypePlan[];
  /**
   * How many paths were added, changed and removed, when the lists above hold only the first
   * PLAN_PATHS_KEPT of each (a sharded join's plan, bounded in memory). Absent: the lists are
   * complete. Read the counts with `planCounts`.
   */
  readonly counts?: { readonly added: number; readonly changed: number; readonly removed: number };
}

/** How many paths of each list a bounded plan keeps (what the pull request body shows). */
export const PLAN_PATHS_KEPT = 200;

/** How many paths the plan adds, changes and removes (the lists' lengths unless it is bounded). */
export function planCounts(plan: Plan): { added: number; changed: number; removed: number } {
  return (
    plan.counts ?? {
      added: plan.added.length,
      changed: plan.changed.length,
      removed: plan.removed.length,
    }
  );
}

export interface ClusterTypePlan {
  readonly clusterType: string;
  readonly assignmentsAdded: readonly string[];
  readonly assignmentsRemoved: readonly string[];
  readonly assignmentsChanged: readonly string[];
  readonly filesChanged: number;
  /**
   * How many targets were added, removed and re-rendered, when the lists above hold only the
   * first PLAN_TARGETS_KEPT of each (a sharded join's plan). Absent: the lists are complete.
   */
  readonly counts?: {
    readonly assignmentsAdded: number;
    readonly assignmentsRemoved: number;
    readonly assignmentsChanged: number;
  };
}

/** How many targets of each list of a cluster type a bounded plan keeps (what the body shows). */
export const PLAN_TARGETS_KEPT = 10;

/** A cluster type's plan with its target lists cut to PLAN_TARGETS_KEPT and counted. */
export function boundedClusterTypePlan(plan: ClusterTypePlan): ClusterTypePlan {
  return {
    ...plan,
    assignmentsAdded: plan.assignmentsAdded.slice(0, PLAN_TARGETS_KEPT),
    assignmentsRemoved: plan.assignmentsRemoved.slice(0, PLAN_TARGETS_KEPT),
    assignmentsChanged: plan.assignmentsChanged.slice(0, PLAN_TARGETS_KEPT),
    counts: plan.counts ?? {
      assignmentsAdded: plan.assignmentsAdded.length,
      assignmentsRemoved: plan.assignmentsRemoved.length,
      assignmentsChanged: plan.assignmentsChanged.length,
    },
  };
}

/** Compares two trees byte for byte. */
export function diffTrees(before: GitOpsTree, after: GitOpsTree, gitopsPath: string): Plan {
  return diffBy(before, after, gitopsPath, sameBytes);
}

/**
 * Compares two tree listings (path → `<mode> <blob id>`, as git lists them): the plan of a writer
 * that never downloads files.
 */
export function diffListings(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  gitopsPath: string,
  tail?: ListedTail,
): Plan {
  return diffBy(before, after, gitopsPath, (a, b) => a === b, tail);
}

/**
 * The last `count` entries of a planned listing are entries of `from`, taken from it as it holds
 * them (the files of a render index checked in that listing): compared with `from`, they are the
 * same without a lookup. Listings are never changed once made.
 */
export interface ListedTail {
  readonly from: ReadonlyMap<string, string>;
  readonly count: number;
}

/**
 * Where the entries of `after` that need comparing with `start` end: before the tail taken from
 * `start` (`ListedTail`), or at its end.
 */
export function comparedHead(
  start: ReadonlyMap<string, unknown>,
  after: ReadonlyMap<string, unknown>,
  tail: ListedTail | undefined,
): number {
  return tail !== undefined && tail.from === start && tail.count <= after.size
    ? after.size - tail.count
    : after.size;
}

/**
 * The listing after a run, from the base branch's listing and the generated files' entries: every
 * owned entry of `before` is dropped and the generated ones are added (the same rule as
 * `applyGeneratedFiles`, on ids instead of bytes).
 */
export function plannedListing(
  before: ReadonlyMap<string, string>,
  generated: ReadonlyMap<string, string>,
  gitopsPath: string,
): Map<string, string> {
  const after = new Map<string, string>();
  keepUnowned(before, gitopsPath, after);
  for (const [path, entry] of generated) after.set(path, entry);
  return after;
}

/**
 * A planned listing as its two parts: `head` (the base's entries the scheduler does not own and
 * the generated files' entries), then `tail` (the files a render index gave), whose paths are none
 * of head's — read as one map, in that order, without copying the tail into it. A lookup builds
 * the tail's map once. `takenBy`: the keys of the render whose taken files `tail` holds.
 */
export class PlannedListing implements ReadonlyMap<string, string> {
  readonly size: number;
  readonly head: ReadonlyMap<string, string>;
  readonly tail: ReadonlyMap<string, string>;
  readonly takenBy: unknown;

  constructor(
    head: ReadonlyMap<string, string>,
    tail: ReadonlyMap<string, string>,
    takenBy?: unknown,
  ) {
    this.head = head;
    this.tail = tail;
    this.takenBy = takenBy;
    this.size = head.size + tail.size;
  }

  get(path: string): string | undefined {
    return this.head.get(path) ?? this.tail.get(path);
  }

  has(path: string): boolean {
    return this.head.has(path) || this.tail.has(path);
  }

  forEach(
    callback: (entry: string, path: string, map: ReadonlyMap<string, string>) => void,
    thisArg?: unknown,
  ): void {
    this.head.forEach((entry, path) => callback.call(thisArg, entry, path, this));
    this.tail.forEach((entry, path) => callback.call(thisArg, entry, path, this));
  }

  *entries(): MapIterator<[string, string]> {
    yield* this.head.entries();
    yield* this.tail.entries();
  }

  *keys(): MapIterator<string> {
    yield* this.head.keys();
    yield* this.tail.keys();
  }

  *values(): MapIterator<string> {
    yield* this.head.values();
    yield* this.tail.values();
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }
}

/** Sets in `into` every entry of `listing` the scheduler does not own (`isOwnedPath`), in order. */
export function keepUnowned(
  listing: ReadonlyMap<string, string>,
  gitopsPath: string,
  into: Map<string, string>,
): void {
  for (const [path, entry] of listing) if (!isOwnedPath(path, gitopsPath)) into.set(path, entry);
}

function diffBy<T>(
  before: ReadonlyMap<string, T>,
  after: ReadonlyMap<string, T>,
  gitopsPath: string,
  same: (a: T, b: T) => boolean,
  tail?: ListedTail,
): Plan {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  const head = comparedHead(before, after, tail);
  // How many paths of `after` `before` holds: all of them means nothing was removed.
  let found = after.size - head;
  let index = 0;
  for (const [path, value] of after) {
    if (index++ === head) break;
    const old = before.get(path);
    if (old === undefined) added.push(path);
    else {
      found++;
      if (!same(old, value)) changed.push(path);
    }
  }
  if (found !== before.size)
    for (const path of before.keys()) if (!after.has(path)) removed.push(path);
  added.sort();
  changed.sort();
  removed.sort();
  const promoted = added.includes(TRACKING_FILE) || changed.includes(TRACKING_FILE);
  return {
    added,
    changed,
    removed,
    promoted,
    clusterTypes: planByClusterType(before, after, gitopsPath, [...added, ...changed, ...removed]),
  };
}

/** True when nothing differs. */
export function isEmptyPlan(plan: Plan): boolean {
  const counts = planCounts(plan);
  return counts.added + counts.changed + counts.removed === 0;
}

function planByClusterType(
  before: ReadonlyMap<string, unknown>,
  after: ReadonlyMap<string, unknown>,
  gitopsPath: string,
  touched: string[],
): ClusterTypePlan[] {
  const foldersBefore = targetFolders(before, gitopsPath);
  const foldersAfter = targetFolders(after, gitopsPath);
  const touchedByType = new Map<string, Set<string>>();
  const filesByType = new Map<string, number>();
  for (const path of touched) {
    const parts = ownedHead(path, gitopsPath);
    if (!parts) continue;
    filesByType.set(parts[0], (filesByType.get(parts[0]) ?? 0) + 1);
    if (parts[1] !== undefined) {
      const set = touchedByType.get(parts[0]) ?? new Set<string>();
      set.add(parts[1]);
      touchedByType.set(parts[0], set);
    }
  }
  const types = new Set([...foldersBefore.keys(), ...foldersAfter.keys(), ...filesByType.keys()]);
  const result: ClusterTypePlan[] = [];
  for (const clusterType of [...types].sort()) {
    const was = foldersBefore.get(clusterType) ?? new Set<string>();
    const now = foldersAfter.get(clusterType) ?? new Set<string>();
    const files = filesByType.get(clusterType) ?? 0;
    if (files === 0) continue;
    const touchedTargets = touchedByType.get(clusterType) ?? new Set<string>();
    result.push({
      clusterType,
      assignmentsAdded: [...now].filter((t) => !was.has(t)).sort(),
      assignmentsRemoved: [...was].filter((t) => !now.has(t)).sort(),
      assignmentsChanged: [...touchedTargets].filter((t) => was.has(t) && now.has(t)).sort(),
      filesChanged: files,
    });
  }
  return result;
}

/** cluster type → target folders holding at least one file. */
function targetFolders(
  tree: ReadonlyMap<string, unknown>,
  gitopsPath: string,
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  // Files come grouped by folder: a path under the last target folder counted (its
  // `<spec.path>/<type>/<target>/`) is the same type and target again.
  let last: string | undefined;
  for (const path of tree.keys()) {
    if (last !== undefined && path.startsWith(last)) continue;
    const parts = ownedHead(path, gitopsPath);
    if (!parts || parts[1] === undefined) continue;
    const set = out.get(parts[0]) ?? new Set<string>();
    set.add(parts[1]);
    out.set(parts[0], set);
    last = path.slice(0, parts[2]);
  }
  return out;
}

/**
 * The first two segments below spec.path of an owned path (`<cluster type>`, and `<target>` when
 * a third segment follows) and where the third starts, or undefined when it is not owned: the
 * first parts of `rest.split('/')`, without splitting.
 */
function ownedHead(
  path: string,
  gitopsPath: string,
): [string, string | undefined, number] | undefined {
  const start = ownedStart(path, gitopsPath);
  if (start < 0) return undefined;
  const first = path.indexOf('/', start);
  const clusterType = path.slice(start, first);
  const second = path.indexOf('/', first + 1);
  if (second < 0) return [clusterType, undefined, path.length];
  return [clusterType, path.slice(first + 1, second), second + 1];
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
