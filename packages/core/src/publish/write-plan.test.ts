import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../render/render-changes.test-support.ts';
import { changesFrom, sameListing, writeStart } from './write-plan.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('writeStart', () => {
  const after = new Map([
    ['README.md', '100644 aaa'],
    ['c/t/reconciler.yaml', '100644 kept'],
    ['c/t/config.yaml', '100644 new'],
  ]);
  const generated = new Map([['c/t/config.yaml', bytes('new')]]);

  it("starts from the branch when the base lacks an entry only the branch's index gave", () => {
    const base = { treeId: 'B', files: new Map([['README.md', '100644 aaa']]) };
    const branch = {
      treeId: 'R',
      files: new Map([
        ['README.md', '100644 aaa'],
        ['c/t/reconciler.yaml', '100644 kept'],
        ['c/t/config.yaml', '100644 old'],
        ['c/t/gone.yaml', '100644 gone'],
      ]),
    };
    const start = writeStart(base, branch, after, generated);
    expect(start?.treeId).toBe('R');
    expect([...start!.changes.keys()].sort()).toEqual(['c/t/config.yaml', 'c/t/gone.yaml']);
    expect(start!.changes.get('c/t/gone.yaml')).toBeNull();
  });

  it('starts from the base when it needs no more changes than the branch', () => {
    const base = {
      treeId: 'B',
      files: new Map([
        ['README.md', '100644 aaa'],
        ['c/t/reconciler.yaml', '100644 kept'],
      ]),
    };
    const start = writeStart(base, { treeId: 'R', files: new Map() }, after, generated);
    expect(start?.treeId).toBe('B');
    expect([...start!.changes.keys()]).toEqual(['c/t/config.yaml']);
  });

  it('gives nothing when neither tree holds an entry that was not generated', () => {
    const empty = { treeId: 'E', files: new Map<string, string>() };
    expect(writeStart(empty, undefined, after, generated)).toBeUndefined();
    expect(writeStart(empty, empty, after, generated)).toBeUndefined();
  });
});

describe('a listed tail (files taken from a listing as it holds them) changes no answer', () => {
  const random = mulberry32(11);
  /** A listing, and a planned one: some entries changed, added or left out, then a tail from it. */
  function listings() {
    const from = new Map<string, string>();
    const count = Math.floor(random() * 30);
    for (let i = 0; i < count; i++)
      from.set(`c/t${Math.floor(random() * 40)}/f`, `100644 ${i % 3}`);
    const after = new Map<string, string>();
    const generated = new Map<string, Uint8Array>();
    const taken: string[] = [];
    for (const [path, entry] of from) {
      const roll = random();
      if (roll < 0.4) taken.push(path);
      else if (roll < 0.6) after.set(path, entry);
      else if (roll < 0.8) {
        after.set(path, '100644 new');
        if (random() < 0.9) generated.set(path, bytes('new'));
      }
    }
    for (let i = 0; i < 3; i++)
      if (random() < 0.5) {
        after.set(`c/added${i}/f`, '100644 added');
        generated.set(`c/added${i}/f`, bytes('added'));
      }
    for (const path of taken) after.set(path, from.get(path)!);
    return { from, after, generated, tail: { from, count: taken.length } };
  }

  it('sameListing, changesFrom and writeStart answer as without it', () => {
    for (let round = 0; round < 500; round++) {
      const { from, after, generated, tail } = listings();
      expect(sameListing(from, after, tail)).toBe(sameListing(from, after));
      const other = new Map(from);
      expect(sameListing(other, after, tail)).toBe(sameListing(other, after));
      expect(changesFrom(from, after, generated, tail)).toEqual(
        changesFrom(from, after, generated),
      );
      const base = { treeId: 'B', files: new Map([...from].slice(0, 3)) };
      const branch = { treeId: 'R', files: from };
      expect(writeStart(base, branch, after, generated, tail)).toEqual(
        writeStart(base, branch, after, generated),
      );
    }
    // The same listing with its whole self as the tail.
    const { from } = listings();
    const same = new Map(from);
    expect(sameListing(from, same, { from, count: same.size })).toBe(true);
  });
});
