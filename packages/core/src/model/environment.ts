import { inputLimits, type InputLimits } from './limits.ts';
import type { LoadCache } from './load-cache.ts';
import { loadSource, type InputBudget } from './load.ts';
import { ProblemList, sortProblems, type Problem } from './problem.ts';
import type { Source } from './source.ts';
import {
  describeObject,
  type BaseRepo,
  type ClusterType,
  type ConfigMapObject,
  type ConfigSchema,
  type DeploymentTargetObject,
  type ControlPlaneObject,
  type EnvironmentObject,
  type GitOpsRepo,
  type SchedulingPolicy,
  type Template,
  type Workload,
  type WorkloadRegistration,
} from './types.ts';

/** The union of everything that lands in one environment (docs/kalypso-compatibility.md#assembling-an-environment), validated. */
export interface EnvironmentView {
  readonly name: string;
  readonly environments: readonly EnvironmentObject[];
  readonly baseRepos: readonly BaseRepo[];
  readonly gitOpsRepos: readonly GitOpsRepo[];
  readonly clusterTypes: readonly ClusterType[];
  readonly templates: ReadonlyMap<string, Template>;
  readonly registrations: readonly WorkloadRegistration[];
  /** Workloads with the workspace of the registration that delivered them (docs/decisions/workspace-from-registration.md; "" otherwise). */
  readonly workloads: readonly { readonly workload: Workload; readonly workspace: string }[];
  /** DeploymentTargets written by hand, of every environment (model/schedule.ts keeps this one's). */
  readonly deploymentTargets: readonly DeploymentTargetObject[];
  readonly policies: readonly SchedulingPolicy[];
  readonly configMaps: readonly ConfigMapObject[];
  readonly configSchemas: readonly ConfigSchema[];
  /** `Kind/name` of objects that exist but could not be read (their problems are reported). */
  readonly unreadable: ReadonlySet<string>;
}

export interface EnvironmentSources {
  /** The environment (= namespace = branch) name. */
  readonly environment: string;
  /** `main` at the promoted commit. */
  readonly base: Source;
  /** The environment branch. */
  readonly controlPlane: Source;
  /** One source per WorkloadRegistration, read from its repository. */
  readonly workloads: readonly Source[];
}

export interface AssembledEnvironment {
  readonly view: EnvironmentView;
  /** Errors: what Kubernetes or the original would reject. */
  readonly problems: readonly Problem[];
  /** What the original accepts but is probably a mistake (severity 'warning'). */
  readonly warnings: readonly Problem[];
  readonly notes: readonly string[];
}

/**
 * Loads every source of an environment, rejects what Kubernetes would (duplicate kind+name across
 * sources, docs/decisions/strict-kubernetes-shapes.md) and groups the objects by kind. Never throws for user mistakes:
 * they are returned as problems so that the caller reports all of them.
 */
export function assembleEnvironment(
  sources: EnvironmentSources,
  limits: Partial<InputLimits> = {},
  cache?: LoadCache,
): AssembledEnvironment {
  const problems = new ProblemList();
  const notes: string[] = [];
  const all: ControlPlaneObject[] = [];
  const unreadable = new Set<string>();
  const effective = inputLimits(limits);
  const budget: InputBudget = { remaining: effective.maxTotalBytes };
  const delivered = new Set<string>();
  for (const source of [sources.base, sources.controlPlane, ...sources.workloads]) {
    const loaded = loadSource(source, problems, {
      limits: effective,
      budget,
      ...(cache === undefined ? {} : { cache }),
    });
    all.push(...loaded.objects);
    notes.push(...loaded.notes);
    for (const key of loaded.unreadable) unreadable.add(key);
    if (source.origin.kind === 'workload' && loaded.objects.some((o) => o.kind === 'Workload'))
      delivered.add(source.origin.registration);
    if (
      source.origin.kind === 'workload' &&
      loaded.unreadable.some((key) => key.startsWith('Workload/'))
    )
      delivered.add(source.origin.registration);
  }
  const unique = rejectDuplicates(all, problems);
  const byKind = <K extends ControlPlaneObject['kind']>(kind: K) =>
    unique.filter((o): o is Extract<ControlPlaneObject, { kind: K }> => o.kind === kind);
  const workloads = byKind('Workload').map((workload) => {
    const origin = workload.origin.source;
    const registration =
      origin.kind === 'workload'
        ? byKind('WorkloadRegistration').find((r) => r.name === origin.registration)
        : undefined;
    return { workload, workspace: registration?.workspace ?? '' };
  });
  const view: EnvironmentView = {
    name: sources.environment,
    environments: byKind('Environment'),
    baseRepos: byKind('BaseRepo'),
    gitOpsRepos: byKind('GitOpsRepo'),
    clusterTypes: sortByName(byKind('ClusterType')),
    templates: new Map(byKind('Template').map((t) => [t.name, t])),
    registrations: sortByName(byKind('WorkloadRegistration')),
    workloads,
    deploymentTargets: sortByName(byKind('DeploymentTarget')),
    policies: sortByName(byKind('SchedulingPolicy')),
    configMaps: byKind('ConfigMap'),
    configSchemas: sortByName(byKind('ConfigSchema')),
    unreadable,
  };
  checkReferences(view, problems);
  const registered = new Set(
    sources.workloads.flatMap((s) => (s.origin.kind === 'workload' ? [s.origin.registration] : [])),
  );
  for (const registration of view.registrations) {
    if (!registered.has(registration.name) || delivered.has(registration.name)) continue;
    problems.warn({
      file: registration.origin.file,
      line: registration.origin.line,
      object: describeObject(registration),
      message: `no Workload was found at spec.workload.path '${registration.workload.path}' of ${registration.workload.repo} (branch ${registration.workload.branch}), so this registration deploys nothing. Check the path and branch, or remove the registration.`,
    });
  }
  return {
    view,
    problems: sortProblems(problems.items),
    warnings: sortProblems(problems.warnings),
    notes,
  };
}

function rejectDuplicates(
  objects: ControlPlaneObject[],
  problems: ProblemList,
): ControlPlaneObject[] {
  const first = new Map<string, ControlPlaneObject>();
  const kept: ControlPlaneObject[] = [];
  for (const object of objects) {
    const key = `${object.kind}/${object.name}`;
    const earlier = first.get(key);
    if (earlier) {
      problems.add({
        file: object.origin.file,
        line: object.origin.line,
        object: describeObject(object),
        message: `is also defined in ${earlier.origin.file}:${earlier.origin.line}; a kind and name may be defined once per environment (across main, the environment branch and workload repositories). Remove or rename one of them.`,
      });
      continue;
    }
    first.set(key, object);
    kept.push(object);
  }
  return kept;
}

/**
 * Environment-wide references. Templates named by ClusterTypes are checked per assignment when
 * rendering (the original looks them up only for the cluster types it schedules).
 */
function checkReferences(view: EnvironmentView, problems: ProblemList): void {
  const gitops = view.gitOpsRepos;
  if (gitops.length > 1) {
    problems.add({
      file: gitops[1]!.origin.file,
      line: gitops[1]!.origin.line,
      object: describeObject(gitops[1]!),
      message: `the environment has ${gitops.length} GitOpsRepos (${gitops.map((g) => `'${g.name}'`).join(', ')}); keep exactly one.`,
    });
  }
}

function sortByName<T extends { name: string }>(items: T[]): T[] {
  return items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
