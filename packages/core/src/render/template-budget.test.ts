import { describe, expect, it } from 'vitest';
import { formatProblem } from '../model/problem.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import { GoMap, GoStruct, parseTemplate, templateFunctions } from '@kalypso/gotemplate';
import { renderManifest } from './manifests.ts';
import { renderEnvironment } from './render-environment.ts';

/** One deployment target 'app-api' on cluster type 'edge', whose reconciler is `manifest`. */
function sourcesWith(manifest: string): EnvironmentSources {
  const templates = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: flux}
spec:
  type: reconciler
  manifests: [${JSON.stringify(manifest)}]
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: ns}
spec:
  type: namespace
  manifests: [""]
`;
  const objects = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: edge}
spec: {reconciler: flux, namespaceService: ns, configType: ns}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: SchedulingPolicy
metadata: {name: all}
spec:
  deploymentTargetSelector: {labelSelector: {}}
  clusterTypeSelector: {labelSelector: {}}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: GitOpsRepo
metadata: {name: dev}
spec: {repo: https://example.test/gitops, branch: dev, path: .}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: BaseRepo
metadata: {name: main}
spec: {repo: https://example.test/cp, branch: main, path: .}
`;
  const sources: EnvironmentSources = {
    environment: 'dev',
    base: {
      origin: { kind: 'base' },
      files: [
        { path: 'main/templates.yaml', text: templates },
        {
          path: 'main/registrations.yaml',
          text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: WorkloadRegistration
metadata: {name: app}
spec: {workload: {repo: r, branch: main, path: .}, workspace: team}
`,
        },
      ],
    },
    controlPlane: {
      origin: { kind: 'environment' },
      files: [{ path: 'dev/objects.yaml', text: objects }],
    },
    workloads: [
      {
        origin: { kind: 'workload', registration: 'app' },
        files: [
          {
            path: 'app/workload.yaml',
            text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Workload
metadata: {name: app}
spec:
  deploymentTargets:
    - {name: api, environment: dev, manifests: {repo: r, branch: dev, path: ./api}}
`,
          },
        ],
      },
    ],
  };
  return sources;
}

function problemsOf(sources: EnvironmentSources): string {
  const outcome = renderEnvironment(sources);
  expect(outcome.ok).toBe(false);
  return outcome.ok ? '' : outcome.problems.map(formatProblem).join('\n');
}

describe('a budget failure in a render', () => {
  it('names the Template, the deployment target and the cluster type', () => {
    expect(problemsOf(sourcesWith('{{ range until 100000000 }}x{{ end }}'))).toMatch(
      /Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed: .*list of 100000000 elements, over the template limit/,
    );
  });

  it('counts a manifest and its nested re-render against one step budget', () => {
    // 6,000,000 steps, then a nested re-render of 6,000,000 more: each is within the budget of
    // 10,000,000 steps, together they are not (docs/decisions/bounded-nested-rerender.md).
    const loop = '{{ range 6000000 }}{{ end }}';
    expect(problemsOf(sourcesWith(`${loop}{{ ${JSON.stringify(loop)} }}`))).toMatch(
      /Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed in nested re-render 1 of the output of manifest 1: .*the template exceeded its budget of 10000000 execution steps/,
    );
  });
});

describe('renderManifest: one budget for a manifest and its nested re-renders', () => {
  const data = new GoStruct('scheduler.dataType', [['ConfigData', GoMap.fromRecord({})]]);
  const manifest = (text: string) => parseTemplate(text, templateFunctions, 'reconciler');
  const limits = { maxSteps: 1000, maxOutputBytes: 1000 };

  it('fails when the steps of all the renders exceed the budget, though none does alone', () => {
    const loop = '{{ range 600 }}{{ end }}';
    expect(() => renderManifest(manifest(loop), data, limits)).not.toThrow();
    expect(() =>
      renderManifest(manifest(`${loop}{{ ${JSON.stringify(loop)} }}`), data, limits),
    ).toThrow(/the template exceeded its budget of 1000 execution steps/);
  });

  it('fails when the output of all the renders exceeds the budget, though none does alone', () => {
    // 600 bytes written by the first execution, 600 more by the re-render.
    const text = `{{ "{{ repeat 600 \\"y\\" }}" }}{{ repeat 550 "x" }}`;
    expect(() => renderManifest(manifest(text), data, limits)).toThrow(
      /the template output exceeded its limit of 1000 bytes \(with the 5\d\d bytes the earlier renders/,
    );
    expect(renderManifest(manifest(text), data, { ...limits, maxOutputBytes: 2000 })).toHaveLength(
      1150,
    );
  });

  it('renders a legitimate nested config value as before', () => {
    const text = '{{ "{{ \\"ns\\" }}" }}-app';
    expect(renderManifest(manifest(text), data, limits)).toBe('ns-app');
  });
});
