import { describe, expect, inject, it } from 'vitest';
import { applyGeneratedFiles, renderEnvironment, sourceFromTree, type Source } from '@kalypso/core';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  seedSample,
  type SampleControlPlane,
} from './support/github-server/control-plane-fixture.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function schedule(
  sample: SampleControlPlane,
  inputs: Record<string, string> = {},
  withToken = token,
) {
  return runAction('schedule', {
    github: { url: github.url, repository: sample.controlPlane, token: withToken, runId: '42' },
    inputs: { environment: 'dev', ...inputs },
  });
}

const tree = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([p, t]) => [p, encoder.encode(t)]));

/** What the engine renders for the seeded sample, applied to the GitOps branch as it is now. */
async function expectedGitOpsFiles(sample: SampleControlPlane, env = 'dev') {
  const workload = async (repo: string, path: string, registration: string): Promise<Source> =>
    sourceFromTree(tree(await github.files(repo, 'main')), {
      path,
      origin: { kind: 'workload', registration },
      display: `${repo}@main:`,
    });
  const outcome = renderEnvironment({
    environment: env,
    base: sourceFromTree(tree(sample.files.main), { path: '.', origin: { kind: 'base' } }),
    controlPlane: sourceFromTree(tree(await github.files(sample.controlPlane, env)), {
      path: '.',
      origin: { kind: 'environment' },
    }),
    workloads: [
      await workload(sample.workloads.guestServices, 'deploy/kalypso', 'guest-services'),
      await workload(sample.workloads.liftOps, 'kalypso', 'lift-ops'),
      await workload(sample.workloads.platformServices, 'workloads', 'platform-svc'),
    ],
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  const after = applyGeneratedFiles(
    tree(await github.files(sample.gitops, env)),
    outcome.rendered.files,
    outcome.rendered.gitopsPath,
  );
  return Object.fromEntries([...after].map(([p, b]) => [p, decoder.decode(b)]));
}

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
    // `kalypso/policy` status, docs/decisions/policy-merge-gate.md).
    const control = await github.state(sample.controlPlane);
    const controlRest = control.requests
      .filter((r) => r.kind === 'rest')
      .map((r) => `${r.method} ${r.route}`);
    expect(controlRest).toEqual([
      'GET /repos/{owner}/{repo}/commits/{ref}/status',
      'GET /repos/{owner}/{repo}/commits/{ref}/status',
      'GET /repos/{owner}/{repo}',
      'GET /repos/{owner}/{repo}/contents/{path+}',
      'GET /repos/{owner}/{repo}/deployments',
      'GET /repos/{owner}/{repo}',
      'GET /repos/{owner}/{repo}/contents/{path+}',
      'POST /repos/{owner}/{repo}/deployments',
      'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
      // The chain table: the chain, then each environment's newest deployment and its statuses.
      'GET /repos/{owner}/{repo}',
      'GET /repos/{owner}/{repo}/contents/{path+}',
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

describe('schedule: control-plane problems', () => {
  it('opens no pull request, sets the failure status and lists every problem with file:line', async () => {
    const sample = await seedSample(github);
    const edge = 'cluster-types/alps/edge-alps.yaml';
    const policy = 'scheduling/gpu-batch.yaml';
    const env = sample.files.environments.dev!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: {
        'configs/broken.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: [unclosed\n',
        [edge]: env[edge]!.replace('reconciler: flux', 'reconciler: missing-template'),
        [policy]: env[policy]!.replace('operator: Exists', 'operator: Within'),
      },
    });
    const run = await schedule(sample);
    expect(run.exitCode).toBe(1);
    expect((await github.state(sample.gitops)).pulls).toEqual([]);
    expect((await github.state(sample.gitops)).requests).toEqual([]);
    expect((await github.state(sample.controlPlane)).statuses).toMatchObject([
      {
        sha: sample.main,
        state: 'failure',
        context: 'dev environment',
        description: 'Failed to schedule',
        target_url: `${github.url}/${sample.controlPlane}/actions/runs/42`,
      },
    ]);
    expect(run.summary).toMatch(
      /^## ❌ `dev` cannot be scheduled: 3 problems in the control plane/,
    );
    expect(run.summary).toMatch(/- `configs\/broken\.yaml:\d+` YAML syntax error/);
    expect(run.summary).toMatch(
      /- `cluster-types\/alps\/edge-alps\.yaml:1` ClusterType 'edge-alps': Template 'missing-template'/,
    );
    expect(run.summary).toMatch(
      /- `scheduling\/gpu-batch\.yaml:\d+` SchedulingPolicy 'gpu-batch'.*Within/,
    );
    expect(run.log).toMatch(/::error file=configs\/broken\.yaml,line=\d+::/);
    expect(run.log).toMatch(/::error file=cluster-types\/alps\/edge-alps\.yaml,line=1::/);
    expect(run.log).toMatch(/::error file=scheduling\/gpu-batch\.yaml,line=\d+::/);
    expect(run.outputs).toEqual({
      'pull-request-number': '',
      'pull-request-url': '',
      'pull-request-operation': 'none',
      assignments: '0',
      'files-changed': '0',
      promoted: 'false',
      'promoted-commit': '',
      'gitops-repository': '',
      'gitops-branch': '',
      shards: '[]',
      plan: '',
      'shard-ref': '',
    });

    // Fixed: the next run proposes the environment and takes the failure back.
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'configs/broken.yaml': null, [edge]: env[edge]!, [policy]: env[policy]! },
    });
    const fixed = await schedule(sample);
    expect(fixed.exitCode, fixed.log).toBe(0);
    expect(fixed.outputs['pull-request-operation']).toBe('created');
    const statuses = (await github.state(sample.controlPlane)).statuses;
    expect(statuses.at(-1)).toMatchObject({
      sha: sample.main,
      state: 'pending',
      description: 'Promoted',
    });
  });

  it('names the registration when a private workload repository cannot be read', async () => {
    const reader = await github.createToken({ contents: 'read' });
    const sample = await seedSample(github, { privateWorkloads: [reader] });
    const run = await schedule(sample);
    expect(run.exitCode).toBe(1);
    expect(run.summary).toContain(
      `- \`workloads/lift-ops.yaml:2\` WorkloadRegistration 'lift-ops': cannot read '${sample.workloads.liftOps}' (branch 'main'):`,
    );
    expect(run.summary).toContain(
      `Give the token in 'github-token' read access ('contents: read') to '${sample.workloads.liftOps}'`,
    );
    expect((await github.state(sample.gitops)).pulls).toEqual([]);
    const withToken = await schedule(sample, { 'workload-token': reader });
    expect(withToken.exitCode, withToken.log).toBe(0);
    expect(withToken.log.split('\n').slice(2).join('\n')).not.toContain(reader);
    expect(withToken.outputs['pull-request-operation']).toBe('created');
  });
});

