// Locks and break-glass through the bundled cd-promote against the local GitHub
// (docs/decisions/promotion-locks.md): `mode: lock` / `unlock` write `.kalypso/locks.yaml` on the
// environment branch as one commit with `Kalypso-Lock*` trailers, a lock holds promotions, the
// sweeper releases them once the lock is gone or has expired; `break-glass-reason` and its two
// deprecated names. The bundled action runs on the real clock: a lock's expiry is shown passing by
// moving the lock's instants back (the same file as it reads hours later), never by waiting.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { restOf } from './support/rest-seed.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

const api = restOf(github, token);

async function seedStatus(repo: string, sha: string, context: string, description: string) {
  await api('POST', `/repos/${repo}/statuses/${sha}`, { state: 'success', context, description });
}

const SEEDED = ['Kalypso CI', 'stage environment'];
const HOUR = 60 * 60 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString().replace(/\.\d+Z$/, 'Z');

/** A chain with a policy (so locks are read): a freeze of prod now, or one long past. */
function chainFile(freeze?: { from: string; to: string }): string {
  return [
    'freezes:',
    freeze
      ? `  - { name: change-freeze, from: "${freeze.from}", to: "${freeze.to}", environments: [prod] }`
      : `  - { name: last-year, from: "2025-12-24T00:00:00Z", to: "2025-12-27T00:00:00Z" }`,
    'environments: [dev, stage, prod]',
    '',
  ].join('\n');
}

/** A control plane whose main commit passed CI and was Deployed in stage (the status). */
async function controlPlane(chain = chainFile(), stageDeployed = true) {
  const repo = await github.createRepo({
    files: { '.github/promotion-chain.yaml': chain },
    branches: { dev: {}, stage: {}, prod: {} },
  });
  const main = repo.heads.main!;
  await seedStatus(repo.fullName, main, 'Kalypso CI', 'Valid');
  if (stageDeployed) await seedStatus(repo.fullName, main, 'stage environment', 'Deployed');
  return { repo: repo.fullName, main };
}

function cdPromote(repository: string, inputs: Record<string, string>, actor = 'octocat') {
  return runAction('cd-promote', {
    github: { url: github.url, repository, token, runId: '93', actor },
    inputs: { environment: 'prod', ...inputs },
  });
}

const lock = (repo: string, inputs: Record<string, string>, actor = 'alice') =>
  cdPromote(repo, { mode: 'lock', ...inputs }, actor);
const unlock = (repo: string, inputs: Record<string, string> = {}, actor = 'bob') =>
  cdPromote(repo, { mode: 'unlock', ...inputs }, actor);
const sweep = (repo: string) => cdPromote(repo, { mode: 'sweep', environment: '' });

async function statusesOf(repo: string, sha: string) {
  return (await github.state(repo)).statuses
    .filter((s) => s.sha === sha && !SEEDED.includes(s.context))
    .map((s) => `${s.context}: ${s.state} ${s.description}`);
}

