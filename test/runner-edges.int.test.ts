// The edges of the runner contract, with the committed bundles: a runner that does not provide a
// file command, and input mistakes. Both fail the step with a clear annotation before anything is
// read or changed — no commit status, no push, no dispatch.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { seedSample } from './support/github-server/control-plane-fixture.ts';
import { runAction, type ActionRun } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const ACTIONS = ['ci-gate', 'cd-promote', 'schedule', 'check-promote'] as const;

/** Exit 1, an error annotation, and no stack trace (the step failed; it did not crash). */
function expectCleanFailure(run: ActionRun, message: RegExp): void {
  expect(run.exitCode, run.log).toBe(1);
  expect(run.log).toMatch(message);
  expect(run.log).not.toMatch(/^\s+at .*\(.*:\d+:\d+\)$/m);
}

/** What the repository looked like to GitHub: statuses, dispatches, branch heads. */
async function footprint(repo: string) {
  const state = await github.state(repo);
  return {
    statuses: state.statuses,
    dispatches: state.dispatches,
    log: await github.log(repo, 'dev'),
  };
}

describe('a runner without a file command', () => {
  it.each(ACTIONS)('%s names the missing GITHUB_STEP_SUMMARY and changes nothing', async (id) => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const before = await footprint(sample.controlPlane);
    const run = await runAction(id, {
      github: { url: github.url, repository: sample.controlPlane, token, sha: sample.main },
      inputs: {
        'ci-gate': {},
        'cd-promote': { environment: 'dev', 'promoted-commit': sample.main },
        schedule: { environment: 'dev' },
        'check-promote': { environment: 'dev', 'promoted-commit': sample.main },
      }[id],
      brokenRunner: { unset: ['GITHUB_STEP_SUMMARY'] },
    });
    expectCleanFailure(
      run,
      /^::error::This step did not run: The runner did not set GITHUB_STEP_SUMMARY \(the file for the job summary\)/m,
    );
    expect(await footprint(sample.controlPlane)).toEqual(before);
  });

  it('names a GITHUB_OUTPUT file that does not exist, and an unset one', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const missing = await runAction('cd-promote', {
      github: { url: github.url, repository: sample.controlPlane, token },
      inputs: { environment: 'dev', 'promoted-commit': sample.main },
      brokenRunner: { missing: ['GITHUB_OUTPUT'] },
    });
    expectCleanFailure(
      missing,
      /^::error::This step did not run: GITHUB_OUTPUT names '.*output', which is not a writable file/m,
    );
    const unset = await runAction('cd-promote', {
      github: { url: github.url, repository: sample.controlPlane, token },
      inputs: { environment: 'dev', 'promoted-commit': sample.main },
      brokenRunner: { unset: ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY'] },
    });
    expectCleanFailure(
      unset,
      /The runner did not set GITHUB_OUTPUT .*The runner did not set GITHUB_STEP_SUMMARY/,
    );
    expect((await github.state(sample.controlPlane)).statuses).toEqual([]);
  });

  it('does not need the file commands it never writes (GITHUB_ENV, GITHUB_STATE, GITHUB_PATH)', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    // As ci-gate leaves it: the promotion chain lets a valid commit into its first environment.
    const valid = await fetch(
      `${github.url}/repos/${sample.controlPlane}/statuses/${sample.main}`,
      {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'success', context: 'Kalypso CI', description: 'Valid' }),
      },
    );
    expect(valid.status).toBe(201);
    const run = await runAction('cd-promote', {
      github: { url: github.url, repository: sample.controlPlane, token },
      inputs: { environment: 'dev', 'promoted-commit': sample.main },
      brokenRunner: { unset: ['GITHUB_ENV', 'GITHUB_STATE', 'GITHUB_PATH'] },
    });
    expect(run.exitCode, run.log).toBe(0);
  });
});

describe('input errors change no commit status', () => {
  it('cd-promote: a bad environment and commit are reported together; no status, no push', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const before = await footprint(sample.controlPlane);
    const run = await runAction('cd-promote', {
      github: { url: github.url, repository: sample.controlPlane, token },
      inputs: { environment: 'dev..x', 'promoted-commit': 'abc123' },
    });
    expectCleanFailure(run, /^::error::The inputs have 2 problems:%0A/m);
    expect(run.log).toContain("Input 'environment' is 'dev..x', which is not a branch name");
    expect(run.log).toContain("Input 'promoted-commit' is 'abc123'");
    expect(run.outputs).toEqual({ 'commit-sha': '', changed: 'false' });
    expect(await footprint(sample.controlPlane)).toEqual(before);
  });

  it('ci-gate: a bad commit and first environment change no "Kalypso CI" status and dispatch nothing', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const before = await footprint(sample.controlPlane);
    const run = await runAction('ci-gate', {
      github: { url: github.url, repository: sample.controlPlane, token, sha: sample.main },
      inputs: { commit: 'not-a-commit', 'first-environment': 'bad env' },
    });
    expectCleanFailure(run, /^::error::The inputs have 2 problems:%0A/m);
    expect(run.outputs).toMatchObject({ valid: 'false', dispatched: 'false' });
    expect(await footprint(sample.controlPlane)).toEqual(before);
  });
});
