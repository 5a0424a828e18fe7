import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { plannedListing } from '../gitops/plan.ts';
import { README_TEXT } from '../gitops/tree.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import {
  clusterTypeChange,
  editFiles,
  FLEET,
  mulberry32,
  mutations,
} from '../render/render-changes.test-support.ts';
import { renderEnvironment } from '../render/render-environment.ts';
import { formatRenderIndex, renderIndexOf } from '../render/render-index.ts';
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
import { boundedPlan } from './noted-proposal.ts';
import type { GitOpsRepository } from './ports.ts';
import { listedDraft, type Draft } from './publish-draft.ts';
import { readIndex } from './render-index-note.ts';

const encoder = new TextEncoder();

/** The fleet rendered into `gitopsPath` (its GitOpsRepo's spec.path). */
function atPath(sources: EnvironmentSources, gitopsPath: string): EnvironmentSources {
  return editFiles(sources, 'controlPlane', (t) =>
    t.replace(/path: \.\}/, `path: ${gitopsPath === '' ? '.' : gitopsPath}}`),
  );
}

/** One run over the repository's state, through the listed or the folded read. */
async function run(
  repo: ReturnType<typeof foldedMemoryRepository>,
  notes: Map<string, string>,
  sources: EnvironmentSources,
  folded: boolean,
) {
  const { folders, ...plain } = repo.repository;
  const repository: GitOpsRepository = {
    ...(folded ? repo.repository : plain),
    ...(folded && folders ? { folders } : {}),
    renderIndex: {
      read: (_base, treeId) => Promise.resolve(notes.get(treeId)),
      write: () => Promise.resolve(false),
      digest: (text) => createHash('sha256').update(text).digest('hex'),
    },
  };
  const early: EarlyGitOps = {
    repository: 'acme/gitops',
    base: 'dev',
    gitopsPath: '',
    reading: Promise.resolve(),
    opened: () => Promise.resolve({ repository, pullRequests: memoryPullRequests().service }),
  };
  const rendering = renderEnvironment(sources, {});
  if (!rendering.ok) return undefined;
  const gitopsPath = rendering.rendered.gitopsPath;
  const index = (await readIndex({ ...early, gitopsPath }, 'kalypso/dev', quiet))!;
  const outcome = renderEnvironment(sources, { index: index.entries, digest: index.digest });
  if (!outcome.ok) throw new Error('the render with the index failed where the full one did not');
  const rendered = outcome.rendered;
  const request = { rendered, base: 'dev', branch: 'kalypso/dev' };
  const calls = repo.calls.length;
  let draft: Draft | undefined;
  if (folded) {
    expect(index.folded).toBeDefined();
    draft = await foldedDraft(request, index.folded!, repository);
    expect(draft).toBeDefined();
  } else draft = await listedDraft(request, repository);
  const built = await draft!.build(() => 'message');
  const listed = repo.calls.slice(calls);
  return {
    full: rendering.rendered,
    taken: [...index.entries.keys()].sort(),
    proven: index.folded?.proven,
    plan: draft!.plan,
    treeId: built.treeId,
    commit: built.commit !== undefined,
    next: formatRenderIndex(renderIndexOf(rendered.keys!, draft!.files!)),
    listed,
    // How many cluster-type folders the commit kept whole (none said: no commit made).
    keptWhole: Number(
      (built.commit !== undefined &&
        /(\d+) cluster-type folders kept whole/.exec(built.said)?.[1]) ||
        0,
    ),
  };
}

