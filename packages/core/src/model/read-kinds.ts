import type { Node } from 'yaml';
import { readLabelSelector } from './selector.ts';
import type { ControlPlaneObject, Labels, ObjectOrigin, WorkloadTargetEntry } from './types.ts';
import type { ObjectReader } from './yaml-node.ts';

export interface ObjectFrame {
  readonly reader: ObjectReader;
  readonly root: Node;
  readonly name: string;
  readonly labels: Labels;
  readonly origin: ObjectOrigin;
}

const TEMPLATE_TYPES = new Set(['reconciler', 'namespace', 'config']);

/**
 * Reads one recognised object by kind, reporting what the CRD (or Kubernetes for ConfigMaps)
 * would reject. Returns undefined when a required part is unusable; the problems say why.
 */
export function readObject(kind: string, frame: ObjectFrame): ControlPlaneObject | undefined {
  const { reader, root } = frame;
  const base = { name: frame.name, labels: frame.labels, origin: frame.origin };
  const spec = kind === 'ConfigMap' ? undefined : reader.mapping(root, 'spec', 'spec', true);
  const s = (key: string, path: string, required = true): string | undefined =>
    reader.string(spec, key, `spec.${path}`, required);
  switch (kind) {
    case 'Environment': {
      const cp = reader.mapping(spec, 'controlPlane', 'spec.controlPlane', true);
      const repo = reader.string(cp, 'repo', 'spec.controlPlane.repo', true);
      const branch = reader.string(cp, 'branch', 'spec.controlPlane.branch', true);
      const path = reader.string(cp, 'path', 'spec.controlPlane.path', true);
      if (repo === undefined || branch === undefined || path === undefined) return undefined;
      return { kind, ...base, controlPlane: { repo, branch, path } };
    }
    case 'BaseRepo': {
      const [repo, branch, path, commit] = [
        s('repo', 'repo'),
        s('branch', 'branch'),
        s('path', 'path'),
        s('commit', 'commit', false),
      ];
      if (repo === undefined || branch === undefined || path === undefined) return undefined;
      return { kind, ...base, repo, branch, path, commit: commit ?? '' };
    }
    case 'GitOpsRepo': {
      const [repo, branch, path] = [s('repo', 'repo'), s('branch', 'branch'), s('path', 'path')];
      if (repo === undefined || branch === undefined || path === undefined) return undefined;
      return { kind, ...base, repo, branch, path };
    }
    case 'ClusterType': {
      const [reconciler, namespaceService, configType] = [
        s('reconciler', 'reconciler'),
        s('namespaceService', 'namespaceService'),
        s('configType', 'configType'),
      ];
      if (reconciler === undefined || namespaceService === undefined || configType === undefined)
        return undefined;
      return { kind, ...base, reconciler, namespaceService, configType };
    }
    case 'Template': {
      const type = s('type', 'type');
      const contentType = s('contentType', 'contentType', false) ?? '';
      if (type !== undefined && !TEMPLATE_TYPES.has(type)) {
        reader.fail(
          reader.child(spec, 'type'),
          `spec.type '${type}' is not one of reconciler, namespace, config.`,
        );
      }
      const manifests = reader.stringList(spec, 'manifests', 'spec.manifests', true);
      if (type === undefined || manifests === undefined) return undefined;
      return { kind, ...base, type: type as 'reconciler', contentType, manifests };
    }
    case 'WorkloadRegistration': {
      const w = reader.mapping(spec, 'workload', 'spec.workload', true);
      const repo = reader.string(w, 'repo', 'spec.workload.repo', true);
      const branch = reader.string(w, 'branch', 'spec.workload.branch', true);
      const path = reader.string(w, 'path', 'spec.workload.path', true);
      const workspace = s('workspace', 'workspace', false) ?? '';
      if (repo === undefined || branch === undefined || path === undefined) return undefined;
      return { kind, ...base, workload: { repo, branch, path }, workspace };
    }
    case 'Workload':
      return readWorkload(frame, spec);
    case 'SchedulingPolicy': {
      const dts = reader.mapping(
        spec,
        'deploymentTargetSelector',
        'spec.deploymentTargetSelector',
        true,
      );
      const cts = reader.mapping(spec, 'clusterTypeSelector', 'spec.clusterTypeSelector', true);
      const workspace =
        reader.string(dts, 'workspace', 'spec.deploymentTargetSelector.workspace', false) ?? '';
      if (!dts || !cts) return undefined;
      const targetSelector = readLabelSelector(reader, dts, 'spec.deploymentTargetSelector');
      const clusterTypeSelector = readLabelSelector(reader, cts, 'spec.clusterTypeSelector');
      return { kind, ...base, workspace, targetSelector, clusterTypeSelector };
    }
    case 'ConfigSchema': {
      const schema = s('schema', 'schema');
      if (schema === undefined) return undefined;
      return { kind, ...base, schema };
    }
    case 'ConfigMap': {
      const data = reader.stringMap(root, 'data', 'data', false) ?? {};
      return { kind, ...base, data };
    }
    default:
      return undefined;
  }
}

function readWorkload(frame: ObjectFrame, spec: Node | undefined): ControlPlaneObject | undefined {
  const { reader } = frame;
  const entries =
    reader.mappingList(spec, 'deploymentTargets', 'spec.deploymentTargets', false) ?? [];
  const configSchemas = reader.stringList(spec, 'configSchemas', 'spec.configSchemas', false) ?? [];
  const targets: WorkloadTargetEntry[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const at = `spec.deploymentTargets[${i}]`;
    const name = reader.string(entry, 'name', `${at}.name`, true);
    const environment = reader.string(entry, 'environment', `${at}.environment`, true);
    const manifests = reader.stringMap(entry, 'manifests', `${at}.manifests`, true, false);
    // Entry labels are a plain string map in the Workload CRD; the reference accepts any text.
    const labels = reader.stringMap(entry, 'labels', `${at}.labels`, false, false) ?? {};
    const schemas = reader.stringList(entry, 'configSchemas', `${at}.configSchemas`, false) ?? [];
    if (name === undefined || environment === undefined || manifests === undefined) return;
    if (seen.has(name))
      reader.fail(
        entry,
        `${at}: deployment target '${name}' is defined twice; give each target a unique name.`,
      );
    seen.add(name);
    targets.push({
      name,
      environment,
      manifests,
      labels,
      configSchemas: schemas,
      line: reader.lineOf(entry),
    });
  });
  return {
    kind: 'Workload',
    name: frame.name,
    labels: frame.labels,
    origin: frame.origin,
    deploymentTargets: targets,
    configSchemas,
  };
}