describe('schedule: GitHub failures', () => {
  it('retries 502 twice and waits out a secondary rate limit', async () => {
    const sample = await seedSample(github);
    const pulls = '/repos/{owner}/{repo}/pulls';
    await github.injectFault({
      kind: 'server-error',
      repo: sample.gitops,
      method: 'GET',
      route: pulls,
      status: 502,
      count: 2,
    });
    await github.injectFault({
      kind: 'secondary-rate-limit',
      repo: sample.gitops,
      method: 'POST',
      route: pulls,
      retryAfterSeconds: 1,
    });
    const run = await schedule(sample);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).toContain(
      "Retry 'list pull requests': attempt 1 of 5 failed: 502 Bad Gateway. Retrying in 1s.",
    );
    expect(run.log).toContain(
      "Retry 'list pull requests': attempt 2 of 5 failed: 502 Bad Gateway. Retrying in 4s.",
    );
    expect(run.log).toContain(
      "Retry 'create pull request': attempt 1 of 5 failed: secondary rate limit. Retrying in 1s.",
    );
    expect((await github.state(sample.gitops)).pulls).toHaveLength(1);
  });

  it('names the token input and the permission on 403 and 401', async () => {
    const sample = await seedSample(github);
    const noPulls = await github.createToken({ contents: 'write' });
    const forbidden = await schedule(sample, { 'gitops-token': noPulls });
    expect(forbidden.exitCode).toBe(1);
    expect(forbidden.summary).toContain('## ❌ Scheduling `dev` failed');
    expect(forbidden.log).toContain(
      "403 Resource not accessible by integration. Give the token in 'gitops-token' the permission 'pull-requests: read'",
    );
    const revoked = await schedule(sample, { 'gitops-token': 'revoked-token' });
    expect(revoked.exitCode).toBe(1);
    expect(revoked.log).toContain("401 Bad credentials. The token in 'gitops-token' is not valid");
  });
});