describe('the folded draft composes the tree a full render writes', () => {
  it('over random chains of changes, a tampered folder listed and compared file by file', async () => {
    const random = mulberry32(20261126);
    const pick = (n: number) => Math.floor(random() * n);
    let kept = 0;
    let tampered = 0;
    for (let chain = 0; chain < 12; chain++) {
      const gitopsPath = chain % 2 === 0 ? '' : 'clusters/prod';
      const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
      let sources = atPath(FLEET, gitopsPath);
      const repo = foldedMemoryRepository();
      const notes = new Map<string, string>();
      const first = renderEnvironment(sources, { keys: true });
      if (!first.ok) throw new Error('the fleet does not render');
      const blob = (text: string) => `100644 ${gitBlobId(encoder.encode(text))}`;
      const start = new Map([
        ['README.md', blob('# GitOps\n')],
        [`${prefix}.flux/kustomization.yaml`, blob('kind: Kustomization\n')],
        [`${prefix}notes.txt`, blob('not the scheduler’s\n')],
        ...generatedListing(first.rendered),
      ]);
      const note = formatRenderIndex(renderIndexOf(first.rendered.keys!, start));
      if (chain % 4 < 2) repo.setBranch('dev', start);
      else {
        // The first proposal still open: the base holds none of the generated files.
        const outside = [...start].filter(([p]) => !first.rendered.files.has(p));
        repo.setBranch('kalypso/dev', start, repo.setBranch('dev', new Map(outside)));
      }
      notes.set(gitTreeId(start), note);
      for (let step = 0; step < 5; step++) {
        const all = mutations(random);
        for (let i = pick(3); i > 0; i--) sources = all[pick(all.length)]!.apply(sources);
        if (random() < 0.25) sources = clusterTypeChange(random)[pick(2)]!(sources);
        // The tree the note is read for (our open pull request's on the base head, else the
        // GitOps branch's) changed by hand under it: the stale note stays on its tree.
        let hurt: string | undefined;
        const baseTip = repo.tip('dev')!;
        const open =
          repo.tip('kalypso/dev')?.parents[0] === baseTip.head && !notes.has(baseTip.treeId);
        const noted = open ? repo.tip('kalypso/dev')! : baseTip;
        if (random() < 0.4) {
          const tree = new Map(repo.trees.get(noted.treeId)!);
          const owned = [...tree.keys()].filter(
            (p) =>
              p.startsWith(prefix) &&
              /^[^.]/.test(p.slice(prefix.length)) &&
              p.slice(prefix.length).includes('/'),
          );
          const victim = owned[pick(owned.length)]!;
          hurt = victim.slice(0, victim.indexOf('/', prefix.length));
          const kind = pick(3);
          if (kind === 0)
            tree.set(`${victim.slice(0, victim.lastIndexOf('/'))}/extra.yaml`, blob('extra\n'));
          else if (kind === 1) tree.set(victim, blob(`tampered ${step}\n`));
          else tree.delete(victim);
          const note = notes.get(noted.treeId);
          repo.setBranch(open ? 'kalypso/dev' : 'dev', tree, baseTip.head);
          if (note !== undefined) notes.set(gitTreeId(tree), note);
          tampered++;
        }
        const full = await run(repo, notes, sources, false);
        const folded = await run(repo, notes, sources, true);
        if (full === undefined || folded === undefined) {
          expect(folded).toEqual(full);
          continue;
        }
        // What a full render without any index writes, on the base's files not generated.
        const base = repo.trees.get(repo.tip('dev')!.treeId)!;
        const truth = gitTreeId(plannedListing(base, generatedListing(full.full), gitopsPath));
        expect(full.treeId).toBe(truth);
        expect(folded.treeId).toBe(truth);
        expect(folded.taken).toEqual(full.taken);
        expect(folded.plan).toEqual(boundedPlan(full.plan));
        expect(folded.commit).toBe(full.commit);
        expect(folded.next).toBe(full.next);
        expect(folded.listed).not.toContain('read every file');
        if (hurt !== undefined) expect(folded.proven?.has(hurt)).toBe(false);
        kept += folded.keptWhole;
        // Merged, or left open on the base head with its note.
        const proposed = folded.treeId;
        notes.set(proposed, folded.next);
        const listing = repo.trees.get(proposed)!;
        if (random() < 0.5) {
          repo.setBranch('dev', listing, repo.tip('dev')!.head);
          repo.branches.delete('kalypso/dev');
        } else if (proposed !== repo.tip('dev')!.treeId)
          repo.setBranch('kalypso/dev', listing, repo.tip('dev')!.head);
      }
    }
    expect(kept).toBeGreaterThan(0);
    expect(tampered).toBeGreaterThan(0);
  });

  it('fails, pushing nothing, when the render wrote into a folder it was to keep whole', async () => {
    const repo = foldedMemoryRepository();
    const first = renderEnvironment(FLEET, {});
    if (!first.ok) throw new Error('the fleet does not render');
    const start = new Map(generatedListing(first.rendered));
    repo.setBranch('dev', start);
    const read = await repo.repository.folders!.read('dev', 'kalypso/dev', '');
    const treeId = read.base!.folders.get('ct-1')!;
    const ref = { id: 'a'.repeat(40), entries: 1, clusterType: 'ct-1' };
    // A render that did not keep ct-1 whole (every assignment rendered) against an index that did.
    const folded = {
      gitopsPath: '',
      treeId: gitTreeId(start),
      proven: new Map(),
      whole: new Map([['ct-1', { treeId, ref }]]),
      readme: new Map([['README.md', gitBlobId(encoder.encode(README_TEXT))]]),
    };
    const calls = repo.calls.length;
    await expect(
      foldedDraft(
        { rendered: first.rendered, base: 'dev', branch: 'kalypso/dev' },
        folded,
        repo.repository,
      ),
    ).rejects.toThrow(
      /wrote into the folder 'ct-1' the render index kept whole; nothing was pushed\. Delete the notes ref refs\/notes\/kalypso-render\/dev/,
    );
    expect(repo.calls.slice(calls).filter((c) => /commit|push/.test(String(c)))).toEqual([]);
  });
});