describe('cd-promote mode: lock / unlock (the committed bundle)', () => {
  it('locks with an expiry: one commit with trailers, the promotion held; once expired the sweeper releases it', async () => {
    const { repo, main } = await controlPlane();
    const before = await github.log(repo, 'prod');
    const locked = await lock(repo, { reason: 'INC-4211: payments outage', expires: '2h' });
    expect(locked.exitCode, locked.log).toBe(0);
    const log = await github.log(repo, 'prod');
    expect(log).toHaveLength(before.length + 1);
    const [head] = log;
    expect(head!.subject).toBe('Lock prod: INC-4211: payments outage');
    expect(head!.body).toMatch(
      /Kalypso-Lock: add\nKalypso-Lock-Scope: environment\nKalypso-Lock-Reason: INC-4211: payments outage\nKalypso-Lock-Until: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\nKalypso-Lock-By: alice/,
    );
    expect(locked.outputs).toEqual({ 'commit-sha': head!.sha, changed: 'true' });
    expect(locked.summary).toContain('## 🔒 Locked `prod`: its promotions are held');
    expect(locked.summary).toMatch(
      /\| Lock \| environment: `INC-4211: payments outage` \(alice, since .+, until .+\) \|/,
    );
    const file = (await github.files(repo, 'prod'))['.kalypso/locks.yaml']!;
    expect(file).toContain('reason: "INC-4211: payments outage"');

    const held = await cdPromote(repo, { 'promoted-commit': main });
    expect(held.exitCode, held.log).toBe(0);
    expect((await statusesOf(repo, main)).at(-1)).toMatch(
      /^prod environment: pending Held: locked: INC-4211: payments outage \(alice\).* \(opens .+ UTC\)$/,
    );
    const stillHeld = await sweep(repo);
    expect(stillHeld.summary).toContain('0 released, 1 still held');

    // Three hours later: the same lock, its instants moved back past its expiry.
    const hoursAgo = (text: string) =>
      text.replace(/(since|until): (\S+)/g, (_all, key: string, value: string) => {
        const instant = new Date(value.replace(/"/g, '')).getTime() - 3 * HOUR;
        return `${key}: ${new Date(instant).toISOString().replace(/\.\d+Z$/, 'Z')}`;
      });
    await github.commit(repo, {
      branch: 'prod',
      files: { '.kalypso/locks.yaml': hoursAgo(file) },
    });
    const released = await sweep(repo);
    expect(released.exitCode, released.log).toBe(0);
    expect(released.summary).toContain('1 released, 0 still held');
    expect((await statusesOf(repo, main)).at(-1)).toBe('prod environment: pending Promoted');
  });

  it('unlock releases: the lock removed with trailers, the sweeper promotes the held commit', async () => {
    const { repo, main } = await controlPlane();
    expect((await lock(repo, { reason: 'INC-1' })).exitCode).toBe(0);
    expect((await lock(repo, { reason: 'firmware', scope: 'drone' })).exitCode).toBe(0);
    const held = await cdPromote(repo, { 'promoted-commit': main });
    expect(held.exitCode, held.log).toBe(0);
    expect((await statusesOf(repo, main)).at(-1)).toBe(
      'prod environment: pending Held: locked: INC-1 (alice) (until unlocked)',
    );

    const unlocked = await unlock(repo);
    expect(unlocked.exitCode, unlocked.log).toBe(0);
    expect(unlocked.summary).toContain('## 🔓 Unlocked `prod`');
    expect(unlocked.summary).toContain("cluster type 'drone': `firmware`");
    const [head] = await github.log(repo, 'prod');
    expect(head!.subject).toBe('Unlock prod: INC-1');
    expect(head!.body).toContain(
      'Kalypso-Lock: remove\nKalypso-Lock-Scope: environment\nKalypso-Lock-Reason: INC-1\nKalypso-Lock-By: bob',
    );
    const released = await sweep(repo);
    expect(released.exitCode, released.log).toBe(0);
    expect((await statusesOf(repo, main)).at(-1)).toBe('prod environment: pending Promoted');

    const nothing = await unlock(repo);
    expect(nothing.exitCode, nothing.log).toBe(0);
    expect(nothing.outputs).toMatchObject({ changed: 'false' });
    expect(nothing.summary).toContain(
      "## ⏭️ Nothing to unlock in `prod`: No lock of environment in 'prod'. Its locks: cluster type 'drone': firmware.",
    );
    expect(nothing.log).toContain("::warning::No lock of environment in 'prod'.");
  });

  it('refuses what cannot be a lock, all problems at once, and writes nothing', async () => {
    const { repo } = await controlPlane();
    const before = await github.log(repo, 'prod');
    const bad = await lock(repo, { scope: '::error::Drone', reason: '' });
    expect(bad.exitCode).toBe(1);
    expect(bad.log).toContain("Input 'scope': scope '::error::Drone' is neither");
    expect(bad.log).toContain("Input 'reason' is required with 'mode: lock'");
    expect(bad.log).not.toMatch(/^::error::Drone/m);
    const past = await lock(repo, { reason: 'INC-2', expires: '2020-01-01T00:00:00Z' });
    expect(past.exitCode).toBe(1);
    expect(past.log).toContain(
      "Cannot lock 'prod': the expiry 2020-01-01T00:00:00Z is not in the future",
    );
    expect(past.summary).toContain('## ❌ Locking `prod` failed: nothing changed');
    expect(await github.log(repo, 'prod')).toEqual(before);
  });
});

describe('break-glass-reason and its deprecated names (the committed bundle)', () => {
  it('passes a skipped chain and a freeze with one reason, recorded once', async () => {
    const { repo, main } = await controlPlane(chainFile({ from: at(-HOUR), to: at(HOUR) }), false);
    const run = await cdPromote(
      repo,
      { 'promoted-commit': main, 'break-glass-reason': 'INC-9' },
      'carol',
    );
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).not.toContain('deprecated');
    const [head] = await github.log(repo, 'prod');
    expect(head!.body).toContain(
      'Kalypso-Break-Glass: INC-9\nKalypso-Break-Glass-By: carol\nKalypso-Break-Glass-Passes: promotion chain\nKalypso-Break-Glass-Passes: change-freeze freeze',
    );
    expect(await statusesOf(repo, main)).toEqual([
      'prod environment: pending Promoted',
      'kalypso/policy: success Break-glass by carol: INC-9 (passes promotion chain; change-freeze freeze)',
      'prod environment: chain skipped: success Chain skipped by carol: INC-9',
    ]);
    expect(run.summary).toContain(
      '| Break-glass | Break-glass by carol: INC-9 (passes promotion chain; change-freeze freeze) |',
    );
  });

  it.each(['skip-chain-reason', 'policy-override-reason'])(
    'still takes %s, with a deprecation warning, for both the chain and the policy',
    async (alias) => {
      const { repo, main } = await controlPlane(
        chainFile({ from: at(-HOUR), to: at(HOUR) }),
        false,
      );
      const run = await cdPromote(repo, { 'promoted-commit': main, [alias]: 'INC-10' }, 'carol');
      expect(run.exitCode, run.log).toBe(0);
      expect(run.log).toContain(
        `::warning::Input '${alias}' is deprecated: write 'break-glass-reason' instead`,
      );
      expect((await statusesOf(repo, main))[0]).toBe('prod environment: pending Promoted');
      const [head] = await github.log(repo, 'prod');
      expect(head!.body).toContain('Kalypso-Break-Glass-Passes: promotion chain');
      expect(head!.body).toContain('Kalypso-Break-Glass-Passes: change-freeze freeze');
    },
  );
});
