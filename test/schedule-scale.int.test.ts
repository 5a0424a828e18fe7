// A 30,101-file environment (the medium synthetic fleet: 10,000 assignments) scheduled through the
// committed bundle against the local GitHub: first run, a run with no change, a run after one
// ConfigMap value changed. Asserts the branch tree (every blob id) and the pull request; no timing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyGeneratedFiles, type RenderedEnvironment } from '@kalypso/core';
import { blobId, GitWorkspace } from '@kalypso/github';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  changeValue,
  FLEET_ENVIRONMENT,
  MEDIUM_FLEET,
  renderFleet,
  seedFleet,
  type SeededFleet,
} from './support/fleet-fixture.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const encoder = new TextEncoder();

describe('schedule at scale: 10,000 assignments, 30,101 files', () => {
  let scratch: string;
  let fleet: SeededFleet;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'schedule-scale-'));
    fleet = await seedFleet(github, MEDIUM_FLEET);
  }, 600_000);
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const schedule = () =>
    runAction('schedule', {
      github: { url: github.url, repository: fleet.controlPlane, token, runId: '7' },
      inputs: { environment: FLEET_ENVIRONMENT },
    });

  let reads = 0;
  /** The pull request branch as git sees it: head, parent and every entry's blob id. */
  async function branch(name: string) {
    const ws = await GitWorkspace.create(join(scratch, `read-${++reads}`), {
      url: `${github.url}/${fleet.gitops}.git`,
      token,
      repository: fleet.gitops,
      tokenInput: 'test',
    });
    const head = (await ws.fetchBranch(name, 1, { treesOnly: true }))!;
    return { head, parents: (await ws.commitInfo(head)).parents, files: await ws.listTree(head) };
  }

  /** The expected tree: the GitOps branch's README plus every rendered file, by blob id. */
  function expectedListing(rendered: RenderedEnvironment) {
    const before = new Map([['README.md', encoder.encode('# GitOps\n')]]);
    const after = applyGeneratedFiles(before, rendered.files, rendered.gitopsPath);
    return new Map([...after].map(([path, bytes]) => [path, `100644 ${blobId(bytes)}`]));
  }

  function differences(actual: Map<string, string>, expected: Map<string, string>): string[] {
    const out: string[] = [];
    for (const [path, entry] of expected)
      if (actual.get(path) !== entry) out.push(`${path}: ${actual.get(path)} ≠ ${entry}`);
    for (const path of actual.keys()) if (!expected.has(path)) out.push(`${path}: unexpected`);
    return out.slice(0, 10);
  }

  it('opens the pull request, leaves it alone when nothing changed, updates it after one value changed', async () => {
    const rendered = renderFleet(fleet);
    expect(rendered.assignments).toHaveLength(10_000);
    expect(rendered.files.size).toBe(30_101);

    const first = await schedule();
    expect(first.exitCode, first.log).toBe(0);
    expect(first.outputs).toMatchObject({
      'pull-request-operation': 'created',
      assignments: '10000',
      'files-changed': '30101',
      promoted: 'true',
      'promoted-commit': fleet.main,
    });
    const base = (await github.log(fleet.gitops, FLEET_ENVIRONMENT))[0]!.sha;
    const created = await branch(`kalypso/${FLEET_ENVIRONMENT}`);
    expect(created.parents).toEqual([base]);
    expect(created.files.size).toBe(30_102);
    expect(differences(created.files, expectedListing(rendered))).toEqual([]);
    const [pr] = (await github.state(fleet.gitops)).pulls;
    expect(pr).toMatchObject({
      state: 'open',
      head: `kalypso/${FLEET_ENVIRONMENT}`,
      base: FLEET_ENVIRONMENT,
      labels: ['promoted'],
      draft: false,
      title: expect.stringMatching(
        new RegExp(
          `^Update manifests in ${FLEET_ENVIRONMENT} from kalypso/${FLEET_ENVIRONMENT}: promote [0-9a-f]{7}`,
        ),
      ),
    });
    expect(pr!.body).toContain('10000 assignments; files: 30101 added, 0 changed, 0 removed.');
    expect(pr!.body).toContain('… and 29901 more');

    const before = (await github.state(fleet.gitops)).requests.length;
    const again = await schedule();
    expect(again.exitCode, again.log).toBe(0);
    expect(again.outputs['pull-request-operation']).toBe('none');
    expect(again.outputs['pull-request-number']).toBe(first.outputs['pull-request-number']);
    expect((await branch(`kalypso/${FLEET_ENVIRONMENT}`)).head).toBe(created.head);
    // Nothing written: no push, no pull request call that writes.
    const rerun = (await github.state(fleet.gitops)).requests.slice(before);
    expect(rerun.filter((r) => r.method !== 'GET' && r.kind === 'rest')).toEqual([]);
    expect(rerun.filter((r) => r.route === 'git-receive-pack')).toEqual([]);

    fleet = await changeValue(github, fleet);
    const changedRender = renderFleet(fleet);
    const changed = await schedule();
    expect(changed.exitCode, changed.log).toBe(0);
    expect(changed.outputs).toMatchObject({
      'pull-request-operation': 'updated',
      'pull-request-number': first.outputs['pull-request-number'],
      'files-changed': '30101',
    });
    const updated = await branch(`kalypso/${FLEET_ENVIRONMENT}`);
    expect(updated.parents).toEqual([base]);
    expect(differences(updated.files, expectedListing(changedRender))).toEqual([]);
    const touched = [...updated.files].filter(([path, entry]) => created.files.get(path) !== entry);
    expect(touched.map(([path]) => path.split('/')[0])).toEqual(
      Array.from({ length: 100 }, () => 'ct-3'),
    );
    // The other 99 cluster-type folders kept whole by tree id (docs/decisions/incremental-render.md).
    expect(changed.log).toContain(
      '(100 files written, 0 deleted, 99 cluster-type folders kept whole)',
    );
    const pulls = (await github.state(fleet.gitops)).pulls;
    expect(pulls).toHaveLength(1);
    expect(pulls[0]!.labels).toEqual(['promoted']);
  }, 900_000);
});
