import { describe, expect, it } from 'vitest';
import { GoInt, GoMap, GoStruct, nilSlice, typedSlice, type GoValue } from '@kalypso/gotemplate';
import type { EnvironmentSources } from '../model/environment.ts';
import { editFiles, FLEET, mulberry32, mutations } from './render-changes.test-support.ts';
import { compareRenders } from './compare.ts';
import { renderEnvironment, type RenderedEnvironment } from './render-environment.ts';
import { createHash, hash } from 'node:crypto';
import type { Template } from '../model/types.ts';
import {
  assignmentKey,
  canonicalGoValue,
  RENDER_ENGINE_VERSION,
  RenderMemo,
  sha256Hex,
} from './render-key.ts';

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

  it('is the digest of the version, the parts and the residual, whatever the memo made once', () => {
    // The plain version: every key's text built whole, then `wellFormed` of the whole text.
    const plain = (parts: readonly string[], residual: string) => {
      const wellFormed = (text: string) =>
        /\p{Cs}/u.test(text) ? `j${JSON.stringify(text)}` : `w${text}`;
      const digests = parts.map((text) => sha256Hex(wellFormed(text)));
      return sha256Hex(wellFormed(`${RENDER_ENGINE_VERSION};${digests.join(',')};${residual}`));
    };
    const random = mulberry32(24);
    const alphabet = ['a', ';', ',', '"', '\ud800', '\udc00', '\ud83d\ude00', 'é', '#0;'];
    const text = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const pool = Array.from({ length: 6 }, (_, i) => `P${i}${text(3)}`);
    // Node's one-shot hash (the schedule's native digest) is the same SHA-256.
    const memo = new RenderMemo({ digest: (t) => hash('sha256', t, 'hex') });
    for (let i = 0; i < 400; i++) {
      const parts = Array.from(
        { length: 1 + Math.floor(random() * 4) },
        () => pool[Math.floor(random() * 3 + (i % 2) * 3)]!,
      );
      const residual = text(Math.floor(random() * 6));
      const key = { id: '', parts: parts.map((p) => memo.part(p)), residual };
      expect(memo.stableKey(key)).toBe(plain(parts, residual));
    }
  });
});

/** A small synthetic fleet: 6 cluster types over 3 regions, 40 targets in 2 workloads. */
function rendered(sources: EnvironmentSources, memo?: RenderMemo): RenderedEnvironment {
  const outcome = renderEnvironment(sources, memo === undefined ? {} : { memo });
  if (!outcome.ok) throw new Error(outcome.problems.map((p) => p.message).join('\n'));
  return outcome.rendered;
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
