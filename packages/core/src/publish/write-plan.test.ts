import { describe, expect, it } from 'vitest';
import { writeStart } from './write-plan.ts';

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
