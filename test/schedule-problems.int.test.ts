// schedule when something is wrong: problems in the control plane, GitHub failing or refusing,
// input errors and a fleet too large for the runner (schedule.int.test.ts has the pull request).
import { describe, expect, it } from 'vitest';
import {
  seedSample,
  type SampleControlPlane,
} from './support/github-server/control-plane-fixture.ts';
import { runAction } from './support/run-action.ts';
import { github, schedule, token } from './support/schedule-action.ts';

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
    // Only the tips of the last proposal were read (docs/decisions/unchanged-inputs.md): no
    // REST request, nothing pushed.
    expect(
      (await github.state(sample.gitops)).requests.filter((r) => r.route !== 'git-upload-pack'),
    ).toEqual([]);
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

describe('schedule: input errors change nothing', () => {
  // Each run must change nothing, so the four share one seeded sample (seeded on first use): a run
  // that wrote anything fails its own assertions, and the ones after it.
  let seeded: Promise<SampleControlPlane> | undefined;
  it.each([
    ['a gitops-repository that does not exist', { 'gitops-repository': 'nobody/nothing' }],
    ['a malformed gitops-repository', { 'gitops-repository': 'not a repository' }],
    ['an environment that is not a branch name', { environment: 'dev..prod' }],
    ['an environment with no branch', { environment: 'qa' }],
  ])('%s: no commit status, no pull request, no push', async (_name, inputs) => {
    const sample = await (seeded ??= seedSample(github));
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
    expect(gitops.requests.filter((r) => r.route !== 'git-upload-pack')).toEqual([]);
  });
});