describe('schedule: options', () => {
  it('honours GitOpsRepo spec.path and leaves files outside it alone', async () => {
    const sample = await seedSample(github, {
      gitopsFiles: {
        'README.md': '# GitOps\n',
        'infra/keep.yaml': 'kept: true\n',
        'clusters/dev/notes.md': 'kept at the top of spec.path\n',
        'clusters/dev/stale-type/old/reconciler.yaml': 'stale\n',
      },
    });
    const gitopsRepo = sample.files.environments.dev!['gitops-repo.yaml']!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'gitops-repo.yaml': gitopsRepo.replace('path: .', 'path: ./clusters/dev/') },
    });
    const run = await schedule(sample);
    expect(run.exitCode, run.log).toBe(0);
    const files = await github.files(sample.gitops, 'kalypso/dev');
    expect(files['infra/keep.yaml']).toBe('kept: true\n');
    expect(files['README.md']).toBe('# GitOps\n');
    expect(files['clusters/dev/notes.md']).toBe('kept at the top of spec.path\n');
    expect(files).not.toHaveProperty(['clusters/dev/stale-type/old/reconciler.yaml']);
    expect(files['.github/tracking/Promoted_Commit_Id']).toBe(sample.main);
    const generated = Object.keys(files).filter(
      (p) => p.startsWith('clusters/dev/') && p.endsWith('/README.md'),
    );
    expect(generated.length).toBeGreaterThan(0);
    expect(Object.keys(files).filter((p) => /^[a-z-]+\/README\.md$/.test(p))).toEqual([]);
  });

  it("refuses a GitOps target that overlaps another environment's, and accepts disjoint paths on a shared branch", async () => {
    const sample = await seedSample(github, { environments: ['dev', 'stage'] });
    const gitopsRepo = (env: string) => sample.files.environments[env]!['gitops-repo.yaml']!;
    // stage writes to dev's branch, at the root: scheduling dev would remove stage's manifests.
    await github.commit(sample.controlPlane, {
      branch: 'stage',
      files: { 'gitops-repo.yaml': gitopsRepo('stage').replace('branch: stage', 'branch: dev') },
    });
    const refused = await schedule(sample);
    expect(refused.exitCode).toBe(1);
    expect(refused.log).toContain(
      `gitops-repo.yaml:1: GitOpsRepo 'dev': the GitOps target of environment 'dev' ('${sample.gitops}', branch 'dev', the repository root) overlaps the target of environment 'stage' ('${sample.gitops}', branch 'dev', the repository root, GitOpsRepo 'stage' on branch 'stage'): scheduling 'dev' would remove or overwrite the manifests of 'stage'.`,
    );
    expect((await github.state(sample.gitops)).pulls).toEqual([]);
    // Disjoint folders of the shared branch: each environment keeps to its own.
    await github.commit(sample.controlPlane, {
      branch: 'stage',
      files: {
        'gitops-repo.yaml': gitopsRepo('stage')
          .replace('branch: stage', 'branch: dev')
          .replace('path: .', 'path: clusters/stage'),
      },
    });
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'gitops-repo.yaml': gitopsRepo('dev').replace('path: .', 'path: clusters/dev') },
    });
    const run = await schedule(sample);
    expect(run.exitCode, run.log).toBe(0);
    expect((await github.state(sample.gitops)).pulls).toHaveLength(1);
  });

  it('plans without writing in a dry run', async () => {
    const sample = await seedSample(github);
    const run = await schedule(sample, { 'dry-run': 'true' });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs['pull-request-operation']).toBe('none');
    expect(run.summary).toContain('## ⏭️ Dry run for `dev`: would open a pull request');
    const state = await github.state(sample.gitops);
    expect(state.pulls).toEqual([]);
    expect(state.requests.filter((r) => r.route === 'git-receive-pack')).toEqual([]);
  });

  it('opens a draft with reviewers and labels, and enables auto-merge over GraphQL', async () => {
    const sample = await seedSample(github);
    // Auto-merge needs the repository setting and a protection rule that requires something.
    await github.settings(sample.gitops, {
      allow_auto_merge: true,
      protection: { dev: { required_status_checks: ['flux'] } },
    });
    const run = await schedule(sample, {
      labels: 'platform, dev',
      reviewers: 'octocat',
      'team-reviewers': 'platform-team',
      'auto-merge': 'true',
      'merge-method': 'squash',
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).not.toContain('::warning');
    const [pr] = (await github.state(sample.gitops)).pulls;
    expect(pr).toMatchObject({
      labels: ['promoted', 'platform', 'dev'],
      requested_reviewers: ['octocat'],
      requested_teams: ['platform-team'],
      auto_merge: { merge_method: 'squash' },
    });
    expect(run.summary).toContain('| Auto-merge | on (squash) |');
  });
});

