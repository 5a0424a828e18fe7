import { describe, expect, it } from 'vitest';
import {
  boundedClusterTypePlan,
  diffListings,
  PLAN_PATHS_KEPT,
  plannedListing,
  planCounts,
} from '../gitops/plan.ts';
import { TRACKING_FILE } from '../gitops/tree.ts';
import { composedPlan } from './composed-plan.ts';
import { planMarkdown } from './messages.ts';

/**
 * Trees in memory: a tree id names a folder's listing (paths inside it). The base and the composed
 * tree are given as whole listings; `composedPlan` sees only their folders' ids and lists a folder
 * when asked, counting the folders it listed.
 */
function trees(gitopsPath: string, base: Record<string, string>, composed: Record<string, string>) {
  const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
  const byId = new Map<string, Map<string, string>>();
  const foldersOf = (files: Record<string, string>) => {
    const folders = new Map<string, Map<string, string>>();
    for (const [path, entry] of Object.entries(files)) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) continue;
      const folder = `${prefix}${rest.slice(0, slash)}`;
      const listing = folders.get(folder) ?? new Map<string, string>();
      listing.set(rest.slice(slash + 1), entry);
      folders.set(folder, listing);
    }
    const ids = new Map<string, string>();
    for (const [folder, listing] of folders) {
      const id = `tree:${JSON.stringify([...listing].sort())}`;
      byId.set(id, listing);
      ids.set(folder, id);
    }
    return ids;
  };
  const baseFolders = foldersOf(base);
  const baseEntries = new Map<string, string>();
  for (const [path, entry] of Object.entries(base)) {
    const rest = path.slice(prefix.length);
    if (path.startsWith(prefix) && !rest.includes('/')) baseEntries.set(path, entry);
  }
  for (const [folder, id] of baseFolders) baseEntries.set(folder, `040000 ${id}`);
  const listed: string[] = [];
  return {
    baseEntries,
    folders: foldersOf(composed),
    listed,
    listTree(treeId: string) {
      listed.push(treeId);
      return Promise.resolve(byId.get(treeId)!);
    },
  };
}

const file = (text: string) => `100644 ${text}`;

describe('composedPlan', () => {
  it('is the plan of the whole listings, listing only the folders whose tree changed', async () => {
    const base = {
      'README.md': file('readme'),
      'clusters/keep.txt': file('kept'),
      'clusters/.flux/config.yaml': file('flux'),
      'clusters/same/README.md': file('same'),
      'clusters/same/t1/reconciler.yaml': file('s1'),
      'clusters/edit/README.md': file('edit'),
      'clusters/edit/t1/reconciler.yaml': file('e1'),
      'clusters/edit/gone/reconciler.yaml': file('e2'),
      'clusters/old/t9/reconciler.yaml': file('o9'),
      [TRACKING_FILE]: file('c1'),
    };
    const composed = {
      'clusters/same/README.md': file('same'),
      'clusters/same/t1/reconciler.yaml': file('s1'),
      'clusters/edit/README.md': file('edit'),
      'clusters/edit/t1/reconciler.yaml': file('e1 changed'),
      'clusters/edit/t2/namespace.yaml': file('e3'),
      'clusters/new/README.md': file('new'),
      'clusters/new/t1/reconciler.yaml': file('n1'),
    };
    const memory = trees('clusters', base, composed);
    const { plan, removeFolders } = await composedPlan({
      gitopsPath: 'clusters',
      baseEntries: memory.baseEntries,
      folders: memory.folders,
      own: new Map([[TRACKING_FILE, { before: file('c1'), after: file('c2') }]]),
      listTree: (id) => memory.listTree(id),
    });
    const before = new Map(Object.entries(base));
    const after = plannedListing(
      before,
      new Map([...Object.entries(composed), [TRACKING_FILE, file('c2')]]),
      'clusters',
    );
    const whole = diffListings(before, after, 'clusters');
    expect({ ...plan, counts: undefined, clusterTypes: [] }).toEqual({
      ...whole,
      counts: undefined,
      clusterTypes: [],
    });
    expect(plan.clusterTypes).toEqual(whole.clusterTypes.map(boundedClusterTypePlan));
    expect(plan.clusterTypes.map((c) => c.clusterType)).toEqual(['edit', 'new', 'old']);
    expect(planCounts(plan)).toEqual(planCounts(whole));
    expect(plan.promoted).toBe(true);
    expect(removeFolders).toEqual(['clusters/old']);
    // 'same' kept its tree id: never listed. 'edit' twice (base and composed), 'new' and 'old' once.
    expect(memory.listed).toHaveLength(4);
    expect(memory.listed.some((id) => id.includes('s1'))).toBe(false);
  });

  it('keeps the first paths of each list and counts the rest; the plan markdown is the same', async () => {
    const composed: Record<string, string> = {};
    for (let t = 0; t < 150; t++)
      for (const name of ['a', 'b'])
        composed[`${name}/t${String(t).padStart(3, '0')}/reconciler.yaml`] = file(`${name}${t}`);
    const memory = trees('', {}, composed);
    const { plan } = await composedPlan({
      gitopsPath: '',
      baseEntries: memory.baseEntries,
      folders: memory.folders,
      own: new Map([[TRACKING_FILE, { before: undefined, after: file('c1') }]]),
      listTree: (id) => memory.listTree(id),
    });
    const whole = diffListings(
      new Map(),
      new Map([...Object.entries(composed), [TRACKING_FILE, file('c1')]]),
      '',
    );
    expect(plan.added).toHaveLength(PLAN_PATHS_KEPT);
    expect(plan.added).toEqual(whole.added.slice(0, PLAN_PATHS_KEPT));
    expect(planCounts(plan)).toEqual({ added: 301, changed: 0, removed: 0 });
    // Each cluster type's targets: the first ten kept, all counted.
    expect(plan.clusterTypes.map((c) => [c.assignmentsAdded.length, c.counts])).toEqual([
      [10, { assignmentsAdded: 150, assignmentsRemoved: 0, assignmentsChanged: 0 }],
      [10, { assignmentsAdded: 150, assignmentsRemoved: 0, assignmentsChanged: 0 }],
    ]);
    expect(plan.clusterTypes[0]!.assignmentsAdded).toEqual(
      whole.clusterTypes[0]!.assignmentsAdded.slice(0, 10),
    );
    // What the pull request body and the summary show is the same.
    expect(planMarkdown(plan)).toBe(planMarkdown(whole));
    expect(planMarkdown(plan)).toContain('and 140 more');
  });

  it('refuses a file of the base where the join writes a cluster-type folder', async () => {
    const memory = trees('', {}, { 'a/t1/reconciler.yaml': file('a') });
    await expect(
      composedPlan({
        gitopsPath: '',
        baseEntries: new Map([['a', file('not a folder')]]),
        folders: memory.folders,
        own: new Map(),
        listTree: (id) => memory.listTree(id),
      }),
    ).rejects.toThrow("The GitOps branch holds 'a' as '100644 not a folder'");
  });
});
