// The promotion policy through the bundled actions against the local GitHub: freezes, soak, locks
// and break-glass held or passed by cd-promote (docs/decisions/promotion-holds.md). Windows are
// written around the real time of the run, wide enough (hours) that no assertion depends on speed.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { restOf } from './support/rest-seed.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

const api = restOf(github, token);

/** Sets a commit status as another workflow would have (ci-gate's CI, check-promote's "Deployed"). */
async function seedStatus(repo: string, sha: string, context: string, description: string) {
  await api('POST', `/repos/${repo}/statuses/${sha}`, { state: 'success', context, description });
}

/**
 * The commit Deployed in `environment` as check-promote leaves it: the "Deployed" status (what the
 * chain check reads) and the ledger's deployment at `success` (what soak counts from).
 */
async function deployed(repo: string, sha: string, environment: string) {
  await seedStatus(repo, sha, `${environment} environment`, 'Deployed');
  const { id } = await api<{ id: number }>('POST', `/repos/${repo}/deployments`, {
    ...{ ref: sha, environment, task: 'kalypso:promote', auto_merge: false },
    ...{ required_contexts: [], production_environment: false, payload: { kalypso: 1 } },
  });
  await api('POST', `/repos/${repo}/deployments/${id}/statuses`, { state: 'success' });
}

/** What the chain check needs before each environment: CI for dev, Deployed in the one before. */
const SEEDED = ['Kalypso CI', 'stage environment'];

const HOUR = 60 * 60 * 1000;
/** `2026-11-25T21:00:00Z`: an instant `offset` ms from now, to the second. */
const at = (offset: number) => new Date(Date.now() + offset).toISOString().replace(/\.\d+Z$/, 'Z');

function chainFile(freeze?: { from: string; to: string }, soak = ''): string {
  return [
    ...(freeze
      ? [
          'freezes:',
          `  - { name: change-freeze, from: "${freeze.from}", to: "${freeze.to}", environments: [prod] }`,
        ]
      : []),
    'environments:',
    '  - dev',
    '  - stage',
    `  - { name: prod${soak ? `, soak: ${soak}` : ''} }`,
    '',
  ].join('\n');
}

/** A control plane whose main commit passed CI and, unless `stageDeployed` is false, stage. */
async function controlPlane(chain: string, locks?: string, stageDeployed = true) {
  const repo = await github.createRepo({
    files: { '.github/promotion-chain.yaml': chain },
    branches: {
      dev: {},
      stage: {},
      prod: locks === undefined ? {} : { '.kalypso/locks.yaml': locks },
    },
  });
  const main = repo.heads.main!;
  await seedStatus(repo.fullName, main, 'Kalypso CI', 'Valid');
  if (stageDeployed) await deployed(repo.fullName, main, 'stage');
  return { repo: repo.fullName, main };
}

function promote(repository: string, inputs: Record<string, string>, actor = 'octocat') {
  return runAction('cd-promote', {
    github: { url: github.url, repository, token, runId: '91', actor },
    inputs: { environment: 'prod', ...inputs },
  });
}

async function statusesOf(repo: string, sha: string) {
  return (await github.state(repo)).statuses
    .filter((s) => s.sha === sha && !SEEDED.includes(s.context))
    .map((s) => `${s.context}: ${s.state} ${s.description}`);
}

