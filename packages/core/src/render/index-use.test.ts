import { describe, expect, it } from 'vitest';
import type { RenderedPackage } from './assignment-package.ts';
import { disjointKnown, IndexUse, knownSource } from './index-use.ts';
import type { RenderIndexEntry } from './render-index.ts';
import { RenderMemo, type AssignmentKey } from './render-key.ts';

const memo = new RenderMemo();
const key: AssignmentKey = { id: 'k', parts: [], residual: 'r' };
const files = new Map([
  ['reconciler.yaml', 'a'.repeat(40)],
  ['namespace.yaml', 'b'.repeat(40)],
]);
const listing = new Map<string, string>();

function entryOf(folder: string): RenderIndexEntry {
  const listed: string[] = [];
  for (const [name, blob] of files) {
    listing.set(`${folder}/${name}`, `100644 ${blob}`);
    listed.push(`${folder}/${name}`, `100644 ${blob}`);
  }
  return { key: memo.stableKey(key), files, listed, listedIn: listing };
}

const rendered = (target: string): RenderedPackage => ({
  clusterType: 'ct',
  target,
  reconciler: 'r',
  namespace: 'n',
  config: '',
  configFileName: 'platform-config.yaml',
  notices: [],
  key,
});
const problem = { message: 'failed' };

/** One render's use of an index: `taken` folders are taken, then the others kept as given. */
function use(
  gitopsPath: string,
  taken: readonly string[],
  others: readonly (readonly [string, RenderedPackage | typeof problem])[],
) {
  const index = new Map(taken.map((folder) => [folder, entryOf(folder)]));
  const indexUse = new IndexUse(index, true, gitopsPath);
  for (const folder of taken) {
    expect(indexUse.taken(memo, folder)!(key)).toBe(true);
    indexUse.keep(memo, folder, { indexed: key });
  }
  for (const [folder, result] of others) indexUse.keep(memo, folder, result);
  return indexUse.result(true);
}

describe('the files a render took from an index', () => {
  it('follow the other files of a planned listing when every folder is kept once and owned', () => {
    const { known, keys } = use('', ['ct/a', 'ct/b'], [['ct/c', rendered('c')]]);
    expect(known?.size).toBe(4);
    expect(disjointKnown(known)).toEqual({ files: known, keys });
    expect(knownSource(known)).toBe(listing);
  });

  it.each([
    ['a folder taken and rendered', '', [['ct/a', rendered('a')]]],
    ['a folder taken and failed', '', [['ct/a', problem]]],
    [
      'a folder failed twice',
      '',
      [
        ['ct/c', problem],
        ['ct/c', problem],
      ],
    ],
    [
      'a folder rendered twice',
      '',
      [
        ['ct/c', rendered('c')],
        ['ct/c', rendered('c')],
      ],
    ],
  ] as const)('do not with %s', (_what, gitopsPath, others) => {
    const { known } = use(gitopsPath, ['ct/a'], others);
    expect(known?.size).toBe(2);
    expect(disjointKnown(known)).toBeUndefined();
  });

  it('do not when a folder taken is not one the scheduler owns', () => {
    expect(disjointKnown(use('clusters', ['clusters/ct/a'], []).known)).toBeDefined();
    expect(disjointKnown(use('clusters', ['other/ct/a'], []).known)).toBeUndefined();
  });

  it('come from no one listing when an entry was not checked in it', () => {
    const index = new Map([
      ['ct/a', { ...entryOf('ct/a'), listedIn: new Map() }],
      ['ct/b', entryOf('ct/b')],
    ]);
    const indexUse = new IndexUse(index, true, '');
    for (const folder of index.keys()) {
      indexUse.taken(memo, folder)!(key);
      indexUse.keep(memo, folder, { indexed: key });
    }
    expect(knownSource(indexUse.result(true).known)).toBeUndefined();
  });
});
