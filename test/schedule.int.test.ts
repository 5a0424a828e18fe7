// schedule, the committed bundle run as the runner runs it, on a seeded sample: the pull request it
// opens and how later runs refresh it. The other scenarios are in schedule-*.int.test.ts (one file
// per group, so that vitest's workers run them side by side).
import { describe, expect, it } from 'vitest';
import { seedSample } from './support/github-server/control-plane-fixture.ts';
import { expectedGitOpsFiles, github, schedule, token } from './support/schedule-action.ts';

describe('schedule (the committed bundle, run as the runner runs it)', () => {
  it('opens one pull request with the rendered environment, labelled promoted', async () => {
    const sample = await seedSample(github);
    const expected = await expectedGitOpsFiles(sample);
    const run = await schedule(sample);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log.split('\n')[0]).toBe(`::add-mask::${token}`);
    expect(run.log.split('\n').slice(1).join('\n')).not.toContain(token);

    const { pulls, requests, statuses } = await github.state(sample.gitops);
    expect(pulls).toHaveLength(1);
    const pr = pulls[0]!;
    expect(pr).toMatchObject({
      state: 'open',
      head: 'kalypso/dev',
      base: 'dev',
      // The operator's title, then what the pull request promotes (docs/decisions/gitops-pr-title.md).
      title: expect.stringMatching(
        new RegExp(
          `^Update manifests in dev from kalypso/dev: promote ${sample.main.slice(0, 7)}: \\S`,
        ),
      ),
      labels: ['promoted'],
      draft: false,
    });
    expect(pr.body).toContain('<!-- kalypso-actions:schedule environment=dev -->');
    expect(pr.body).toContain(`Promotes control-plane commit \`${sample.main}\``);
    expect(pr.body).toContain('| cluster type | assignments added |');
    // The promoted commit with its subject and author, read from the control plane's git objects.
    expect(pr.body).toMatch(
      new RegExp(
        `\\[\`${sample.main.slice(0, 7)}\`\\]\\(${github.url}/${sample.controlPlane}/commit/${sample.main}\\) \\S.* — \\S`,
      ),
    );
    expect(pr.body).toContain('<summary>Why each assignment (');
    expect(await github.files(sample.gitops, 'kalypso/dev')).toEqual(expected);
    expect(expected['.github/tracking/Promoted_Commit_Id']).toBe(sample.main);
    const [head] = await github.log(sample.gitops, 'kalypso/dev');
    expect(head!.subject).toBe(`Kalypso: render dev at ${sample.main.slice(0, 7)}`);
    expect(head!.parents).toEqual([(await github.log(sample.gitops, 'dev'))[0]!.sha]);
    expect(statuses).toEqual([]);

    const filesChanged = Object.keys(expected).length - 1; // all but the README of the GitOps repo
    expect(run.outputs).toEqual({
      'pull-request-number': String(pr.number),
      'pull-request-url': `${github.url}/${sample.gitops}/pull/${pr.number}`,
      'pull-request-operation': 'created',
      assignments: expect.stringMatching(/^[1-9]\d*$/),
      'files-changed': String(filesChanged),
      promoted: 'true',
      'promoted-commit': sample.main,
      'gitops-repository': sample.gitops,
      'gitops-branch': 'dev',
      shards: '[]',
      plan: '',
      'shard-ref': '',
    });
    expect(run.summary).toContain(
      `## ✅ Scheduled \`dev\`: opened pull request [#${pr.number}](${github.url}/${sample.gitops}/pull/${pr.number})`,
    );
    expect(run.summary).toContain('| cluster type | assignments added |');

    // Content travels over git; REST is only used for the pull request itself.
    const rest = requests.filter((r) => r.kind === 'rest').map((r) => `${r.method} ${r.route}`);
    expect(rest).toEqual([
      'GET /repos/{owner}/{repo}/pulls',
      'POST /repos/{owner}/{repo}/pulls',
      'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
    ]);
    // On the control plane: two reads of the promoted commit's statuses (whether cd-promote recorded
    // a skip of the promotion chain, docs/decisions/gate-checks.md, and whether an earlier run left
    // "Failed to schedule" to clear), the deployments ledger (found or created, then its status),
    // then the summary's chain table. The merge gate reads the chain file (no policy in it: no
    // `kalypso/policy` status, docs/decisions/policy-merge-gate.md): the one read of it this run,
    // which the ledger (is dev the last environment?) and the chain table share. These reads go
    // together, beside the push and the pull request (docs/decisions/deployments-ledger.md, read
    // ahead), so in no set order; the ledger's writes come after all of them.
    const control = await github.state(sample.controlPlane);
    const controlRest = control.requests
      .filter((r) => r.kind === 'rest')
      .map((r) => `${r.method} ${r.route}`);
    expect(controlRest.slice(0, 5).sort()).toEqual([
      'GET /repos/{owner}/{repo}',
      'GET /repos/{owner}/{repo}/commits/{ref}/status',
      'GET /repos/{owner}/{repo}/commits/{ref}/status',
      'GET /repos/{owner}/{repo}/contents/{path+}',
      'GET /repos/{owner}/{repo}/deployments',
    ]);
    expect(controlRest.slice(5)).toEqual([
      'POST /repos/{owner}/{repo}/deployments',
      'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
      // The chain table: each environment's newest deployment and its statuses.
      'GET /repos/{owner}/{repo}/deployments',
      'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
      'GET /repos/{owner}/{repo}/deployments',
      'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
      'GET /repos/{owner}/{repo}/deployments',
      'GET /repos/{owner}/{repo}/deployments',
    ]);
    // The ledger: one deployment of the promoted commit in dev, in progress, linking the PR.
    expect(control.deployments).toHaveLength(1);
    expect(control.deployments[0]).toMatchObject({
      sha: sample.main,
      ref: sample.main,
      task: 'kalypso:promote',
      environment: 'dev',
      production_environment: false,
      transient_environment: false,
      payload: {
        kalypso: 1,
        gitopsRepository: sample.gitops,
        gitopsBranch: 'dev',
        pullRequest: pr.number,
      },
    });
    expect(control.deployments[0]!.statuses).toMatchObject([
      {
        state: 'in_progress',
        description: 'GitOps pull request opened',
        environment_url: `${github.url}/${sample.gitops}/pull/${pr.number}`,
      },
    ]);
    expect(run.summary).toContain('### Which version runs where');
    expect(run.summary).toContain(`dev ⏳ ${sample.main.slice(0, 7)} → stage · → prod ·`);
    console.log(
      'schedule requests (gitops):',
      requests.map((r) => `${r.kind} ${r.method} ${r.route}`),
    );
  });
});

