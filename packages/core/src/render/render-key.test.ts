import { describe, expect, it } from 'vitest';
import { GoInt, GoMap, GoStruct, nilSlice, typedSlice, type GoValue } from '@kalypso/gotemplate';
import { syntheticFleet } from '../../bench/fleet.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import { compareRenders } from './compare.ts';
import { renderEnvironment, type RenderedEnvironment } from './render-environment.ts';
import { createHash } from 'node:crypto';
import type { Template } from '../model/types.ts';
import { assignmentKey, canonicalGoValue, RenderMemo, sha256Hex } from './render-key.ts';

function encoded(value: GoValue): string | undefined {
  return canonicalGoValue(value);
}

describe('canonicalGoValue', () => {
  it('tells apart values that print alike but render differently', () => {
    const values: GoValue[] = [
      '1',
      1n,
      1,
      new GoInt(1n, 'int64'),
      new GoInt(1n, 'uint8'),
      0,
      -0,
      null,
      '',
      [],
      nilSlice(),
      typedSlice([], 'string'),
      ['a'],
      typedSlice(['a'], 'string'),
      new GoMap([['a', '1']]),
      new GoMap([['a', '1']], 'map[string]string'),
      new GoMap([['a', 1n]]),
      new GoMap([
        ['a', '1'],
        ['b', '2'],
      ]),
      new GoMap([
        ['b', '2'],
        ['a', '1'],
      ]),
      new GoStruct('x', [['A', '1']]),
      new GoStruct('y', [['A', '1']]),
      ['a', 'b'],
      ['a\u0000s', 'b'],
      true,
      'true',
    ];
    const seen = values.map(encoded);
    expect(seen.every((e) => e !== undefined)).toBe(true);
    expect(new Set(seen).size).toBe(values.length);
  });

  it('gives no encoding for a value with methods or a String method (then the render runs)', () => {
    expect(encoded(new GoStruct('semver', [['Major', 1n]], '1.0.0'))).toBeUndefined();
    expect(
      encoded(new GoMap([['v', new GoStruct('t', [], { marshal: 'empty' })]])),
    ).toBeUndefined();
  });
});

