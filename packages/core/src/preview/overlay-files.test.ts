import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../render/render-changes.test-support.ts';
import { TRACKING_FILE } from '../gitops/tree.ts';
import { outputBytes } from './base-from-head.ts';
import { OverlayFiles } from './overlay-files.ts';

/** What the overlay stands for: a copy with the paths deleted, then the others set. */
function copied(
  under: ReadonlyMap<string, Uint8Array>,
  removed: ReadonlySet<string>,
  set: ReadonlyMap<string, Uint8Array>,
): Map<string, Uint8Array> {
  const map = new Map(under);
  for (const path of removed) map.delete(path);
  for (const [path, bytes] of set) map.set(path, bytes);
  return map;
}

describe('OverlayFiles', () => {
  it('behaves as a copy of the map with the paths removed and then set, over random maps', () => {
    const random = mulberry32(20261126);
    const pick = (n: number) => Math.floor(random() * n);
    for (let round = 0; round < 200; round++) {
      const paths = Array.from({ length: 1 + pick(12) }, (_, i) =>
        i === 0 ? TRACKING_FILE : i % 4 === 1 ? `ct/README.md` : `ct/t${i}/f${i}`,
      );
      const bytes = () => new Uint8Array(pick(5));
      const under = new Map(paths.filter(() => random() < 0.7).map((p) => [p, bytes()] as const));
      const removed = new Set(paths.filter(() => random() < 0.3));
      const set = new Map(paths.filter(() => random() < 0.3).map((p) => [p, bytes()] as const));
      const overlay = new OverlayFiles(under, removed, set);
      const expected = copied(under, removed, set);
      expect([...overlay]).toEqual([...expected]);
      expect([...overlay.keys()]).toEqual([...expected.keys()]);
      expect([...overlay.values()]).toEqual([...expected.values()]);
      expect(overlay.size).toBe(expected.size);
      for (const path of [...paths, 'absent']) {
        expect(overlay.has(path)).toBe(expected.has(path));
        expect(overlay.get(path)).toBe(expected.get(path));
      }
      const seen: [string, Uint8Array][] = [];
      overlay.forEach((value, key, map) => {
        expect(map).toBe(overlay);
        seen.push([key, value]);
      });
      expect(seen).toEqual([...expected]);
      // The output budget's count of the overlay, without iterating it.
      let counted = 0;
      for (const [path, content] of expected)
        if (path !== TRACKING_FILE && !path.endsWith('/README.md')) counted += content.length;
      expect(outputBytes(under, removed, set)).toBe(counted);
    }
  });
});