describe('schedule: when GitHub refuses auto-merge, the run says why and what to configure', () => {
  const autoMerge = { 'auto-merge': 'true', 'merge-method': 'squash' };

  /** Runs schedule with auto-merge and checks what every refusal has in common. */
  async function refused(configure: (gitops: string) => Promise<unknown>) {
    const sample = await seedSample(github);
    await configure(sample.gitops);
    const run = await schedule(sample, autoMerge);
    // The pull request stands and the run succeeds: auto-merge is a convenience, not the promotion.
    expect(run.exitCode, run.log).toBe(0);
    const [pr] = (await github.state(sample.gitops)).pulls;
    expect(pr).toMatchObject({ state: 'open', auto_merge: null });
    expect(run.summary).toContain(`## ✅ Scheduled \`dev\`: opened pull request [#${pr!.number}]`);
    expect(run.summary).toContain('| Auto-merge | ⚠️ not enabled (why, below) |');
    expect(run.summary).toContain(`⚠️ **Auto-merge is not enabled** on [#${pr!.number}]`);
    expect(run.log).toMatch(new RegExp(`::warning::Auto-merge of #${pr!.number} is not enabled: `));
    return { run, sample, pr: pr! };
  }

  it('names the repository setting when the GitOps repository does not allow auto-merge', async () => {
    const { run, sample } = await refused(() => Promise.resolve());
    expect(run.summary).toContain(
      `'${sample.gitops}' does not allow auto-merge (GitHub: "Auto merge is not allowed for this repository"). Turn on "Allow auto-merge" in its settings (Settings → General → Pull Requests; or the REST API's allow\\_auto\\_merge: true), or set the input 'auto-merge' to false.`,
    );
  });

  it('names the branch when it has no protection rule', async () => {
    const { run, sample, pr } = await refused((gitops) =>
      github.settings(gitops, { allow_auto_merge: true }),
    );
    expect(run.summary).toContain(
      `GitHub enables auto-merge only into a protected branch, and branch 'dev' of '${sample.gitops}' has no branch protection rule (GitHub: "Pull request Protected branch rules not configured for this branch"). Add a branch protection rule or ruleset for it that requires a status check or an approving review, so auto-merge has something to wait for. Until then, merge \\#${pr.number} by hand.`,
    );
  });

  it('says there is nothing to wait for when the rule requires nothing', async () => {
    const { run, pr } = await refused((gitops) =>
      github.settings(gitops, { allow_auto_merge: true, protection: { dev: {} } }),
    );
    expect(run.summary).toContain(
      `Pull request \\#${pr.number} can be merged right now (every check has passed and nothing required is pending), so GitHub has nothing for auto-merge to wait for (GitHub: "Pull request Pull request is in clean status"). Make the protection rule of branch 'dev'`,
    );
  });
});

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

