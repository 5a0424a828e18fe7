// The listing and path helpers made for large fleets (docs/decisions/incremental-render.md) give
// what the plain versions they replaced gave: each is compared, on random inputs, with that plain
// version written out here.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../render/render-changes.test-support.ts';
import { diffListings, type Plan } from './plan.ts';
import { isOwnedPath, isSafeTreePath, TRACKING_FILE, unsafeTreePathReason } from './tree.ts';

/** The path check as it was: a regular expression and a split. */
function plainUnsafeReason(path: string): string | undefined {
  if (path === '') return 'the path is empty';
  if (path.startsWith('/')) return 'the path is absolute';
  if (/[\u0000-\u001f\u007f\\]/.test(path))
    return 'the path holds a control character or a backslash';
  for (const part of path.split('/')) {
    if (part === '' || part === '.' || part === '..') return `the path has a '${part}' segment`;
    if (part.toLowerCase() === '.git') return "the path has a '.git' segment";
  }
  return undefined;
}

function plainIsOwned(path: string, gitopsPath: string): boolean {
  let rest = path;
  if (gitopsPath !== '') {
    if (!path.startsWith(`${gitopsPath}/`)) return false;
    rest = path.slice(gitopsPath.length + 1);
  }
  const slash = rest.indexOf('/');
  return slash > 0 && !rest.startsWith('.');
}

/** The plan as it was made: every path split into its segments. */
function plainDiff(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  gitopsPath: string,
): Plan {
  const ownedParts = (path: string) => {
    if (!plainIsOwned(path, gitopsPath)) return undefined;
    const rest = gitopsPath === '' ? path : path.slice(gitopsPath.length + 1);
    return rest.split('/') as [string, ...string[]];
  };
  const folders = (tree: ReadonlyMap<string, string>) => {
    const out = new Map<string, Set<string>>();
    for (const path of tree.keys()) {
      const parts = ownedParts(path);
      if (!parts || parts.length < 3) continue;
      const set = out.get(parts[0]) ?? new Set<string>();
      set.add(parts[1]!);
      out.set(parts[0], set);
    }
    return out;
  };
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const [path, value] of after) {
    const old = before.get(path);
    if (old === undefined) added.push(path);
    else if (old !== value) changed.push(path);
  }
  for (const path of before.keys()) if (!after.has(path)) removed.push(path);
  added.sort();
  changed.sort();
  removed.sort();
  const foldersBefore = folders(before);
  const foldersAfter = folders(after);
  const touchedByType = new Map<string, Set<string>>();
  const filesByType = new Map<string, number>();
  for (const path of [...added, ...changed, ...removed]) {
    const parts = ownedParts(path);
    if (!parts) continue;
    filesByType.set(parts[0], (filesByType.get(parts[0]) ?? 0) + 1);
    if (parts.length > 2) {
      const set = touchedByType.get(parts[0]) ?? new Set<string>();
      set.add(parts[1]!);
      touchedByType.set(parts[0], set);
    }
  }
  const types = new Set([...foldersBefore.keys(), ...foldersAfter.keys(), ...filesByType.keys()]);
  const clusterTypes = [];
  for (const clusterType of [...types].sort()) {
    const was = foldersBefore.get(clusterType) ?? new Set<string>();
    const now = foldersAfter.get(clusterType) ?? new Set<string>();
    const files = filesByType.get(clusterType) ?? 0;
    if (files === 0) continue;
    const touched = touchedByType.get(clusterType) ?? new Set<string>();
    clusterTypes.push({
      clusterType,
      assignmentsAdded: [...now].filter((t) => !was.has(t)).sort(),
      assignmentsRemoved: [...was].filter((t) => !now.has(t)).sort(),
      assignmentsChanged: [...touched].filter((t) => was.has(t) && now.has(t)).sort(),
      filesChanged: files,
    });
  }
  const promoted = added.includes(TRACKING_FILE) || changed.includes(TRACKING_FILE);
  return { added, changed, removed, promoted, clusterTypes };
}

