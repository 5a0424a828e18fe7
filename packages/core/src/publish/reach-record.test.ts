import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigCollector, clusterTypesReached } from '../config/index.ts';
import { plannedListing } from '../gitops/plan.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import {
  clusterTypeChange,
  editFiles,
  FLEET,
  mulberry32,
  mutations,
  type Mutation,
} from '../render/render-changes.test-support.ts';
import {
  renderEnvironment,
  renderScheduled,
  scheduleEnvironmentSources,
} from '../render/render-environment.ts';
import { formatRenderIndex, parseRenderIndex, renderIndexOf } from '../render/render-index.ts';
import { parseReachRecord } from '../render/reach-record.ts';
import type { EarlyGitOps } from './early-gitops.ts';
import { foldedDraft } from './folded-draft.ts';
import {
  foldedMemoryRepository,
  generatedListing,
  gitBlobId,
  gitTreeId,
  quiet,
} from './folded-gitops.test-support.ts';
import { memoryPullRequests } from './memory-gitops.test-support.ts';
import type { GitOpsRepository } from './ports.ts';
import { nextIndexText, readIndex, runReach } from './render-index-note.ts';
import { ChunkedNotes } from './chunked-notes.test-support.ts';

const encoder = new TextEncoder();

/** An index read that found no note: `runReach` then gives this run's record alone. */
const noIndex = {
  entries: new Map(),
  digest: (t: string) => createHash('sha256').update(t).digest('hex'),
  base: 'dev',
  treeId: undefined,
  text: undefined,
  complete: false,
};

/** Numbers the ConfigMaps the mutations add. */
let added = 0;

/**
 * Changes to ConfigMaps (values, selectors, platform labels; ConfigMaps added and removed, azure
 * ones among them) made in place or at the end of the file, so that no other object moves.
 */
function configMapMutations(random: () => number): Mutation[] {
  const pick = (n: number) => Math.floor(random() * n);
  const tag = () => `r${pick(1000)}`;
  const nth = (pattern: RegExp, to: (m: string) => string) => (text: string) => {
    const n = pick([...text.matchAll(pattern)].length);
    let i = 0;
    return text.replace(pattern, (m) => (i++ === n ? to(m) : m));
  };
  const cm = (name: string, labels: string, data: string) =>
    `\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  labels: {${labels}}\ndata:\n${data}`;
  const docs = (t: string) => t.split('\n---\n');
  return [
    {
      what: 'a value of a ConfigMap that selects a cluster type',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/KEY_[37]: value-\d+[^\n]*|EXTRA_\d+: [^\n]*/g, (m) => `${m}-${tag()}`),
        ),
    },
    {
      what: 'the cluster type a ConfigMap selects',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(
            /(?<=platform-config: "true", )cluster-type: ct-\d+/g,
            () => `cluster-type: ct-${pick(7)}`,
          ),
        ),
    },
    {
      what: 'a ConfigMap that selects a cluster type selects a region instead',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/(?<=platform-config: "true", )cluster-type: ct-\d+/g, () => `region: r${pick(3)}`),
        ),
    },
    {
      what: 'a ConfigMap that selects a cluster type stops being platform config',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(
            /platform-config: "true", cluster-type/g,
            () => 'platform-config: "no", cluster-type',
          ),
        ),
    },
    {
      what: 'a ConfigMap added at the end',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          (t) =>
            `${t}${cm(`extra-${++added}`, `platform-config: "true", cluster-type: ct-${pick(6)}`, `  EXTRA_${added}: ${tag()}\n  SHARED: extra-${added}\n`)}`,
        ),
    },
    {
      what: 'an azure ConfigMap added at the end',
      apply: (s) =>
        editFiles(s, 'controlPlane', (t) => {
          const global = random() < 0.3;
          const key = global ? 'AZ_KEY' : `cluster-type.ct-${pick(6)}.AZ_KEY`;
          return `${t}${cm(`azure-app-config-${++added}`, 'team: a', `  ${key}: ${tag()}\n`)}`;
        }),
    },
    {
      what: 'the last ConfigMap removed',
      apply: (s) =>
        editFiles(s, 'controlPlane', (t) => {
          const all = docs(t);
          const last = all.length - 1;
          return all[last]!.includes('kind: ConfigMap') &&
            /name: (extra|azure-app-config)-/.test(all[last]!)
            ? all.slice(0, last).join('\n---\n')
            : t;
        }),
    },
  ];
}