describe('the stable key', () => {
  const template = (text: string): Template =>
    ({
      kind: 'Template',
      name: 't',
      type: 'reconciler',
      manifests: [text],
      origin: { file: 'base/t.yaml', line: 1 },
    }) as unknown as Template;
  const stand = new GoMap();
  const inputs = (memo: RenderMemo, config: string, schema: string, text: string) => ({
    data: new GoStruct('scheduler.dataType', [
      ['DeploymentTargetName', 'a'],
      ['ConfigData', stand],
    ]),
    shared: [[stand, memo.part(`C${config}`)]] as const,
    schemaParts: [memo.part(`S${schema}`)],
    templates: [template(text), template('n'), template('c')] as const,
  });
  it('is the same in two memos whatever their part ids, and differs when any part does', () => {
    const one = new RenderMemo();
    const other = new RenderMemo({
      digest: (text) => createHash('sha256').update(text).digest('hex'),
    });
    other.part('something else first'); // other part ids
    const key = (memo: RenderMemo, ...args: [string, string, string]) =>
      memo.stableKey(assignmentKey(memo, inputs(memo, ...args))!);
    const base = key(one, 'x', 's', 'r');
    expect(key(other, 'x', 's', 'r')).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(
      new Set([base, key(one, 'y', 's', 'r'), key(one, 'x', 't', 'r'), key(one, 'x', 's', 'q')])
        .size,
    ).toBe(4);
    // A lone surrogate is kept apart from its replacement character.
    expect(key(one, '\ud800', 's', 'r')).not.toBe(key(one, '\ufffd', 's', 'r'));
    expect(sha256Hex('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});

/** A small synthetic fleet: 6 cluster types over 3 regions, 40 targets in 2 workloads. */
// Its namespace Template also prints a target label no selector reads, so that a label reaches the
// files on its own.
const FLEET = editFiles(
  syntheticFleet({
    clusterTypes: 6,
    targets: 40,
    policies: 4,
    regions: 3,
    configMaps: 8,
  }),
  'base',
  (text) =>
    text.replace(
      '          workload: {{ .Workload }}\n',
      '          workload: {{ .Workload }}\n          zone: {{ .Labels.zone | quote }}\n',
    ),
);

type Mutation = { what: string; apply(sources: EnvironmentSources): EnvironmentSources };

function editFiles(
  sources: EnvironmentSources,
  part: 'base' | 'controlPlane' | 'workloads',
  edit: (text: string) => string,
): EnvironmentSources {
  if (part === 'workloads')
    return {
      ...sources,
      workloads: sources.workloads.map((w) => ({
        ...w,
        files: w.files.map((f) => ({ ...f, text: edit(f.text) })),
      })),
    };
  const source = sources[part];
  return {
    ...sources,
    [part]: { ...source, files: source.files.map((f) => ({ ...f, text: edit(f.text) })) },
  };
}

/** Replaces the n-th match of `pattern` (global) with `to(match)`. */
function nth(pattern: RegExp, n: number, to: (match: string) => string): (text: string) => string {
  return (text) => {
    let i = 0;
    return text.replace(pattern, (match) => (i++ === n ? to(match) : match));
  };
}

/** The random changes a pull request or a promotion makes, each picked with its own random choice. */
function mutations(random: () => number): Mutation[] {
  const pick = (n: number) => Math.floor(random() * n);
  const tag = () => `r${pick(1000)}`;
  return [
    {
      what: 'a config value',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/KEY_\d+: value-\d+[^\n]*/g, pick(8), (m) => `${m}-${tag()}`),
        ),
    },
    {
      what: 'a multi-line config value',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/memory: \d+Mi/g, pick(8), (m) => `${m}\n    extra: ${tag()}`),
        ),
    },
    {
      what: 'a reconciler template line',
      apply: (s) =>
        editFiles(s, 'base', (t) => t.replace(/interval: \d+s/, `interval: ${pick(90) + 1}s`)),
    },
    {
      what: 'the config template',
      apply: (s) =>
        editFiles(s, 'base', (t) =>
          t.replace('name: platform-config\n', `name: platform-config-${tag()}\n`),
        ),
    },
    {
      what: 'a target label',
      apply: (s) =>
        editFiles(
          s,
          'workloads',
          nth(/ring: (canary|stable)/g, pick(40), (m) =>
            m.endsWith('canary') ? 'ring: stable' : 'ring: canary',
          ),
        ),
    },
    {
      what: 'a target label no selector reads',
      apply: (s) =>
        editFiles(
          s,
          'workloads',
          nth(/ring: (canary|stable)(, zone: z\d+)?\}/g, pick(40), (m) =>
            m.replace(/(, zone: z\d+)?\}$/, `, zone: z${pick(3)}}`),
          ),
        ),
    },
    {
      what: 'a target group (its policy)',
      apply: (s) =>
        editFiles(
          s,
          'workloads',
          nth(/group: g\d+/g, pick(40), () => `group: g${pick(4)}`),
        ),
    },
    {
      what: 'a target manifests path',
      apply: (s) =>
        editFiles(
          s,
          'workloads',
          nth(/path: \.\/t\d+/g, pick(40), (m) => `${m}-${tag()}`),
        ),
    },
    {
      what: 'a cluster type size',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/size: (large|small)/g, pick(6), (m) =>
            m.endsWith('large') ? 'size: small' : 'size: large',
          ),
        ),
    },
    {
      what: 'a workspace',
      apply: (s) =>
        editFiles(
          s,
          'base',
          nth(/workspace: team-\d+/g, pick(2), () => `workspace: team-${tag()}`),
        ),
    },
    {
      what: 'the promoted commit',
      apply: (s) =>
        editFiles(s, 'controlPlane', (t) =>
          t.replace(/commit: [0-9a-f]{40}/, `commit: ${pick(16).toString(16).repeat(40)}`),
        ),
    },
    {
      what: 'a ConfigSchema',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          (t) =>
            `${t}\n---\napiVersion: scheduler.kalypso.io/v1alpha1\nkind: ConfigSchema\nmetadata:\n  name: schema-${tag()}\n  labels: {size: ${pick(2) ? 'large' : 'small'}}\nspec:\n  schema: '{"type": "object", "properties": {"KEY_${pick(8)}": {"type": "string"}}}'\n`,
        ),
    },
    {
      what: 'a ConfigSchema that rejects a value (the render fails)',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          (t) =>
            `${t}\n---\napiVersion: scheduler.kalypso.io/v1alpha1\nkind: ConfigSchema\nmetadata:\n  name: strict-${tag()}\n  labels: {size: ${pick(2) ? 'large' : 'small'}}\nspec:\n  schema: '{"type": "object", "properties": {"KEY_${pick(8)}": {"type": "integer"}}}'\n`,
        ),
    },
  ];
}

