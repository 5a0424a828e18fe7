import { describe, expect, inject, it } from 'vitest';
import { renderBaseRepoYaml } from '@kalypso/core';
import { LocalGitHub } from './support/github-server/client.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

const scheduleWorkflow = `name: schedule
on:
  push:
    branches-ignore: [main]
  workflow_dispatch:
    inputs:
      environment:
        required: true
`;

async function controlPlane() {
  const repo = await github.createRepo({
    files: {
      'templates/app.yaml': 'kind: Template\n',
      '.github/workflows/schedule.yaml': scheduleWorkflow,
    },
    branches: { dev: { 'gitops-repo.yaml': 'kind: GitOpsRepo\n' }, stage: {} },
  });
  return { repo: repo.fullName, main: repo.heads.main!, dev: repo.heads.dev! };
}

function promote(repository: string, inputs: Record<string, string>, withToken = token) {
  return runAction('cd-promote', {
    github: { url: github.url, repository, token: withToken, runId: '77' },
    inputs: { environment: 'dev', ...inputs },
  });
}

const baseRepoFor = (repo: string, commit: string) =>
  renderBaseRepoYaml({ repo: `${github.url}/${repo}`, branch: 'main', path: '.', commit });

describe('cd-promote (the committed bundle, run as the runner runs it)', () => {
  it('commits base-repo.yaml to the environment branch and marks the commit Promoted', async () => {
    const { repo, main, dev } = await controlPlane();
    const run = await promote(repo, { 'promoted-commit': main });
    // The runner masks what `::add-mask::` names; nothing else may print the token.
    expect(run.log.split('\n')[0]).toBe(`::add-mask::${token}`);
    expect(run.log.split('\n').slice(1).join('\n')).not.toContain(token);
    expect(run.exitCode, run.log).toBe(0);
    const [head, parent] = await github.log(repo, 'dev');
    expect(head).toMatchObject({
      subject: `Promote main@${main.slice(0, 7)} to dev`,
      body: `Promoted commit: ${main}`,
      parents: [dev],
    });
    expect(parent!.sha).toBe(dev);
    expect(run.outputs).toEqual({ 'commit-sha': head!.sha, changed: 'true' });
    expect(await github.files(repo, 'dev')).toEqual({
      'templates/app.yaml': 'kind: Template\n',
      '.github/workflows/schedule.yaml': scheduleWorkflow,
      'gitops-repo.yaml': 'kind: GitOpsRepo\n',
      'base-repo.yaml': baseRepoFor(repo, main),
    });
    const { statuses, requests } = await github.state(repo);
    expect(statuses).toMatchObject([
      {
        sha: main,
        state: 'pending',
        context: 'dev environment',
        description: 'Promoted',
        target_url: `${github.url}/${repo}/actions/runs/77`,
      },
    ]);
    expect(requests.map((r) => `${r.method} ${r.route}`)).toEqual([
      'GET /repos/{owner}/{repo}', // the default branch, for the promotion chain and its policy
      // No chain file: the chain is not checked and every promotion goes (read once for both).
      'GET /repos/{owner}/{repo}/contents/{path+}',
      'GET git-upload-pack', // protocol v2: capabilities
      'POST git-upload-pack', // ls-refs refs/heads/dev
      'POST git-upload-pack', // fetch --depth=1
      'GET git-receive-pack',
      'POST git-receive-pack',
      'POST /repos/{owner}/{repo}/statuses/{sha}',
      // The deployments ledger: none yet for (dev, main); the promotion chain (is dev the
      // production environment?) was read above; the deployment and its first status.
      'GET /repos/{owner}/{repo}/deployments',
      'POST /repos/{owner}/{repo}/deployments',
      'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
      // The summary's chain table: no promotion chain here, so no table.
      'GET /repos/{owner}/{repo}',
      'GET /repos/{owner}/{repo}/contents/{path+}',
    ]);
    expect(run.summary).toContain(`## ✅ Promoted [\`${main.slice(0, 7)}\`]`);
    const [deployment, ...others] = (await github.state(repo)).deployments;
    expect(others).toEqual([]);
    expect(deployment).toMatchObject({
      sha: main,
      task: 'kalypso:promote',
      environment: 'dev',
      payload: { kalypso: 1 },
      production_environment: false,
    });
    expect(deployment!.statuses).toMatchObject([
      {
        state: 'queued',
        description: 'Promoted',
        log_url: `${github.url}/${repo}/actions/runs/77`,
      },
    ]);
  });

  it('promotes all the same when the ledger cannot be written: a warning, the status set', async () => {
    const { repo, main } = await controlPlane();
    // A token without `deployments: write` (GitHub answers 403 to the ledger's writes).
    const limited = await github.createToken({ contents: 'write', statuses: 'write' });
    const run = await promote(repo, { 'promoted-commit': main }, limited);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs.changed).toBe('true');
    expect(run.log).toMatch(
      new RegExp(
        `^::warning::Could not record ${main.slice(0, 7)} in 'dev' as queued \\(the commit status says it\\): .*403.*Give the token in 'github-token' the permission 'deployments: write'`,
        'm',
      ),
    );
    const state = await github.state(repo);
    expect(state.statuses).toMatchObject([
      { sha: main, state: 'pending', context: 'dev environment', description: 'Promoted' },
    ]);
    expect(state.deployments).toEqual([]);
    expect(run.summary).toContain(`## ✅ Promoted [\`${main.slice(0, 7)}\`]`);
  });

  it('writes no ledger entry on a dry run', async () => {
    const { repo, main } = await controlPlane();
    const run = await promote(repo, { 'promoted-commit': main, 'dry-run': 'true' });
    expect(run.exitCode, run.log).toBe(0);
    expect((await github.state(repo)).deployments).toEqual([]);
  });

  it('re-runs without a second deployment or a repeated status', async () => {
    const { repo, main } = await controlPlane();
    await promote(repo, { 'promoted-commit': main });
    // The same promotion again: the run records queued again, which the ledger already says.
    await promote(repo, { 'promoted-commit': main });
    const { deployments } = await github.state(repo);
    expect(deployments).toHaveLength(1);
    expect(deployments[0]!.statuses.map((s) => s.state)).toEqual(['queued']);
  });

  it('changes nothing when run again with the same commit', async () => {
    const { repo, main } = await controlPlane();
    const first = await promote(repo, { 'promoted-commit': main });
    const again = await promote(repo, { 'promoted-commit': main });
    expect(again.exitCode, again.log).toBe(0);
    expect(again.outputs).toEqual({ 'commit-sha': first.outputs['commit-sha'], changed: 'false' });
    expect(await github.log(repo, 'dev')).toHaveLength(3);
    expect(again.summary).toContain('## ⏭️ `dev` already promotes');
  });

  it('ends two racing promotions on the newer commit, the older one superseded, whichever lands first', async () => {
    const { repo, main } = await controlPlane();
    const { sha: next } = await github.commit(repo, {
      branch: 'main',
      files: { 'templates/other.yaml': 'x\n' },
    });
    const runs = await Promise.all([
      promote(repo, { 'promoted-commit': main }),
      promote(repo, { 'promoted-commit': next }),
    ]);
    for (const run of runs) expect(run.exitCode, run.log).toBe(0);
    const log = await github.log(repo, 'dev');
    expect(log[0]!.subject).toBe(`Promote main@${next.slice(0, 7)} to dev`);
    expect((await github.files(repo, 'dev'))['base-repo.yaml']).toBe(baseRepoFor(repo, next));
    const latest = async (sha: string) =>
      (await github.state(repo)).statuses
        .filter((x) => x.sha === sha)
        .map((x) => `${x.state} ${x.description}`)
        .at(-1);
    expect(await latest(main)).toBe(`error Superseded by ${next.slice(0, 7)}`);
    expect(await latest(next)).toBe('pending Promoted');
  });

  it('never moves an environment back to an older commit: the older promotion is superseded, nothing written', async () => {
    const { repo, main } = await controlPlane();
    const { sha: next } = await github.commit(repo, {
      branch: 'main',
      files: { 'templates/other.yaml': 'x\n' },
    });
    expect((await promote(repo, { 'promoted-commit': next })).exitCode).toBe(0);
    const before = await github.log(repo, 'dev');
    const late = await promote(repo, { 'promoted-commit': main });
    expect(late.exitCode, late.log).toBe(0);
    expect(late.outputs).toEqual({ 'commit-sha': before[0]!.sha, changed: 'false' });
    expect(await github.log(repo, 'dev')).toEqual(before);
    const statuses = (await github.state(repo)).statuses.filter((x) => x.sha === main);
    expect(statuses.map((x) => `${x.state} ${x.description}`)).toEqual([
      `error Superseded by ${next.slice(0, 7)}`,
    ]);
    expect(late.summary).toContain('is superseded');
  });

  it('promotes over a commit the repository does not hold (it cannot be ordered)', async () => {
    const { repo, main } = await controlPlane();
    const foreign = 'f'.repeat(40);
    await github.commit(repo, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepoFor(repo, foreign) },
    });
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs.changed).toBe('true');
    expect((await github.files(repo, 'dev'))['base-repo.yaml']).toBe(baseRepoFor(repo, main));
  });

  it('marks an earlier promotion that never deployed as superseded, and leaves a deployed one alone', async () => {
    const { repo, main } = await controlPlane();
    const { sha: second } = await github.commit(repo, {
      branch: 'main',
      files: { 'templates/b.yaml': 'b\n' },
    });
    const { sha: third } = await github.commit(repo, {
      branch: 'main',
      files: { 'templates/c.yaml': 'c\n' },
    });
    expect((await promote(repo, { 'promoted-commit': main })).exitCode).toBe(0);
    const run = await promote(repo, { 'promoted-commit': second });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).toContain(
      `set 'dev environment' = error 'Superseded by ${second.slice(0, 7)}'`,
    );
    // `second` deploys; promoting `third` afterwards must not touch it.
    const client = await fetch(`${github.url}/repos/${repo}/statuses/${second}`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        state: 'success',
        context: 'dev environment',
        description: 'Deployed',
      }),
    });
    expect(client.status).toBe(201);
    expect((await promote(repo, { 'promoted-commit': third })).exitCode).toBe(0);
    const latest = (sha: string) =>
      github.state(repo).then((s) =>
        s.statuses
          .filter((x) => x.sha === sha)
          .map((x) => `${x.state} ${x.description}`)
          .at(-1),
      );
    expect(await latest(main)).toBe(`error Superseded by ${second.slice(0, 7)}`);
    expect(await latest(second)).toBe('success Deployed');
    expect(await latest(third)).toBe('pending Promoted');
  });

  it('re-applies the promotion when another push moves the branch first', async () => {
    const { repo, main } = await controlPlane();
    await github.injectFault({
      kind: 'concurrent-push',
      repo,
      branch: 'dev',
      path: 'scheduling/policy.yaml',
      content: 'kind: SchedulingPolicy\n',
    });
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).toContain(
      "Retry 'push base-repo.yaml to dev': attempt 1 of 5 failed: the branch moved. Retrying in 1s.",
    );
    expect(await github.files(repo, 'dev')).toMatchObject({
      'scheduling/policy.yaml': 'kind: SchedulingPolicy\n',
      'base-repo.yaml': baseRepoFor(repo, main),
    });
  });

  it('retries a commit status that GitHub answers with 502 twice', async () => {
    const { repo, main } = await controlPlane();
    await github.injectFault({
      kind: 'server-error',
      repo,
      method: 'POST',
      route: '/repos/{owner}/{repo}/statuses/{sha}',
      status: 502,
      count: 2,
    });
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).toContain(
      "Retry 'create commit status': attempt 1 of 5 failed: 502 Bad Gateway. Retrying in 1s.",
    );
    expect(run.log).toContain(
      "Retry 'create commit status': attempt 2 of 5 failed: 502 Bad Gateway. Retrying in 4s.",
    );
    expect((await github.state(repo)).statuses).toHaveLength(1);
  });

  it('waits out a secondary rate limit', async () => {
    const { repo, main } = await controlPlane();
    await github.injectFault({
      kind: 'secondary-rate-limit',
      repo,
      method: 'POST',
      route: '/repos/{owner}/{repo}/statuses/{sha}',
      retryAfterSeconds: 1,
    });
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).toContain(
      "Retry 'create commit status': attempt 1 of 5 failed: secondary rate limit. Retrying in 1s.",
    );
    expect((await github.state(repo)).statuses).toHaveLength(1);
  });

  it('dispatches the schedule workflow when asked to', async () => {
    const { repo, main } = await controlPlane();
    const run = await promote(repo, {
      'promoted-commit': main,
      'schedule-workflow': 'schedule.yaml',
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(await github.dispatches(repo)).toMatchObject([
      { workflow_id: 'schedule.yaml', ref: 'main', inputs: { environment: 'dev' } },
    ]);
  });

  it('dry run: reads the branch, reports what it would do, and pushes, sets and dispatches nothing', async () => {
    const { repo, main, dev } = await controlPlane();
    const run = await promote(repo, {
      'promoted-commit': main,
      'schedule-workflow': 'schedule.yaml',
      'dry-run': 'true',
    });
    expect(run.exitCode, run.log).toBe(0);
    expect((await github.log(repo, 'dev'))[0]!.sha).toBe(dev);
    const { statuses, requests } = await github.state(repo);
    expect(statuses).toEqual([]);
    expect(await github.dispatches(repo)).toEqual([]);
    expect(requests.map((r) => `${r.method} ${r.route}`)).not.toContain('POST git-receive-pack');
    expect(run.outputs).toEqual({ 'commit-sha': dev, changed: 'false' });
    expect(run.summary).toContain(
      `## ⏭️ Dry run: would promote [\`${main.slice(0, 7)}\`](${github.url}/${repo}/commit/${main}) to \`dev\` (nothing pushed)`,
    );
    expect(run.summary).toContain('| Commit status | not set (dry run) |');
    expect(run.summary).toContain('| Schedule | dry run: would dispatch `schedule.yaml` |');
    expect(run.log).toContain("Dry run: would dispatch 'schedule.yaml' on 'main' for 'dev'.");
  });

  it.each([
    [
      { contents: 'read', statuses: 'write' } as const,
      "Give the token in 'github-token' the permission 'contents: write'",
    ],
    [
      { contents: 'write' } as const,
      "Give the token in 'github-token' the permission 'statuses: write'",
    ],
  ])('fails naming the missing permission (%j)', async (permissions, message) => {
    const { repo, main } = await controlPlane();
    const run = await promote(
      repo,
      { 'promoted-commit': main },
      await github.createToken(permissions),
    );
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(message);
    expect(run.summary).toContain('## ❌ Promotion of');
    expect(run.summary).toContain(message);
  });

  it('fails on a revoked token, naming the input', async () => {
    const { repo, main } = await controlPlane();
    const run = await promote(repo, { 'promoted-commit': main }, 'revoked-token');
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain("401 Bad credentials. The token in 'github-token' is not valid");
    expect(run.log.split('\n').slice(1).join('\n')).not.toContain('revoked-token');
    expect(run.outputs).toEqual({ 'commit-sha': '', changed: 'false' });
  });

  it("reports a protected environment branch after one push, with GitHub's words and what to do", async () => {
    const { repo, main, dev } = await controlPlane();
    await github.settings(repo, { protection: { dev: { required_approving_review_count: 1 } } });
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `Pushing to branch 'dev' in '${repo}' was refused by GitHub (GitHub: "GH006: Protected branch update failed for refs/heads/dev. Changes must be made through a pull request."). The branch is protected: let the token's actor bypass it`,
    );
    expect(run.log).toContain('Nothing was retried: the same push would be refused again.');
    const state = await github.state(repo);
    const pushes = state.requests.filter(
      (r) => r.kind === 'git' && r.route === 'git-receive-pack' && r.method === 'POST',
    );
    expect(pushes).toHaveLength(1);
    expect((await github.log(repo, 'dev'))[0]!.sha).toBe(dev);
    expect(state.statuses.filter((s) => s.state === 'success')).toEqual([]);
    // The actor on the rule's bypass list promotes.
    await github.settings(repo, {
      protection: {
        dev: { required_approving_review_count: 1, bypass_actors: ['github-actions[bot]'] },
      },
    });
    const again = await promote(repo, { 'promoted-commit': main });
    expect(again.exitCode, again.log).toBe(0);
    expect((await github.files(repo, 'dev'))['base-repo.yaml']).toBe(baseRepoFor(repo, main));
  });

  it('says so when the environment branch does not exist', async () => {
    const { repo, main } = await controlPlane();
    const run = await promote(repo, { 'promoted-commit': main, environment: 'prod' });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(`the environment branch 'prod' does not exist in '${repo}'`);
    expect((await github.state(repo)).statuses).toEqual([]);
  });

  it('rejects a promoted commit that is not a full commit id', async () => {
    const { repo, main } = await controlPlane();
    const run = await promote(repo, { 'promoted-commit': main.slice(0, 7) });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `Input 'promoted-commit' is '${main.slice(0, 7)}': pass the full 40-character id`,
    );
  });

  describe('the promotion chain (docs/decisions/gate-checks.md)', () => {
    async function chained() {
      const repo = await github.createRepo({
        files: {
          '.github/promotion-chain.yaml': 'environments: [dev, stage, prod]\n',
          '.github/workflows/schedule.yaml': scheduleWorkflow,
        },
        branches: { dev: {}, stage: {}, prod: {} },
      });
      return { repo: repo.fullName, main: repo.heads.main!, prod: repo.heads.prod! };
    }

    it('reads the chain file the input names, also for the ledger: its last environment is production', async () => {
      const repo = await github.createRepo({
        files: {
          '.github/chains/platform.yaml': 'environments: [dev]\n',
          '.github/workflows/schedule.yaml': scheduleWorkflow,
        },
        branches: { dev: {} },
      });
      // The chain gate lets the first environment take a commit ci-gate validated.
      await fetch(`${github.url}/repos/${repo.fullName}/statuses/${repo.heads.main!}`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'success', context: 'Kalypso CI', description: 'Valid' }),
      });
      const run = await promote(repo.fullName, {
        'promoted-commit': repo.heads.main!,
        'promotion-chain-file': '.github/chains/platform.yaml',
      });
      expect(run.exitCode, run.log).toBe(0);
      const { deployments, requests } = await github.state(repo.fullName);
      expect(deployments).toMatchObject([{ environment: 'dev', production_environment: true }]);
      // One read of the file for the chain gate, the policy and the ledger.
      expect(
        requests.filter(
          (r) =>
            r.method === 'GET' &&
            r.route === '/repos/{owner}/{repo}/contents/{path+}' &&
            r.path.includes('chains'),
        ),
      ).toHaveLength(1);
    });

    it('refuses a commit straight to the last environment: nothing written, no status', async () => {
      const { repo, main, prod } = await chained();
      const run = await promote(repo, { environment: 'prod', 'promoted-commit': main });
      expect(run.exitCode).toBe(1);
      expect(run.log).toContain(
        `::error::Promoted commit ${main.slice(0, 7)} cannot enter 'prod': 'stage' does not report it Deployed (its 'stage environment' status is not set). Promote it through the chain (dev → stage → prod), or skip it deliberately with 'break-glass-reason'`,
      );
      expect((await github.log(repo, 'prod'))[0]!.sha).toBe(prod);
      expect((await github.state(repo)).statuses).toEqual([]);
      expect(await github.dispatches(repo)).toEqual([]);
      expect(run.summary).toContain(`## ❌ Promotion of`);
    });

    it('with the break-glass reason: promotes, and says who and why in a status and the summary', async () => {
      const { repo, main } = await chained();
      const run = await runAction('cd-promote', {
        github: { url: github.url, repository: repo, token, runId: '78' },
        inputs: {
          environment: 'prod',
          'promoted-commit': main,
          'break-glass-reason': 'hotfix INC-123 for @platform **now**',
        },
        env: { GITHUB_ACTOR: 'octocat' },
      });
      expect(run.exitCode, run.log).toBe(0);
      expect(await github.files(repo, 'prod')).toMatchObject({
        'base-repo.yaml': baseRepoFor(repo, main),
      });
      expect(
        (await github.state(repo)).statuses.map((s) => `${s.context}: ${s.state} ${s.description}`),
      ).toEqual([
        'prod environment: pending Promoted',
        'kalypso/policy: success Break-glass by octocat: hotfix INC-123 for @platform **now** (passes promotion chain)',
        'prod environment: chain skipped: success Chain skipped by octocat: hotfix INC-123 for @\u200bplatform **now**',
      ]);
      const [head] = await github.log(repo, 'prod');
      expect(head!.body).toContain(
        'Kalypso-Break-Glass: hotfix INC-123 for @platform **now**\nKalypso-Break-Glass-By: octocat\nKalypso-Break-Glass-Passes: promotion chain',
      );
      expect(run.log).not.toContain('deprecated');
      expect(run.log).toContain(
        `::warning::The promotion chain is skipped by octocat: ${main.slice(0, 7)} enters 'prod' although 'stage' does not report it Deployed (its 'stage environment' status is not set). Reason: hotfix INC-123 for @\u200bplatform **now**`,
      );
      expect(run.summary).toContain(
        "> **The promotion chain was skipped** by `octocat`, although 'stage' does not report it Deployed",
      );
      expect(run.summary).toContain('> Reason: `hotfix INC-123 for @platform **now**`');
      expect(run.summary).toContain(
        '| Promotion chain | ⚠️ skipped by `octocat`: `hotfix INC-123 for @platform **now**` |',
      );
    });

    it('lets in a commit the previous environment reports Deployed, and the first one after ci-gate', async () => {
      const { repo, main } = await chained();
      const seed = (context: string, state: string, description: string) =>
        fetch(`${github.url}/repos/${repo}/statuses/${main}`, {
          method: 'POST',
          headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ state, context, description }),
        });
      const refused = await promote(repo, { environment: 'dev', 'promoted-commit': main });
      expect(refused.log).toContain("it has no successful 'Kalypso CI' status (it is not set)");
      await seed('Kalypso CI', 'success', 'Valid');
      const dev = await promote(repo, { environment: 'dev', 'promoted-commit': main });
      expect(dev.exitCode, dev.log).toBe(0);
      expect(dev.summary).toContain('| Promotion chain | ✅ \'Kalypso CI\' is success "Valid" |');
      await seed('dev environment', 'success', 'Deployed');
      const stage = await promote(repo, { environment: 'stage', 'promoted-commit': main });
      expect(stage.exitCode, stage.log).toBe(0);
      expect(stage.log).toContain(
        `Promotion chain dev → stage → prod: ${main.slice(0, 7)} may enter 'stage' ('dev' reports it success "Deployed").`,
      );
    });
  });
});
