// A schedule run whose inputs are those of the last proposal, through the committed bundle against
// the local GitHub (docs/decisions/unchanged-inputs.md): it takes that proposal whole — the same
// pull request, words and outputs, with its own run link — and renders as soon as any input, the
// GitOps branch or a chain-skip status differs.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultToken } from './support/github-server/server-state.ts';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  seedSample,
  type SampleControlPlane,
} from './support/github-server/control-plane-fixture.ts';
import { restOf } from './support/rest-seed.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const TAKEN = 'Took the last proposal';
const MEANWHILE = 'its GitOps branches are read while the workload repositories are';

describe('schedule with unchanged inputs', () => {
  const FLEET_ENVIRONMENT = 'dev';
  let fleet: SampleControlPlane;
  beforeAll(async () => {
    fleet = await seedSample(github);
  }, 600_000);
  afterAll(() => undefined);

  const schedule = (runId: string) =>
    runAction('schedule', {
      github: { url: github.url, repository: fleet.controlPlane, token, runId },
      inputs: { environment: FLEET_ENVIRONMENT },
    });

  const api = restOf(github, defaultToken);
  const pull = async (n: string) =>
    (await api('GET', `/repos/${fleet.gitops}/pulls/${n}`)) as {
      title: string;
      body: string;
      head: { sha: string };
    };
  const head = async (branch: string) => (await github.log(fleet.gitops, branch))[0]!.sha;

  it('takes the last proposal while nothing changed, and renders when anything did', async () => {
    const first = await schedule('101');
    expect(first.exitCode, first.log).toBe(0);
    expect(first.outputs['pull-request-operation']).toBe('created');
    expect(first.log).toContain('with what this run proposed');
    const number = String(first.outputs['pull-request-number']);
    const opened = await pull(number);

    // Nothing changed; someone edited the title. The run takes the proposal: same outputs, the
    // words put back with this run's link, nothing pushed or noted — and no workload file
    // downloaded (listed by blob id: a blob request would meet the fault armed here).
    await api('PATCH', `/repos/${fleet.gitops}/pulls/${number}`, { title: 'edited by hand' });
    const blobFault = {
      kind: 'server-error',
      status: 500,
      repo: fleet.workloads.liftOps,
      method: 'GET',
      route: '/repos/{owner}/{repo}/git/blobs/{file_sha}',
      count: 5,
    } as const;
    await github.injectFault(blobFault);
    const again = await schedule('102');
    expect((await github.state(fleet.workloads.liftOps)).faults).toEqual([blobFault]);
    await github.clearFaults(fleet.workloads.liftOps);
    expect(again.exitCode, again.log).toBe(0);
    expect(again.log).toContain(TAKEN);
    expect(again.log).not.toContain('Rendered ');
    expect(again.log).not.toContain('Noted the render index');
    expect({ ...again.outputs, 'pull-request-operation': 'created' }).toEqual(first.outputs);
    const taken = await pull(number);
    expect(taken.title).toBe(opened.title);
    expect(taken.body).toBe(opened.body.replaceAll('/runs/101', '/runs/102'));
    expect(taken.body).not.toBe(opened.body);
    expect(taken.head.sha).toBe(opened.head.sha);
    expect(again.summary).toBe(
      first.summary
        .replace('opened pull request', 'pull request')
        .replace(/(pull request \[#\d+\]\([^)]+\))/, '$1 already proposes this content')
        .replace('## ✅', '## ⏭️'),
    );

    // A skip of the promotion chain recorded since (a commit status): the words would differ,
    // so the run renders; the next run takes the proposal again, skip included.
    await api('POST', `/repos/${fleet.controlPlane}/statuses/${fleet.main}`, {
      state: 'success',
      context: `${FLEET_ENVIRONMENT} environment: chain skipped`,
      description: 'Chain skipped by octocat: hotfix',
    });
    const skipped = await schedule('103');
    expect(skipped.exitCode, skipped.log).toBe(0);
    expect(skipped.log).not.toContain(TAKEN);
    expect((await pull(number)).body).toContain('skipped the promotion chain');
    const skippedAgain = await schedule('104');
    expect(skippedAgain.log).toContain(TAKEN);
    expect((await pull(number)).body).toContain('skipped the promotion chain');

    // The GitOps branch moved: the plan was against another head, so the run renders and
    // rebuilds our branch on the new head.
    await github.commit(fleet.gitops, {
      branch: FLEET_ENVIRONMENT,
      files: { 'README.md': '# GitOps, edited\n' },
      message: 'Edit the README',
    });
    const moved = await schedule('105');
    expect(moved.exitCode, moved.log).toBe(0);
    expect(moved.log).not.toContain(TAKEN);
    expect(moved.outputs['pull-request-operation']).toBe('updated');
    expect((await github.log(fleet.gitops, `kalypso/${FLEET_ENVIRONMENT}`))[0]!.parents).toEqual([
      await head(FLEET_ENVIRONMENT),
    ]);

    // Merged: the GitOps branch holds the proposed tree; the run takes that, proposes nothing.
    await api('PUT', `/repos/${fleet.gitops}/pulls/${number}/merge`, { merge_method: 'squash' });
    const merged = await schedule('106');
    expect(merged.exitCode, merged.log).toBe(0);
    expect(merged.log).toContain(`the GitOps branch '${FLEET_ENVIRONMENT}' holds that tree`);
    expect(merged.outputs['pull-request-operation']).toBe('none');
    expect(merged.outputs['files-changed']).toBe('0');

    // A workload repository gains a file (a comment only: nothing renders differently). Its
    // inputs differ, so the run renders, proposes nothing and notes the new inputs; the next
    // run takes them.
    await github.commit(fleet.workloads.liftOps, {
      branch: 'main',
      files: { 'kalypso/notes.yaml': '# nothing to deploy here\n' },
      message: 'Add notes',
    });
    const workload = await schedule('107');
    expect(workload.exitCode, workload.log).toBe(0);
    expect(workload.log).toContain('differ from those of the last proposal');
    expect(workload.log).toContain('Rendered ');
    // Only a workload changed: the environment's own inputs are those noted, so nothing was
    // started while the workload repositories were read.
    expect(workload.log).not.toContain(MEANWHILE);
    expect(workload.outputs['pull-request-operation']).toBe('none');
    const settled = await schedule('108');
    expect(settled.log).toContain(TAKEN);
    expect(settled.log).not.toContain(MEANWHILE);
    expect(settled.outputs['pull-request-operation']).toBe('none');

    // The environment branch gains a file (a comment only): its own inputs differ from those
    // noted, so the GitOps branches are read while the workload repositories are; the run
    // renders, proposes nothing, and the next run takes its proposal.
    await github.commit(fleet.controlPlane, {
      branch: FLEET_ENVIRONMENT,
      files: { 'notes.yaml': '# nothing to schedule here\n' },
      message: 'Add notes',
    });
    const own = await schedule('109');
    expect(own.exitCode, own.log).toBe(0);
    expect(own.log).toContain(MEANWHILE);
    expect(own.log).toContain('Rendered ');
    expect(own.outputs['pull-request-operation']).toBe('none');
    const ownSettled = await schedule('110');
    expect(ownSettled.log).toContain(TAKEN);
    expect(ownSettled.log).not.toContain(MEANWHILE);
  }, 600_000);
});
