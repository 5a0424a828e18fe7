// The duplicate-key check against the `yaml` library's own walk (`visit`), which it replaced for
// speed: the same problems, in the same order, on documents made at random.
import { isScalar, LineCounter, parseAllDocuments, visit, type Document } from 'yaml';
import { describe, expect, it } from 'vitest';
import { duplicateKeyErrors } from './yaml-checks.ts';

/** The check as it was written with the library's walk: the reference. */
function byVisit(doc: Document.Parsed, lines: LineCounter) {
  const found: { line: number | undefined; message: string }[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const value: unknown = pair.key.value;
        const id = `${typeof value}:${String(value)}`;
        if (!seen.has(id)) {
          seen.add(id);
          continue;
        }
        const offset = pair.key.range?.[0];
        found.push({
          line: offset === undefined ? undefined : lines.linePos(offset).line,
          message: `YAML syntax error: Map keys must be unique (the key '${String(value)}' appears twice). Fix the file's YAML; nothing from it was read.`,
        });
      }
    },
  });
  return found;
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Keys that collide in some forms and not in others: a number written two ways, a boolean and
// its quoted text, null written three ways.
const KEYS = ['a', 'b', 'c', '1', '1.0', '0x1', 'true', '"true"', '~', 'null', '""', "'a'", 'K'];

function mapping(next: () => number, depth: number, indent: string): string {
  const size = next() < 0.3 ? 9 + Math.floor(next() * 6) : 1 + Math.floor(next() * 6);
  const lines: string[] = [];
  for (let i = 0; i < size; i++) {
    const key = KEYS[Math.floor(next() * KEYS.length)]!;
    const roll = next();
    if (depth > 0 && roll < 0.25)
      lines.push(`${indent}${key}:\n${mapping(next, depth - 1, `${indent}  `)}`);
    else if (depth > 0 && roll < 0.4)
      lines.push(`${indent}${key}:\n${indent}  - ${flow(next, depth - 1)}\n${indent}  - x`);
    else if (depth > 0 && roll < 0.45)
      // A sequence of pairs (not mappings): what a mapping inside one holds is checked too.
      lines.push(
        `${indent}${key}: !!pairs\n${indent}  - k: ${flow(next, depth - 1)}\n${indent}  - k: v`,
      );
    else if (roll < 0.5) lines.push(`${indent}? [${flow(next, depth)}]\n${indent}: v`);
    else lines.push(`${indent}${key}: ${roll < 0.7 ? flow(next, depth - 1) : 'v'}`);
  }
  return lines.join('\n');
}

function flow(next: () => number, depth: number): string {
  const n = 1 + Math.floor(next() * 4);
  const keys = Array.from({ length: n }, () => KEYS[Math.floor(next() * KEYS.length)]!);
  if (depth > 0 && next() < 0.3)
    return `{${keys.map((k) => `${k}: ${flow(next, depth - 1)}`).join(', ')}}`;
  // A flow sequence of single pairs: each a mapping of its own.
  if (next() < 0.3) return `[${keys.map((k) => `${k}: 1`).join(', ')}]`;
  return `{${keys.map((k) => `${k}: 1`).join(', ')}}`;
}

describe('duplicateKeyErrors', () => {
  it('finds what the library walk finds, in its order, on random documents', () => {
    const next = random(24);
    let reported = 0;
    for (let round = 0; round < 400; round++) {
      const text = mapping(next, 3, '');
      const lines = new LineCounter();
      const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false });
      for (const doc of Array.isArray(docs) ? docs : []) {
        if (doc.errors.length > 0) continue;
        const expected = byVisit(doc, lines);
        expect(duplicateKeyErrors(doc, lines), text).toEqual(expected);
        reported += expected.length;
      }
    }
    // The documents held duplicates, in small and large mappings alike.
    expect(reported).toBeGreaterThan(400);
  });

  it('reports a key each time it comes again, at its line, in a small mapping and a large one', () => {
    for (const filler of [[], ['d', 'e', 'f', 'g', 'h', 'i', 'j']]) {
      const text = [
        'a: 1',
        'b: 2',
        ...filler.map((k) => `${k}: 0`),
        'a: 3',
        '1: x',
        '1.0: y',
        'a: 4',
      ];
      const lines = new LineCounter();
      const [doc] = parseAllDocuments(text.join('\n'), { lineCounter: lines, uniqueKeys: false });
      const at = (n: number) => n + filler.length;
      expect(
        duplicateKeyErrors(doc as Document.Parsed, lines).map((f) => [
          f.line,
          /the key '([^']*)' appears twice/.exec(f.message)?.[1],
        ]),
      ).toEqual([
        [at(3), 'a'],
        [at(5), '1'],
        [at(6), 'a'],
      ]);
    }
  });
});
