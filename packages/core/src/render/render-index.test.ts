import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EnvironmentSources } from '../model/environment.ts';
import { editFiles, FLEET, mulberry32, mutations } from './render-changes.test-support.ts';
import { renderEnvironment, type RenderedEnvironment } from './render-environment.ts';
import {
  formatRenderIndex,
  parseRenderIndex,
  renderIndexOf,
  sameIndexKeys,
  verifiedRenderIndex,
  type RenderIndex,
} from './render-index.ts';
import { RENDER_ENGINE_VERSION } from './render-key.ts';
import { disjointKnown } from './index-use.ts';
import { PlannedListing } from '../gitops/plan.ts';
import { unsafeTreePathReason } from '../gitops/tree.ts';

/** git's blob id of these bytes. */
function blobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The tree a run writes, as git lists it: path → `100644 <blob id>`. */
function listing(rendered: RenderedEnvironment): Map<string, string> {
  const tree = new Map<string, string>();
  for (const [path, bytes] of rendered.files) tree.set(path, `100644 ${blobId(bytes)}`);
  for (const [path, entry] of rendered.known ?? []) tree.set(path, entry);
  return new Map([...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function render(
  sources: EnvironmentSources,
  options: { index?: RenderIndex; keys?: boolean } = {},
): RenderedEnvironment {
  const outcome = renderEnvironment(sources, options);
  if (!outcome.ok) throw new Error(outcome.problems.map((p) => p.message).join('\n'));
  return outcome.rendered;
}

/** The index a run writes for the tree it proposes, through its text (as a note holds it). */
function indexOf(rendered: RenderedEnvironment, tree: ReadonlyMap<string, string>): string {
  return formatRenderIndex(renderIndexOf(rendered.keys!, tree));
}

describe('a schedule with the cross-run index writes the tree a full render writes', () => {
  it('over random chains of changes, each run reading the index the last one wrote', () => {
    const random = mulberry32(20261127);
    let taken = 0;
    let rendered = 0;
    for (let chain = 0; chain < 10; chain++) {
      let sources = FLEET;
      let run = render(sources, { keys: true });
      let tree = listing(run);
      let note = indexOf(run, tree);
      for (let step = 0; step < 4; step++) {
        const all = mutations(random);
        const picked = Array.from(
          { length: Math.floor(random() * 3) }, // sometimes no change at all
          () => all[Math.floor(random() * all.length)]!,
        );
        const previous = sources;
        for (const m of picked) sources = m.apply(sources);
        const what = picked.map((m) => m.what).join(', ') || 'no change';
        const full = renderEnvironment(sources);
        const index = verifiedRenderIndex(parseRenderIndex(note), tree);
        const incremental = renderEnvironment(sources, { index });
        expect(incremental.ok, what).toBe(full.ok);
        if (!full.ok || !incremental.ok) {
          sources = previous; // a refused change leaves the GitOps tree as it was
          continue;
        }
        const want = listing(full.rendered);
        expect(listing(incremental.rendered), what).toEqual(want);
        const known = incremental.rendered.known?.size ?? 0;
        taken += known;
        rendered += incremental.rendered.files.size;
        if (picked.length === 0)
          expect(known, what).toBe(want.size - full.rendered.view.clusterTypes.length - 1);
        run = incremental.rendered;
        tree = want;
        note = indexOf(run, tree);
      }
    }
    expect(taken).toBeGreaterThan(0);
    expect(rendered).toBeGreaterThan(0);
  }, 180_000);
});

describe('an index that does not hold is ignored', () => {
  const run = render(FLEET, { keys: true });
  const tree = listing(run);
  const note = indexOf(run, tree);
  const folders = [...run.keys!.keys()];

  it('takes every folder of the tree it describes', () => {
    expect(verifiedRenderIndex(parseRenderIndex(note), tree).size).toBe(folders.length);
  });

  it('leaves out a folder whose blob moved, and a line that is not well formed', () => {
    const moved = new Map(tree);
    moved.set(`${folders[0]}/reconciler.yaml`, `100644 ${'0'.repeat(40)}`);
    expect(verifiedRenderIndex(parseRenderIndex(note), moved).has(folders[0]!)).toBe(false);
    const lines = note.split('\n');
    lines[1] = lines[1]!.replace(/\t/, '\t\t');
    lines[2] = `../escape\t${'a'.repeat(64)}\treconciler.yaml ${'b'.repeat(40)}`;
    lines[3] = lines[3]!.replace('reconciler.yaml', 'other.yaml');
    const parsed = parseRenderIndex(lines.join('\n'));
    expect(parsed.size).toBe(folders.length - 3);
  });

  it('gives nothing for another engine version or a foreign text', () => {
    expect(parseRenderIndex(note.replace(RENDER_ENGINE_VERSION, 'kalypso-render-0')).size).toBe(0);
    expect(parseRenderIndex('::error ::not an index\n').size).toBe(0);
  });

  it('renders a folder whose key was forged to another value (the files stay right)', () => {
    const changed = render(FLEET, { index: verifiedRenderIndex(parseRenderIndex(note), tree) });
    expect(listing(changed)).toEqual(tree);
    const forged = parseRenderIndex(note.replace(/\t[0-9a-f]{64}\t/g, `\t${'f'.repeat(64)}\t`));
    const again = render(FLEET, { index: verifiedRenderIndex(forged, tree) });
    expect(again.known).toBeUndefined();
    expect(listing(again)).toEqual(tree);
  });
});

describe('sameIndexKeys', () => {
  const run = render(FLEET, { keys: true });
  const index = parseRenderIndex(indexOf(run, listing(run)));
  const [folder, first] = [...run.keys!][0]!;

  it('holds for the keys a render noted, and for no other', () => {
    expect(sameIndexKeys(run.keys!, index)).toBe(true);
    const otherKey = new Map(run.keys!).set(folder, { ...first, key: 'f'.repeat(64) });
    expect(sameIndexKeys(otherKey, index)).toBe(false);
    const otherNames = new Map(run.keys!).set(folder, { ...first, names: ['reconciler.yaml'] });
    expect(sameIndexKeys(otherNames, index)).toBe(false);
    const fewer = new Map(run.keys!);
    fewer.delete(folder);
    expect(sameIndexKeys(fewer, index)).toBe(false);
  });
});

describe('a render that warns leaves no index (its warnings would be skipped next run)', () => {
  it('keys for a clean render, none once a Template warns', () => {
    expect(render(FLEET, { keys: true }).keys?.size).toBeGreaterThan(0);
    const warning = editFiles(FLEET, 'base', (text) =>
      text.replace(
        '          workload: {{ .Workload }}\n',
        '          workload: {{ .Workload }}\n          cut: {{ trunc -3 "abcdef" }}\n',
      ),
    );
    const outcome = renderEnvironment(warning, { keys: true });
    expect(outcome.ok).toBe(true);
    expect(outcome.warnings.map((w) => w.message).join('\n')).toContain('trunc');
    expect(outcome.ok && outcome.rendered.keys).toBeUndefined();
  });
});

describe('the index read and checked as the plain versions did', () => {
  /** `parseRenderIndex` as it was: split on lines, tabs and spaces, checked by expressions. */
  function plainParse(text: string): Map<string, { key: string; files: Map<string, string> }> {
    const names = new Set([
      'reconciler.yaml',
      'namespace.yaml',
      'platform-config.yaml',
      'platform-config.sh',
    ]);
    const index = new Map<string, { key: string; files: Map<string, string> }>();
    const lines = text.split('\n');
    if (lines[0] !== `kalypso-render-index 1 ${RENDER_ENGINE_VERSION}`) return index;
    for (let i = 1; i < lines.length; i++) {
      const fields = lines[i]!.split('\t');
      const [folder, key] = fields;
      if (folder === undefined || key === undefined || fields.length < 4 || fields.length > 5)
        continue;
      if (unsafeTreePathReason(folder) !== undefined || !/^[0-9a-f]{64}$/.test(key)) continue;
      if (index.has(folder)) continue;
      const files = new Map<string, string>();
      for (const field of fields.slice(2)) {
        const [name, blob, extra] = field.split(' ');
        if (extra !== undefined || name === undefined || blob === undefined) break;
        if (!names.has(name) || !/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(blob) || files.has(name))
          break;
        files.set(name, blob);
      }
      if (files.size !== fields.length - 2) continue;
      index.set(folder, { key, files });
    }
    return index;
  }
  const run = render(FLEET, { keys: true });
  const tree = listing(run);
  const note = indexOf(run, tree);

  it('parses what the plain parser parses, on randomly damaged notes', () => {
    const random = mulberry32(42);
    const pieces = ['\t', ' ', '\n', 'a', 'f', '0', '/', '.', '..', 'G', 'reconciler.yaml', '\r'];
    const texts = [note, '', note.split('\n')[0]!, `${note.split('\n')[0]}\n\n`];
    for (let round = 0; round < 300; round++) {
      const chars = [...note.slice(0, 4000)];
      const edits = Math.floor(random() * 6);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(random() * chars.length);
        const piece = pieces[Math.floor(random() * pieces.length)]!;
        if (random() < 0.5) chars.splice(at, 1, piece);
        else chars.splice(at, Math.floor(random() * 70));
      }
      texts.push(chars.join(''));
    }
    // Lines of every shape: 0 to 6 fields, duplicate folders and names, long and short ids.
    const lines = [note.split('\n')[0]!];
    const blob = (n: number) => 'abcdef0123456789'.repeat(5).slice(0, n);
    for (let i = 0; i < 400; i++) {
      const fields = [
        random() < 0.9 ? `ct/t${Math.floor(random() * 30)}` : '../x',
        random() < 0.9 ? 'a'.repeat(64) : 'A'.repeat(64),
      ];
      const count = Math.floor(random() * 5);
      for (let f = 0; f < count; f++) {
        const name = ['reconciler.yaml', 'namespace.yaml', 'platform-config.sh', 'other'][
          Math.floor(random() * 4)
        ]!;
        fields.push(
          `${name} ${blob([40, 64, 39, 41][Math.floor(random() * 4)]!)}${random() < 0.05 ? ' x' : ''}`,
        );
      }
      lines.push(
        fields.slice(0, Math.floor(random() * (fields.length + 1)) || fields.length).join('\t'),
      );
    }
    texts.push(lines.join('\n'));
    for (const text of texts) {
      const parsed = parseRenderIndex(text);
      const plain = plainParse(text);
      expect([...parsed.keys()]).toEqual([...plain.keys()]);
      for (const [folder, entry] of plain) {
        expect(parsed.get(folder)!.key).toBe(entry.key);
        expect([...parsed.get(folder)!.files]).toEqual([...entry.files]);
      }
    }
    expect(parseRenderIndex(note).size).toBe(run.keys!.size);
  });

  it('keeps, taken from a checked entry, the listed files and the same index of the tree', () => {
    const index = verifiedRenderIndex(parseRenderIndex(note), tree);
    const again = render(FLEET, { index });
    const known = again.known!;
    // The taken files are the tree's, as a map would give them.
    const plain = new Map([...known]);
    expect(known.size).toBe(plain.size);
    for (const [path, entry] of plain) {
      expect(tree.get(path)).toBe(entry);
      expect(known.get(path)).toBe(entry);
      expect(known.has(path)).toBe(true);
    }
    expect(known.has('nothing/here')).toBe(false);
    const seen: string[] = [];
    known.forEach((entry, path) => seen.push(`${path} ${entry}`));
    expect(seen).toEqual([...known.entries()].map(([path, entry]) => `${path} ${entry}`));
    expect([...known.keys()]).toEqual([...plain.keys()]);
    expect([...known.values()]).toEqual([...plain.values()]);
    // An entry not checked (no `listed`) gives the same files from its blob ids.
    const unchecked = new Map(
      [...index].map(([folder, { key, files }]) => [folder, { key, files }]),
    );
    expect([...render(FLEET, { index: unchecked }).known!]).toEqual([...known]);
    // The index of the tree from the taken entries equals the one made file by file, also when
    // a file moved since the check.
    const keysOnly = new Map(
      [...again.keys!].map(([folder, { key, names }]) => [folder, { key, names }]),
    );
    expect(formatRenderIndex(renderIndexOf(again.keys!, tree))).toBe(note);
    const moved = new Map(tree);
    const [firstPath] = [...known.keys()];
    moved.set(firstPath!, `100644 ${'0'.repeat(40)}`);
    moved.delete([...known.keys()][5]!);
    expect(formatRenderIndex(renderIndexOf(again.keys!, moved))).toBe(
      formatRenderIndex(renderIndexOf(keysOnly, moved)),
    );
    expect(formatRenderIndex(renderIndexOf(again.keys!, moved))).not.toBe(note);
  });
});

describe('the taken files as the end of a planned listing', () => {
  const run = render(FLEET, { keys: true });
  const tree = listing(run);
  const note = indexOf(run, tree);

  it('are disjoint from the rendered files, and read as one map with them', () => {
    const changed = editFiles(FLEET, 'base', (text) => text.replace('value-3', 'value-3x'));
    const again = render(changed, { index: verifiedRenderIndex(parseRenderIndex(note), tree) });
    const taken = disjointKnown(again.known);
    expect(taken).toBeDefined();
    expect(taken!.keys).toBe(again.keys);
    const head = new Map(
      [...again.files].map(([path, bytes]) => [path, `100644 ${blobId(bytes)}`] as const),
    );
    for (const path of again.known!.keys()) expect(head.has(path)).toBe(false);
    const planned = new PlannedListing(head, again.known!, again.keys);
    const plain = new Map([...head, ...again.known!]);
    expect(planned.size).toBe(plain.size);
    expect([...planned]).toEqual([...plain]);
    expect([...planned.keys()]).toEqual([...plain.keys()]);
    expect([...planned.values()]).toEqual([...plain.values()]);
    const each: string[] = [];
    planned.forEach((entry, path) => each.push(`${path}=${entry}`));
    expect(each).toEqual([...plain].map(([path, entry]) => `${path}=${entry}`));
    for (const path of [...plain.keys()].filter((_, i) => i % 7 === 0)) {
      expect(planned.get(path)).toBe(plain.get(path));
      expect(planned.has(path)).toBe(true);
    }
    expect(planned.has('nothing')).toBe(false);
    // The index of the planned listing, taken whole for the folders taken, is the one made file
    // by file from a plain map.
    expect(formatRenderIndex(renderIndexOf(again.keys!, planned))).toBe(
      formatRenderIndex(renderIndexOf(again.keys!, plain)),
    );
    // Another render's keys are not trusted with it.
    const other = new PlannedListing(head, again.known!, run.keys);
    expect(formatRenderIndex(renderIndexOf(again.keys!, other))).toBe(
      formatRenderIndex(renderIndexOf(again.keys!, plain)),
    );
  });
});
