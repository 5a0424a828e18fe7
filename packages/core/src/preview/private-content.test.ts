import { describe, expect, it } from 'vitest';
import type { EnvironmentSources } from '../model/environment.ts';
import type { RepositoryVisibility } from '../ports.ts';
import { compareRenders, type EnvironmentPreview } from '../render/compare.ts';
import { renderEnvironment, type RenderedEnvironment } from '../render/render-environment.ts';
import { FLEET, mulberry32, mutations } from '../render/render-changes.test-support.ts';
import { hiddenRegistrations, hidePrivateContent } from './private-content.ts';

function full(sources: EnvironmentSources): RenderedEnvironment | undefined {
  const outcome = renderEnvironment(sources);
  return outcome.ok ? outcome.rendered : undefined;
}

/** Every registration a read has a source of, with a random visibility. */
function randomVisibility(
  sources: EnvironmentSources,
  random: () => number,
): Map<string, RepositoryVisibility> {
  const choices: RepositoryVisibility[] = ['public', 'private', 'unknown'];
  const visibility = new Map<string, RepositoryVisibility>();
  for (const source of sources.workloads)
    if (source.origin.kind === 'workload')
      visibility.set(source.origin.registration, choices[Math.floor(random() * 3)]!);
  return visibility;
}

/** What the preview hid before it asked on demand: every registration of both reads asked. */
function hiddenAskingAll(
  reads: readonly Map<string, RepositoryVisibility>[],
  show: boolean,
): Set<string> {
  if (show) return new Set();
  return new Set(
    reads.flatMap((read) => [...read].filter(([, v]) => v !== 'public').map(([r]) => r)),
  );
}

describe('the registrations whose content the preview hides', () => {
  it('hide exactly what asking every registration hides, asking only of what the diff shows', async () => {
    const random = mulberry32(20261126);
    let hiddenFiles = 0;
    let fewerAsked = 0;
    let compared = 0;
    for (let step = 0; step < 24; step++) {
      const pool = mutations(random);
      let head = FLEET;
      for (let c = 0; c < 1 + Math.floor(random() * 2); c++)
        head = pool[Math.floor(random() * pool.length)]!.apply(head);
      const base = random() < 0.2 ? pool[Math.floor(random() * pool.length)]!.apply(FLEET) : FLEET;
      const after = full(head);
      if (after === undefined) continue;
      const before = full(base);
      const whole = compareRenders('bench', before, after);
      if (whole.kind !== 'compared') continue;
      compared += 1;
      // A preview that shows some of the files (any subset is a preview the functions take).
      const preview: EnvironmentPreview =
        random() < 0.5 ? { ...whole, files: whole.files.filter(() => random() < 0.3) } : whole;
      const reads = [randomVisibility(head, random), randomVisibility(base, random)];
      const asked: string[] = [];
      const show = random() < 0.1;
      const renders = [before, after];
      const hidden = await hiddenRegistrations(
        preview,
        renders,
        reads.map((read) => (registration: string) => {
          asked.push(registration);
          return Promise.resolve(read.get(registration));
        }),
        show,
      );
      const expected = hidePrivateContent(preview, renders, hiddenAskingAll(reads, show));
      expect(hidePrivateContent(preview, renders, hidden)).toEqual(expected);
      // Asked only of registrations the reads know, each at most once per read.
      const all = new Set(reads.flatMap((read) => [...read.keys()]));
      for (const registration of asked) expect(all.has(registration)).toBe(true);
      expect(asked.length).toBeLessThanOrEqual(2 * all.size);
      if (preview.kind === 'compared' && preview.files.length === 0) expect(asked).toEqual([]);
      if (new Set(asked).size < all.size) fewerAsked += 1;
      if (expected.kind === 'compared')
        hiddenFiles += expected.files.filter((f) => f.hidden).length;
    }
    // The comparisons, the hiding and the questions left out all occur.
    expect(compared).toBeGreaterThan(12);
    expect(hiddenFiles).toBeGreaterThan(0);
    expect(fewerAsked).toBeGreaterThan(3);
  });

  it('asks nothing when the preview shows private content or nothing changed', async () => {
    const after = full(FLEET)!;
    const preview = compareRenders('bench', after, after);
    const ask = (): Promise<RepositoryVisibility> => Promise.reject(new Error('asked'));
    expect(await hiddenRegistrations(preview, [after, after], [ask], false)).toEqual(new Set());
    const changed = compareRenders('bench', undefined, after);
    expect(await hiddenRegistrations(changed, [undefined, after], [ask], true)).toEqual(new Set());
  });
});
