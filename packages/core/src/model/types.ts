import type { SourceOrigin } from './source.ts';

/** Where an object was defined: file, 1-based line of its document, and the source it came from. */
export interface ObjectOrigin {
  readonly file: string;
  readonly line: number;
  readonly source: SourceOrigin;
}

export type Labels = Readonly<Record<string, string>>;

interface Named {
  readonly name: string;
  readonly labels: Labels;
  readonly origin: ObjectOrigin;
}

export interface LabelSelectorRequirement {
  readonly key: string;
  readonly operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  readonly values: readonly string[];
}

/** A Kubernetes `metav1.LabelSelector`. */
export interface LabelSelector {
  readonly matchLabels: Labels;
  readonly matchExpressions: readonly LabelSelectorRequirement[];
}

export interface EnvironmentObject extends Named {
  readonly kind: 'Environment';
  readonly controlPlane: { readonly repo: string; readonly branch: string; readonly path: string };
}

export interface BaseRepo extends Named {
  readonly kind: 'BaseRepo';
  readonly repo: string;
  readonly branch: string;
  readonly path: string;
  readonly commit: string;
}

export interface GitOpsRepo extends Named {
  readonly kind: 'GitOpsRepo';
  readonly repo: string;
  readonly branch: string;
  readonly path: string;
}

export interface ClusterType extends Named {
  readonly kind: 'ClusterType';
  readonly reconciler: string;
  readonly namespaceService: string;
  readonly configType: string;
}

export interface Template extends Named {
  readonly kind: 'Template';
  readonly type: 'reconciler' | 'namespace' | 'config';
  readonly contentType: string;
  readonly manifests: readonly string[];
  /**
   * Where each manifest starts in the file: `exact` when its lines are the file's lines from
   * `line` on (a `|` block or a one-line string), so a line inside the manifest maps to a line of
   * the file; otherwise `line` is the manifest's own line.
   */
  readonly manifestLines?: readonly ManifestLine[];
}

export interface ManifestLine {
  readonly line: number;
  readonly exact: boolean;
}

/** The file line of line `manifestLine` (1-based) of manifest `index` of a Template. */
export function templateFileLine(template: Template, index: number, manifestLine: number): number {
  const at = template.manifestLines?.[index];
  if (at === undefined) return template.origin.line;
  return at.exact ? at.line + manifestLine - 1 : at.line;
}

export interface WorkloadRegistration extends Named {
  readonly kind: 'WorkloadRegistration';
  readonly workload: { readonly repo: string; readonly branch: string; readonly path: string };
  readonly workspace: string;
}

export interface WorkloadTargetEntry {
  readonly name: string;
  readonly labels: Labels;
  readonly environment: string;
  readonly manifests: Labels;
  readonly configSchemas: readonly string[];
  readonly line: number;
}

export interface Workload extends Named {
  readonly kind: 'Workload';
  readonly deploymentTargets: readonly WorkloadTargetEntry[];
  readonly configSchemas: readonly string[];
}

/**
 * A DeploymentTarget written by hand (the operator derives them from Workloads, but its API
 * accepts them from git too and schedules them like derived ones).
 */
export interface DeploymentTargetObject extends Named {
  readonly kind: 'DeploymentTarget';
  readonly environment: string;
  readonly manifests: Labels;
  readonly configSchemas: readonly string[];
}

export interface SchedulingPolicy extends Named {
  readonly kind: 'SchedulingPolicy';
  readonly workspace: string;
  readonly targetSelector: LabelSelector;
  readonly clusterTypeSelector: LabelSelector;
}

export interface ConfigSchema extends Named {
  readonly kind: 'ConfigSchema';
  readonly schema: string;
}

/** A v1 ConfigMap that is platform config (labelled `platform-config: "true"` or named `azure-app-config*`). */
export interface ConfigMapObject extends Named {
  readonly kind: 'ConfigMap';
  readonly data: Labels;
  /** The line of each `data` key in the file, where a message about its value points. */
  readonly dataLines?: Readonly<Record<string, number>>;
}

export type ControlPlaneObject =
  | EnvironmentObject
  | BaseRepo
  | GitOpsRepo
  | ClusterType
  | Template
  | WorkloadRegistration
  | Workload
  | DeploymentTargetObject
  | SchedulingPolicy
  | ConfigSchema
  | ConfigMapObject;

export type ObjectKind = ControlPlaneObject['kind'];

/** `Kind 'name'`, the way every message names an object. */
export function describeObject(object: { kind: string; name: string }): string {
  return `${object.kind} '${object.name}'`;
}
