// The folder trees an index makes, checked against the plain construction (`treeObject` of each
// assignment folder's entries) on random names: the reused buffer of `indexFolderTrees` must give
// git's bytes whatever order the index lists a folder's files in.
import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { indexFolderTrees, treeObject, type TreeEntry } from './folder-trees.ts';
import type { RenderIndexEntry } from './render-index.ts';

const encoder = new TextEncoder();
const objectId = (object: Uint8Array) => bytesToHex(sha1(object));

/** A deterministic generator in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

// Names that sort differently as bytes, as folders and as prefixes of each other.
const NAMES = ['a', 'a-b', 'a.b', 'a0', 'ab', 'b', 'é', 'a b', 'reconciler.yaml', 'namespace.yaml'];

describe('indexFolderTrees', () => {
  it('gives the ids of the plain tree objects, in whatever order a folder lists its files', () => {
    const random = generator(20261127);
    for (let round = 0; round < 40; round++) {
      const index = new Map<string, RenderIndexEntry>();
      for (let t = 0; t < 1 + Math.floor(random() * 6); t++) {
        const files = new Map<string, string>();
        const count = 1 + Math.floor(random() * 5);
        for (let f = 0; f < count; f++) {
          const name = NAMES[Math.floor(random() * NAMES.length)]! + (random() < 0.3 ? 'x' : '');
          files.set(name, objectId(encoder.encode(`${round} ${t} ${name}`)));
        }
        index.set(`ct/${NAMES[t]!}`, { key: 'k', files });
      }
      const readme = new Map([['README.md', objectId(encoder.encode('readme'))]]);
      const made = indexFolderTrees(index, '', objectId, readme).get('ct');
      const targets: TreeEntry[] = [...readme].map(([name, id]) => ({
        name: encoder.encode(name),
        folder: false,
        id,
      }));
      for (const [folder, entry] of index) {
        const own = [...entry.files].map(([name, id]) => ({
          name: encoder.encode(name),
          folder: false,
          id,
        }));
        targets.push({
          name: encoder.encode(folder.slice('ct/'.length)),
          folder: true,
          id: objectId(treeObject(own)),
        });
      }
      expect(made?.id, `round ${round}`).toBe(objectId(treeObject(targets)));
    }
  });
});