/**
 * One schedule run over the repository's state, as `renderAndPropose` wires it: the index read
 * (folded), the reach record, the render with or without `reached`, the draft, the commit and the
 * next note. `digests`: the SHA-256 computed (one per assignment keyed, and the record's).
 */
async function run(
  repo: ReturnType<typeof foldedMemoryRepository>,
  notes: ChunkedNotes,
  sources: EnvironmentSources,
  useReach: boolean,
  build: string,
  gitopsPath = '',
) {
  let digests = 0;
  const repository: GitOpsRepository = {
    ...repo.repository,
    renderIndex: {
      read: (_base, treeId) => Promise.resolve(notes.get(treeId)),
      chunks: (_base, ids) => Promise.resolve(notes.texts(ids)),
      write: () => Promise.resolve(false),
      digest: (text) => {
        digests++;
        return createHash('sha256').update(text).digest('hex');
      },
    },
  };
  const early: EarlyGitOps = {
    repository: 'acme/gitops',
    base: 'dev',
    gitopsPath,
    reading: Promise.resolve(),
    opened: () => Promise.resolve({ repository, pullRequests: memoryPullRequests().service }),
  };
  const scheduled = scheduleEnvironmentSources(sources);
  // With the reach map, as `renderAndPropose` wires it: the cluster types no change reaches and
  // whose chunks the note names are kept whole.
  let reach: ReturnType<typeof runReach> | undefined;
  const reachOf = (read: Parameters<typeof runReach>[0]) =>
    (reach ??= runReach(read, scheduled.view, quiet, build));
  const assignments = new Map<string, number>();
  for (const { clusterType } of scheduled.assignments)
    assignments.set(clusterType.name, (assignments.get(clusterType.name) ?? 0) + 1);
  const index = (await readIndex(
    early,
    'kalypso/dev',
    quiet,
    useReach ? { reached: (read) => reachOf(read).reached, assignments } : undefined,
  ))!;
  reach = reachOf(index);
  const whole = new Set([...(index.folded?.whole.values() ?? [])].map((w) => w.ref.clusterType));
  const outcome = renderScheduled(scheduled, {
    index: index.entries,
    digest: index.digest,
    ...(useReach && reach.reached ? { reached: reach.reached } : {}),
    ...(whole.size > 0 ? { whole } : {}),
  });
  if (!outcome.ok) return { failed: outcome.problems.map((p) => p.message), digests };
  const rendered = outcome.rendered;
  const draft = await foldedDraft(
    { rendered, base: 'dev', branch: 'kalypso/dev' },
    index.folded!,
    repository,
  );
  expect(draft).toBeDefined();
  const built = await draft!.build(() => 'message');
  return {
    reached: reach.reached,
    clusterTypes: scheduled.view.clusterTypes.length,
    plan: draft!.plan,
    treeId: built.treeId,
    commit: built.commit !== undefined,
    next: nextIndexText(
      rendered,
      { treeId: built.treeId, files: draft!.files! },
      reach.record,
      index,
    )!.text,
    whole: whole.size,
    wholeChunks: [...(index.folded?.whole.values() ?? [])].map((w) => w.ref.id),
    digests,
  };
}

/** The fleet rendered into `gitopsPath` (its GitOpsRepo's spec.path). */
function atPath(sources: EnvironmentSources, gitopsPath: string): EnvironmentSources {
  return editFiles(sources, 'controlPlane', (t) =>
    t.replace(/path: \.\}/, `path: ${gitopsPath === '' ? '.' : gitopsPath}}`),
  );
}

/** A note's record and entries, its chunks read (the order of its lines aside). */
function noteOf(notes: ChunkedNotes, text: string) {
  const full = notes.expand(text);
  return {
    record: parseReachRecord(full)?.text,
    entries: [...parseRenderIndex(full)]
      .map(([folder, { key, files }]) => `${folder} ${key} ${[...files].join(' ')}`)
      .sort(),
  };
}

