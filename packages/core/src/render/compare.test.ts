import { describe, expect, it } from 'vitest';
import { mainYaml as main } from '../model/control-plane.test-support.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import { compareRenders } from './compare.ts';
import { renderEnvironment, type RenderedEnvironment } from './render-environment.ts';

/** One environment with one cluster type and one workload, proposed to `repo`@`branch`:`path`. */
function rendered(repo: string, branch: string, path: string): RenderedEnvironment {
  const sources: EnvironmentSources = {
    environment: 'dev',
    base: { origin: { kind: 'base' }, files: [{ path: 'main.yaml', text: main }] },
    controlPlane: {
      origin: { kind: 'environment' },
      files: [
        {
          path: 'objects.yaml',
          text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: edge}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
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
spec: {repo: '${repo}', branch: ${branch}, path: '${path}'}
`,
        },
      ],
    },
    workloads: [
      {
        origin: { kind: 'workload', registration: 'app' },
        files: [
          {
            path: 'workload.yaml',
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
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return outcome.rendered;
}

describe('compareRenders: a GitOps target that moves', () => {
  const gitops = 'https://github.com/acme/gitops';

  it('shows nothing when the target and the output stay', () => {
    const preview = compareRenders(
      'dev',
      rendered(gitops, 'dev', '.'),
      rendered(gitops, 'dev', '.'),
    );
    expect(preview).toMatchObject({ kind: 'compared', files: [], removals: [] });
  });

  it.each([
    ['another branch', rendered(gitops, 'main', '.'), 'acme/gitops@main:.'],
    ['another path', rendered(gitops, 'dev', 'clusters/dev'), 'acme/gitops@dev:clusters/dev'],
    [
      'another repository',
      rendered('https://github.com/acme/other', 'dev', '.'),
      'acme/other@dev:.',
    ],
  ])(
    'to %s: the old target loses every file (a removal), the new one gains every file',
    (_, after, to) => {
      const before = rendered(gitops, 'dev', '.');
      const preview = compareRenders('dev', before, after);
      if (preview.kind !== 'compared') throw new Error(preview.kind);
      expect(preview.removals[0]).toBe(
        `environment 'dev' moves its GitOps target from acme/gitops@dev:. to ${to}: acme/gitops@dev:. loses all ${before.files.size} files`,
      );
      const removed = preview.files.filter((f) => f.status === 'removed');
      const added = preview.files.filter((f) => f.status === 'added');
      expect(removed).toHaveLength(before.files.size);
      expect(added).toHaveLength(after.files.size);
      expect(preview.files.filter((f) => f.status === 'changed')).toEqual([]);
      expect(removed.every((f) => f.path.startsWith('acme/gitops@dev:'))).toBe(true);
      expect(preview.clusterTypes.map((c) => [c.clusterType, c.rerendered])).toEqual([
        ['edge', ['app-api']],
      ]);
    },
  );
});
