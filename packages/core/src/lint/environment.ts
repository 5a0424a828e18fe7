import { appendAll } from '../model/append.ts';
import type { EnvironmentView } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import { policySelectsTarget, type Assignment, type DeploymentTarget } from '../model/schedule.ts';
import { selectorMatches } from '../model/selector.ts';
import { describeObject, type Labels, type LabelSelector } from '../model/types.ts';
import { didYouMean } from '../model/did-you-mean.ts';

/** At most this many distinct label keys are offered to "did you mean" (hostile input). */
const MAX_KEYS = 200;

/**
 * Scheduling that is valid but almost certainly not what was meant (warnings): a policy whose
 * workspace no registration delivers, a policy that selects no target or no cluster type, a
 * target that no policy places anywhere, and an environment branch without its BaseRepo or
 * GitOpsRepo. The cost is one selector check per (policy, target) and (policy, cluster type),
 * as in scheduling itself.
 */
export function lintSchedule(
  view: EnvironmentView,
  targets: readonly DeploymentTarget[],
  assignments: readonly Assignment[],
  options: { environmentBranch: boolean } = { environmentBranch: true },
): Problem[] {
  const warnings: Problem[] = [];
  // An object that could not be read is reported as an error; what it would have selected or
  // matched is unknown, so the rules it affects stay silent instead of adding follow-on noise.
  const unreadable = (...kinds: string[]) =>
    [...view.unreadable].some((key) => kinds.some((kind) => key.startsWith(`${kind}/`)));
  const targetsKnown = !unreadable('Workload', 'WorkloadRegistration');
  const typesKnown = !unreadable('ClusterType');
  const policiesKnown = !unreadable('SchedulingPolicy');
  const workspaces = [
    ...new Set(view.registrations.map((r) => r.workspace).filter((w) => w)),
  ].sort();
  appendAll(warnings, handWrittenTargets(view, targets));
  const targetKeys = labelKeys(targets.map((t) => t.labels));
  const typeKeys = labelKeys(view.clusterTypes.map((c) => c.labels));
  for (const policy of view.policies) {
    const where = {
      file: policy.origin.file,
      line: policy.origin.line,
      object: describeObject(policy),
    };
    if (policy.workspace !== '' && !workspaces.includes(policy.workspace)) {
      const meant = didYouMean(policy.workspace, workspaces);
      warnings.push({
        ...where,
        message: `spec.deploymentTargetSelector.workspace '${policy.workspace}' is the workspace of no WorkloadRegistration, so this policy selects nothing${meant ? `; did you mean '${meant}'?` : '.'} Workspaces delivered here: ${workspaces.length > 0 ? workspaces.map((w) => `'${w}'`).join(', ') : 'none'}.`,
      });
    } else if (
      targetsKnown &&
      targets.length > 0 &&
      !targets.some((t) => policySelectsTarget(policy, t))
    ) {
      warnings.push({
        ...where,
        message: `selects no deployment target of environment '${view.name}' (spec.deploymentTargetSelector), so it schedules nothing.${keyHints(policy.targetSelector, targetKeys, 'deployment target')} Check the selector against the targets' labels.`,
      });
    }
    if (
      typesKnown &&
      view.clusterTypes.length > 0 &&
      !view.clusterTypes.some((c) => selectorMatches(policy.clusterTypeSelector, c.labels))
    ) {
      warnings.push({
        ...where,
        message: `selects no cluster type (spec.clusterTypeSelector), so it schedules nothing.${keyHints(policy.clusterTypeSelector, typeKeys, 'cluster type')} Check the selector against the ClusterTypes' metadata.labels.`,
      });
    }
  }
  const scheduled = new Set(assignments.map((a) => a.target.name));
  for (const target of typesKnown && policiesKnown ? targets : []) {
    if (scheduled.has(target.name)) continue;
    const selecting = view.policies
      .filter((p) => policySelectsTarget(p, target))
      .map((p) => p.name);
    const why =
      selecting.length === 0
        ? 'no SchedulingPolicy selects it'
        : `the policies that select it (${selecting.map((n) => `'${n}'`).join(', ')}) select no cluster type`;
    warnings.push({
      file: target.workload.origin.file,
      line: target.entry.line,
      object: describeObject(target.workload),
      message: `deployment target '${target.name}' is scheduled on no cluster type: ${why}. Its labels: ${formatLabels(target.labels)}. Add or fix a SchedulingPolicy whose deploymentTargetSelector matches them.`,
    });
  }
  // Validating main on its own (no environment branch) has no BaseRepo or GitOpsRepo to expect.
  if (!options.environmentBranch) return warnings;
  if (!view.baseRepos.some((b) => b.name === 'main') && !view.unreadable.has('BaseRepo/main')) {
    warnings.push({
      object: `Environment '${view.name}'`,
      message: `the environment branch has no BaseRepo named 'main' (base-repo.yaml at its root, written by cd-promote), so no promoted commit is recorded and the operator would take nothing from main; promote to this environment with cd-promote or add base-repo.yaml.`,
    });
  }
  if (view.gitOpsRepos.length === 0 && !unreadable('GitOpsRepo')) {
    warnings.push({
      object: `Environment '${view.name}'`,
      message: `the environment branch has no GitOpsRepo (gitops-repo.yaml), so there is no GitOps repository and branch to publish to; add gitops-repo.yaml with spec.repo, spec.branch and spec.path.`,
    });
  }
  return warnings;
}

function labelKeys(labels: readonly Labels[]): string[] {
  const keys = new Set<string>();
  for (const set of labels) for (const key of Object.keys(set)) keys.add(key);
  return [...keys].sort().slice(0, MAX_KEYS);
}

/** ` No cluster type has the label 'regoin'; did you mean 'region'?` for every selector key that nothing carries. */
function keyHints(selector: LabelSelector, known: readonly string[], what: string): string {
  const keys = [
    ...Object.keys(selector.matchLabels),
    ...selector.matchExpressions
      .filter((e) => e.operator === 'In' || e.operator === 'Exists')
      .map((e) => e.key),
  ];
  const knownSet = new Set(known);
  const hints: string[] = [];
  for (const key of new Set(keys)) {
    if (knownSet.has(key)) continue;
    const meant = didYouMean(key, known);
    hints.push(` No ${what} has the label '${key}'${meant ? `; did you mean '${meant}'?` : '.'}`);
  }
  return hints.join('');
}

function formatLabels(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(', ');
}

/**
 * Hand-written DeploymentTargets the operator would not keep: one labelled with the name of a
 * Workload of the environment is deleted by that Workload's reconcile (no entry of it derives
 * this name) and applied again by Flux, over and over.
 */
function handWrittenTargets(
  view: EnvironmentView,
  targets: readonly DeploymentTarget[],
): Problem[] {
  const workloads = new Set(view.workloads.map((w) => w.workload.name));
  const warnings: Problem[] = [];
  for (const target of targets) {
    const object = target.object;
    if (object === undefined) continue;
    const workload = object.labels['workload'];
    if (workload === undefined || !workloads.has(workload)) continue;
    warnings.push({
      file: object.origin.file,
      line: object.origin.line,
      object: describeObject(object),
      message: `is labelled workload: ${workload}, the name of a Workload, but no entry of that Workload derives it: on the operator the Workload's reconcile deletes it and Flux applies it again, over and over, so it is scheduled only now and then. It is scheduled here. Make it an entry of Workload '${workload}', or change its workload label.`,
    });
  }
  return warnings;
}
