import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { LoadCache } from './load-cache.ts';
import { DEFAULT_INPUT_LIMITS } from './limits.ts';
import { loadSource } from './load.ts';
import { documentsNaming, firstObjectIn, objectsIn } from './objects-in.ts';
import { ProblemList } from './problem.ts';
import type { Source, SourceFile } from './source.ts';
import type { ControlPlaneObject } from './types.ts';

const API = 'apiVersion: scheduler.kalypso.io/v1alpha1';

/** An environment file of many objects, with what YAML allows around its documents. */
const environment = [
  `# the environment's objects`,
  `${API}`,
  'kind: ClusterType',
  'metadata: {name: large, labels: {size: large}}',
  'spec: {reconciler: flux, namespaceService: flux, configType: flux}',
  '--- # a comment on the marker line',
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata: {name: settings, labels: {platform-config: "true"}}',
  'data:',
  '  SCRIPT: |',
  '    echo one',
  '    --- not a marker: indented',
  '  KEY: "quoted, with # and --- inside"',
  '---',
  `${API}`,
  'kind: BaseRepo',
  'metadata:',
  '  name: main',
  'spec:',
  '  repo: https://git.example/control-plane',
  '  branch: main',
  '  path: .',
  '  commit: 0123456789abcdef0123456789abcdef01234567',
  '...',
  `${API}`,
  'kind: GitOpsRepo',
  'metadata: {name: gitops}',
  'spec: {repo: https://git.example/gitops, branch: dev, path: .}',
  '---',
  '---\t',
  `${API}`,
  'kind: SchedulingPolicy',
  'metadata: {name: everything}',
  'spec: {deploymentTargetSelector: {workspace: team}, clusterTypeSelector: {}}',
  '--- {apiVersion: scheduler.kalypso.io/v1alpha1, kind: ClusterType, metadata: {name: small}, spec: {reconciler: flux, namespaceService: flux, configType: flux}}',
  '',
].join('\n');

const source = (...texts: string[]): Source => ({
  origin: { kind: 'environment' },
  files: texts.map((text, i): SourceFile => ({ path: `objects-${i}.yaml`, text })),
});

/** The objects of one kind a load of the whole files gives, in their order. */
function wholeLoad(from: Source, kind: ControlPlaneObject['kind']): ControlPlaneObject[] {
  return loadSource(from, new ProblemList()).objects.filter((o) => o.kind === kind);
}

const sorted = (objects: ControlPlaneObject[]) =>
  [...objects].sort((a, b) => (a.name < b.name ? -1 : 1));

