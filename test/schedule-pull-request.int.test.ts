// schedule and the GitOps pull request's life: a workflow's GITHUB_TOKEN and the repository
// setting, re-syncing the pull request after a half-failed run and edits by hand, and the merge
// gate (kalypso/policy) during a freeze (schedule.int.test.ts has the pull request itself).
import { describe, expect, it } from 'vitest';
import { seedSample } from './support/github-server/control-plane-fixture.ts';
import { scheduleInFreeze } from './support/merge-gate-freeze.ts';
import { github, schedule, token } from './support/schedule-action.ts';

describe('schedule: a GITHUB_TOKEN and the setting "Allow GitHub Actions to create and approve pull requests"', () => {
  it('fails naming the setting (or the token to use) while the GitOps repository has it off, and opens the pull request once it is on', async () => {
    const sample = await seedSample(github);
    const workflowToken = await github.createToken(
      { contents: 'write', pull_requests: 'write', statuses: 'write' },
      undefined,
      undefined,
      'github-token',
    );
    const run = await schedule(sample, { 'gitops-token': workflowToken });
    expect(run.exitCode).toBe(1);
    const message = `Creating a pull request from 'kalypso/dev' in '${sample.gitops}' failed: 403 GitHub Actions is not permitted to create or approve pull requests. The token in 'gitops-token' is a workflow's GITHUB_TOKEN, and '${sample.gitops}' does not allow GitHub Actions to create pull requests. Turn on "Allow GitHub Actions to create and approve pull requests" in the settings of '${sample.gitops}' (Settings → Actions → General → Workflow permissions; an organization can lock it off, then turn it on there first), or pass a GitHub App installation token or a personal access token with 'pull-requests: write' and 'contents: write' in 'gitops-token'.`;
    expect(run.summary).toContain('## ❌ Scheduling `dev` failed');
    expect(run.summary).toContain(message);
    expect(run.log).toContain(`::error::${message}`);
    expect((await github.state(sample.gitops)).pulls).toEqual([]);

    await github.settings(sample.gitops, { can_approve_pull_request_reviews: true });
    const again = await schedule(sample, { 'gitops-token': workflowToken });
    expect(again.exitCode, again.log).toBe(0);
    expect((await github.state(sample.gitops)).pulls).toHaveLength(1);
  });
});

describe('schedule: the pull request is re-synced on every run', () => {
  it('repairs a run that failed half-way (PATCH refused after the push) and undoes edits to title, labels and draft', async () => {
    const sample = await seedSample(github);
    const first = await schedule(sample);
    expect(first.exitCode, first.log).toBe(0);
    const number = Number(first.outputs['pull-request-number']);

    // A promotion whose PATCH of the body fails: the branch moves, the body stays stale.
    const { sha: next } = await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { 'README.md': 'Renders nothing new.\n' },
    });
    const baseRepo = (await github.files(sample.controlPlane, 'dev'))['base-repo.yaml']!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepo.replace(sample.main, next) },
    });
    await github.injectFault({
      kind: 'validation',
      repo: sample.gitops,
      method: 'PATCH',
      route: '/repos/{owner}/{repo}/pulls/{pull_number}',
      message: 'Simulated failure',
    });
    const failed = await schedule(sample);
    expect(failed.exitCode).toBe(1);
    expect(
      (await github.files(sample.gitops, 'kalypso/dev'))['.github/tracking/Promoted_Commit_Id'],
    ).toBe(next);
    const stale = (await github.state(sample.gitops)).pulls[0]!;
    expect(stale.body).toContain(`Promotes control-plane commit \`${sample.main}\``);

    // Meanwhile someone retitles it, drops the label and converts it to a draft.
    const headers = { authorization: `token ${token}`, 'content-type': 'application/json' };
    const rest = (await (
      await fetch(`${github.url}/repos/${sample.gitops}/pulls/${number}`, { headers })
    ).json()) as { node_id: string };
    await fetch(`${github.url}/repos/${sample.gitops}/pulls/${number}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ title: 'Renamed by hand' }),
    });
    await fetch(`${github.url}/repos/${sample.gitops}/issues/${number}/labels/promoted`, {
      method: 'DELETE',
      headers,
    });
    await fetch(`${github.url}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query:
          'mutation($id: ID!) { convertPullRequestToDraft(input: { pullRequestId: $id }) { pullRequest { number } } }',
        variables: { id: rest.node_id },
      }),
    });
    expect((await github.state(sample.gitops)).pulls[0]).toMatchObject({
      title: 'Renamed by hand',
      labels: [],
      draft: true,
    });

    const repaired = await schedule(sample);
    expect(repaired.exitCode, repaired.log).toBe(0);
    // The branch already holds the content: nothing is pushed, the pull request is re-synced.
    expect(repaired.outputs['pull-request-operation']).toBe('none');
    const pr = (await github.state(sample.gitops)).pulls[0]!;
    expect(pr).toMatchObject({
      number,
      state: 'open',
      title: `Update manifests in dev from kalypso/dev: promote ${next.slice(0, 7)}: Test change`,
      labels: ['promoted'],
      draft: false,
    });
    expect(pr.body).toContain(`Promotes control-plane commit \`${next}\``);
    expect(repaired.log).toContain(`Marked #${number} ready for review ('draft' is false).`);

    // In sync: the next run writes nothing at all.
    const before = (await github.state(sample.gitops)).requests.length;
    const quiet = await schedule(sample);
    expect(quiet.outputs['pull-request-operation']).toBe('none');
    const writes = (await github.state(sample.gitops)).requests
      .slice(before)
      .filter((r) => r.method !== 'GET' && r.route !== 'git-upload-pack');
    expect(writes).toEqual([]);
  });
});

describe('schedule: the merge gate (kalypso/policy) on the GitOps pull request', () => {
  it('a merge during a freeze is refused by the required status; once open, it merges', async () => {
    const { sample, run, pr, gate, liftFreeze } = await scheduleInFreeze(github, token, {
      requireGate: true,
    });
    expect(await gate()).toEqual([
      expect.stringMatching(/^pending Frozen: change-freeze freeze \(opens .+ UTC\)$/),
    ]);
    expect(run.log).toContain("Set 'kalypso/policy' on the pull request head");
    const [owner, name] = sample.gitops.split('/') as [string, string];
    const merge = () =>
      fetch(`${github.url}/repos/${owner}/${name}/pulls/${pr.number}/merge`, {
        method: 'PUT',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    const refused = await merge();
    expect(refused.status).toBe(405);
    expect(await refused.json()).toMatchObject({
      message: 'Required status check "kalypso/policy" is expected.',
    });
    // The freeze lifted on main: the next run refreshes the gate to Open and the merge goes.
    await liftFreeze();
    const before = (await github.state(sample.controlPlane)).requests.length;
    const open = await schedule(sample);
    expect(open.exitCode, open.log).toBe(0);
    expect((await gate()).at(-1), open.log).toBe('success Open');
    expect((await merge()).status).toBe(200);
    // One read of the chain file for the whole run: the merge gate's policy, the ledger's
    // production flag and the summary's chain table share it; the locks are read from dev.
    const contents = (await github.state(sample.controlPlane)).requests
      .slice(before)
      .filter((r) => r.kind === 'rest' && r.route === '/repos/{owner}/{repo}/contents/{path+}')
      .map((r) => decodeURIComponent(r.path));
    expect(contents).toEqual([
      `/repos/${sample.controlPlane}/contents/.github/promotion-chain.yaml`,
      `/repos/${sample.controlPlane}/contents/.kalypso/locks.yaml`,
    ]);
    expect(open.summary).toContain('### Which version runs where');
  });
});
