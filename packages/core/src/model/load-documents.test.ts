import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../render/render-changes.test-support.ts';
import { LoadCache } from './load-cache.ts';
import { DEFAULT_INPUT_LIMITS } from './limits.ts';
import { loadFile, loadSource, reloadFrom } from './load.ts';
import { preloadSources } from './preload.ts';
import { ProblemList } from './problem.ts';
import type { Source } from './source.ts';

const API = 'apiVersion: scheduler.kalypso.io/v1alpha1';

/** A random document: objects, notes, problems, warnings, block scalars, aliases, errors. */
function document(random: () => number, errors: boolean): string {
  const pick = (n: number) => Math.floor(random() * n);
  const value = `v${pick(4)}`;
  const kinds = [
    () =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-${pick(5)}, labels: {platform-config: "true"}}\ndata: {KEY: ${value}}\n`,
    () =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: block-${pick(3)}\n  labels: {platform-config: "true"}\ndata:\n  TEXT: ${['|', '|+', '|-', '>'][pick(4)]}\n    ${value}\n${'\n'.repeat(pick(3))}${pick(2) ? '    more\n' : ''}`,
    () =>
      `${API}\nkind: ClusterType\nmetadata: {name: ${pick(4) ? `ct-${pick(3)}` : 'Not_A_Name'}}\nspec: {reconciler: flux, namespaceService: flux, configType: ${pick(4) ? 'flux' : 3}}\n`,
    () =>
      `${API}\nkind: SchedulingPolicy\nmetadata: {name: p-${pick(3)}}\nspec:\n  deploymentTargetSelector: {}\n  clusterTypeSelector: {}\n  unknownField: ${value}\n`,
    () => `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d-${value}}\n`,
    () => `# only a comment ${value}\n`,
    () => '',
    () =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: dup, labels: {platform-config: "true"}}\ndata: {A: "1", A: "${value}"}\n`,
    () =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: alias, labels: &l {platform-config: "true"}}\ndata: {A: "${value}"}\nextra: [*l, *l]\n`,
    () =>
      `apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: listed, labels: {platform-config: "true"}}\n    data: {A: ${value}}\n  - 3\n`,
    () => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: "quoted\n  ${value}"}\n`,
    () => `${API}\nkind: Unknown\nmetadata: {name: u}\n`,
  ];
  const broken = [
    () => `a: [1,\n`,
    () => `a: "open\n`,
    () => `key: value\n  bad: indent\n`,
    () => '%YAML 1.2\n',
    () => `a: 1\n...\n`,
  ];
  if (errors && pick(8) === 0) return broken[pick(broken.length)]!();
  return kinds[pick(kinds.length)]!();
}

const SEPARATORS = ['---\n', '--- # next\n', '---\n\n', '---\r\n', '--- \n'];

function file(documents: readonly string[], separators: readonly string[], end: string): string {
  return documents.map((d, i) => `${separators[i]}${d}`).join('') + end;
}

function load(text: string, cache?: LoadCache) {
  const source: Source = {
    origin: { kind: 'environment' },
    files: [{ path: 'objects.yaml', text }],
  };
  const problems = new ProblemList();
  const loaded = loadSource(source, problems, cache ? { cache } : {});
  return { ...loaded, problems: problems.items, warnings: problems.warnings };
}