function rendered(sources: EnvironmentSources, memo?: RenderMemo): RenderedEnvironment {
  const outcome = renderEnvironment(sources, memo === undefined ? {} : { memo });
  if (!outcome.ok) throw new Error(outcome.problems.map((p) => p.message).join('\n'));
  return outcome.rendered;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('a render with a memo (incremental) is byte-identical to a full render, and compares alike', () => {
  it('over random chains of changes', () => {
    const random = mulberry32(20261126);
    let reusedTotal = 0;
    let renderedTotal = 0;
    for (let chain = 0; chain < 8; chain++) {
      const memo = new RenderMemo();
      let sources = FLEET;
      rendered(sources, memo);
      for (let step = 0; step < 4; step++) {
        const all = mutations(random);
        const picked = Array.from(
          { length: 1 + Math.floor(random() * 3) },
          () => all[Math.floor(random() * all.length)]!,
        );
        const previous = sources;
        for (const m of picked) sources = m.apply(sources);
        const what = picked.map((m) => m.what).join(', ');
        // A change the render refuses is refused with the memo too (a hit stands for the
        // validation that passed with the same ConfigData and schemas); the chain goes on without it.
        const outcome = renderEnvironment(sources);
        if (!outcome.ok) {
          expect(renderEnvironment(sources, { memo }).ok, what).toBe(false);
          sources = previous;
          continue;
        }
        const full = outcome.rendered;
        const before = { reused: memo.reused, rendered: memo.rendered };
        const incremental = rendered(sources, memo);
        expect([...incremental.files.keys()], what).toEqual([...full.files.keys()]);
        for (const [path, bytes] of full.files)
          expect(
            Buffer.from(incremental.files.get(path)!).equals(Buffer.from(bytes)),
            `${what}: ${path}`,
          ).toBe(true);
        const reused = memo.reused - before.reused;
        const fresh = memo.rendered - before.rendered;
        expect(reused + fresh, what).toBe(full.assignments.length);
        reusedTotal += reused;
        renderedTotal += fresh;
        // As the preview compares: the head first, then the base with the head's memo.
        const previewMemo = new RenderMemo();
        const head = rendered(sources, previewMemo);
        const base = rendered(previous, previewMemo);
        expect(compareRenders('bench', base, head), what).toEqual(
          compareRenders('bench', rendered(previous), full),
        );
      }
    }
    // The chains exercise both sides: assignments taken from the memo and assignments rendered.
    expect(reusedTotal).toBeGreaterThan(0);
    expect(renderedTotal).toBeGreaterThan(0);
  }, 180_000);

  it('renders nothing again when nothing changed, and only the changed cluster type on a one-value change', () => {
    const memo = new RenderMemo();
    const first = rendered(FLEET, memo);
    expect(memo.rendered).toBe(first.assignments.length);
    rendered(FLEET, memo);
    expect(memo.reused).toBe(first.assignments.length);
    expect(memo.rendered).toBe(first.assignments.length);
    // ConfigMap config-003 selects cluster type ct-3 only: its assignments alone render again.
    const changed = editFiles(FLEET, 'controlPlane', (t) =>
      t.replace('KEY_3: value-3\n', 'KEY_3: changed\n'),
    );
    const before = memo.rendered;
    const after = rendered(changed, memo);
    const onType = after.assignments.filter((a) => a.clusterType.name === 'ct-3').length;
    expect(onType).toBeGreaterThan(0);
    expect(onType).toBeLessThan(after.assignments.length);
    expect(memo.rendered - before).toBe(onType);
  });
});