describe('the reach record', () => {
  it('gives the cluster types a ConfigMap may reach, as the collector decides (random)', () => {
    const random = mulberry32(20261127);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const names = ['ct-a', 'ct-b', 'ct-c'];
    const labelKeys = [
      'cluster-type',
      'region',
      'platform-config',
      'workload',
      'deployment-target',
    ];
    for (let i = 0; i < 400; i++) {
      const labels: Record<string, string> = {};
      for (const key of labelKeys)
        if (random() < 0.5)
          labels[key] = key === 'platform-config' ? pick(['true', 'no']) : pick([...names, 'r1']);
      const data: Record<string, string> = {};
      for (let k = Math.floor(random() * 3); k > 0; k--)
        data[random() < 0.5 ? `cluster-type.${pick(names)}.K${k}` : `region.r1.K${k}`] = 'v';
      const cm = { name: random() < 0.5 ? 'azure-app-config-x' : 'plain', labels, data };
      const reach = clusterTypesReached(cm);
      const collector = new ConfigCollector([cm]);
      for (const name of names) {
        const clusterType = { name, labels: { region: 'r1', 'cluster-type': pick(names) } };
        // Named (or any): the collector may reach it; not named: it never does.
        if (!collector.mayReach(clusterType)) expect(reach?.includes(name) ?? false).toBe(false);
        if (reach !== undefined && !reach.includes(name))
          expect(collector.mayReach(clusterType)).toBe(false);
      }
    }
  });

  it('reads back as written, and a malformed record is none', () => {
    const scheduled = scheduleEnvironmentSources(FLEET);
    const { record } = runReach(noIndex, scheduled.view, quiet, 'build-1');
    expect(record).toMatch(/^:inputs [0-9a-f]{64}\n(:configmap .*\n){8}$/);
    const text = formatRenderIndex(new Map(), record);
    expect(parseReachRecord(text)?.text).toBe(record);
    expect(parseRenderIndex(text).size).toBe(0);
    expect(
      parseReachRecord(text.replace(':configmap ["config-001"', ':configmap ["config-000"')),
    ).toBeUndefined();
    expect(parseReachRecord(text.replace(/:inputs [0-9a-f]/, ':inputs X'))).toBeUndefined();
    expect(parseReachRecord(text.replace('["ct-3"]', '[3]'))).toBeUndefined();
  });

  it('keys only what a ConfigMap change may reach: the same trees, plans and next notes as keying everything', async () => {
    const random = mulberry32(20261127);
    const pick = (n: number) => Math.floor(random() * n);
    const counts = {
      reached: 0,
      everything: 0,
      fewerKeys: 0,
      failed: 0,
      whole: 0,
      wholeBelowPath: 0,
      branchNote: 0,
    };
    for (let chain = 0; chain < 10; chain++) {
      // Every other chain below a spec.path: the chunks are named by the folder's last segment.
      const gitopsPath = chain % 2 === 0 ? '' : 'clusters/prod';
      let sources = atPath(FLEET, gitopsPath);
      let build = 'build-1';
      const repo = foldedMemoryRepository();
      const notes = new ChunkedNotes();
      const first = renderEnvironment(sources, { keys: true });
      if (!first.ok) throw new Error('the fleet does not render');
      const blob = (text: string) => `100644 ${gitBlobId(encoder.encode(text))}`;
      const start = new Map([
        ['README.md', blob('# GitOps\n')],
        ...generatedListing(first.rendered),
      ]);
      // The first note is of the old format: no reach record (every assignment keyed).
      repo.setBranch('dev', start);
      notes.set(gitTreeId(start), formatRenderIndex(renderIndexOf(first.rendered.keys!, start)));
      for (let step = 0; step < 8; step++) {
        const onlyConfigMaps = random() < 0.7;
        const all = onlyConfigMaps ? configMapMutations(random) : mutations(random);
        for (let i = pick(3) + (onlyConfigMaps ? 1 : 0); i > 0; i--)
          sources = all[pick(all.length)]!.apply(sources);
        if (!onlyConfigMaps && random() < 0.25)
          sources = clusterTypeChange(random)[pick(2)]!(sources);
        const full = renderEnvironment(sources);
        // Now and then a new build of the action: its first run keys everything.
        if (random() < 0.1) build = `build-${chain}-${step}`;
        const everything = await run(repo, notes, sources, false, build, gitopsPath);
        const readBefore = notes.read.length;
        const reached = await run(repo, notes, sources, true, build, gitopsPath);
        if ('failed' in everything || 'failed' in reached) {
          expect(reached).toEqual(everything);
          counts.failed++;
          continue;
        }
        // A full render without any index writes this tree.
        if (!full.ok) throw new Error('the full render failed where the run did not');
        const truth = gitTreeId(
          plannedListing(
            repo.trees.get(repo.tip('dev')!.treeId)!,
            generatedListing(full.rendered),
            gitopsPath,
          ),
        );
        expect(reached.treeId).toBe(truth);
        expect(everything.treeId).toBe(truth);
        expect(reached.plan).toEqual(everything.plan);
        expect(reached.commit).toBe(everything.commit);
        // The same next note, its kept chunks read.
        expect(noteOf(notes, reached.next)).toEqual(noteOf(notes, everything.next));
        if (reached.whole > 0) counts.whole++;
        if (reached.whole > 0 && gitopsPath !== '') counts.wholeBelowPath++;
        // The chunks of the cluster types kept whole are never read.
        const read = new Set(notes.read.slice(readBefore));
        expect(reached.wholeChunks.filter((id) => read.has(id))).toEqual([]);
        if (reached.reached === undefined) counts.everything++;
        else counts.reached++;
        if (reached.digests < everything.digests) counts.fewerKeys++;
        // Merged, or left open on the base head with its note.
        notes.set(reached.treeId, reached.next);
        const listing = repo.trees.get(reached.treeId)!;
        if (random() < 0.5) {
          repo.setBranch('dev', listing, repo.tip('dev')!.head);
          repo.branches.delete('kalypso/dev');
        } else if (reached.treeId !== repo.tip('dev')!.treeId) {
          repo.setBranch('kalypso/dev', listing, repo.tip('dev')!.head);
          // Now and then the base's tree has no note: the next run reads the pull request
          // branch's, whose folders the base does not all hold (those are never kept whole).
          if (random() < 0.5) {
            notes.delete(repo.tip('dev')!.treeId);
            counts.branchNote++;
          }
        }
      }
    }
    expect(counts.reached).toBeGreaterThan(5);
    expect(counts.everything).toBeGreaterThan(5);
    expect(counts.fewerKeys).toBeGreaterThan(5);
    expect(counts.whole).toBeGreaterThan(5);
    expect(counts.branchNote).toBeGreaterThan(2);
    expect(counts.wholeBelowPath).toBeGreaterThan(2);
  });

  it('forged, holds folders back at the blob ids the tree holds, never puts new content in', async () => {
    const repo = foldedMemoryRepository();
    const notes = new ChunkedNotes();
    const first = renderEnvironment(FLEET, { keys: true });
    if (!first.ok) throw new Error('the fleet does not render');
    const start = new Map(generatedListing(first.rendered));
    repo.setBranch('dev', start);
    const changed = editFiles(FLEET, 'controlPlane', (t) =>
      t.replace('KEY_3: value-3\n', 'KEY_3: forged\n'),
    );
    const record = (sources: EnvironmentSources) =>
      runReach(noIndex, scheduleEnvironmentSources(sources).view, quiet, 'build-1').record;
    const keys = renderIndexOf(first.rendered.keys!, start);
    // Honest: the record of the render that made the keys; ct-3's folders are rendered.
    notes.set(gitTreeId(start), formatRenderIndex(keys, record(FLEET)));
    const honest = await run(repo, notes, changed, true, 'build-1');
    // Forged: the record of the changed sources, as if nothing had changed since.
    notes.set(gitTreeId(start), formatRenderIndex(keys, record(changed)));
    const forged = await run(repo, notes, changed, true, 'build-1');
    if ('failed' in honest || 'failed' in forged) throw new Error('the runs failed');
    expect(honest.reached).toEqual(new Set(['ct-3']));
    expect(forged.reached).toEqual(new Set());
    const honestTree = repo.trees.get(honest.treeId)!;
    const forgedTree = repo.trees.get(forged.treeId)!;
    const ct3 = [...honestTree].filter(([path]) => path.startsWith('ct-3/'));
    expect(ct3.some(([path, entry]) => start.get(path) !== entry)).toBe(true);
    // Every file the forged run proposes is one the tree already held, at that path.
    for (const [path, entry] of forgedTree) expect(start.get(path)).toBe(entry);
    expect(forged.treeId).toBe(gitTreeId(start));
  });
});