/** A random path from pieces that reach every rule (dots, `.git` in any case, odd characters). */
function randomPath(random: () => number, pieces: readonly string[], segments: number): string {
  const parts: string[] = [];
  const count = 1 + Math.floor(random() * segments);
  for (let i = 0; i < count; i++) {
    let part = '';
    const length = Math.floor(random() * 3);
    for (let j = 0; j < length; j++) part += pieces[Math.floor(random() * pieces.length)]!;
    parts.push(part);
  }
  return (random() < 0.05 ? '/' : '') + parts.join('/') + (random() < 0.05 ? '/' : '');
}

const ODD = [
  'a',
  'b',
  '.',
  '..',
  '.git',
  '.GiT',
  'git',
  'İ',
  'K',
  '\\',
  '\u0000',
  '\u001f',
  '\u007f',
  ' ',
  'é',
  '\uD800',
];

describe('isSafeTreePath', () => {
  it('says what the plain check says, on random paths', () => {
    const random = mulberry32(20261126);
    for (let i = 0; i < 20_000; i++) {
      const path = randomPath(random, ODD, 5);
      expect(isSafeTreePath(path), JSON.stringify(path)).toBe(
        plainUnsafeReason(path) === undefined,
      );
      expect(unsafeTreePathReason(path), JSON.stringify(path)).toBe(plainUnsafeReason(path));
    }
  });

  it.each([
    '',
    '/',
    'a/',
    '/a',
    'a//b',
    '.',
    '..',
    'a/./b',
    'a/../b',
    '.git',
    'x/.GIT',
    'a\\b',
    'a\u007fb',
  ])('%j is not safe', (path) => expect(isSafeTreePath(path)).toBe(false));

  it.each(['a', 'a/b', '.github/x', 'a/.gitx', 'a/...', 'a/.gi', 'é/İ'])('%j is safe', (path) =>
    expect(isSafeTreePath(path)).toBe(true),
  );
});

describe('isOwnedPath and the plan of two listings', () => {
  const random = mulberry32(7);
  const pieces = ['c', 'd', 't', '.', 'x.yaml', 'README.md'];

  it('own what the plain rule owns', () => {
    for (const gitopsPath of ['', 'c', 'c/d', '.']) {
      for (let i = 0; i < 5_000; i++) {
        const path = randomPath(random, pieces, 5);
        expect(isOwnedPath(path, gitopsPath), `${gitopsPath}: ${path}`).toBe(
          plainIsOwned(path, gitopsPath),
        );
      }
    }
  });

  it('plans what the plain diff plans, on random listings', () => {
    const entry = () => `100644 ${Math.floor(random() * 3)}`;
    for (const gitopsPath of ['', 'c', 'c/d']) {
      for (let round = 0; round < 200; round++) {
        const before = new Map<string, string>();
        const after = new Map<string, string>();
        const count = Math.floor(random() * 40);
        for (let i = 0; i < count; i++) {
          // Mostly under spec.path, grouped in folders; sometimes elsewhere or the tracking file.
          const path =
            random() < 0.05
              ? TRACKING_FILE
              : `${random() < 0.8 && gitopsPath !== '' ? `${gitopsPath}/` : ''}${randomPath(random, pieces, 4)}`;
          if (random() < 0.7) before.set(path, entry());
          if (random() < 0.7) after.set(path, entry());
        }
        expect(diffListings(before, after, gitopsPath)).toEqual(
          plainDiff(before, after, gitopsPath),
        );
        // Entries of `before` appended as they are (a listed tail) change nothing either.
        const withTail = new Map(after);
        let tail = 0;
        for (const [path, entry] of before)
          if (!withTail.has(path) && random() < 0.5) {
            withTail.set(path, entry);
            tail++;
          }
        expect(diffListings(before, withTail, gitopsPath, { from: before, count: tail })).toEqual(
          plainDiff(before, withTail, gitopsPath),
        );
      }
    }
  });
});