describe('cd-promote with a promotion policy (the committed bundle)', () => {
  it('holds a promotion into a freeze: nothing written, pending Held with the opening, a green run', async () => {
    const { repo, main } = await controlPlane(chainFile({ from: at(-HOUR), to: at(3 * HOUR) }));
    const before = await github.log(repo, 'prod');
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect(await github.log(repo, 'prod')).toEqual(before);
    const [status] = await statusesOf(repo, main);
    expect(status).toMatch(
      /^prod environment: pending Held: change-freeze freeze \(opens .+ UTC\)$/,
    );
    expect(run.summary).toContain('## ⏸️ The promotion policy holds');
    expect(run.summary).toContain('change-freeze freeze');
    expect(run.log).toContain('is held by the promotion policy: change-freeze freeze');
    expect(run.outputs).toMatchObject({ changed: 'false' });
  });

  it('promotes once the freeze is over, and leaves dev (not frozen) alone', async () => {
    const { repo, main } = await controlPlane(chainFile({ from: at(-3 * HOUR), to: at(-HOUR) }));
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect(await statusesOf(repo, main)).toEqual(['prod environment: pending Promoted']);
    const frozen = await controlPlane(chainFile({ from: at(-HOUR), to: at(HOUR) }));
    const dev = await promote(frozen.repo, { 'promoted-commit': frozen.main, environment: 'dev' });
    expect(dev.exitCode, dev.log).toBe(0);
    expect(await statusesOf(frozen.repo, frozen.main)).toEqual([
      'dev environment: pending Promoted',
    ]);
  });

  it('lets break-glass pass the freeze and records it in the commit, the statuses and the summary', async () => {
    const { repo, main } = await controlPlane(chainFile({ from: at(-HOUR), to: at(HOUR) }));
    const run = await promote(
      repo,
      { 'promoted-commit': main, 'policy-override-reason': 'INC-4211 payment outage hotfix' },
      'carol',
    );
    expect(run.exitCode, run.log).toBe(0);
    const [head] = await github.log(repo, 'prod');
    expect(head!.body).toContain('Kalypso-Break-Glass: INC-4211 payment outage hotfix');
    expect(head!.body).toContain('Kalypso-Break-Glass-By: carol');
    expect(head!.body).toContain('Kalypso-Break-Glass-Passes: change-freeze freeze');
    expect(await statusesOf(repo, main)).toEqual([
      'prod environment: pending Promoted',
      'kalypso/policy: success Break-glass by carol: INC-4211 payment outage hotfix (passes change-freeze freeze)',
    ]);
    expect(run.summary).toContain('| Break-glass |');
  });

  it('holds prod for the soak time after the commit was Deployed in stage (the ledger)', async () => {
    const { repo, main } = await controlPlane(chainFile(undefined, '2h'), undefined, false);
    const notYet = await promote(repo, { 'promoted-commit': main });
    // The chain check comes first: not Deployed in stage, the run fails and sets nothing.
    expect(notYet.exitCode, notYet.log).toBe(1);
    expect(notYet.log).toContain("'stage' does not report it Deployed");
    expect(await statusesOf(repo, main)).toEqual([]);
    await deployed(repo, main, 'stage');
    const soaking = await promote(repo, { 'promoted-commit': main });
    expect(soaking.exitCode, soaking.log).toBe(0);
    expect((await statusesOf(repo, main)).at(-1)).toMatch(
      /^prod environment: pending Held: soaking in stage, .* left \(opens .+ UTC\)$/,
    );
  });

  it('counts soak from the ledger: Deployed in stage by its status alone is not yet soaking', async () => {
    const { repo, main } = await controlPlane(chainFile(undefined, '2h'), undefined, false);
    await seedStatus(repo, main, 'stage environment', 'Deployed');
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect((await statusesOf(repo, main)).at(-1)).toBe(
      'prod environment: pending Held: not Deployed in stage yet (waits for Deployed)',
    );
  });

  it('holds under a lock of the environment branch, and fails closed on a broken locks file', async () => {
    const locked = await controlPlane(
      chainFile(),
      `locks:\n  - { reason: INC-4211, by: alice, until: "${at(2 * HOUR)}" }\n`,
    );
    const run = await promote(locked.repo, { 'promoted-commit': locked.main });
    expect(run.exitCode, run.log).toBe(0);
    expect((await statusesOf(locked.repo, locked.main)).at(-1)).toMatch(
      /^prod environment: pending Held: locked: INC-4211 \(alice\).* \(opens .+ UTC\)$/,
    );
    const broken = await controlPlane(chainFile(), 'locks: [ {\n');
    const held = await promote(broken.repo, { 'promoted-commit': broken.main });
    expect(held.exitCode, held.log).toBe(0);
    expect((await statusesOf(broken.repo, broken.main)).at(-1)).toContain('fix it to promote');
  });

  it('keeps the behaviour without a policy: a plain chain promotes, whatever the locks say', async () => {
    const { repo, main } = await controlPlane(
      'environments: [dev, stage, prod]\n',
      'locks:\n  - { reason: ignored without a policy }\n',
    );
    const run = await promote(repo, { 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect(await statusesOf(repo, main)).toEqual(['prod environment: pending Promoted']);
  });
});

describe('cd-promote mode: sweep (the committed bundle)', () => {
  it('releases the newest held promotion once the freeze is lifted, superseding the older one', async () => {
    const frozen = chainFile({ from: at(-HOUR), to: at(3 * HOUR) });
    const { repo, main } = await controlPlane(frozen);
    const { sha: next } = await github.commit(repo, {
      branch: 'main',
      files: { 'templates/app.yaml': 'kind: Template\n' },
    });
    await seedStatus(repo, next, 'Kalypso CI', 'Valid');
    await deployed(repo, next, 'stage');
    for (const commit of [main, next]) {
      const run = await promote(repo, { 'promoted-commit': commit });
      expect(run.exitCode, run.log).toBe(0);
    }
    const sweep = () =>
      runAction('cd-promote', {
        github: { url: github.url, repository: repo, token, runId: '92' },
        inputs: { mode: 'sweep' },
      });
    const during = await sweep();
    expect(during.exitCode, during.log).toBe(0);
    expect(during.summary).toContain('## 🧹 Sweep of held promotions: 0 released, 2 still held');
    expect((await statusesOf(repo, next)).at(-1)).toMatch(/^prod environment: pending Held: /);

    // The freeze is lifted on main (reviewed like any change); the next sweep releases.
    await github.commit(repo, {
      branch: 'main',
      files: { '.github/promotion-chain.yaml': chainFile({ from: at(-3 * HOUR), to: at(-HOUR) }) },
    });
    const after = await sweep();
    expect(after.exitCode, after.log).toBe(0);
    expect(after.summary).toContain('## 🧹 Sweep of held promotions: 1 released, 0 still held');
    expect(after.outputs).toMatchObject({ changed: 'true' });
    expect((await statusesOf(repo, next)).at(-1)).toBe('prod environment: pending Promoted');
    expect((await statusesOf(repo, main)).at(-1)).toBe(
      `prod environment: error Superseded by ${next.slice(0, 7)}`,
    );
    const [head] = await github.log(repo, 'prod');
    expect(head!.subject).toBe(`Promote main@${next.slice(0, 7)} to prod`);
  });
});
