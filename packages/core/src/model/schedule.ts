import type { EnvironmentView } from './environment.ts';
import type { Problem } from './problem.ts';
import { firstFailingTerm, selectorMatches } from './selector.ts';
import {
  describeObject,
  type ClusterType,
  type DeploymentTargetObject,
  type Labels,
  type SchedulingPolicy,
  type Workload,
  type WorkloadTargetEntry,
} from './types.ts';

/** A Workload entry materialised in one environment (docs/kalypso-compatibility.md#deployment-targets). */
export interface DeploymentTarget {
  /** `<workload>-<entry name>`. */
  readonly name: string;
  readonly workload: Workload;
  readonly entry: WorkloadTargetEntry;
  readonly workspace: string;
  /** Entry labels, overridden by the Workload's labels, plus `workload` and `workspace` (docs/decisions/deployment-target-labels.md). */
  readonly labels: Labels;
  readonly manifests: Labels;
  /** Entry schemas followed by workload schemas. */
  readonly configSchemas: readonly string[];
  /**
   * The DeploymentTarget object, for one written by hand: then `workload` and `entry` stand in
   * for it (the Workload named by its `workload` label, its own file and line).
   */
  readonly object?: DeploymentTargetObject;
}

/** One (deployment target, cluster type) pair and the policies that selected it (docs/decisions/overlapping-policies.md). */
export interface Assignment {
  readonly target: DeploymentTarget;
  readonly clusterType: ClusterType;
  readonly policies: readonly string[];
}

/** The deployment targets of the environment: entries whose `environment` is this environment. */
export function deploymentTargetsOf(
  view: EnvironmentView,
  problems: Problem[],
): DeploymentTarget[] {
  const targets: DeploymentTarget[] = [];
  const byName = new Map<string, DeploymentTarget>();
  for (const { workload, workspace } of view.workloads) {
    for (const entry of workload.deploymentTargets) {
      if (entry.environment !== view.name) continue;
      const name = `${workload.name}-${entry.name}`;
      const labels: Record<string, string> = {
        ...entry.labels,
        ...workload.labels,
        workload: workload.name,
        workspace,
      };
      const target: DeploymentTarget = {
        name,
        workload,
        entry,
        workspace,
        labels,
        manifests: entry.manifests,
        configSchemas: [...entry.configSchemas, ...workload.configSchemas],
      };
      const clash = byName.get(name);
      if (clash) {
        problems.push({
          file: workload.origin.file,
          line: entry.line,
          object: describeObject(workload),
          message: `deployment target '${entry.name}' makes the target name '${name}', which ${describeObject(clash.workload)} (${clash.workload.origin.file}) also makes. Rename one of the targets.`,
        });
        continue;
      }
      byName.set(name, target);
      targets.push(target);
    }
  }
  // Hand-written DeploymentTargets of this environment join the derived ones, as in the
  // operator's namespace; one with the name of a derived target fights it there: an error.
  for (const object of view.deploymentTargets) {
    if (object.environment !== view.name) continue;
    const clash = byName.get(object.name);
    if (clash) {
      problems.push({
        file: object.origin.file,
        line: object.origin.line,
        object: describeObject(object),
        message: `has the name of the deployment target that ${describeObject(clash.workload)} (${clash.workload.origin.file}:${clash.entry.line}) derives; on the operator the two overwrite each other. Rename this DeploymentTarget or remove the Workload entry.`,
      });
      continue;
    }
    const target = handWrittenTarget(object);
    byName.set(object.name, target);
    targets.push(target);
  }
  return targets.sort((a, b) => compareBytes(a.name, b.name));
}

/**
 * A hand-written DeploymentTarget as the operator schedules it: its own labels (workload and
 * workspace come from its labels, "" when absent), name, environment, manifests and schemas.
 */
