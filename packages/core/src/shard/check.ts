// The join's checks of the shards (docs/decisions/sharded-schedule.md): each shard holds exactly
// the files of its own cluster types, the shards are disjoint, and every planned folder is there.
// Pure: the listings come from the refs, the expectation from the schedule the join computed.
import type { Problem } from '../model/problem.ts';

/**
 * One shard as the join read it: its index, its ref and its entries (path, `<mode> <id>`) in git's
 * order, a folder's entries together (undefined = the ref is missing).
 */
export interface ShardListing {
  readonly index: number;
  readonly ref: string;
  readonly files: Iterable<readonly [string, string]> | undefined;
}

/** What the join expects of the shards. */
export interface ShardExpectation {
  /** Normalised GitOpsRepo spec.path ("" = repository root). */
  readonly gitopsPath: string;
  /** The cluster types of each shard (`splitClusterTypes`). */
  readonly groups: readonly (readonly string[])[];
  /** The deployment targets scheduled on a cluster type (asked once per cluster type). */
  targets(clusterType: string): ReadonlySet<string>;
}

/** The files of an assignment folder; the config file is there when the config is not empty. */
const REQUIRED_FILES = ['reconciler.yaml', 'namespace.yaml'];
const CONFIG_FILES = new Set(['platform-config.yaml', 'platform-config.sh']);
const ENTRY = /^100644 [0-9a-f]{40}$/;
/** Beyond this many, the problems are counted, not listed. */
const MAX_LISTED = 20;

/**
 * Every way the shards differ from the plan, each naming the shard, its ref and the path: a
 * missing ref, a path outside the shard's cluster types (so no two shards can hold one path), a
 * file that is not a plain file, a missing README or assignment file, a folder nothing was
 * scheduled in. Empty when the shards can be joined.
 */
export function checkShards(
  shards: readonly ShardListing[],
  expected: ShardExpectation,
): Problem[] {
  const checker = shardChecker(expected);
  if (shards.length !== expected.groups.length)
    checker.add(
      `The join read ${shards.length} shards, but the plan has ${expected.groups.length}.`,
    );
  for (const shard of shards) checker.check(shard);
  return checker.problems();
}

/**
 * The checks of `checkShards`, a shard at a time and a cluster type at a time: what is held is
 * the problems and the folders of one cluster type, never a listing of every file.
 */
export function shardChecker(expected: ShardExpectation): {
  add(message: string): void;
  check(shard: ShardListing): void;
  problems(): Problem[];
} {
  const problems: Problem[] = [];
  let more = 0;
  const add = (message: string) => {
    if (problems.length < MAX_LISTED) problems.push({ message });
    else more += 1;
  };
  const prefix = expected.gitopsPath === '' ? '' : `${expected.gitopsPath}/`;
  const ownerOf = new Map<string, number>();
  expected.groups.forEach((group, index) => {
    for (const clusterType of group) ownerOf.set(clusterType, index);
  });
  const check = (shard: ShardListing) => {
    const name = `Shard ${shard.index} (${shard.ref})`;
    const group = expected.groups[shard.index];
    if (group === undefined) return add(`${name} is not in the plan.`);
    if (shard.files === undefined)
      return add(
        `${name} is missing: its render job failed or did not run. Re-run the failed jobs of this workflow run; nothing was pushed.`,
      );
    const done = new Set<string>();
    let current: string | undefined;
    let readme = false;
    let scheduled: ReadonlySet<string> = new Set();
    let present = new Map<string, Set<string>>();
    const finish = (clusterType: string) => {
      done.add(clusterType);
      if (!readme)
        add(`${name} lacks ${quoted(`${prefix}${clusterType}/README.md`)}. Nothing was pushed.`);
      for (const target of scheduled) {
        const files = present.get(target);
        for (const file of REQUIRED_FILES)
          if (!files?.has(file))
            add(
              `${name} lacks ${quoted(`${prefix}${clusterType}/${target}/${file}`)}. Nothing was pushed.`,
            );
      }
    };
    const open = (clusterType: string) => {
      if (current !== undefined) finish(current);
      current = clusterType;
      readme = false;
      scheduled = expected.targets(clusterType);
      present = new Map();
    };
    for (const [path, entry] of shard.files) {
      const shown = quoted(path);
      const rest = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
      const parts = rest?.split('/') ?? [];
      const clusterType = parts[0] ?? '';
      const owner = rest === undefined ? undefined : ownerOf.get(clusterType);
      if (owner !== shard.index) {
        add(
          `${name} holds ${shown}, outside its cluster types${owner === undefined ? '' : ` (cluster type '${clusterType}' is shard ${owner}'s)`}. The ref was tampered with or written by another plan; nothing was pushed.`,
        );
        continue;
      }
      if (clusterType !== current) {
        if (done.has(clusterType)) {
          add(`${name} lists ${shown} apart from the rest of its folder. Nothing was pushed.`);
          continue;
        }
        open(clusterType);
      }
      if (!ENTRY.test(entry)) {
        add(
          `${name} holds ${shown} as '${entry.slice(0, 60)}', not a plain file. Nothing was pushed.`,
        );
        continue;
      }
      const fits =
        (parts.length === 2 && parts[1] === 'README.md') ||
        (parts.length === 3 &&
          scheduled.has(parts[1]!) &&
          (REQUIRED_FILES.includes(parts[2]!) || CONFIG_FILES.has(parts[2]!)));
      if (!fits) {
        add(`${name} holds ${shown}, which the schedule does not generate. Nothing was pushed.`);
        continue;
      }
      if (parts.length === 2) {
        readme = true;
        continue;
      }
      const files = present.get(parts[1]!) ?? new Set<string>();
      if (CONFIG_FILES.has(parts[2]!) && [...files].some((f) => CONFIG_FILES.has(f)))
        add(
          `${name} holds two config files in ${quoted(`${prefix}${clusterType}/${parts[1]!}`)}. Nothing was pushed.`,
        );
      files.add(parts[2]!);
      present.set(parts[1]!, files);
    }
    if (current !== undefined) finish(current);
    current = undefined;
    for (const clusterType of group)
      if (!done.has(clusterType)) {
        open(clusterType);
        current = undefined;
        finish(clusterType);
      }
  };
  return {
    add,
    check,
    problems: () =>
      more > 0
        ? [...problems, { message: `… and ${more} more problems with the shards.` }]
        : [...problems],
  };
}

/** A path from a ref, quoted so that no character of it can act on the log. */
function quoted(path: string): string {
  return `'${JSON.stringify(path.slice(0, 300)).slice(1, -1)}'`;
}

/**
 * The cluster-type folders of the joined tree, each taken whole from its shard's tree (folder
 * path → tree id). The checks passed, so every planned cluster type's folder is in its shard.
 */
export function composeShards(
  shards: readonly { readonly folders: ReadonlyMap<string, string> }[],
  expected: ShardExpectation,
): Map<string, string> {
  const prefix = expected.gitopsPath === '' ? '' : `${expected.gitopsPath}/`;
  const folders = new Map<string, string>();
  shards.forEach((shard, index) => {
    for (const clusterType of expected.groups[index] ?? []) {
      const treeId = shard.folders.get(clusterType);
      if (treeId === undefined)
        throw new Error(`Shard ${index} has no folder for cluster type '${clusterType}'.`);
      folders.set(`${prefix}${clusterType}`, treeId);
    }
  });
  return folders;
}
