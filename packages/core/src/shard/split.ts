// Splitting an environment's cluster types into shards (docs/decisions/sharded-schedule.md):
// rendezvous (highest-random-weight) hashing on the cluster-type name, bounded by a load cap, so
// the shards are balanced by assignment count and a cluster type tends to stay in its shard as
// the fleet changes.

/** One cluster type and how many assignments it holds. */
export interface ShardWeight {
  readonly name: string;
  readonly assignments: number;
}

/** GitHub Actions' most jobs per matrix (docs/sharded-schedule.md#limits). */
export const MAX_SHARDS = 256;

/** `shards: auto` gives each shard about this many assignments (well under 1 GiB of heap each). */
export const AUTO_SHARD_ASSIGNMENTS = 100_000;

/** How far a shard may go over the even share before a cluster type moves to its next choice. */
const LOAD_SLACK = 1.05;

/**
 * The number of shards for `shards: auto`: one per AUTO_SHARD_ASSIGNMENTS assignments, at least
 * one, at most MAX_SHARDS and never more than there are cluster types.
 */
export function autoShardCount(assignments: number, clusterTypes: number): number {
  return effectiveShardCount(Math.ceil(assignments / AUTO_SHARD_ASSIGNMENTS), clusterTypes);
}

/** A requested shard count, capped by the cluster types there are (a shard with none is idle). */
export function effectiveShardCount(requested: number, clusterTypes: number): number {
  return Math.max(1, Math.min(requested, MAX_SHARDS, clusterTypes));
}

/**
 * Splits the cluster types into `shards` groups (each sorted by name). Every cluster type lands in
 * exactly one shard. A cluster type's weight is its assignments plus one (its README); heavier
 * ones are placed first, each in the shard that ranks highest for its name among those it fits
 * in under the load cap (the even share plus 5 %, or the heaviest weight if larger), else in the
 * lightest shard. Deterministic: the same weights and count always give the same split.
 */
export function splitClusterTypes(weights: readonly ShardWeight[], shards: number): string[][] {
  if (!Number.isInteger(shards) || shards < 1)
    throw new RangeError(`shards must be a positive whole number, not ${shards}`);
  const groups: string[][] = Array.from({ length: shards }, () => []);
  const load = new Array<number>(shards).fill(0);
  const weightOf = (w: ShardWeight) => w.assignments + 1;
  const ordered = [...weights].sort(
    (a, b) => weightOf(b) - weightOf(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  const total = ordered.reduce((sum, w) => sum + weightOf(w), 0);
  const heaviest = ordered.length === 0 ? 0 : weightOf(ordered[0]!);
  const cap = Math.max(heaviest, Math.ceil((total * LOAD_SLACK) / shards));
  for (const item of ordered) {
    const weight = weightOf(item);
    const ranked = rankShards(item.name, shards);
    let chosen = ranked.find((shard) => load[shard]! + weight <= cap);
    if (chosen === undefined) {
      chosen = 0;
      for (let shard = 1; shard < shards; shard++) if (load[shard]! < load[chosen]!) chosen = shard;
    }
    load[chosen]! += weight;
    groups[chosen]!.push(item.name);
  }
  for (const group of groups) group.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return groups;
}

/** The shards in the order `name` prefers them (highest score first; ties by index). */
function rankShards(name: string, shards: number): number[] {
  const base = fnv1a(name);
  const scores = Array.from({ length: shards }, (_, shard) =>
    mix(base ^ Math.imul(shard + 1, 0x9e3779b1)),
  );
  return scores
    .map((score, shard) => ({ score, shard }))
    .sort((a, b) => b.score - a.score || a.shard - b.shard)
    .map((s) => s.shard);
}

/** FNV-1a over the UTF-16 units of `text` (32 bits). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** murmur3's finaliser: spreads every input bit over the 32 output bits. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
