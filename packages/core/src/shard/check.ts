// The join's checks of the shards (docs/decisions/sharded-schedule.md): each shard holds exactly
// the files of its own cluster types, the shards are disjoint, and every planned folder is there.
// Pure: the listings come from the refs, the expectation from the schedule the join computed.
import type { Problem } from '../model/problem.ts';
import type { TreeListing } from '../publish/ports.ts';

/** One shard as the join read it: its index, its ref and its listing (undefined = the ref is missing). */
export interface ShardListing {
  readonly index: number;
  readonly ref: string;
  readonly files: TreeListing | undefined;
}

/** What the join expects of the shards. */
export interface ShardExpectation {
  /** Normalised GitOpsRepo spec.path ("" = repository root). */
  readonly gitopsPath: string;
  /** The cluster types of each shard (`splitClusterTypes`). */
  readonly groups: readonly (readonly string[])[];
  /** The deployment targets scheduled on each cluster type. */
  readonly targets: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The files of an assignment folder; the config file is there when the config is not empty. */
const REQUIRED_FILES = ['reconciler.yaml', 'namespace.yaml'];
const CONFIG_FILES = new Set(['platform-config.yaml', 'platform-config.sh']);
const ENTRY = /^100644 [0-9a-f]{40}$/;
/** Beyond this many, the problems are counted, not listed. */
const MAX_LISTED = 20;

/**
 * Every way the shards differ from the plan, each naming the shard, its ref and the path: a
 * missing ref, a path outside the shard's cluster types, a path two shards hold, a file that is
 * not a plain file, a missing README or assignment file, a folder nothing was scheduled in.
 * Empty when the shards can be joined.
 */
export function checkShards(
  shards: readonly ShardListing[],
  expected: ShardExpectation,
): Problem[] {
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
  const seenAt = new Map<string, number>();
  if (shards.length !== expected.groups.length)
    add(`The join read ${shards.length} shards, but the plan has ${expected.groups.length}.`);
  for (const shard of shards) {
    const name = `Shard ${shard.index} (${shard.ref})`;
    const group = expected.groups[shard.index];
    if (group === undefined) {
      add(`${name} is not in the plan.`);
      continue;
    }
    if (shard.files === undefined) {
      add(
        `${name} is missing: its render job failed or did not run. Re-run the failed jobs of this workflow run; nothing was pushed.`,
      );
      continue;
    }
    const present = new Map<string, Set<string>>();
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
      const other = seenAt.get(path);
      if (other !== undefined) {
        add(
          `${name} holds ${shown}, which shard ${other} holds too: the shards overlap. Nothing was pushed.`,
        );
        continue;
      }
      seenAt.set(path, shard.index);
      if (!ENTRY.test(entry)) {
        add(
          `${name} holds ${shown} as '${entry.slice(0, 60)}', not a plain file. Nothing was pushed.`,
        );
        continue;
      }
      const scheduled = expected.targets.get(clusterType);
      const fits =
        (parts.length === 2 && parts[1] === 'README.md') ||
        (parts.length === 3 &&
          scheduled?.has(parts[1]!) === true &&
          (REQUIRED_FILES.includes(parts[2]!) || CONFIG_FILES.has(parts[2]!)));
      if (!fits) {
        add(`${name} holds ${shown}, which the schedule does not generate. Nothing was pushed.`);
        continue;
      }
      if (parts.length === 3) {
        const folder = `${clusterType}/${parts[1]!}`;
        const files = present.get(folder) ?? new Set<string>();
        if (CONFIG_FILES.has(parts[2]!) && [...files].some((f) => CONFIG_FILES.has(f)))
          add(`${name} holds two config files in ${quoted(prefix + folder)}. Nothing was pushed.`);
        files.add(parts[2]!);
        present.set(folder, files);
      } else present.set(clusterType, present.get(clusterType) ?? new Set());
    }
    for (const clusterType of group) {
      if (!shard.files.has(`${prefix}${clusterType}/README.md`))
        add(`${name} lacks ${quoted(`${prefix}${clusterType}/README.md`)}. Nothing was pushed.`);
      for (const target of expected.targets.get(clusterType) ?? []) {
        const files = present.get(`${clusterType}/${target}`);
        for (const file of REQUIRED_FILES)
          if (!files?.has(file))
            add(
              `${name} lacks ${quoted(`${prefix}${clusterType}/${target}/${file}`)}. Nothing was pushed.`,
            );
      }
    }
  }
  if (more > 0) problems.push({ message: `… and ${more} more problems with the shards.` });
  return problems;
}

/** A path from a ref, quoted so that no character of it can act on the log. */
function quoted(path: string): string {
  return `'${JSON.stringify(path.slice(0, 300)).slice(1, -1)}'`;
}

/**
 * The files the shards generated, as one listing (the checks passed, so the listings are
 * disjoint), and the cluster-type folders to take whole from the shard trees (folder → tree id).
 */
export function composeShards(
  shards: readonly { readonly files: TreeListing; readonly folders: ReadonlyMap<string, string> }[],
  expected: ShardExpectation,
): { listing: Map<string, string>; folders: Map<string, string> } {
  const prefix = expected.gitopsPath === '' ? '' : `${expected.gitopsPath}/`;
  const listing = new Map<string, string>();
  const folders = new Map<string, string>();
  shards.forEach((shard, index) => {
    for (const clusterType of expected.groups[index] ?? []) {
      const treeId = shard.folders.get(clusterType);
      if (treeId !== undefined) folders.set(`${prefix}${clusterType}`, treeId);
    }
    for (const [path, entry] of shard.files) listing.set(path, entry);
  });
  return { listing, folders };
}
