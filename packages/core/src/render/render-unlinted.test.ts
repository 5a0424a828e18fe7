import { describe, expect, it } from 'vitest';
import { formatProblem } from '../model/problem.ts';
import { renderScheduled, scheduleEnvironmentSources } from './render-environment.ts';
import { editFiles, FLEET, mulberry32, mutations } from './render-changes.test-support.ts';

/** Files as plain arrays, so that equality is byte for byte. */
function bytesOf(files: ReadonlyMap<string, Uint8Array>): [string, number[]][] {
  return [...files].map(([path, bytes]) => [path, [...bytes]]);
}

describe('a render without lint (`warnings: false`, a preview base)', () => {
  it('gives the same files and problems as a linted render, over random changes', () => {
    const random = mulberry32(20261126);
    // A reconciler whose output does not parse: the rendered lint warns of it.
    let sources = editFiles(FLEET, 'base', (t) =>
      t.replace('        interval: 30s\n', '        interval: 30s\n        broken: [\n'),
    );
    let warned = 0;
    for (let step = 0; step < 12; step++) {
      const scheduled = scheduleEnvironmentSources(sources);
      const linted = renderScheduled(scheduled);
      const unlinted = renderScheduled(scheduled, { warnings: false });
      expect(unlinted.ok).toBe(linted.ok);
      if (linted.ok && unlinted.ok) {
        expect(bytesOf(unlinted.rendered.files)).toEqual(bytesOf(linted.rendered.files));
        expect(unlinted.rendered.assignments).toBe(linted.rendered.assignments);
      } else if (!linted.ok && !unlinted.ok)
        expect(unlinted.problems.map(formatProblem)).toEqual(linted.problems.map(formatProblem));
      // The unlinted render's warnings are those of loading only.
      expect(unlinted.warnings).toEqual(scheduled.warnings);
      if (linted.warnings.length > scheduled.warnings.length) warned += 1;
      const pool = mutations(random);
      sources = pool[Math.floor(random() * pool.length)]!.apply(sources);
    }
    expect(warned).toBeGreaterThan(0);
  });
});
