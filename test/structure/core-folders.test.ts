// packages/core/src is a stack of folders, each a use-case family or a layer under them
// (docs/architecture.md, section 1): imports point one way, type imports included, so following
// one run stays inside its family's folder and the layers below it.
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  coreFolderGraph,
  coreImportsBetween,
  cycles,
  importGraph,
  isTestFile,
  mutualPairs,
  root,
  sourceFiles,
  tsFiles,
} from '../../scripts/structure.ts';

const folders = coreFolderGraph();
const describePair = ([a, b]: [string, string]) =>
  `${a} ↔ ${b}: ${[...coreImportsBetween(a, b), ...coreImportsBetween(b, a)].join(', ')}`;

describe('the import graph of packages/core/src', () => {
  it('finds cycles and pairs in a graph that has them', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['e'])],
      ['e', new Set(['d', 'a'])],
      ['f', new Set<string>()],
    ]);
    expect(cycles(graph).map((c) => [...c].sort())).toEqual(
      expect.arrayContaining([
        ['a', 'b', 'c'],
        ['d', 'e'],
      ]),
    );
    expect(mutualPairs(graph)).toEqual([['d', 'e']]);
  });

  it('sees the folders of the core', () => {
    expect([...folders.keys()]).toEqual(
      expect.arrayContaining(['model', 'render', 'gitops', 'deployment', 'compliance']),
    );
  });

  it('has no import cycle between folders (type imports included)', () => {
    expect(
      cycles(folders).map((c) => c.join(' → ')),
      'a folder imports one that (through others) imports it back: move the shared part down into the lower folder',
    ).toEqual([]);
  });

  it('has no folder that imports a sibling that imports it back', () => {
    expect(mutualPairs(folders).map(describePair)).toEqual([]);
  });

  it('keeps model/ at the bottom: it imports neither lint/ nor gitops/', () => {
    const model = folders.get('model') ?? new Set();
    expect([...model].filter((f) => f === 'lint' || f === 'gitops')).toEqual([]);
  });

  it('keeps the schedule use case (publish/) away from the preview feature', () => {
    expect(coreImportsBetween('publish', 'preview')).toEqual([]);
  });

  it('keeps compliance/ to the evidence engine: it imports no use-case family', () => {
    const families = ['deployment', 'promotion', 'gate', 'publish', 'preview'];
    expect([...(folders.get('compliance') ?? [])].filter((f) => families.includes(f))).toEqual([]);
  });
});

describe('import cycles between files', () => {
  it('packages/*/src and actions/*/src have none (type imports included)', () => {
    expect(
      cycles(importGraph(sourceFiles())).map((c) => c.map((f) => relative(root, f)).join(' → ')),
    ).toEqual([]);
  });

  it("packages/core/src's tests and test support add none", () => {
    const files = tsFiles(join(root, 'packages', 'core', 'src'));
    expect(files.some(isTestFile)).toBe(true);
    expect(
      cycles(importGraph(files)).map((c) => c.map((f) => relative(root, f)).join(' → ')),
    ).toEqual([]);
  });
});
