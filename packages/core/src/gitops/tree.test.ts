import { describe, expect, it } from 'vitest';
import { cleanGitOpsPath } from '../model/gitops-path.ts';
import { diffTrees } from './plan.ts';
import {
  applyGeneratedFiles,
  clusterTypeOfPath,
  isOwnedPath,
  normaliseGitOpsPath,
  unsafeTreePathReason,
} from './tree.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const tree = (o: Record<string, string>) =>
  new Map(Object.entries(o).map(([k, v]) => [k, bytes(v)]));

describe('GitOps tree ownership (docs/decisions/output-ownership.md)', () => {
  it.each([
    ['.', ''],
    ['./', ''],
    ['./clusters/dev/', 'clusters/dev'],
    ['clusters/dev', 'clusters/dev'],
    ['clusters//dev', 'clusters/dev'],
    ['x/../y', 'y'],
    ['a/./b/../../c/', 'c'],
    ['x/..', ''],
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
      'handbook/notes.md': 'human folder',
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
      removed: ['handbook/notes.md', 'large/prometheus/config.yaml'],
      promoted: true,
      clusterTypes: [
        {
          clusterType: 'handbook',
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

describe('clusterTypeOfPath: the cluster type a Flux kustomization deploys', () => {
  it.each([
    ['./drone', '', 'drone'],
    ['drone/checkout-dev', '', 'drone'],
    ['/drone/', '', 'drone'],
    ['./clusters/drone/checkout', 'clusters', 'drone'],
    ['./clusters//drone', './clusters/', 'drone'],
    ['./other/drone', 'clusters', undefined],
    ['./clusters', 'clusters', undefined],
    ['.', '', undefined],
    ['../drone', '', undefined],
  ])('%s under %j is %s', (path, gitopsPath, clusterType) => {
    expect(clusterTypeOfPath(path, gitopsPath)).toBe(clusterType);
  });
});

describe('spec.path cleaning and the tree boundary', () => {
  it.each([
    ['../up', 'leaves the GitOps repository'],
    ['a/../../up', 'leaves the GitOps repository'],
    ['..', 'leaves the GitOps repository'],
    ['/abs', 'is absolute'],
    ['.git', "points into '.git'"],
    ['x/.GIT/y', "points into '.git'"],
    ['a\u0000b', 'control character'],
    ['.github/workflows', "starts with the folder '.github'"],
    ['./.flux', "starts with the folder '.flux'"],
    ['.hidden', "starts with the folder '.hidden'"],
  ])("refuses spec.path '%s'", (input, reason) => {
    const result = cleanGitOpsPath(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
    expect(() => normaliseGitOpsPath(input)).toThrow(reason);
  });

  it.each([
    ['.', ''],
    ['./clusters//dev/', 'clusters/dev'],
    ['clusters/.github', 'clusters/.github'],
    ['..x/dev', undefined],
  ])(
    "accepts spec.path '%s' as '%s' (a dot-folder below the root is the user's)",
    (input, path) => {
      const result = cleanGitOpsPath(input);
      if (path === undefined) expect(result.ok).toBe(false);
      else expect(result).toEqual({ ok: true, path });
    },
  );

  it.each([
    ['drone/app-api/reconciler.yaml', undefined],
    ['../outside/reconciler.yaml', "the path has a '..' segment"],
    ['drone/../../x', "the path has a '..' segment"],
    ['/etc/passwd', 'the path is absolute'],
    ['drone//x', "the path has a '' segment"],
    ['.git/hooks/pre-commit', "the path has a '.git' segment"],
    ['drone/a\\b', 'the path holds a control character or a backslash'],
  ])('%s is unsafe: %s', (path, reason) => expect(unsafeTreePathReason(path)).toBe(reason));

  it('refuses to apply a planned path outside the tree, naming it, and builds nothing', () => {
    const before = tree({ 'README.md': 'root' });
    const generated = tree({
      'drone/README.md': 'r',
      'drone/../../../tmp/pwned/reconciler.yaml': 'x',
    });
    expect(() => applyGeneratedFiles(before, generated, '')).toThrow(
      "refusing to write outside the GitOps tree: 'drone/../../../tmp/pwned/reconciler.yaml' (the path has a '..' segment)",
    );
  });
});
