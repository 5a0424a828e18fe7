// What each environment of the chain gets with a new `main`: assignments per cluster type, and the
// deployment targets added and removed against the commit the environment promotes now
// (scheduled only, nothing rendered). ci-gate's summary shows it.
import { assembleEnvironment, type EnvironmentSources } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import { compareBytes, deploymentTargetsOf, schedule, type Assignment } from '../model/schedule.ts';

/**
 * One environment of the chain with this `main`: `valid` or `broken` when it was rendered,
 * `no-branch` when it has no branch yet, `not-checked` when it was not rendered
 * (`check-environments: false`, or `main` itself is broken).
 */
export interface EnvironmentPlan {
  environment: string;
  state: 'valid' | 'broken' | 'no-branch' | 'not-checked';
  /** The commit the environment promotes now; undefined when it names none. */
  promotedCommit: string | undefined;
  /** Assignments per cluster type with this main, by name; empty unless `valid`. */
  clusterTypes: readonly ClusterTypeAssignments[];
}

export interface ClusterTypeAssignments {
  clusterType: string;
  /** Assignments (deployment targets) of this cluster type with this main. */
  assignments: number;
  /**
   * Deployment targets added and removed against what the environment's promoted commit
   * schedules (scheduling only, nothing rendered); undefined when that state cannot be scheduled.
   */
  added: readonly string[] | undefined;
  removed: readonly string[] | undefined;
}

/** What `sources` schedules (no render); undefined when it has problems. */
export function scheduleOnly(sources: EnvironmentSources): readonly Assignment[] | undefined {
  const { view, problems } = assembleEnvironment(sources);
  if (problems.length > 0) return undefined;
  const found: Problem[] = [];
  const assignments = schedule(view, deploymentTargetsOf(view, found));
  return found.length > 0 ? undefined : assignments;
}

/** Assignments per cluster type, with the targets added and removed against `before`. */
export function planClusterTypes(
  after: readonly Assignment[],
  before: readonly Assignment[] | undefined,
): ClusterTypeAssignments[] {
  const byType = (list: readonly Assignment[]) => {
    const map = new Map<string, Set<string>>();
    for (const a of list) {
      const targets = map.get(a.clusterType.name) ?? new Set<string>();
      targets.add(a.target.name);
      map.set(a.clusterType.name, targets);
    }
    return map;
  };
  const now = byType(after);
  const was = before && byType(before);
  const names = [...new Set([...now.keys(), ...(was?.keys() ?? [])])].sort(compareBytes);
  return names.map((clusterType) => {
    const targets = now.get(clusterType) ?? new Set<string>();
    const previous = was?.get(clusterType) ?? new Set<string>();
    const diff = (a: Set<string>, b: Set<string>) =>
      [...a].filter((t) => !b.has(t)).sort(compareBytes);
    return {
      clusterType,
      assignments: targets.size,
      added: was && diff(targets, previous),
      removed: was && diff(previous, targets),
    };
  });
}
