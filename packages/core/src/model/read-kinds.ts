import type { Node } from 'yaml';
import { cleanGitOpsPath } from './gitops-path.ts';
import { objectNameError } from './labels.ts';
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
      const cleaned = cleanGitOpsPath(path);
      if (!cleaned.ok) {
        reader.fail(reader.child(spec, 'path'), cleaned.reason);
        return undefined;
      }
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
      const manifestLines = reader.blockLines(reader.child(spec, 'manifests'));
      return { kind, ...base, type: type as 'reconciler', contentType, manifests, manifestLines };
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
    case 'DeploymentTarget': {
      // Written by hand instead of derived from a Workload: the operator schedules it like any
      // other target of its namespace (docs/kalypso-compatibility.md#deployment-targets).
      const environment = s('environment', 'environment');
      const manifests = reader.stringMap(spec, 'manifests', 'spec.manifests', true, false);
      const configSchemas =
        reader.stringList(spec, 'configSchemas', 'spec.configSchemas', false) ?? [];
      if (environment === undefined || manifests === undefined) return undefined;
      return { kind, ...base, environment, manifests, configSchemas };
    }
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
      const dataNode = reader.child(root, 'data');
      let valueNodes: Map<string, Node> | undefined;
      for (const [key, value] of Object.entries(data)) {
        // Built once, on the first suspect value: one lookup per such key stays linear.
        const nodeOf = () => (valueNodes ??= reader.valueNodes(dataNode)).get(key);
        const why = unstorableText(value, () => reader.holdsInvalidUtf8(nodeOf()));
        if (!why) continue;
        valueNodes ??= reader.valueNodes(dataNode);
        reader.fail(
          valueNodes.get(key) ?? dataNode,
          `'data.${key}' ${why}; Kubernetes rejects such a ConfigMap. Re-save the file as UTF-8 and remove the character (binary content belongs in binaryData, which platform config does not read).`,
        );
      }
      return { kind, ...base, data, dataLines: reader.keyLines(dataNode) };
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
  // One entry name may serve several environments; only a name repeated within one clashes.
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
    const nameProblem = targetNameError(frame.name, name);
    if (nameProblem) {
      reader.fail(reader.child(entry, 'name') ?? entry, `${at}.name: ${nameProblem}`);
      return;
    }
    const key = `${environment}\u0000${name}`;
    if (seen.has(key)) {
      reader.fail(
        entry,
        `${at}: deployment target '${name}' is defined twice for environment '${environment}'; give each target of an environment a unique name.`,
      );
      return;
    }
    seen.add(key);
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

/**
 * Why an entry name cannot be used: the deployment target `<workload>-<entry>` is a Kubernetes
 * object and a folder of the GitOps repository, so it must be a DNS subdomain name.
 */
export function targetNameError(workload: string, entry: string): string | undefined {
  if (entry === '') return `the deployment target name must not be empty.`;
  const full = `${workload}-${entry}`;
  if (objectNameError(full) === undefined && !entry.startsWith('.')) return undefined;
  return `deployment target name '${entry}' makes the target '${full}', which is not a valid Kubernetes name (it names the target's folder in the GitOps repository). Use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit, at most ${253 - workload.length - 1} characters.`;
}

/**
 * Why a ConfigMap value cannot be stored by Kubernetes, or undefined. A U+FFFD is refused only
 * where the file held bytes that are not valid UTF-8 (`fromInvalidBytes`): the character itself is
 * valid UTF-8, which Kubernetes and the original accept.
 */
function unstorableText(value: string, fromInvalidBytes: () => boolean): string | undefined {
  if (value.includes('\u0000')) return 'holds a NUL character';
  if (value.includes('\ufffd') && fromInvalidBytes())
    return 'holds bytes that are not valid UTF-8 (read as the replacement character U+FFFD)';
  // A lone UTF-16 surrogate cannot be encoded as UTF-8.
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value))
    return 'holds text that cannot be encoded as UTF-8';
  return undefined;
}
