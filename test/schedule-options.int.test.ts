// schedule's options: the GitOpsRepo's path, overlapping targets, dry runs, drafts, reviewers,
// labels and auto-merge, and what the run says when GitHub refuses auto-merge
// (schedule.int.test.ts has the pull request).
import { describe, expect, it } from 'vitest';
import { seedSample } from './support/github-server/control-plane-fixture.ts';
import { github, schedule } from './support/schedule-action.ts';

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