function handWrittenTarget(object: DeploymentTargetObject): DeploymentTarget {
  const workspace = object.labels['workspace'] ?? '';
  return {
    name: object.name,
    workload: {
      kind: 'Workload',
      name: object.labels['workload'] ?? '',
      labels: {},
      origin: object.origin,
      deploymentTargets: [],
      configSchemas: [],
    },
    entry: {
      name: object.name,
      labels: object.labels,
      environment: object.environment,
      manifests: object.manifests,
      configSchemas: object.configSchemas,
      line: object.origin.line,
    },
    workspace,
    labels: object.labels,
    manifests: object.manifests,
    configSchemas: object.configSchemas,
    object,
  };
}

/** True when the policy selects the target: workspace filter (exact) and label selector. */
export function policySelectsTarget(policy: SchedulingPolicy, target: DeploymentTarget): boolean {
  return (
    (policy.workspace === '' || policy.workspace === target.workspace) &&
    selectorMatches(policy.targetSelector, target.labels)
  );
}

/**
 * Schedules every target onto cluster types. Each policy contributes the cross product of the
 * targets and cluster types it selects; pairs selected by several policies become one assignment
 * that records all of them (docs/decisions/overlapping-policies.md). The cost is one selector check per (policy, target) and
 * (policy, cluster type) plus the size of the output — no pairwise scans.
 */
export function schedule(
  view: EnvironmentView,
  targets: readonly DeploymentTarget[],
): Assignment[] {
  // The pairs by cluster type name, then by target name: sorted a cluster type at a time, each
  // name's pairs among themselves, rather than every pair against every other.
  type Pair = Assignment & { policies: string[] };
  const byType = new Map<string, Map<string, Pair>>();
  for (const policy of view.policies) {
    const selectedTargets = targets.filter((t) => policySelectsTarget(policy, t));
    if (selectedTargets.length === 0) continue;
    const selectedTypes = view.clusterTypes.filter((c) =>
      selectorMatches(policy.clusterTypeSelector, c.labels),
    );
    for (const clusterType of selectedTypes) {
      let pairs = byType.get(clusterType.name);
      if (!pairs) byType.set(clusterType.name, (pairs = new Map<string, Pair>()));
      for (const target of selectedTargets) {
        const existing = pairs.get(target.name);
        if (existing) existing.policies.push(policy.name);
        else pairs.set(target.name, { target, clusterType, policies: [policy.name] });
      }
    }
  }
  const assignments: Assignment[] = [];
  for (const name of [...byType.keys()].sort(compareBytes)) {
    const pairs = byType.get(name)!;
    for (const target of [...pairs.keys()].sort(compareBytes)) assignments.push(pairs.get(target)!);
  }
  return assignments;
}

/** Why a (target, cluster type) pair is or is not scheduled: per policy, selected or the excluding term. */
export interface PairExplanation {
  readonly target: string;
  readonly clusterType: string;
  readonly scheduled: boolean;
  readonly policies: readonly {
    readonly policy: string;
    readonly selected: boolean;
    readonly reason: string;
  }[];
}

/** Explains one pair, policy by policy (computed on demand; the full matrix can be huge). */
export function explainPair(
  view: EnvironmentView,
  target: DeploymentTarget,
  clusterType: ClusterType,
): PairExplanation {
  const policies = view.policies.map((policy) => {
    if (policy.workspace !== '' && policy.workspace !== target.workspace) {
      return {
        policy: policy.name,
        selected: false,
        reason: `workspace '${policy.workspace}' does not match the target's workspace '${target.workspace}'`,
      };
    }
    const targetTerm = firstFailingTerm(policy.targetSelector, target.labels);
    if (targetTerm)
      return {
        policy: policy.name,
        selected: false,
        reason: `deployment target selector term ${targetTerm}`,
      };
    const typeTerm = firstFailingTerm(policy.clusterTypeSelector, clusterType.labels);
    if (typeTerm)
      return {
        policy: policy.name,
        selected: false,
        reason: `cluster type selector term ${typeTerm}`,
      };
    return { policy: policy.name, selected: true, reason: 'both selectors match' };
  });
  return {
    target: target.name,
    clusterType: clusterType.name,
    scheduled: policies.some((p) => p.selected),
    policies,
  };
}

/** Byte-wise string order (Go's sort.Strings), independent of locale. */
export function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
