import { describe, expect, it } from 'vitest';
import { formatProblem } from '../model/problem.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import { renderEnvironment } from './render-environment.ts';

describe('a budget failure in a render', () => {
  it('names the Template, the deployment target and the cluster type', () => {
    const templates = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: flux}
spec:
  type: reconciler
  manifests: ["{{ range until 100000000 }}x{{ end }}"]
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
    const outcome = renderEnvironment(sources);
    expect(outcome.ok).toBe(false);
    const text = outcome.ok ? '' : outcome.problems.map(formatProblem).join('\n');
    expect(text).toMatch(
      /Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed: .*list of 100000000 elements, over the template limit/,
    );
  });
});