describe('objectsIn: only the documents that name the kind are parsed', () => {
  it('gives what a load of the whole file gives, origins and lines included, for every kind', () => {
    for (const text of [environment, environment.replaceAll('\n', '\r\n')]) {
      const from = source(text);
      for (const kind of ['BaseRepo', 'GitOpsRepo', 'ClusterType', 'ConfigMap'] as const) {
        const whole = wholeLoad(from, kind);
        expect(whole.length, kind).toBeGreaterThan(0);
        expect(objectsIn([from], kind), kind).toEqual(sorted(whole));
        expect(firstObjectIn([from], kind), kind).toEqual(whole[0]);
      }
    }
    // The BaseRepo where the whole file has it: line 16 (after a comment, a ConfigMap with a
    // block scalar and a marker with a comment).
    expect(firstObjectIn([source(environment)], 'BaseRepo')?.origin.line).toBe(16);
  });

  it('leaves the other documents empty, each line where it was, with a bare marker only where one ends a document kept', () => {
    const only = documentsNaming(environment, 'BaseRepo')!;
    const lines = only.split('\n');
    expect(lines).toHaveLength(environment.split('\n').length);
    expect(only).toContain('kind: BaseRepo');
    expect(only).not.toMatch(/ClusterType|ConfigMap|GitOpsRepo|SchedulingPolicy/);
    environment.split('\n').forEach((line, i) => {
      if (lines[i] !== '') expect(lines[i]).toBe(/^---/.test(line) ? line.slice(0, 3) : line);
    });
    // The BaseRepo's own marker; its `...` ends it, so the documents after it keep none.
    expect(lines.filter((l) => l === '---')).toHaveLength(1);
    expect(lines).toContain('...');
    // The GitOpsRepo (after the `...`, with no marker of its own) is ended by the bare marker of
    // the empty document after it; the three documents after that keep none.
    const gitops = documentsNaming(environment, 'GitOpsRepo')!.split('\n');
    expect(gitops.map((l, i) => (l === '---' ? i : -1)).filter((i) => i >= 0)).toEqual([
      environment.split('\n').indexOf('---', environment.split('\n').indexOf('...')),
    ]);
  });

  it('parses a run of documents left out as one empty document', () => {
    const other = (i: number) => `${API}\nkind: ClusterType\nmetadata: {name: c${i}}\n`;
    const base = `${API}\nkind: BaseRepo\nmetadata: {name: main}\nspec: {repo: https://git.example/cp, branch: main, path: ., commit: ""}\n`;
    const many = (from: number) => Array.from({ length: 1000 }, (_, i) => other(from + i));
    const text = [...many(0), base, ...many(1000)].join('---\n');
    const only = documentsNaming(text, 'BaseRepo')!;
    // The blank lines before it, the BaseRepo, and one empty document after it.
    expect(parseAllDocuments(only).length).toBeLessThanOrEqual(3);
    expect(objectsIn([source(text)], 'BaseRepo')).toEqual(wholeLoad(source(text), 'BaseRepo'));
  });

  it('takes documents of any number of lines (none is spread into one call)', () => {
    // 400,000 lines in each document: more arguments than one call takes.
    const long = (kind: string) =>
      `${API}\nkind: ${kind}\nmetadata: {name: n}\ndata:\n${'  # x\n'.repeat(400_000)}`;
    const text = `${long('ConfigMap')}---\n${long('BaseRepo')}`;
    const only = documentsNaming(text, 'BaseRepo')!;
    const lines = only.split('\n');
    expect(lines).toHaveLength(text.split('\n').length);
    expect(lines.indexOf('kind: BaseRepo')).toBe(text.split('\n').indexOf('kind: BaseRepo'));
    expect(only).not.toContain('ConfigMap');
  });

  it('leaves whole a file where nothing can be left out or documents may depend on one another', () => {
    const base = `${API}\nkind: BaseRepo\nmetadata: {name: main}\n`;
    const other = `${API}\nkind: GitOpsRepo\nmetadata: {name: g}\n`;
    // Every document names it.
    expect(documentsNaming(`${base}---\n${base}`, 'BaseRepo')).toBeUndefined();
    // A directive, a byte order mark, a lone CR.
    expect(documentsNaming(`%YAML 1.2\n---\n${other}---\n${base}`, 'BaseRepo')).toBeUndefined();
    expect(documentsNaming(`\uFEFF${other}---\n${base}`, 'BaseRepo')).toBeUndefined();
    expect(documentsNaming(`${other}\r---\r${base}`, 'BaseRepo')).toBeUndefined();
    // A document that could spell the kind with an escape is kept.
    const escaped = `${API}\nkind: "Base\\x52epo"\nmetadata: {name: main}\nspec: {repo: https://git.example/cp, branch: main, path: ., commit: ""}\n`;
    expect(documentsNaming(`${other}---\n${escaped}`, 'BaseRepo')).toBe(`\n\n\n---\n${escaped}`);
    expect(firstObjectIn([source(`${other}---\n${escaped}`)], 'BaseRepo')?.name).toBe('main');
  });

  it('finds the object beside a broken document as the whole file does; the render still reports it', () => {
    const broken = environment.replace('data:\n  SCRIPT: |', 'data: {SCRIPT: [unclosed\n  X: |');
    const from = source(broken);
    const problems = new ProblemList();
    const whole = loadSource(from, problems).objects.filter((o) => o.kind === 'BaseRepo');
    expect(problems.items.map((p) => p.file)).toContain('objects-0.yaml');
    expect(whole).toHaveLength(1);
    expect(objectsIn([from], 'BaseRepo')).toEqual(whole);
  });

  it('never keeps a file it parsed in part in the cache: a later load parses the whole file', () => {
    const cache = new LoadCache();
    const from = source(environment);
    expect(firstObjectIn([from], 'BaseRepo', cache)?.name).toBe('main');
    const loaded = loadSource(from, new ProblemList(), { cache });
    expect(cache.hits).toBe(0);
    expect(loaded.objects.map((o) => o.kind)).toEqual(
      loadSource(from, new ProblemList()).objects.map((o) => o.kind),
    );
    expect(loaded.objects.length).toBeGreaterThan(3);
    // A file whose every document names the kind is parsed whole, and kept.
    const registrations = source(
      `${API}\nkind: GitOpsRepo\nmetadata: {name: g}\nspec: {repo: https://git.example/gitops, branch: dev, path: .}\n`,
    );
    objectsIn([registrations], 'GitOpsRepo', cache);
    loadSource(registrations, new ProblemList(), { cache });
    expect(cache.hits).toBe(1);
  });

  it('parses in part a file of more characters than a third of the budget, whole one over it', () => {
    const base = `${API}\nkind: BaseRepo\nmetadata: {name: main}\nspec: {repo: https://git.example/cp, branch: main, path: ., commit: ${'a'.repeat(40)}}\n`;
    const padding = (lines: number) =>
      `${API}\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n${'  # x\n'.repeat(lines)}`;
    // 3.6 million characters: more than a third of the 8 MiB budget, within it in UTF-8.
    const large = source(`${padding(600_000)}---\n${base}`);
    expect(large.files[0]!.text.length * 3).toBeGreaterThan(DEFAULT_INPUT_LIMITS.maxFileBytes);
    const cache = new LoadCache();
    expect(firstObjectIn([large], 'BaseRepo', cache)?.name).toBe('main');
    // The part was parsed (and is taken again), not the whole file.
    const file = large.files[0]!;
    expect(cache.holds(file, large.origin, DEFAULT_INPUT_LIMITS.maxAliasCount)).toBe(false);
    expect(objectsIn([large], 'BaseRepo', cache).map((o) => o.name)).toEqual(['main']);
    expect(cache.subsets.hits).toBe(1);
    // Over the budget: loaded whole, as the load takes it (which skips it and says so).
    const over = source(`${padding(1_500_000)}---\n${base}`);
    expect(over.files[0]!.text.length).toBeGreaterThan(DEFAULT_INPUT_LIMITS.maxFileBytes);
    expect(objectsIn([over], 'BaseRepo')).toEqual(wholeLoad(over, 'BaseRepo'));
    expect(objectsIn([over], 'BaseRepo')).toEqual([]);
  });

  it('parses the same part of a file once (the base and the head of a preview)', () => {
    const cache = new LoadCache();
    const from = source(environment);
    const first = objectsIn([from], 'BaseRepo', cache);
    expect(objectsIn([source(environment)], 'BaseRepo', cache)).toEqual(first);
    expect(cache.subsets.hits).toBe(1);
    expect(cache.hits).toBe(0);
    // Another value in a document without a BaseRepo: the same part again.
    const changed = environment.replace('echo one', 'echo two');
    expect(changed).not.toBe(environment);
    expect(objectsIn([source(changed)], 'BaseRepo', cache)).toEqual(first);
    expect(cache.subsets.hits).toBe(2);
    expect(first.map((o) => o.name)).toEqual(['main']);
  });
});
