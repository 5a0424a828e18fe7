import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { GoMap, type GoValue } from '@kalypso/gotemplate';
import { ConfigCollector } from './collector.ts';
import { labelsMatchSubject, type ConfigSubject, type PlatformConfigMap } from './labels.ts';
import { validateConfigData, type ConfigSchemaRef } from './schema-validation.ts';

const GOLDEN = join(import.meta.dirname, '../../../../test/golden');

interface TargetEntry {
  name: string;
  environment: string;
  labels?: Record<string, string>;
  configSchemas?: string[];
}

interface Doc {
  kind?: string;
  metadata?: { name?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: {
    schema?: string;
    workspace?: string;
    configSchemas?: string[];
    deploymentTargets?: TargetEntry[];
  };
}

interface CaseSpec {
  environment: string;
  workloads: Record<string, string>;
  errorContains?: string[];
}

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

const docsIn = (dir: string): Doc[] =>
  yamlFiles(dir).flatMap((file) =>
    parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS() as Doc),
  );

/** A golden case reduced to what config collection needs (a tiny stand-in for the loader). */
function loadCase(name: string) {
  const dir = join(GOLDEN, name);
  const spec = parse(readFileSync(join(dir, 'case.yaml'), 'utf8')) as CaseSpec;
  const docs = [...docsIn(join(dir, 'base')), ...docsIn(join(dir, 'env'))];
  const of = (kind: string) => docs.filter((d) => d.kind === kind);
  const configMaps: PlatformConfigMap[] = of('ConfigMap').map((d) => ({
    name: d.metadata?.name ?? '',
    labels: d.metadata?.labels ?? {},
    data: d.data ?? {},
  }));
  const clusterTypes = of('ClusterType').map((d) => ({
    name: d.metadata?.name ?? '',
    labels: d.metadata?.labels ?? {},
  }));
  const schemas = of('ConfigSchema').map((d) => ({
    labels: d.metadata?.labels ?? {},
    ref: { text: String(d.spec?.schema), origin: `ConfigSchema '${d.metadata?.name}'` },
  }));
  const targets: (ConfigSubject['target'] & { schemas: ConfigSchemaRef[] })[] = [];
  for (const registration of of('WorkloadRegistration')) {
    const folder = spec.workloads[registration.metadata?.name ?? ''] ?? '';
    for (const workload of docsIn(join(dir, folder)).filter((d) => d.kind === 'Workload')) {
      const name = workload.metadata?.name ?? '';
      for (const entry of workload.spec?.deploymentTargets ?? []) {
        if (entry.environment !== spec.environment) continue;
        targets.push({
          name: `${name}-${entry.name}`,
          labels: {
            ...entry.labels,
            ...workload.metadata?.labels,
            workload: name,
            workspace: registration.spec?.workspace ?? '',
          },
          schemas: [...(entry.configSchemas ?? []), ...(workload.spec?.configSchemas ?? [])].map(
            (text) => ({ text, origin: `target '${entry.name}'` }),
          ),
        });
      }
    }
  }
  return {
    dir,
    configMaps,
    clusterTypes,
    targets,
    schemas,
    errorContains: spec.errorContains ?? [],
  };
}

/** ConfigData as the YAML library reads the expected file: string keys, numbers for ints. */
function plain(value: GoValue): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof GoMap) {
    return Object.fromEntries([...value.entries].map(([k, v]) => [String(k), plain(v)]));
  }
  return typeof value === 'bigint' ? Number(value) : value;
}

