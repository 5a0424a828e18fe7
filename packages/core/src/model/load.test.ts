import { describe, expect, it } from 'vitest';
import { loadSource } from './load.ts';
import { formatProblem, ProblemList } from './problem.ts';
import type { SourceOrigin } from './source.ts';

const env: SourceOrigin = { kind: 'environment' };

function load(text: string, path = 'env/objects.yaml') {
  const problems = new ProblemList();
  const result = loadSource({ origin: env, files: [{ path, text }] }, problems);
  return { ...result, problems: problems.items.map(formatProblem) };
}

describe('loading control-plane objects', () => {
  it('reads every Kalypso kind from multi-document YAML and skips other documents with a note', () => {
    const { objects, notes, problems } = load(`apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata:
  name: drone
  labels: {region: east-us, edge: "true"}
spec: {reconciler: arc-flux, namespaceService: default, configType: configmap}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
---
just: a document without apiVersion
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: west
  labels: {platform-config: "true", region: west}
data: {REGION: West US}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: not-platform-config}
data: {X: "1"}
`);
    expect(problems).toEqual([]);
    expect(objects.map((o) => `${o.kind}/${o.name}`)).toEqual([
      'ClusterType/drone',
      'ConfigMap/west',
    ]);
    expect(objects[0]).toMatchObject({
      labels: { region: 'east-us', edge: 'true' },
      reconciler: 'arc-flux',
      origin: { file: 'env/objects.yaml', line: 1 },
    });
    expect(notes).toEqual([
      "Skipped apps/v1 Deployment 'web' (env/objects.yaml:8): not a Kalypso object or platform config.",
      "Skipped v1 ConfigMap 'not-platform-config' (env/objects.yaml:21): not a Kalypso object or platform config.",
    ]);
  });

  it('reports a YAML syntax error with the file and line', () => {
    const { problems } = load(
      `apiVersion: v1
kind: ConfigMap
metadata:
  name: airport
data:
  GATE: a
 RADAR: b
`,
      'cluster-types/west/airport-edge-config.yaml',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe(
      [
        'cluster-types/west/airport-edge-config.yaml:7: YAML syntax error at line 7, column 1: All mapping items must start at the same column.',
        '7 |  RADAR: b',
        '  | ^',
        "Fix the file's YAML; nothing from it was read.",
      ].join('\n'),
    );
  });

  it('reports one message with a code frame for a syntax error the parser reports several times', () => {
    const { problems } = load(
      'apiVersion: v1\nkind: ConfigMap\n  bad: [\n---\nkind: x\n',
      'dev/broken.yaml',
    );
    expect(problems).toEqual([
      [
        'dev/broken.yaml:2: YAML syntax error at line 2, column 7: Nested mappings are not allowed in compact mappings.',
        '2 | kind: ConfigMap',
        '  |       ^',
        "Fix the file's YAML; nothing from it was read.",
      ].join('\n'),
    ]);
  });

  it('collects every missing field and wrong type of a broken ClusterType at once (plain scalars in string fields are read as written, like go-yaml)', () => {
    const { problems, objects } = load(`apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata:
  name: large
  labels:
    edge: true
spec:
  reconciler: {name: arc-flux}
  configType: 42
`);
    expect(objects).toEqual([]);
    expect(problems).toEqual([
      `env/objects.yaml:6: ClusterType 'large': 'metadata.labels.edge' must be a string; quote the value "true".`,
      `env/objects.yaml:8: ClusterType 'large': 'spec.reconciler' must be a string, not a mapping or list; write it as a (quoted) text value.`,
      `env/objects.yaml:8: ClusterType 'large': 'spec.namespaceService' is required; add it.`,
    ]);
  });

  it('rejects bad selectors with what to do', () => {
    const { problems } = load(`apiVersion: scheduler.kalypso.io/v1alpha1
kind: SchedulingPolicy
metadata:
  name: edge-apps
spec:
  deploymentTargetSelector:
    labelSelector:
      matchExpressions:
        - {key: ring, operator: Within, values: [canary]}
        - {key: tier, operator: In}
        - {key: gpu, operator: Exists, values: ["a100"]}
        - {key: "bad key!", operator: Exists}
  clusterTypeSelector:
    labelSelector:
      matchLabels: {region: "west us"}
`);
    expect(problems).toEqual([
      `env/objects.yaml:9: SchedulingPolicy 'edge-apps': spec.deploymentTargetSelector.labelSelector.matchExpressions[0]: "Within" is not a valid label selector operator; use one of In, NotIn, Exists, DoesNotExist (case-sensitive).`,
      `env/objects.yaml:10: SchedulingPolicy 'edge-apps': spec.deploymentTargetSelector.labelSelector.matchExpressions[1]: operator 'In' needs at least one value in 'values'.`,
      `env/objects.yaml:11: SchedulingPolicy 'edge-apps': spec.deploymentTargetSelector.labelSelector.matchExpressions[2]: operator 'Exists' takes no values; remove 'values'.`,
      `env/objects.yaml:12: SchedulingPolicy 'edge-apps': spec.deploymentTargetSelector.labelSelector.matchExpressions[3]: label key 'bad key!' is invalid: the name part must be 1-63 characters, start and end with a letter or digit, and contain only letters, digits, '-', '_' and '.'.`,
      `env/objects.yaml:15: SchedulingPolicy 'edge-apps': spec.clusterTypeSelector.labelSelector.matchLabels: label 'region' has invalid value 'west us': values must be empty or 1-63 characters, start and end with a letter or digit, and contain only letters, digits, '-', '_' and '.'.`,
    ]);
  });

  it('rejects pre-2024 object manifests in Templates and unknown template types', () => {
    const { problems } = load(`apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: arc-flux}
spec:
  type: reconcile
  manifests:
    - apiVersion: v1
      kind: Namespace
`);
    expect(problems).toEqual([
      `env/objects.yaml:5: Template 'arc-flux': spec.type 'reconcile' is not one of reconciler, namespace, config.`,
      "env/objects.yaml:7: Template 'arc-flux': 'spec.manifests[0]' must be a string (object manifests are the pre-2024 Template form: write each manifest as a block string, `- |`).",
    ]);
  });

  it('requires ConfigMap data values to be strings, as Kubernetes does', () => {
    const { problems } = load(`apiVersion: v1
kind: ConfigMap
metadata:
  name: sizing
  labels: {platform-config: "true"}
data:
  REPLICAS: 3
`);
    expect(problems).toEqual([
      `env/objects.yaml:7: ConfigMap 'sizing': 'data.REPLICAS' must be a string; quote the value "3".`,
    ]);
  });

  it('rejects invalid object names and unsupported API versions', () => {
    const { problems } = load(`apiVersion: scheduler.kalypso.io/v1beta9
kind: ClusterType
metadata: {name: drone}
spec: {reconciler: a, namespaceService: b, configType: c}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: ConfigSchema
metadata: {name: Edge_Rules}
spec: {schema: "{}"}
`);
    expect(problems).toEqual([
      `env/objects.yaml:1: ClusterType 'drone': apiVersion 'scheduler.kalypso.io/v1beta9' is not supported; use 'scheduler.kalypso.io/v1alpha1'.`,
      `env/objects.yaml:8: ConfigSchema 'Edge_Rules': metadata.name 'Edge_Rules' is invalid: use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit.`,
    ]);
  });
});

describe('a file whose bytes a read deferred', () => {
  it('is never loaded as an empty file', () => {
    const file = { path: 'app/workload.yaml', text: '', blobId: 'a'.repeat(40) };
    expect(() => loadSource({ origin: env, files: [file] }, new ProblemList())).toThrow(
      'app/workload.yaml is not read yet',
    );
  });
});