describe('schedule: input errors change nothing', () => {
  it.each([
    ['a gitops-repository that does not exist', { 'gitops-repository': 'nobody/nothing' }],
    ['a malformed gitops-repository', { 'gitops-repository': 'not a repository' }],
    ['an environment that is not a branch name', { environment: 'dev..prod' }],
    ['an environment with no branch', { environment: 'qa' }],
  ])('%s: no commit status, no pull request, no push', async (_name, inputs) => {
    const sample = await seedSample(github);
    const run = await schedule(sample, inputs);
    expect(run.exitCode).toBe(1);
    expect((await github.state(sample.controlPlane)).statuses).toEqual([]);
    const gitops = await github.state(sample.gitops);
    expect(gitops.pulls).toEqual([]);
    expect(gitops.statuses).toEqual([]);
    expect(gitops.requests.filter((r) => r.route === 'git-receive-pack')).toEqual([]);
  });
});

describe('schedule: a fleet too large for the runner', () => {
  it('fails before rendering, naming the size and the budget, and changes nothing', async () => {
    const sample = await seedSample(github);
    const run = await runAction('schedule', {
      github: { url: github.url, repository: sample.controlPlane, token, runId: '42' },
      inputs: { environment: 'dev' },
      env: { KALYPSO_SCHEDULE_MAX_FILES: '20' },
    });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      "The environment 'dev' is too large for this runner: 13 assignments on 6 cluster types would render up to 46 GitOps files, over the budget of 20 files. Nothing was rendered or written.",
    );
    expect(run.log).not.toMatch(/EMFILE|ENOMEM|heap out of memory/);
    expect((await github.state(sample.controlPlane)).statuses).toEqual([]);
    const gitops = await github.state(sample.gitops);
    expect(gitops.pulls).toEqual([]);
    expect(gitops.requests).toEqual([]);
  });
});

describe('schedule: the merge gate (kalypso/policy) on the GitOps pull request', () => {
  const HOUR = 60 * 60 * 1000;
  const at = (offset: number) =>
    new Date(Date.now() + offset).toISOString().replace(/\.\d+Z$/, 'Z');
  /** A freeze of dev that is on now, or one that ended an hour ago (the policy stays declared). */
  const chain = (frozen: boolean) =>
    [
      'freezes:',
      frozen
        ? `  - { name: change-freeze, from: "${at(-HOUR)}", to: "${at(3 * HOUR)}", environments: [dev] }`
        : `  - { name: change-freeze, from: "${at(-3 * HOUR)}", to: "${at(-HOUR)}", environments: [dev] }`,
      'environments: [dev, stage, prod]',
      '',
    ].join('\n');

  it('a merge during a freeze is refused by the required status; once open, it merges', async () => {
    const sample = await seedSample(github);
    await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { '.github/promotion-chain.yaml': chain(true) },
    });
    await github.settings(sample.gitops, {
      protection: { dev: { required_status_checks: ['kalypso/policy'] } },
    });
    const frozen = await schedule(sample);
    expect(frozen.exitCode, frozen.log).toBe(0);
    const [pr] = (await github.state(sample.gitops)).pulls;
    const gate = async () => {
      const head = (await github.log(sample.gitops, pr!.head))[0]!.sha;
      return (await github.state(sample.gitops)).statuses
        .filter((x) => x.sha === head && x.context === 'kalypso/policy')
        .map((x) => `${x.state} ${x.description}`);
    };
    expect(await gate()).toEqual([
      expect.stringMatching(/^pending Frozen: change-freeze freeze \(opens .+ UTC\)$/),
    ]);
    expect(frozen.log).toContain("Set 'kalypso/policy' on the pull request head");
    const [owner, name] = sample.gitops.split('/') as [string, string];
    const merge = () =>
      fetch(`${github.url}/repos/${owner}/${name}/pulls/${pr!.number}/merge`, {
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
    await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { '.github/promotion-chain.yaml': chain(false) },
    });
    const open = await schedule(sample);
    expect(open.exitCode, open.log).toBe(0);
    expect((await gate()).at(-1), open.log).toBe('success Open');
    expect((await merge()).status).toBe(200);
  });
});
