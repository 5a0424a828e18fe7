// The cross-run render index through the committed schedule bundle against the local GitHub
// (docs/decisions/incremental-render.md): while the GitOps pull request is open, the next run reads
// the note on its branch's tree; after it is merged, the note on the GitOps branch's tree; either
// way it renders only what changed; the tree is the one a full
// render writes, the note is never in it, and a tampered note is ignored.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  applyGeneratedFiles,
  splitChunkRefs,
  withChunks,
  type RenderedEnvironment,
} from '@kalypso/core';
import { blobId, GitWorkspace } from '@kalypso/github';
import { defaultToken } from './support/github-server/server-state.ts';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  changeValue,
  FLEET_ENVIRONMENT,
  renderFleet,
  seedFleet,
  SMALL_FLEET,
  type SeededFleet,
} from './support/fleet-fixture.ts';
import { restOf } from './support/rest-seed.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const encoder = new TextEncoder();

describe('schedule with the render index', () => {
  let scratch: string;
  let fleet: SeededFleet;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'schedule-index-'));
    fleet = await seedFleet(github, SMALL_FLEET);
  }, 600_000);
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const schedule = (inputs: Record<string, string> = {}) =>
    runAction('schedule', {
      github: { url: github.url, repository: fleet.controlPlane, token, runId: '7' },
      inputs: { environment: FLEET_ENVIRONMENT, ...inputs },
    });

  const api = restOf(github, defaultToken);

  async function mergeOurPullRequest() {
    const pulls = (await api('GET', `/repos/${fleet.gitops}/pulls?state=open`)) as unknown as {
      number: number;
    }[];
    expect(pulls).toHaveLength(1);
    await api('PUT', `/repos/${fleet.gitops}/pulls/${pulls[0]!.number}/merge`, {
      merge_method: 'squash',
    });
  }

  let reads = 0;
  async function workspace() {
    return GitWorkspace.create(join(scratch, `read-${++reads}`), {
      url: `${github.url}/${fleet.gitops}.git`,
      token,
      repository: fleet.gitops,
      tokenInput: 'test',
    });
  }

  function expectedListing(rendered: RenderedEnvironment) {
    const before = new Map([['README.md', encoder.encode('# GitOps\n')]]);
    const after = applyGeneratedFiles(before, rendered.files, rendered.gitopsPath);
    return new Map([...after].map(([path, bytes]) => [path, `100644 ${blobId(bytes)}`]));
  }

  it('renders only what changed once the last proposal is merged, the tree as a full render', async () => {
    const first = await schedule();
    expect(first.exitCode, first.log).toBe(0);
    expect(first.log).toContain('No render index');
    expect(first.log).toContain('Noted the render index');

    // While the pull request is open, its branch's tree is noted. A run whose inputs are all
    // the same takes the last proposal whole (test/schedule-unchanged-inputs.int.test.ts); one
    // whose settings differ (a label) renders, takes every folder from that note, proposes the
    // same tree and writes no commit.
    const again = await schedule({ labels: 'rendered-again' });
    expect(again.exitCode, again.log).toBe(0);
    expect(again.log).toContain('differ from those of the last proposal');
    const fromBranch = /render index of the pull request branch '[^']+' holds (\d+) of (\d+)/.exec(
      again.log,
    );
    expect(fromBranch, again.log).not.toBeNull();
    expect(Number(fromBranch![1])).toBe(Number(fromBranch![2]));
    expect(Number(fromBranch![1])).toBe(renderFleet(fleet).assignments.length);
    expect(again.outputs['pull-request-operation']).toBe('none');
    expect(again.log).not.toContain('Pushed ');
    // Nothing but the run's settings changed: the note's reach record proves no assignment's key
    // changed, so none is keyed (docs/decisions/incremental-render.md, the per-source reach map).
    expect(again.log).toMatch(
      /Only ConfigMaps changed since the render the index describes: the assignments of 0 of \d+ cluster types/,
    );

    // A change while it is still open: the run renders from that note and writes on top of the
    // pull request branch's tree (the base holds none of the folders the note gave).
    fleet = await changeValue(github, fleet, { from: 'KEY_4: value-4\n', to: 'KEY_4: other\n' });
    const workloadRepos = fleet.sources.workloads.map(
      (w) => `${fleet.owner}/${w.files[0]!.path.split('/')[0]!}`,
    );
    const downloads = async () =>
      (
        await Promise.all(
          workloadRepos.map(async (r) =>
            (await github.state(r)).requests.filter(
              (q) =>
                q.route === 'Blob.text' || q.route === '/repos/{owner}/{repo}/git/blobs/{file_sha}',
            ),
          ),
        )
      ).flat().length;
    const downloadedBefore = await downloads();
    const open = await schedule();
    expect(open.exitCode, open.log).toBe(0);
    // The workload files are the ones the last proposal noted: taken from its note (each checked
    // against its blob id), none downloaded; the tree below is the full render's.
    expect(workloadRepos.length).toBeGreaterThan(1);
    expect(await downloads()).toBe(downloadedBefore);
    expect(open.log).toContain('render index of the pull request branch');
    // `config-004` selects a region, not a cluster type: it may reach any, so all are keyed.
    expect(open.log).not.toContain('Only ConfigMaps changed');
    expect(open.outputs['pull-request-operation']).toBe('updated');
    // Folded (docs/decisions/incremental-render.md): the cluster-type folders the change did not
    // reach are kept whole by tree id, never listed.
    const keptWhole = /(\d+) cluster-type folders kept whole/.exec(open.log);
    expect(keptWhole, open.log).not.toBeNull();
    expect(Number(keptWhole![1])).toBeGreaterThan(0);
    const pending = await workspace();
    const pendingHead = (await pending.fetchBranch(`kalypso/${FLEET_ENVIRONMENT}`, 1, {
      treesOnly: true,
    }))!;
    expect(await pending.listTree(pendingHead)).toEqual(expectedListing(renderFleet(fleet)));
    await mergeOurPullRequest();

    // One value changed: the run takes every other folder from the note.
    fleet = await changeValue(github, fleet);
    const second = await schedule();
    expect(second.exitCode, second.log).toBe(0);
    const held = /holds (\d+) of (\d+) assignment folders/.exec(second.log);
    expect(
      held,
      second.log
        .split('\n')
        .filter((l) => /index/.test(l))
        .join('\n'),
    ).not.toBeNull();
    expect(Number(held![1])).toBe(Number(held![2]));
    expect(Number(held![1])).toBeGreaterThan(0);
    // `config-003` selects cluster type ct-3 alone: only its assignments are keyed.
    expect(second.log).toMatch(
      /the assignments of 1 of \d+ cluster types, those a changed ConfigMap may reach, are keyed/,
    );
    // The note is on the base's tree: every other cluster type is kept whole, its chunk of the
    // index never read; only ct-3's entries were read.
    const clusterTypes = new Set(renderFleet(fleet).assignments.map((a) => a.clusterType.name));
    const whole = /(\d+) cluster types no change reaches are kept whole/.exec(second.log);
    expect(whole, second.log).not.toBeNull();
    expect(Number(whole![1])).toBe(clusterTypes.size - 1);
    expect(Number(held![1])).toBe(
      renderFleet(fleet).assignments.filter((a) => a.clusterType.name === 'ct-3').length,
    );
    const ws = await workspace();
    const head = (await ws.fetchBranch(`kalypso/${FLEET_ENVIRONMENT}`, 1, { treesOnly: true }))!;
    const files = await ws.listTree(head);
    expect(files).toEqual(expectedListing(renderFleet(fleet)));
    expect([...files.keys()].some((p) => p.includes('kalypso-render'))).toBe(false);
    await mergeOurPullRequest();

    // A tampered note (every blob id wrong) is ignored: everything renders, the tree is right.
    const named = await ws.readRenderNote(FLEET_ENVIRONMENT, await treeOf(FLEET_ENVIRONMENT));
    expect(named).toBeDefined();
    // Read whole: the chunks it names read into it.
    const { body, refs } = splitChunkRefs(named!);
    const chunks = await ws.readRenderNoteChunks(refs.map((ref) => ref.id));
    const notes = withChunks(body, chunks!);
    // Without its reach record, so that every chunk is read and checked.
    const wrongIds = notes.replace(/ [0-9a-f]{40}(?![0-9a-f])/g, ` ${'0'.repeat(40)}`);
    const tampered = wrongIds.replace(/^:.*\n/gm, '');
    await ws.writeRenderNote(FLEET_ENVIRONMENT, await treeOf(FLEET_ENVIRONMENT), tampered);
    const third = await schedule();
    expect(third.exitCode, third.log).toBe(0);
    expect(third.log).toMatch(
      new RegExp(`holds 0 of ${renderFleet(fleet).assignments.length} assignment folders`),
    );
    expect(third.outputs['pull-request-operation']).toBe('none');
    // With its record, which says that nothing changed: every cluster type is kept whole, as the
    // tree holds it; the wrong ids are never read, nothing new is proposed.
    await ws.writeRenderNote(FLEET_ENVIRONMENT, await treeOf(FLEET_ENVIRONMENT), wrongIds);
    const fourth = await schedule();
    expect(fourth.exitCode, fourth.log).toBe(0);
    expect(fourth.log).toMatch(
      new RegExp(`${clusterTypes.size} cluster types no change reaches are kept whole`),
    );
    expect(fourth.outputs['pull-request-operation']).toBe('none');
  }, 600_000);

  async function treeOf(branch: string): Promise<string> {
    const ws = await workspace();
    const head = (await ws.fetchBranch(branch, 1, { treesOnly: true }))!;
    return (await ws.commitInfo(head)).tree;
  }
});
