import { loadSource } from './load.ts';
import { ProblemList, sortProblems, type Problem } from './problem.ts';
import type { Source } from './source.ts';
import {
  describeObject,
  type BaseRepo,
  type ClusterType,
  type ConfigMapObject,
  type ConfigSchema,
  type ControlPlaneObject,
  type EnvironmentObject,
  type GitOpsRepo,
  type SchedulingPolicy,
  type Template,
  type Workload,
  type WorkloadRegistration,
} from './types.ts';

/** The union of everything that lands in one environment (model Part B §2.14), validated. */
export interface EnvironmentView {
  readonly name: string;
  readonly environments: readonly EnvironmentObject[];
  readonly baseRepos: readonly BaseRepo[];
  readonly gitOpsRepos: readonly GitOpsRepo[];
  readonly clusterTypes: readonly ClusterType[];
  readonly templates: ReadonlyMap<string, Template>;
  readonly registrations: readonly WorkloadRegistration[];
  /** Workloads with the workspace of the registration that delivered them (D2; "" otherwise). */
  readonly workloads: readonly { readonly workload: Workload; readonly workspace: string }[];
  readonly policies: readonly SchedulingPolicy[];
  readonly configMaps: readonly ConfigMapObject[];
  readonly configSchemas: readonly ConfigSchema[];
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
  readonly problems: readonly Problem[];
  readonly notes: readonly string[];
}

/**
 * Loads every source of an environment, rejects what Kubernetes would (duplicate kind+name across
 * sources, Part A "Strictness") and groups the objects by kind. Never throws for user mistakes:
 * they are returned as problems so that the caller reports all of them.
 */
export function assembleEnvironment(sources: EnvironmentSources): AssembledEnvironment {
  const problems = new ProblemList();
  const notes: string[] = [];
  const all: ControlPlaneObject[] = [];
  for (const source of [sources.base, sources.controlPlane, ...sources.workloads]) {
    const loaded = loadSource(source, problems);
    all.push(...loaded.objects);
    notes.push(...loaded.notes);
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
    policies: sortByName(byKind('SchedulingPolicy')),
    configMaps: byKind('ConfigMap'),
    configSchemas: sortByName(byKind('ConfigSchema')),
  };
  checkReferences(view, problems);
  return { view, problems: sortProblems(problems.items), notes };
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

/** Every Template a ClusterType names must exist in the environment. */
function checkReferences(view: EnvironmentView, problems: ProblemList): void {
  for (const clusterType of view.clusterTypes) {
    const roles = [
      ['reconciler', clusterType.reconciler],
      ['namespaceService', clusterType.namespaceService],
      ['configType', clusterType.configType],
    ] as const;
    for (const [field, templateName] of roles) {
      if (view.templates.has(templateName)) continue;
      problems.add({
        file: clusterType.origin.file,
        line: clusterType.origin.line,
        object: describeObject(clusterType),
        message: `Template '${templateName}' (spec.${field}) not found: templates.scheduler.kalypso.io "${templateName}" not found. Add the Template to main and promote it, or name an existing one.`,
      });
    }
  }
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