const devConfig = 'configs/dev-config.yaml';

describe('schedule: refreshing its pull request', () => {
  it('changes nothing on a re-run, updates the same pull request on a change, closes it on a revert', async () => {
    const sample = await seedSample(github);
    const first = await schedule(sample);
    expect(first.exitCode, first.log).toBe(0);
    const commits = await github.log(sample.gitops, 'kalypso/dev');

    const again = await schedule(sample);
    expect(again.exitCode, again.log).toBe(0);
    expect(again.outputs['pull-request-operation']).toBe('none');
    expect(again.outputs['pull-request-number']).toBe(first.outputs['pull-request-number']);
    expect(await github.log(sample.gitops, 'kalypso/dev')).toEqual(commits);
    const afterRerun = await github.state(sample.gitops);
    expect(afterRerun.pulls).toHaveLength(1);
    expect(afterRerun.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
    expect(again.summary).toContain('already proposes this content');

    const original = sample.files.environments.dev![devConfig]!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { [devConfig]: original.replace('LOG_LEVEL: debug', 'LOG_LEVEL: info') },
    });
    const changed = await schedule(sample);
    expect(changed.exitCode, changed.log).toBe(0);
    expect(changed.outputs['pull-request-operation']).toBe('updated');
    expect(changed.outputs['pull-request-number']).toBe(first.outputs['pull-request-number']);
    const files = await github.files(sample.gitops, 'kalypso/dev');
    const configs = Object.entries(files).filter(([p]) => p.endsWith('platform-config.yaml'));
    expect(configs.some(([, text]) => text.includes('LOG_LEVEL: info'))).toBe(true);
    const [head] = await github.log(sample.gitops, 'kalypso/dev');
    expect(head!.parents).toEqual([(await github.log(sample.gitops, 'dev'))[0]!.sha]);
    expect((await github.state(sample.gitops)).pulls).toHaveLength(1);

    // The PR merges; a revert of the change on the environment branch proposes the old content again.
    const number = Number(first.outputs['pull-request-number']);
    await fetch(`${github.url}/repos/${sample.gitops}/pulls/${number}/merge`, {
      method: 'PUT',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ merge_method: 'merge' }),
    });
    await github.commit(sample.controlPlane, { branch: 'dev', files: { [devConfig]: original } });
    const reverted = await schedule(sample);
    expect(reverted.outputs['pull-request-operation']).toBe('created');
    const second = Number(reverted.outputs['pull-request-number']);
    expect(second).not.toBe(number);
    // …and is withdrawn when the environment branch goes back to what the GitOps branch holds.
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { [devConfig]: original.replace('LOG_LEVEL: debug', 'LOG_LEVEL: info') },
    });
    const closed = await schedule(sample);
    expect(closed.exitCode, closed.log).toBe(0);
    expect(closed.outputs['pull-request-operation']).toBe('closed');
    const pulls = (await github.state(sample.gitops)).pulls;
    expect(pulls.find((p) => p.number === second)).toMatchObject({
      state: 'closed',
      merged: false,
    });
    expect(Object.keys(await github.files(sample.gitops, 'dev')).length).toBeGreaterThan(1);
    await expect(github.log(sample.gitops, 'kalypso/dev')).rejects.toThrow();
    expect(closed.summary).toContain('nothing left to propose, closed pull request');
  });

  it('leaves a human pull request into the same branch alone', async () => {
    const sample = await seedSample(github);
    await github.commit(sample.gitops, {
      branch: 'human/fix',
      from: 'dev',
      files: { 'notes.md': 'hi\n' },
    });
    const created = await fetch(`${github.url}/repos/${sample.gitops}/pulls`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Human change', head: 'human/fix', base: 'dev', body: 'mine' }),
    });
    expect(created.status).toBe(201);
    const run = await schedule(sample);
    expect(run.exitCode, run.log).toBe(0);
    const again = await schedule(sample);
    expect(again.outputs['pull-request-operation']).toBe('none');
    const pulls = (await github.state(sample.gitops)).pulls;
    expect(pulls.find((p) => p.head === 'human/fix')).toMatchObject({
      state: 'open',
      title: 'Human change',
      body: 'mine',
      labels: [],
    });
    expect(pulls.filter((p) => p.state === 'open')).toHaveLength(2);
  });

  it('proposes a promotion that only changes Promoted_Commit_Id, labelled promoted', async () => {
    const sample = await seedSample(github);
    const first = await schedule(sample);
    await fetch(
      `${github.url}/repos/${sample.gitops}/pulls/${first.outputs['pull-request-number']}/merge`,
      {
        method: 'PUT',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: '{}',
      },
    );
    const { sha: next } = await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { 'README.md': 'A change that renders nothing new.\n' },
    });
    const baseRepo = (await github.files(sample.controlPlane, 'dev'))['base-repo.yaml']!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepo.replace(sample.main, next) },
    });
    const run = await schedule(sample);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({
      'pull-request-operation': 'created',
      'files-changed': '1',
      promoted: 'true',
      'promoted-commit': next,
    });
    const pr = (await github.state(sample.gitops)).pulls.find((p) => p.state === 'open')!;
    expect(pr.labels).toEqual(['promoted']);
    expect(
      (await github.files(sample.gitops, 'kalypso/dev'))['.github/tracking/Promoted_Commit_Id'],
    ).toBe(next);
    // The compare view from the commit the GitOps branch tracks (its tracking file) to this one;
    // a README change changes no config key.
    expect(pr.body).toContain(
      `[changes since \`${sample.main.slice(0, 7)}\`](${github.url}/${sample.controlPlane}/compare/${sample.main}...${next})`,
    );
    expect(pr.body).not.toContain('Config keys that change');
  });
});
