import type { EnvironmentSources, SourceFile } from '../src/index.ts';

/** Shape of a synthetic fleet: sizes chosen so the assignment count is predictable. */
export interface FleetShape {
  readonly clusterTypes: number;
  readonly targets: number;
  /** Each policy selects targets/policies of the targets and clusterTypes/policies×… cluster types. */
  readonly policies: number;
  /** How many regions the cluster types spread over; each policy selects one region. */
  readonly regions: number;
  readonly configMaps: number;
}

const ENV = 'bench';

/**
 * A synthetic control plane: `policies` groups of targets, each scheduled on the cluster types
 * of one region, so assignments = targets × clusterTypes / regions (every policy owns
 * targets/policies targets and every region clusterTypes/regions cluster types).
 */
export function syntheticFleet(shape: FleetShape): EnvironmentSources {
  const base: SourceFile[] = [{ path: 'main/templates.yaml', text: TEMPLATES }];
  const registrations: string[] = [];
  const workloadFiles: SourceFile[] = [];
  const perWorkload = 20;
  const workloads = Math.ceil(shape.targets / perWorkload);
  for (let w = 0; w < workloads; w++) {
    registrations.push(
      doc(
        'WorkloadRegistration',
        `app-${w}`,
        `spec:\n  workload: {repo: https://git.example/app-${w}, branch: main, path: .}\n  workspace: team-${w % 7}`,
      ),
    );
    const entries: string[] = [];
    for (let t = 0; t < perWorkload && w * perWorkload + t < shape.targets; t++) {
      const index = w * perWorkload + t;
      entries.push(
        `    - name: t${t}\n      environment: ${ENV}\n      labels: {group: g${index % shape.policies}, ring: ${index % 3 === 0 ? 'canary' : 'stable'}}\n      manifests: {repo: https://git.example/app-${w}-gitops, branch: ${ENV}, path: ./t${t}}`,
      );
    }
    workloadFiles.push({
      path: `app-${w}/workload.yaml`,
      text: doc(
        'Workload',
        `app-${w}`,
        `  labels: {tier: backend}\nspec:\n  deploymentTargets:\n${entries.join('\n')}`,
      ),
    });
  }
  base.push({ path: 'main/registrations.yaml', text: registrations.join('\n---\n') });

  const env: string[] = [];
  for (let c = 0; c < shape.clusterTypes; c++) {
    const region = `r${c % shape.regions}`;
    env.push(
      doc(
        'ClusterType',
        `ct-${c}`,
        `  labels: {region: ${region}, size: ${c % 2 ? 'large' : 'small'}, edge: "${c % 5 === 0}"}\nspec: {reconciler: flux, namespaceService: namespace, configType: config}`,
      ),
    );
  }
  for (let p = 0; p < shape.policies; p++) {
    env.push(
      doc(
        'SchedulingPolicy',
        `policy-${p}`,
        `spec:\n  deploymentTargetSelector:\n    labelSelector: {matchLabels: {group: g${p}}}\n  clusterTypeSelector:\n    labelSelector:\n      matchExpressions: [{key: region, operator: In, values: [r${p % shape.regions}]}]`,
      ),
    );
  }
  for (let m = 0; m < shape.configMaps; m++) {
    const selector =
      m % 4 === 0
        ? `region: r${m % shape.regions}`
        : m % 4 === 1
          ? `size: ${m % 8 === 1 ? 'large' : 'small'}`
          : m % 4 === 2
            ? `ring: canary`
            : `cluster-type: ct-${m}`;
    env.push(
      doc(
        'ConfigMap',
        `config-${String(m).padStart(3, '0')}`,
        `  labels: {platform-config: "true", ${selector}}\ndata:\n  KEY_${m}: value-${m}\n  SHARED: from-${m}\n  LIMITS: |\n    cpu: ${m}00m\n    memory: ${m}Mi`,
        'v1',
      ),
    );
  }
  env.push(
    doc('GitOpsRepo', ENV, `spec: {repo: https://git.example/gitops, branch: ${ENV}, path: .}`),
  );
  env.push(
    doc(
      'BaseRepo',
      'main',
      `spec: {repo: https://git.example/control-plane, branch: main, path: ., commit: 0123456789abcdef0123456789abcdef01234567}`,
    ),
  );
  return {
    environment: ENV,
    base: { origin: { kind: 'base' }, files: base },
    controlPlane: {
      origin: { kind: 'environment' },
      files: [{ path: `${ENV}/objects.yaml`, text: env.join('\n---\n') }],
    },
    workloads: workloadFiles.map((file, w) => ({
      origin: { kind: 'workload' as const, registration: `app-${w}` },
      files: [file],
    })),
  };
}

/** One YAML document; `body` may start with further `metadata` lines (indented) before `spec`. */
function doc(
  kind: string,
  name: string,
  body: string,
  apiVersion = 'scheduler.kalypso.io/v1alpha1',
): string {
  return `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n${body}\n`;
}

const TEMPLATES = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: flux}
spec:
  type: reconciler
  manifests:
    - |
      apiVersion: source.toolkit.fluxcd.io/v1
      kind: GitRepository
      metadata:
        name: {{ .DeploymentTargetName }}
        namespace: flux-system
      spec:
        interval: 30s
        url: {{ .Manifests.repo }}
        ref:
          branch: {{ .Manifests.branch }}
    - |
      apiVersion: kustomize.toolkit.fluxcd.io/v1
      kind: Kustomization
      metadata:
        name: {{ .DeploymentTargetName }}
        namespace: flux-system
      spec:
        interval: 30s
        targetNamespace: {{ .Namespace }}
        sourceRef:
          kind: GitRepository
          name: {{ .DeploymentTargetName }}
        path: {{ .Manifests.path | quote }}
        prune: true
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: namespace}
spec:
  type: namespace
  manifests:
    - |
      apiVersion: v1
      kind: Namespace
      metadata:
        name: {{ .Namespace }}
        labels:
          environment: {{ .Environment }}
          workspace: {{ .Workspace | quote }}
          workload: {{ .Workload }}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: config}
spec:
  type: config
  manifests:
    - |
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: platform-config
        namespace: {{ .Namespace }}
      data:
      {{- toYaml (stringify .ConfigData) | nindent 2 }}
`;
