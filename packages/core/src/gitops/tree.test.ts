import { describe, expect, it } from 'vitest';
import { diffTrees } from './plan.ts';
import { applyGeneratedFiles, isOwnedPath, normaliseGitOpsPath } from './tree.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const tree = (o: Record<string, string>) =>
  new Map(Object.entries(o).map(([k, v]) => [k, bytes(v)]));

describe('GitOps tree ownership (D4)', () => {
  it.each([
    ['.', ''],
    ['./', ''],
    ['./clusters/dev/', 'clusters/dev'],
    ['clusters/dev', 'clusters/dev'],
  ])('normalises spec.path %s', (input, expected) =>
    expect(normaliseGitOpsPath(input)).toBe(expected),
  );

  it.each([
    ['drone/README.md', '', true],
    ['drone/app/reconciler.yaml', '', true],
    ['README.md', '', false],
    ['.github/tracking/Promoted_Commit_Id', '', false],
    ['clusters/dev/drone/README.md', 'clusters/dev', true],
    ['clusters/dev/README.md', 'clusters/dev', false],
    ['clusters/dev/.flux/x.yaml', 'clusters/dev', false],
    ['clusters/stage/drone/README.md', 'clusters/dev', false],
    ['infrastructure/x.yaml', 'clusters/dev', false],
  ])('%s under "%s" is owned: %s', (path, root, owned) =>
    expect(isOwnedPath(path, root)).toBe(owned),
  );

  it('replaces every owned file, keeps the rest, and plans per cluster type', () => {
    const before = tree({
      'README.md': 'root',
      '.github/workflows/check.yaml': 'wf',
      'large/README.md': 'r',
      'large/prometheus/config.yaml': 'stale',
      'large/prometheus/reconciler.yaml': 'old',
      'docs/notes.md': 'human folder',
    });
    const generated = tree({
      'large/README.md': 'r',
      'large/prometheus/reconciler.yaml': 'new',
      'large/orders/reconciler.yaml': 'x',
      '.github/tracking/Promoted_Commit_Id': 'abc',
    });
    const after = applyGeneratedFiles(before, generated, '');
    expect([...after.keys()].sort()).toEqual([
      '.github/tracking/Promoted_Commit_Id',
      '.github/workflows/check.yaml',
      'README.md',
      'large/README.md',
      'large/orders/reconciler.yaml',
      'large/prometheus/reconciler.yaml',
    ]);
    const plan = diffTrees(before, after, '');
    expect(plan).toEqual({
      added: ['.github/tracking/Promoted_Commit_Id', 'large/orders/reconciler.yaml'],
      changed: ['large/prometheus/reconciler.yaml'],
      removed: ['docs/notes.md', 'large/prometheus/config.yaml'],
      promoted: true,
      clusterTypes: [
        {
          clusterType: 'docs',
          assignmentsAdded: [],
          assignmentsRemoved: [],
          assignmentsChanged: [],
          filesChanged: 1,
        },
        {
          clusterType: 'large',
          assignmentsAdded: ['orders'],
          assignmentsRemoved: [],
          assignmentsChanged: ['prometheus'],
          filesChanged: 3,
        },
      ],
    });
  });
});