describe('ConfigCollector on the golden corpus', () => {
  it.each([
    'config-precedence-by-name',
    'config-special-labels',
    'config-label-matches-target',
    'config-structured-values',
    'config-deep-merge',
    'azure-app-config-keys',
    'config-schema-pass',
  ])('%s: collects the ConfigData of every expected platform-config file', (name) => {
    const golden = loadCase(name);
    const collector = new ConfigCollector(golden.configMaps);
    let compared = 0;
    for (const clusterType of golden.clusterTypes) {
      for (const target of golden.targets) {
        const file = join(
          golden.dir,
          'expected',
          clusterType.name,
          target.name,
          'platform-config.yaml',
        );
        if (!existsSync(file)) continue;
        const expected = parseAllDocuments(readFileSync(file, 'utf8'))[0]?.toJS().data;
        const data = collector.collect({ clusterType, target });
        expect(plain(data), `${clusterType.name}/${target.name}`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it.each([
    ['config-schema-pass', undefined],
    ['config-schema-fail', 'pci-westeu/payments-api-card-auth'],
  ])('%s: validates each assignment against its schemas', (name, failing) => {
    const golden = loadCase(name);
    const collector = new ConfigCollector(golden.configMaps);
    for (const clusterType of golden.clusterTypes) {
      for (const target of golden.targets) {
        const subject = { clusterType, target };
        const refs = [
          ...golden.schemas.filter((s) => labelsMatchSubject(s.labels, subject)).map((s) => s.ref),
          ...target.schemas,
        ];
        const result = validateConfigData(collector.collect(subject), refs);
        if (`${clusterType.name}/${target.name}` !== failing) {
          expect(result).toBeUndefined();
          continue;
        }
        for (const text of golden.errorContains.filter((t) => !/^[a-z-]+$/.test(t))) {
          expect(result).toContain(text);
        }
      }
    }
  });
});

describe('ConfigCollector', () => {
  const subject = (clusterType: string, labels: Record<string, string> = {}): ConfigSubject => ({
    clusterType: { name: clusterType, labels },
    target: { name: 't', labels: { workload: 'w', workspace: 's' } },
  });
  const configMaps: PlatformConfigMap[] = [
    {
      name: 'b',
      labels: { 'platform-config': 'true', 'cluster-type': 'one' },
      data: { L: '- name: x\n  v: 2' },
    },
    {
      name: 'a',
      labels: { 'platform-config': 'true' },
      data: { L: '- name: x\n  v: 1\n  r: {cpu: 1}' },
    },
  ];

  it('returns maps that callers cannot use to corrupt other assignments', () => {
    const collector = new ConfigCollector(configMaps);
    const first = collector.collect(subject('one'));
    const list = first.get('L') as GoMap[];
    list[0]?.entries.set('v', 'changed');
    (list[0]?.get('r') as GoMap).entries.set('cpu', 'changed');
    first.entries.set('EXTRA', 'x');
    expect(plain(collector.collect(subject('one')))).toEqual({
      L: [{ name: 'x', v: 2, r: { cpu: 1 } }],
    });
    expect(plain(collector.collect(subject('two')))).toEqual({
      L: [{ name: 'x', v: 1, r: { cpu: 1 } }],
    });
  });

  it('applies labelled ConfigMaps in name order and azure keys after them by length', () => {
    const collector = new ConfigCollector([
      {
        name: 'azure-app-config-z',
        labels: {},
        data: { 'cluster-type.one.K': 'long', K: 'short' },
      },
      { name: 'azure-app-config-a', labels: {}, data: { K: 'first-azure' } },
      { name: 'z', labels: { 'platform-config': 'true' }, data: { K: 'labelled', M: "'quoted'" } },
    ]);
    expect(plain(collector.collect(subject('one')))).toEqual({ K: 'long', M: 'quoted' });
    expect(plain(collector.collect(subject('two')))).toEqual({ K: 'short', M: 'quoted' });
  });

  it('treats a ConfigMap both labelled and named azure-app-config in both passes', () => {
    const collector = new ConfigCollector([
      { name: 'azure-app-config', labels: { 'platform-config': 'true' }, data: { L: '[a]' } },
    ]);
    expect(plain(collector.collect(subject('one')))).toEqual({ L: ['a', 'a'] });
  });

  it('matches generic labels on the cluster type or the target, per cluster type plan', () => {
    const collector = new ConfigCollector([
      { name: 'x', labels: { 'platform-config': 'true', zone: 'z1' }, data: { Z: 'z1' } },
      { name: 'y', labels: { 'platform-config': 'true', workload: 'w' }, data: { W: 'w' } },
    ]);
    const onTarget = subject('c');
    const withZone = {
      ...onTarget,
      target: { ...onTarget.target, labels: { ...onTarget.target.labels, zone: 'z1' } },
    };
    expect(plain(collector.collect(subject('c', { zone: 'z1' })))).toEqual({ Z: 'z1', W: 'w' });
    expect(plain(collector.collect(subject('c', { zone: 'z2' })))).toEqual({ W: 'w' });
    expect(plain(collector.collect(withZone))).toEqual({ Z: 'z1', W: 'w' });
  });

  it('says a cluster type is out of reach only when no target of it matches (mayReach)', () => {
    const collector = new ConfigCollector([
      { name: 'x', labels: { 'platform-config': 'true', 'cluster-type': 'one' }, data: { A: '1' } },
      {
        name: 'y',
        labels: { 'platform-config': 'true', 'cluster-type': 'three', zone: 'z1' },
        data: { Z: 'z1' },
      },
    ]);
    const targets = [{}, { zone: 'z1' }, { zone: 'z2' }, { workload: 'w' }];
    let outOfReach = 0;
    for (const [name, labels] of [
      ['one', {}],
      ['two', {}],
      ['two', { zone: 'z1' }],
      ['three', {}],
    ] as const) {
      const clusterType = { name, labels };
      const reached = targets.filter(
        (t) => collector.sourcesOf({ clusterType, target: { name: 't', labels: t } }) !== '',
      );
      if (!collector.mayReach(clusterType)) {
        outOfReach += 1;
        expect(reached, `${name} ${JSON.stringify(labels)}`).toEqual([]);
      } else expect(reached.length).toBeGreaterThan(0);
    }
    // 'three' without a zone label is reached through a target with zone z1.
    expect(outOfReach).toBe(2);
  });
});

describe('ConfigCollector.suppliersOf', () => {
  it('names the ConfigMaps that set a key for an assignment, the winning one first', () => {
    const collector = new ConfigCollector([
      {
        name: 'a',
        labels: { 'platform-config': 'true' },
        data: { K: '1' },
        origin: 'env/a.yaml:1',
      },
      {
        name: 'b',
        labels: { 'platform-config': 'true', edge: 'true' },
        data: { K: '2' },
        origin: 'env/b.yaml:4',
      },
      { name: 'c', labels: { 'platform-config': 'true' }, data: { L: 'x' } },
      { name: 'azure-app-config', labels: {}, data: { K: '3' }, origin: 'env/az.yaml:2' },
    ]);
    const subject: ConfigSubject = {
      clusterType: { name: 'small', labels: {} },
      target: { name: 't', labels: {} },
    };
    expect(collector.suppliersOf(subject, 'K')).toEqual([
      "ConfigMap 'azure-app-config' (env/az.yaml:2) key 'K'",
      "ConfigMap 'a' (env/a.yaml:1)",
    ]);
    expect(collector.suppliersOf(subject, 'L')).toEqual(["ConfigMap 'c'"]);
    expect(collector.suppliersOf(subject, 'M')).toEqual([]);
  });
});
