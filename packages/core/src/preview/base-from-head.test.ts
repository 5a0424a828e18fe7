import { describe, expect, it } from 'vitest';
import type { EnvironmentSources } from '../model/environment.ts';
import { LoadCache } from '../model/load-cache.ts';
import { compareRenders } from '../render/compare.ts';
import {
  renderEnvironment,
  renderScheduled,
  scheduleEnvironmentSources,
  type RenderedEnvironment,
} from '../render/render-environment.ts';
import { RenderMemo } from '../render/render-key.ts';
import {
  editFiles,
  FLEET,
  mulberry32,
  mutations,
  type Mutation,
} from '../render/render-changes.test-support.ts';
import { baseFromHead, planBaseFromHead } from './base-from-head.ts';

function full(sources: EnvironmentSources): RenderedEnvironment | undefined {
  const outcome = renderEnvironment(sources);
  return outcome.ok ? outcome.rendered : undefined;
}

/** Changes to ConfigMaps only (their values, labels, keys), in place. */
function configMapMutations(random: () => number): Mutation[] {
  const pick = (n: number) => Math.floor(random() * n);
  const nth = (pattern: RegExp, to: (m: string) => string) => (text: string) => {
    const n = pick([...text.matchAll(pattern)].length);
    let i = 0;
    return text.replace(pattern, (m) => (i++ === n ? to(m) : m));
  };
  return [
    {
      what: 'a ConfigMap selector',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/region: r\d\}/g, () => `region: r${pick(3)}}`),
        ),
    },
    {
      what: 'a ConfigMap that stops being platform config',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/platform-config: "true"/g, () => 'platform-config: "no"'),
        ),
    },
    {
      what: 'a ConfigMap key renamed',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/SHARED: from-\d+/g, (m) => m.replace('SHARED', 'OTHER')),
        ),
    },
    {
      what: 'a ConfigMap value',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/KEY_\d+: value-\d+/g, (m) => `${m}-${pick(100)}`),
        ),
    },
  ];
}

describe('the base derived from the head (only ConfigMaps differ)', () => {
  it('compares exactly as a full render of the base does, over random changes', () => {
    const random = mulberry32(20261126);
    let derivedRuns = 0;
    let fallbacks = 0;
    let base = FLEET;
    for (let step = 0; step < 30; step++) {
      const all = [...configMapMutations(random), ...mutations(random)];
      const onlyConfigMaps = random() < 0.6;
      let head = base;
      const changes = 1 + Math.floor(random() * 2);
      for (let c = 0; c < changes; c++) {
        const pool = onlyConfigMaps ? configMapMutations(random) : all;
        head = pool[Math.floor(random() * pool.length)]!.apply(head);
      }
      const headRender = full(head);
      if (headRender === undefined) {
        base = FLEET;
        continue;
      }
      const loads = new LoadCache();
      // The head as the preview renders it: scheduled, the derivation planned, then rendered with
      // the load cache (and a memo only when the plan is refused); or the plan made afterwards.
      const scheduled = scheduleEnvironmentSources(head, { loads });
      const planFirst = random() < 0.5;
      const plan = planFirst ? planBaseFromHead(base, scheduled.view, loads) : undefined;
      const memo = planFirst && plan !== undefined ? undefined : new RenderMemo();
      const headOutcome = renderScheduled(scheduled, memo === undefined ? {} : { memo });
      expect(headOutcome.ok).toBe(true);
      const rendered = headOutcome.ok ? headOutcome.rendered : headRender;
      const derived = planFirst
        ? baseFromHead(base, rendered, memo, loads, plan)
        : baseFromHead(base, rendered, memo, loads);
      const expected = compareRenders('bench', full(base), rendered);
      if (derived === undefined) {
        fallbacks += 1;
        continue;
      }
      derivedRuns += 1;
      const actual = compareRenders('bench', derived.rendered, rendered);
      expect(actual).toEqual(expected);
      // Diffing only the touched paths gives the same comparison.
      expect(
        compareRenders('bench', derived.rendered, rendered, { differOnlyAt: derived.touched }),
      ).toEqual(expected);
      for (const [path, bytes] of rendered.files)
        if (!derived.touched.has(path)) expect(derived.rendered.files.get(path)).toBe(bytes);
      // The files themselves, byte for byte, and the schedule.
      const fullBase = full(base)!;
      expect(new Map([...derived.rendered.files].map(([p, b]) => [p, [...b]]))).toEqual(
        new Map([...fullBase.files].map(([p, b]) => [p, [...b]])),
      );
      expect(
        derived.rendered.assignments.map((a) => `${a.clusterType.name}/${a.target.name}`),
      ).toEqual(fullBase.assignments.map((a) => `${a.clusterType.name}/${a.target.name}`));
      expect(derived.renderedAssignments).toBeLessThan(rendered.assignments.length);
      base = random() < 0.5 ? head : base;
    }
    // Both ways were taken: the derivation is exercised, and its refusals too.
    expect(derivedRuns).toBeGreaterThan(10);
    expect(fallbacks).toBeGreaterThan(3);
  });

  it('renders only the assignments a changed ConfigMap reaches', () => {
    const head = editFiles(FLEET, 'controlPlane', (t) =>
      t.replace('KEY_3: value-3\n', 'KEY_3: value-3-changed\n'),
    );
    const loads = new LoadCache();
    const memo = new RenderMemo();
    const outcome = renderEnvironment(head, { memo, loads });
    if (!outcome.ok) throw new Error('the head does not render');
    const derived = baseFromHead(FLEET, outcome.rendered, memo, loads);
    expect(derived).toBeDefined();
    // config-003 selects cluster type ct-3 only.
    const onCt3 = outcome.rendered.assignments.filter((a) => a.clusterType.name === 'ct-3');
    expect(onCt3.length).toBeGreaterThan(0);
    expect(derived!.renderedAssignments).toBe(onCt3.length);
    expect(compareRenders('bench', derived!.rendered, outcome.rendered)).toEqual(
      compareRenders('bench', full(FLEET), outcome.rendered),
    );
  });

  it('is refused when anything but a ConfigMap differs, or the base does not load', () => {
    const loads = new LoadCache();
    const memo = new RenderMemo();
    const outcome = renderEnvironment(FLEET, { memo, loads });
    if (!outcome.ok) throw new Error('the fleet does not render');
    const policy = editFiles(FLEET, 'controlPlane', (t) => t.replace('group: g1}', 'group: g2}'));
    expect(baseFromHead(policy, outcome.rendered, memo, loads)).toBeUndefined();
    const template = editFiles(FLEET, 'base', (t) => t.replace(/interval: \d+s/, 'interval: 7s'));
    expect(baseFromHead(template, outcome.rendered, memo, loads)).toBeUndefined();
    const broken = editFiles(FLEET, 'controlPlane', (t) => `${t}\n---\nkind: [\n`);
    expect(baseFromHead(broken, outcome.rendered, memo, loads)).toBeUndefined();
    // The same sources: nothing is rendered, every file is the head's.
    const same = baseFromHead(FLEET, outcome.rendered, memo, loads);
    expect(same?.renderedAssignments).toBe(0);
    expect(same?.rendered.files).toEqual(outcome.rendered.files);
  });
});
