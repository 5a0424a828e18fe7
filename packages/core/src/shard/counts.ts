// What a shard needs of the schedule without the schedule of the whole fleet
// (docs/decisions/sharded-schedule.md#bounded-memory): how many assignments each cluster type
// holds (the split's weights), and the environment scheduled on some cluster types only.
import { assembleEnvironment, type EnvironmentSources } from '../model/environment.ts';
import { inputLimits } from '../model/limits.ts';
import type { Problem } from '../model/problem.ts';
import { deploymentTargetsOf, policySelectsTarget, schedule } from '../model/schedule.ts';
import { selectorMatches } from '../model/selector.ts';
import type { EnvironmentView } from '../model/environment.ts';
import type { DeploymentTarget } from '../model/schedule.ts';
import type { ScheduledEnvironment } from '../render/render-environment.ts';
import type { ShardWeight } from './split.ts';

/**
 * The assignments each cluster type holds (by name, every cluster type of the view, 0 when none),
 * exactly as `schedule` would count them, without making a pair: each policy's targets are a
 * bitset over the distinct target names, and a cluster type's count is the size of the union of
 * the bitsets of the policies that select it (computed once per distinct set of policies).
 */
export function assignmentCounts(
  view: EnvironmentView,
  targets: readonly DeploymentTarget[],
): ShardWeight[] {
  const index = new Map<string, number>();
  for (const target of targets) if (!index.has(target.name)) index.set(target.name, index.size);
  const words = Math.ceil(index.size / 32);
  const selected: (Uint32Array | undefined)[] = view.policies.map((policy) => {
    let bits: Uint32Array | undefined;
    for (const target of targets) {
      if (!policySelectsTarget(policy, target)) continue;
      bits ??= new Uint32Array(words);
      const i = index.get(target.name)!;
      bits[i >>> 5]! |= 1 << (i & 31);
    }
    return bits;
  });
  // Cluster types of one name count as one (schedule pairs by name), over every policy selecting any.
  const policiesOf = new Map<string, Set<number>>();
  for (const clusterType of view.clusterTypes) {
    const set = policiesOf.get(clusterType.name) ?? new Set<number>();
    view.policies.forEach((policy, p) => {
      if (selected[p] && selectorMatches(policy.clusterTypeSelector, clusterType.labels))
        set.add(p);
    });
    policiesOf.set(clusterType.name, set);
  }
  const bySignature = new Map<string, number>();
  const weights: ShardWeight[] = [];
  for (const [name, set] of policiesOf) {
    const signature = [...set].sort((a, b) => a - b).join(',');
    let count = bySignature.get(signature);
    if (count === undefined) {
      const union = new Uint32Array(words);
      for (const p of set) {
        const bits = selected[p]!;
        for (let w = 0; w < words; w++) union[w]! |= bits[w]!;
      }
      count = 0;
      for (let w = 0; w < words; w++) count += popcount(union[w]!);
      bySignature.set(signature, count);
    }
    weights.push({ name, assignments: count });
  }
  return weights;
}

function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** An environment loaded and its targets derived, not yet scheduled. */
export interface LoadedEnvironment {
  readonly view: EnvironmentView;
  readonly targets: readonly DeploymentTarget[];
  readonly problems: readonly Problem[];
  readonly loadFailed: boolean;
  readonly warnings: readonly Problem[];
  readonly notes: readonly string[];
  readonly environmentBranch: boolean;
}

/** Loads and validates the environment and derives its deployment targets (no schedule). */
export function loadEnvironment(sources: EnvironmentSources): LoadedEnvironment {
  const assembled = assembleEnvironment(sources, inputLimits());
  const problems: Problem[] = [...assembled.problems];
  const targets = deploymentTargetsOf(assembled.view, problems);
  return {
    view: assembled.view,
    targets,
    problems,
    loadFailed: assembled.problems.length > 0,
    warnings: assembled.warnings,
    notes: assembled.notes,
    environmentBranch: sources.controlPlane.files.length > 0,
  };
}

/**
 * The environment scheduled on the cluster types `only` keeps, as `scheduleEnvironmentSources`
 * would schedule it and then keep those cluster types and their assignments: what one shard
 * renders, without the pairs of the other shards.
 */
export function scheduleSome(
  loaded: LoadedEnvironment,
  only: (clusterType: string) => boolean,
): ScheduledEnvironment {
  const view = {
    ...loaded.view,
    clusterTypes: loaded.view.clusterTypes.filter((c) => only(c.name)),
  };
  return {
    view,
    targets: loaded.targets,
    assignments: schedule(view, loaded.targets),
    problems: loaded.problems,
    loadFailed: loaded.loadFailed,
    warnings: loaded.warnings,
    notes: loaded.notes,
    limits: inputLimits(),
    environmentBranch: loaded.environmentBranch,
  };
}
