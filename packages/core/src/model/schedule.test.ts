import { describe, expect, it } from 'vitest';
import { syntheticFleet } from '../../bench/fleet.ts';
import { mulberry32 } from '../render/render-changes.test-support.ts';
import { assembleEnvironment } from './environment.ts';
import { formatProblem } from './problem.ts';
import { deploymentTargetsOf, explainPair, schedule } from './schedule.ts';
import type { Source } from './source.ts';

const base: Source = {
  origin: { kind: 'base' },
  files: [
    {
      path: 'main/workloads.yaml',
      text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: WorkloadRegistration
metadata: {name: orders}
spec:
  workload: {repo: https://example.test/orders, branch: main, path: ./workload}
  workspace: payments
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: WorkloadRegistration
metadata: {name: search}
spec:
  workload: {repo: https://example.test/search, branch: main, path: .}
  workspace: discovery
`,
    },
  ],
};

const environment: Source = {
  origin: { kind: 'environment' },
  files: [
    {
      path: 'dev/cluster-types.yaml',
      text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: edge, labels: {edge: "true", region: west}}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: large, labels: {size: large, region: west}}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
`,
    },
    {
      path: 'dev/policies.yaml',
      text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: SchedulingPolicy
metadata: {name: edge-for-payments}
spec:
  deploymentTargetSelector:
    workspace: payments
    labelSelector: {matchLabels: {tier: api}}
  clusterTypeSelector:
    labelSelector: {matchLabels: {edge: "true"}}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: SchedulingPolicy
metadata: {name: everything-on-west}
spec:
  deploymentTargetSelector:
    labelSelector: {}
  clusterTypeSelector:
    labelSelector:
      matchExpressions: [{key: region, operator: In, values: [west]}, {key: size, operator: DoesNotExist}]
`,
    },
  ],
};

const workload = (registration: string, text: string): Source => ({
  origin: { kind: 'workload', registration },
  files: [{ path: `${registration}/workload.yaml`, text }],
});

const orders = workload(
  'orders',
  `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Workload
metadata: {name: orders, labels: {tier: api}}
spec:
  deploymentTargets:
    - {name: api, environment: dev, labels: {tier: web, ring: canary}, manifests: {repo: r, branch: dev, path: ./api}}
    - {name: api-prod, environment: prod, manifests: {repo: r, branch: prod, path: ./api}}
`,
);
const search = workload(
  'search',
  `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Workload
metadata: {name: search, labels: {tier: api}}
spec:
  deploymentTargets:
    - {name: indexer, environment: dev, manifests: {repo: r, branch: dev, path: ./indexer}}
`,
);

describe('deployment targets and scheduling', () => {
  const { view, problems } = assembleEnvironment({
    environment: 'dev',
    base,
    controlPlane: environment,
    workloads: [orders, search],
  });

  it('loads the environment without problems', () => {
    // the ClusterTypes name templates that this test does not define
    expect(problems.map(formatProblem).every((p) => p.includes('not found'))).toBe(true);
  });

  it('derives targets of this environment only, with workload labels overriding entry labels (docs/decisions/deployment-target-labels.md) and the registration workspace (docs/decisions/workspace-from-registration.md)', () => {
    const targets = deploymentTargetsOf(view, []);
    expect(targets.map((t) => [t.name, t.labels])).toEqual([
      ['orders-api', { tier: 'api', ring: 'canary', workload: 'orders', workspace: 'payments' }],
      ['search-indexer', { tier: 'api', workload: 'search', workspace: 'discovery' }],
    ]);
  });

  it('schedules the cross product per policy, merging overlapping policies into one assignment (docs/decisions/overlapping-policies.md)', () => {
    const assignments = schedule(view, deploymentTargetsOf(view, []));
    expect(assignments.map((a) => [a.clusterType.name, a.target.name, a.policies])).toEqual([
      ['edge', 'orders-api', ['edge-for-payments', 'everything-on-west']],
      ['edge', 'search-indexer', ['everything-on-west']],
    ]);
  });

  it('explains why a pair is not scheduled, naming the excluding term', () => {
    const targets = deploymentTargetsOf(view, []);
    const large = view.clusterTypes.find((c) => c.name === 'large')!;
    const explanation = explainPair(view, targets[0]!, large);
    expect(explanation.scheduled).toBe(false);
    expect(explanation.policies).toEqual([
      {
        policy: 'edge-for-payments',
        selected: false,
        reason: "cluster type selector term matchLabels edge=true (has no 'edge' label)",
      },
      {
        policy: 'everything-on-west',
        selected: false,
        reason: 'cluster type selector term size DoesNotExist (has size=large)',
      },
    ]);
  });

  it('reports target names that collide across workloads', () => {
    const clash = workload(
      'search',
      `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Workload
metadata: {name: orders-api}
spec:
  deploymentTargets:
    - {name: x, environment: dev, manifests: {}}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: Workload
metadata: {name: orders}
spec:
  deploymentTargets:
    - {name: api-x, environment: dev, manifests: {}}
`,
    );
    const assembled = assembleEnvironment({
      environment: 'dev',
      base,
      controlPlane: environment,
      workloads: [clash],
    });
    const found: Parameters<typeof deploymentTargetsOf>[1] = [];
    deploymentTargetsOf(assembled.view, found);
    expect(found.map(formatProblem)).toEqual([
      "search/workload.yaml:13: Workload 'orders': deployment target 'api-x' makes the target name 'orders-api-x', which Workload 'orders-api' (search/workload.yaml) also makes. Rename one of the targets.",
    ]);
  });

  it('rejects a kind and name defined twice across sources', () => {
    const again = workload(
      'orders',
      `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: edge}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
`,
    );
    const assembled = assembleEnvironment({
      environment: 'dev',
      base,
      controlPlane: environment,
      workloads: [again],
    });
    expect(assembled.problems.map(formatProblem)).toContain(
      "orders/workload.yaml:1: ClusterType 'edge': is also defined in dev/cluster-types.yaml:1; a kind and name may be defined once per environment (across main, the environment branch and workload repositories). Remove or rename one of them.",
    );
  });
});

describe('schedule against every pair explained', () => {
  it('gives the pairs some policy selects, by cluster type then target, with the policies in order', () => {
    const random = mulberry32(7);
    const pick = (n: number) => Math.floor(random() * n);
    const selectors = [
      '{}',
      '{labelSelector: {matchLabels: {size: large}}}',
      '{labelSelector: {matchLabels: {ring: canary}}}',
      '{labelSelector: {matchExpressions: [{key: region, operator: In, values: [r0, r1]}]}}',
      '{labelSelector: {matchExpressions: [{key: edge, operator: NotIn, values: ["true"]}]}}',
    ];
    let merged = 0;
    for (let round = 0; round < 12; round++) {
      const sources = syntheticFleet({
        clusterTypes: 1 + pick(30),
        targets: 1 + pick(60),
        policies: 1 + pick(6),
        regions: 1 + pick(4),
        configMaps: 1,
      });
      // Policies of their own beside the fleet's, whose pairs overlap theirs and each other's.
      const extra = Array.from(
        { length: pick(4) },
        (_, i) =>
          `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: SchedulingPolicy\nmetadata: {name: extra-${i}}\nspec:\n  deploymentTargetSelector: ${selectors[pick(selectors.length)]}\n  clusterTypeSelector: ${selectors[pick(selectors.length)]}\n`,
      );
      const file = sources.controlPlane.files[0]!;
      const { view } = assembleEnvironment({
        ...sources,
        controlPlane: {
          ...sources.controlPlane,
          files: [{ ...file, text: [file.text, ...extra].join('---\n') }],
        },
      });
      const targets = deploymentTargetsOf(view, []);
      const byName = <T extends { name: string }>(list: readonly T[]) =>
        [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const expected = byName(view.clusterTypes).flatMap((clusterType) =>
        byName(targets).flatMap((target) => {
          const why = explainPair(view, target, clusterType);
          const policies = why.policies.filter((p) => p.selected).map((p) => p.policy);
          return why.scheduled ? [[clusterType.name, target.name, policies]] : [];
        }),
      );
      const assignments = schedule(view, targets);
      expect(assignments.map((a) => [a.clusterType.name, a.target.name, a.policies])).toEqual(
        expected,
      );
      merged += assignments.filter((a) => a.policies.length > 1).length;
    }
    expect(merged).toBeGreaterThan(0);
  });
});
