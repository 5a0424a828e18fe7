import { describe, expect, it } from 'vitest';
import { assembleEnvironment, type EnvironmentSources } from './environment.ts';
import { LoadCache } from './load-cache.ts';
import { loadSource } from './load.ts';
import { ProblemList } from './problem.ts';
import type { SourceFile } from './source.ts';

const API = 'apiVersion: scheduler.kalypso.io/v1alpha1';

const templates: SourceFile = {
  path: 'main/templates.yaml',
  text: `${API}
kind: Template
metadata: {name: flux}
spec:
  type: reconciler
  manifests:
    - "kind: Kustomization"
---
${API}
kind: WorkloadRegistration
metadata: {name: app}
spec:
  workload: {repo: https://git.example/app, branch: main, path: .}
  workspace: team
`,
};

function environmentFile(value: string): SourceFile {
  return {
    path: 'objects.yaml',
    text: `${API}
kind: ClusterType
metadata: {name: large, labels: {size: large}}
spec: {reconciler: flux, namespaceService: flux, configType: flux}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, labels: {platform-config: "true"}}
data: {KEY: ${value}}
---
${API}
kind: SchedulingPolicy
metadata: {name: all}
spec:
  deploymentTargetSelector: {}
  clusterTypeSelector: {}
  unknownField: 1
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: skipped}
---
${API}
kind: ClusterType
metadata: {name: "Not_A_Name"}
spec: {reconciler: flux, namespaceService: flux, configType: flux}
`,
  };
}

const workload: SourceFile = {
  path: 'workload.yaml',
  text: `${API}
kind: Workload
metadata: {name: app}
spec:
  deploymentTargets:
    - name: one
      environment: dev
      manifests: {repo: https://git.example/app-gitops, branch: dev, path: ./one}
`,
};

function sources(value: string): EnvironmentSources {
  return {
    environment: 'dev',
    base: { origin: { kind: 'base' }, files: [templates] },
    controlPlane: { origin: { kind: 'environment' }, files: [environmentFile(value)] },
    workloads: [
      { origin: { kind: 'workload', registration: 'app' }, files: [{ ...workload }] },
      { origin: { kind: 'workload', registration: 'other' }, files: [{ ...workload }] },
    ],
  };
}

describe('loading files once (LoadCache)', () => {
  it('assembles exactly what loading without it does: objects, problems, warnings and notes', () => {
    const cache = new LoadCache();
    const plain = assembleEnvironment(sources('one'));
    // The sample has problems, warnings and notes, so that they are compared too.
    expect(plain.problems.length).toBeGreaterThan(0);
    expect(plain.warnings.length).toBeGreaterThan(0);
    expect(plain.notes.length).toBeGreaterThan(0);
    expect(assembleEnvironment(sources('one'), {}, cache)).toEqual(plain);
    expect(cache.hits).toBe(0);
    expect(assembleEnvironment(sources('one'), {}, cache)).toEqual(plain);
    expect(cache.hits).toBe(4);
  });

  it('parses again a file whose bytes changed, and nothing else', () => {
    const cache = new LoadCache();
    assembleEnvironment(sources('one'), {}, cache);
    const changed = assembleEnvironment(sources('two'), {}, cache);
    expect(cache.hits).toBe(3);
    expect(changed).toEqual(assembleEnvironment(sources('two')));
    const settings = changed.view.configMaps.find((c) => c.name === 'settings');
    expect(settings?.data).toEqual({ KEY: 'two' });
  });

  it('keeps both versions of a changed file, whichever is loaded again', () => {
    const cache = new LoadCache();
    // The preview's order: the reader reads the head, then the base; the renders load both again.
    assembleEnvironment(sources('one'), {}, cache);
    assembleEnvironment(sources('two'), {}, cache);
    expect(cache.hits).toBe(3);
    expect(assembleEnvironment(sources('one'), {}, cache)).toEqual(
      assembleEnvironment(sources('one')),
    );
    expect(assembleEnvironment(sources('two'), {}, cache)).toEqual(
      assembleEnvironment(sources('two')),
    );
    expect(cache.hits).toBe(3 + 4 + 4);
    // A third version drops the oldest (two are kept).
    assembleEnvironment(sources('three'), {}, cache);
    assembleEnvironment(sources('one'), {}, cache);
    expect(cache.hits).toBe(11 + 3 + 3);
  });

  it('keeps files apart by origin: the same path and bytes of two registrations are two files', () => {
    const cache = new LoadCache();
    const load = (registration: string) =>
      loadSource(
        { origin: { kind: 'workload', registration }, files: [workload] },
        new ProblemList(),
        { cache },
      ).objects.map((o) => o.origin.source);
    expect(load('app')).toEqual([{ kind: 'workload', registration: 'app' }]);
    expect(load('other')).toEqual([{ kind: 'workload', registration: 'other' }]);
    expect(load('app')).toEqual([{ kind: 'workload', registration: 'app' }]);
    expect(cache.hits).toBe(1);
  });

  it('applies the input budgets before the cache: a file over the total budget is not read', () => {
    const cache = new LoadCache();
    assembleEnvironment(sources('one'), {}, cache);
    const limit = templates.text.length + 10;
    const limited = assembleEnvironment(sources('one'), { maxTotalBytes: limit }, cache);
    expect(limited).toEqual(assembleEnvironment(sources('one'), { maxTotalBytes: limit }));
    expect(limited.problems.some((p) => p.message.includes('total input budget'))).toBe(true);
  });

  it('does not take a file loaded with another alias budget', () => {
    const cache = new LoadCache();
    const aliased: SourceFile = {
      path: 'objects.yaml',
      text: `apiVersion: v1
kind: ConfigMap
metadata: {name: settings, labels: &l {platform-config: "true", a: b, c: d}}
data: {A: "1"}
extra: [*l, *l, *l, *l, *l, *l]
`,
    };
    const withAlias: EnvironmentSources = {
      ...sources('one'),
      controlPlane: { origin: { kind: 'environment' }, files: [aliased] },
    };
    const loose = assembleEnvironment(withAlias, {}, cache);
    const strict = assembleEnvironment(withAlias, { maxAliasCount: 1 }, cache);
    expect(strict).toEqual(assembleEnvironment(withAlias, { maxAliasCount: 1 }));
    expect(strict.problems).not.toEqual(loose.problems);
  });
});
