// The sharded schedule (docs/sharded-schedule.md) through the committed bundle against the local
// GitHub, each step a process of its own as a matrix job would be: plan, one render per shard,
// join (the renders of one run at once). The GitOps tree it proposes is the single-runner
// schedule's, to the tree id (K = 1, 3, 8); a missing and a tampered shard fail the join and change
// nothing; a re-run changes nothing; onto a GitOps branch that already holds the environment, the
// join compares and writes folder by folder and proposes the single runner's tree.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GitWorkspace } from '@kalypso/github';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  changeValue,
  FLEET_ENVIRONMENT,
  seedFleet,
  type SeededFleet,
} from './support/fleet-fixture.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

/** 40 cluster types × 200 targets over 10 regions: 800 assignments, 2,441 files. */
const SHARDED_FLEET = { clusterTypes: 40, targets: 200, policies: 10, regions: 10, configMaps: 10 };

describe('sharded schedule: plan, a render job per shard, join', () => {
  let scratch: string;
  let fleet: SeededFleet;
  let full: { head: string; tree: string; files: Map<string, string>; body: string };
  let reads = 0;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'schedule-sharded-'));
    fleet = await seedFleet(github, SHARDED_FLEET);
    const run = await step('full', { runId: '1' });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs['pull-request-operation']).toBe('created');
    const branch = await read(`kalypso/${FLEET_ENVIRONMENT}`);
    full = { ...branch!, body: (await pull(`kalypso/${FLEET_ENVIRONMENT}`))!.body ?? '' };
  }, 600_000);
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  function step(
    mode: string,
    options: { runId: string; branch?: string; shards?: string; shard?: number; plan?: string },
  ) {
    return runAction('schedule', {
      github: { url: github.url, repository: fleet.controlPlane, token, runId: options.runId },
      inputs: {
        environment: FLEET_ENVIRONMENT,
        mode,
        ...(options.branch ? { 'pull-request-branch': options.branch } : {}),
        ...(options.shards ? { shards: options.shards } : {}),
        ...(options.shard === undefined ? {} : { shard: String(options.shard) }),
        ...(options.plan ? { plan: options.plan } : {}),
      },
    });
  }

  async function workspace() {
    return GitWorkspace.create(join(scratch, `read-${++reads}`), {
      url: `${github.url}/${fleet.gitops}.git`,
      token,
      repository: fleet.gitops,
      tokenInput: 'test',
    });
  }

  /** A branch of the GitOps repository: head, tree id and every entry's blob id. */
  async function read(name: string) {
    const ws = await workspace();
    const head = await ws.fetchBranch(name, 1, { treesOnly: true });
    if (head === undefined) return undefined;
    return { head, tree: (await ws.commitInfo(head)).tree, files: await ws.listTree(head) };
  }

  async function pull(head: string) {
    return (await github.state(fleet.gitops)).pulls.find(
      (p) => p.head === head && p.state === 'open',
    );
  }

  /** The shard refs of a run still in the GitOps repository. */
  async function shardRefs(runId: string) {
    const ws = await workspace();
    const refs = Array.from(
      { length: 8 },
      (_, i) => `refs/kalypso/shards/${runId}/${FLEET_ENVIRONMENT}/${i}`,
    );
    return [...(await ws.fetchRefs(refs))]
      .filter(([, commit]) => commit !== undefined)
      .map(([ref]) => ref);
  }

  /** Plan, then render the shards (one process each, at once, `skip` left out), then join. */
  async function sharded(runId: string, branch: string, shards: string, skip: number[] = []) {
    const plan = await step('plan', { runId, branch, shards });
    expect(plan.exitCode, plan.log).toBe(0);
    const indexes = JSON.parse(plan.outputs.shards!) as number[];
    const renders = await Promise.all(
      indexes
        .filter((shard) => !skip.includes(shard))
        .map(async (shard) => ({
          shard,
          render: await step('render', { runId, branch, shard, plan: plan.outputs.plan! }),
        })),
    );
    for (const { shard, render } of renders) {
      expect(render.exitCode, render.log).toBe(0);
      expect(render.outputs['shard-ref']).toBe(
        `refs/kalypso/shards/${runId}/${FLEET_ENVIRONMENT}/${shard}`,
      );
    }
    return {
      plan,
      indexes,
      runJoin: () => step('join', { runId, branch, plan: plan.outputs.plan! }),
    };
  }

  it.each([
    [1, '11'],
    [3, '13'],
    [8, '18'],
  ])(
    'K = %i: the joined tree is the single-runner tree, byte for byte',
    async (k, runId) => {
      const branch = `kalypso/sharded-${k}`;
      const { indexes, runJoin } = await sharded(runId, branch, String(k));
      const joined = await runJoin();
      expect(indexes).toEqual(Array.from({ length: k }, (_, i) => i));
      expect(joined.exitCode, joined.log).toBe(0);
      expect(joined.outputs).toMatchObject({
        'pull-request-operation': 'created',
        assignments: '800',
        'files-changed': String(full.files.size - 1),
        promoted: 'true',
      });
      const proposed = (await read(branch))!;
      expect(proposed.tree).toBe(full.tree);
      expect((await read(branch))!.files).toEqual(full.files);
      // The same pull request as the single runner's, but for the branch it comes from.
      const body = (await pull(branch))!.body ?? '';
      expect(
        body
          .replaceAll(branch, `kalypso/${FLEET_ENVIRONMENT}`)
          .replace(`/actions/runs/${runId})`, '/actions/runs/1)'),
      ).toBe(full.body);
      expect(await shardRefs(runId)).toEqual([]);
      expect(joined.summary).toContain(`${k} joined; their refs deleted`);
    },
    600_000,
  );

  it('a re-run of the whole workflow changes nothing', async () => {
    const branch = 'kalypso/sharded-3';
    const before = (await read(branch))!;
    const joined = await (await sharded('13', branch, '3')).runJoin();
    expect(joined.exitCode, joined.log).toBe(0);
    expect(joined.outputs['pull-request-operation']).toBe('none');
    expect((await read(branch))!.head).toBe(before.head);
    expect(await shardRefs('13')).toEqual([]);
  }, 600_000);

  it('a missing shard and a tampered one fail the join, naming shard, ref and path; nothing changes', async () => {
    const branch = 'kalypso/sharded-3';
    const before = (await read(branch))!;
    const pulls = (await github.state(fleet.gitops)).pulls.length;
    const runId = '23';
    const { runJoin } = await sharded(runId, branch, '3', [2]);
    // Shard 1 gains a file in a cluster type of shard 0.
    const ws = await workspace();
    const refs = [0, 1].map((i) => `refs/kalypso/shards/${runId}/${FLEET_ENVIRONMENT}/${i}`);
    const heads = await ws.fetchRefs(refs);
    const foreign = [...(await ws.listTree(heads.get(refs[0]!)!)).keys()][0]!;
    const intruder = foreign.replace(/[^/]+$/, 'intruder.yaml');
    const tampered = await ws.writeCommit({
      parent: heads.get(refs[1]!)!,
      message: 'tampered',
      changes: new Map([[intruder, 'kind: Secret\n']]),
    });
    await ws.pushRef(tampered, refs[1]!);
    const joined = await runJoin();
    expect(joined.exitCode).not.toBe(0);
    expect(joined.log).toContain(
      `Shard 2 (refs/kalypso/shards/${runId}/${FLEET_ENVIRONMENT}/2) is missing`,
    );
    expect(joined.log).toContain(
      `Shard 1 (${refs[1]}) holds '${intruder}', outside its cluster types`,
    );
    expect((await read(branch))!.head).toBe(before.head);
    expect((await github.state(fleet.gitops)).pulls).toHaveLength(pulls);
    // The refs stay for a re-run of the failed job.
    expect(await shardRefs(runId)).toHaveLength(2);
  }, 600_000);
  it('onto a GitOps branch that holds the environment, a change proposes the single-runner tree', async () => {
    // The first promotion merged: the GitOps branch holds the single runner's files.
    await github.commit(fleet.gitops, {
      branch: FLEET_ENVIRONMENT,
      files: await github.files(fleet.gitops, `kalypso/${FLEET_ENVIRONMENT}`),
      message: 'Merge the promotion',
    });
    fleet = await changeValue(github, fleet);
    const single = await step('full', { runId: '31', branch: 'kalypso/changed-full' });
    expect(single.exitCode, single.log).toBe(0);
    const joined = await (await sharded('32', 'kalypso/changed-3', '3')).runJoin();
    expect(joined.exitCode, joined.log).toBe(0);
    const changed = Number(single.outputs['files-changed']);
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(full.files.size / 2);
    expect(joined.outputs).toMatchObject({
      'pull-request-operation': 'created',
      'files-changed': String(changed),
      promoted: 'false',
    });
    expect((await read('kalypso/changed-3'))!.tree).toBe(
      (await read('kalypso/changed-full'))!.tree,
    );
    const counts = (body: string) => body.split('\n').find((line) => line.includes('; files: '));
    expect(counts((await pull('kalypso/changed-3'))!.body ?? '')).toBe(
      counts((await pull('kalypso/changed-full'))!.body ?? ''),
    );
    expect(joined.log).toContain('40 cluster-type folders from the shards, 0 files written');
  }, 600_000);
});