describe('loading a changed file by its changed documents', () => {
  it('gives what a whole load gives, over random chains of edits', () => {
    let partial = 0;
    let whole = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const random = mulberry32(seed);
      const pick = (n: number) => Math.floor(random() * n);
      const errors = pick(3) === 0;
      const documents = Array.from({ length: 1 + pick(8) }, () => document(random, errors));
      const separators = documents.map((_, i) =>
        i === 0 && pick(2) === 0 ? '' : SEPARATORS[pick(SEPARATORS.length)]!,
      );
      let end = ['', '\n', '# end\n'][pick(3)]!;
      const cache = new LoadCache();
      expect(load(file(documents, separators, end), cache)).toEqual(
        load(file(documents, separators, end)),
      );
      for (let step = 0; step < 6; step++) {
        const at = pick(documents.length);
        switch (pick(6)) {
          case 0: // a document rewritten (a value changed, lines added or removed)
          case 1:
            documents[at] = document(random, errors);
            break;
          case 2: // a document added
            documents.splice(at, 0, document(random, errors));
            separators.splice(at, 0, SEPARATORS[pick(SEPARATORS.length)]!);
            break;
          case 3: // a document removed
            if (documents.length > 1) {
              documents.splice(at, 1);
              separators.splice(at, 1);
            }
            break;
          case 4: // a separator changed
            separators[at] = at === 0 && pick(2) === 0 ? '' : SEPARATORS[pick(SEPARATORS.length)]!;
            break;
          default: // the end of the file
            end = ['', '\n', '# end\n', 'key: 1'][pick(4)]!;
        }
        // The first document starts at a marker when it is not the first.
        if (separators[0] === undefined) separators[0] = '';
        for (let i = 1; i < separators.length; i++)
          if (separators[i] === '') separators[i] = '---\n';
        const text = file(documents, separators, end);
        const before = cache.partial;
        expect(load(text, cache), `seed ${seed}, step ${step}`).toEqual(load(text));
        if (cache.partial > before) partial += 1;
        else whole += 1;
      }
    }
    // Both occur: the documents that differ parsed alone, and the file parsed whole.
    expect(partial).toBeGreaterThan(100);
    expect(whole).toBeGreaterThan(50);
  });

  it('parses only the document that changed in a large file', () => {
    const documents = Array.from(
      { length: 200 },
      (_, i) =>
        `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-${i}, labels: {platform-config: "true"}}\ndata: {KEY: "${i}"}\n`,
    );
    const cache = new LoadCache();
    load(documents.join('---\n'), cache);
    documents[120] = documents[120]!.replace('"120"', '"changed"');
    const changed = load(documents.join('---\n'), cache);
    expect(cache.partial).toBe(1);
    expect(changed).toEqual(load(documents.join('---\n')));
    const data = changed.objects.find((o) => o.name === 'cm-120');
    expect(data && 'data' in data ? data.data : undefined).toEqual({ KEY: 'changed' });
  });

  it('parses the file whole when a directive governs a document that changed', () => {
    // `%YAML 1.1` makes `yes` a boolean in the document after it: parsed alone, without the
    // directive, the changed document would read `yes` as a string. The directive heads the file,
    // or follows a document's end (`...`).
    const configMap = (name: string, value: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}, labels: {platform-config: "true"}}\ndata: {B: yes, C: "${value}"}\n`;
    const texts = [
      (value: string) => `%YAML 1.1\n---\n${configMap('a', value)}---\n${configMap('b', 'z')}`,
      (value: string) => `${configMap('a', 'z')}...\n%YAML 1.1\n---\n${configMap('b', value)}`,
    ];
    for (const text of texts) {
      const cache = new LoadCache();
      expect(load(text('x'), cache)).toEqual(load(text('x')));
      expect(load(text('y'), cache)).toEqual(load(text('y')));
      expect(cache.partial).toBe(0);
    }
  });
});

describe("a part of a file on the file's lines (linesBefore)", () => {
  it('gives what its text after as many empty lines gives: objects, notes, problems with their code frames, warnings', () => {
    let problems = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const random = mulberry32(seed);
      const pick = (n: number) => Math.floor(random() * n);
      const documents = Array.from({ length: 1 + pick(5) }, () => document(random, true));
      const separators = documents.map((_, i) =>
        i === 0 && pick(2) === 0 ? '' : SEPARATORS[pick(SEPARATORS.length)]!,
      );
      const text = file(documents, separators, ['', '\n', 'key: 1'][pick(3)]!);
      const before = pick(3) === 0 ? 0 : 1 + pick(5000);
      const part = loadFile(
        { path: 'objects.yaml', text, linesBefore: before },
        { kind: 'environment' },
        DEFAULT_INPUT_LIMITS.maxAliasCount,
      );
      const blank = '\n'.repeat(before);
      const whole = loadFile(
        { path: 'objects.yaml', text: blank + text },
        { kind: 'environment' },
        DEFAULT_INPUT_LIMITS.maxAliasCount,
      );
      const { marks, ...rest } = part;
      const { marks: wholeMarks, ...wholeRest } = whole;
      expect(rest, `seed ${seed}`).toEqual(wholeRest);
      // The documents where they lie in the part's text (the whole text's, less the empty lines).
      expect(marks?.clean).toBe(wholeMarks?.clean);
      expect(marks?.documents.map((d) => [d.start + before, d.end + before])).toEqual(
        wholeMarks?.documents.map((d) => [Math.max(d.start, before), d.end]),
      );
      problems += part.problems.length;
    }
    // Syntax errors (a code frame from the text, on the file's line) and other problems occur.
    expect(problems).toBeGreaterThan(40);
  });

  it('is another file to the cache than the same text on other lines', () => {
    const cache = new LoadCache();
    const text = `${API}\nkind: ClusterType\nmetadata: {name: c}\nspec: {reconciler: flux, namespaceService: flux, configType: flux}\n`;
    const at = (linesBefore: number) =>
      cache.load(
        { path: 'objects.yaml', text, linesBefore },
        { kind: 'environment' },
        DEFAULT_INPUT_LIMITS.maxAliasCount,
        loadFile,
        // Nor is it loaded from the other's documents.
        reloadFrom({ kind: 'environment' }, DEFAULT_INPUT_LIMITS.maxAliasCount),
      ).objects[0]?.origin.line;
    expect([at(0), at(10), at(0), at(10)]).toEqual([1, 11, 1, 11]);
  });
});

describe('a file parsed ahead, a step at a time (preloadSources)', () => {
  const source = (text: string): Source => ({
    origin: { kind: 'environment' },
    files: [{ path: 'objects.yaml', text }],
  });
  /** Preloads `text` in steps of about `slice` characters; how many steps it took. */
  async function preload(text: string, cache: LoadCache, slice: number, stopAfter = Infinity) {
    let steps = 0;
    await preloadSources([source(text)], cache, () => Promise.resolve(++steps < stopAfter), {
      sliceChars: slice,
    });
    return steps;
  }

  it('leaves in the cache what a whole load gives, in steps, over random files', async () => {
    let sliced = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const random = mulberry32(seed);
      const pick = (n: number) => Math.floor(random() * n);
      const errors = pick(3) === 0;
      const documents = Array.from({ length: 1 + pick(30) }, () => document(random, errors));
      const separators = documents.map((_, i) =>
        i === 0 && pick(2) === 0 ? '' : SEPARATORS[pick(SEPARATORS.length)]!,
      );
      const text = file(documents, separators, ['', '\n', '# end\n'][pick(3)]!);
      const cache = new LoadCache();
      const steps = await preload(text, cache, 1 + pick(400));
      if (steps > 2) sliced += 1;
      // The load that follows takes the file from the cache: what a load without it gives.
      const hits = cache.hits;
      expect(load(text, cache), `seed ${seed}`).toEqual(load(text));
      expect(cache.hits, `seed ${seed}`).toBe(hits + 1);
    }
    // Most files were parsed as several prefixes, each from the one before.
    expect(sliced).toBeGreaterThan(60);
  });

  it('parses each document of a large file once, a slice per step', async () => {
    const documents = Array.from(
      { length: 400 },
      (_, i) =>
        `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-${i}, labels: {platform-config: "true"}}\ndata: {KEY: "${i}"}\n`,
    );
    const text = documents.join('---\n');
    const cache = new LoadCache();
    const steps = await preload(text, cache, 4096);
    // About 40 KB in slices of 4 KB: every prefix after the first loaded from the one before.
    expect(steps).toBeGreaterThan(8);
    expect(cache.partial).toBe(steps - 1);
    expect(load(text, cache)).toEqual(load(text));
  });

  it('parses nothing of a file the cache holds whole, however large', async () => {
    const documents = Array.from(
      { length: 200 },
      (_, i) =>
        `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-${i}, labels: {platform-config: "true"}}\ndata: {KEY: "${i}"}\n`,
    );
    const text = documents.join('---\n');
    const cache = new LoadCache();
    expect(await preload(text, cache, 2048)).toBeGreaterThan(1);
    expect(
      cache.holds(
        source(text).files[0]!,
        { kind: 'environment' },
        DEFAULT_INPUT_LIMITS.maxAliasCount,
      ),
    ).toBe(true);
    const partial = cache.partial;
    // Again: no step, no prefix parsed again.
    expect(await preload(text, cache, 2048)).toBe(0);
    expect(cache.partial).toBe(partial);
    // Another text at the same path is not held.
    expect(
      cache.holds(
        { path: 'objects.yaml', text: `${text}---\na: 1\n` },
        { kind: 'environment' },
        DEFAULT_INPUT_LIMITS.maxAliasCount,
      ),
    ).toBe(false);
  });

  it('ends where it is told to, and a load then parses what is left', async () => {
    const documents = Array.from(
      { length: 200 },
      (_, i) =>
        `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-${i}, labels: {platform-config: "true"}}\ndata: {KEY: "${i}"}\n`,
    );
    const text = documents.join('---\n');
    const cache = new LoadCache();
    expect(await preload(text, cache, 2048, 3)).toBe(3);
    // The whole file is not in the cache: the load parses it from the last prefix.
    const hits = cache.hits;
    const partial = cache.partial;
    expect(load(text, cache)).toEqual(load(text));
    expect(cache.hits).toBe(hits);
    expect(cache.partial).toBe(partial + 1);
  });

  it('skips what a load would not read: a file over the limit, files past the total budget', async () => {
    const cache = new LoadCache();
    const limits = { ...DEFAULT_INPUT_LIMITS, maxFileBytes: 200, maxTotalBytes: 250 };
    const files = [
      { path: 'big.yaml', text: 'a: 1\n'.repeat(50) },
      { path: 'one.yaml', text: 'a: 1\n'.repeat(30) },
      { path: 'two.yaml', text: 'b: 1\n'.repeat(30) },
    ];
    await preloadSources(
      [{ origin: { kind: 'environment' }, files }],
      cache,
      () => Promise.resolve(true),
      { limits },
    );
    const preloaded = files.map((f) => {
      try {
        cache.load(f, { kind: 'environment' }, limits.maxAliasCount, () => {
          throw new Error('not preloaded');
        });
        return true;
      } catch {
        return false;
      }
    });
    // 250 bytes in all: `one.yaml` (150) fits, `two.yaml` would pass the budget.
    expect(preloaded).toEqual([false, true, false]);
  });
});
