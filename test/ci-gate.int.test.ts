import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  seedSample,
  type SampleControlPlane,
} from './support/github-server/control-plane-fixture.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

function ciGate(sample: SampleControlPlane, commit: string, inputs: Record<string, string> = {}) {
  return runAction('ci-gate', {
    github: { url: github.url, repository: sample.controlPlane, token, sha: commit, runId: '9' },
    inputs,
  });
}

const cdWorkflow = `on:
  workflow_dispatch:
    inputs:
      environment: { required: true }
      promoted_commit_id: { required: true }
`;

/** Adds Kalypso's CD workflow to main (dispatch needs it) and returns the new main commit. */
async function withCdWorkflow(
  sample: SampleControlPlane,
  files: Record<string, string | null> = {},
) {
  const { sha } = await github.commit(sample.controlPlane, {
    branch: 'main',
    files: { '.github/workflows/cd.yaml': cdWorkflow, ...files },
  });
  return sha;
}

describe('ci-gate (the committed bundle, run as the runner runs it)', () => {
  it('validates main, renders every environment with it and dispatches CD for the first', async () => {
    const sample = await seedSample(github, { environments: ['dev', 'stage'] });
    const main = await withCdWorkflow(sample);
    const run = await ciGate(sample, main);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toEqual({
      valid: 'true',
      'first-environment': 'dev',
      dispatched: 'true',
      problems: '0',
    });
    const state = await github.state(sample.controlPlane);
    expect(state.dispatches).toMatchObject([
      {
        workflow_id: 'cd.yaml',
        ref: 'main',
        inputs: { environment: 'dev', promoted_commit_id: main },
      },
    ]);
    expect(state.statuses.map((s) => [s.context, s.state])).toEqual([
      ['Kalypso CI', 'pending'],
      ['Kalypso CI', 'success'],
    ]);
    expect(run.summary).toContain(`## ✅ [\`${main.slice(0, 7)}\`]`);
    expect(run.log).toContain("Rendering environment 'stage' with this main");
    // The whole chain, and what each environment gets against the commit it promotes now.
    expect(run.summary).toContain(
      '| Environments rendered with this main | `dev` ✅ → `stage` ✅ → `prod` ➖ |',
    );
    expect(run.summary).toContain('### What each environment gets with this main');
    expect(run.summary).toMatch(
      /\| `dev` \(promotes \[`[0-9a-f]{7}`\]\([^)]+\)\) \| `[^`]+` \| \d+ \| unchanged \|/,
    );
  });

  it('fails on a broken template in main: failure status, annotations, no dispatch', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const template = 'templates/namespace.yaml';
    const { sha } = await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { [template]: sample.files.main[template]!.replace('{{', '{{ if ') },
    });
    const run = await ciGate(sample, sha);
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ valid: 'false', dispatched: 'false' });
    expect(run.log).toMatch(/::error file=templates\/namespace\.yaml,line=\d+::/);
    const state = await github.state(sample.controlPlane);
    expect(state.dispatches).toEqual([]);
    expect(state.statuses.at(-1)).toMatchObject({ sha, state: 'failure', context: 'Kalypso CI' });
    expect(run.summary).toMatch(/^## ❌ \[`[0-9a-f]{7}`\]\(.*\) has \d+ problems?/);
  });

  it('names the environment that would break with this main', async () => {
    const sample = await seedSample(github, { environments: ['dev', 'stage'] });
    const { sha } = await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { 'templates/flux.yaml': null },
    });
    const run = await ciGate(sample, sha);
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain("environment 'dev' would break with this main: Template 'flux'");
    expect(run.log).toContain("environment 'stage' would break with this main");
    expect(run.summary).toContain('`dev` ❌');
    expect(await github.dispatches(sample.controlPlane)).toEqual([]);
  });

  it('validates without writing in a dry run', async () => {
    const sample = await seedSample(github);
    const run = await ciGate(sample, sample.main, { 'dry-run': 'true' });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ valid: 'true', dispatched: 'false' });
    const state = await github.state(sample.controlPlane);
    expect(state.dispatches).toEqual([]);
    expect(state.statuses).toEqual([]);
  });

  it('dispatches nothing with an empty cd-workflow, and still sets the status', async () => {
    const sample = await seedSample(github);
    const run = await ciGate(sample, sample.main, { 'cd-workflow': '' });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ valid: 'true', dispatched: 'false' });
    const state = await github.state(sample.controlPlane);
    expect(state.dispatches).toEqual([]);
    expect(state.statuses.map((s) => s.state)).toEqual(['pending', 'success']);
    expect(run.summary).toContain('| CD | not started (`cd-workflow` is empty) |');
  });

  it('falls back to first-environment without a chain file, and fails without either', async () => {
    const sample = await seedSample(github);
    const sha = await withCdWorkflow(sample, { '.github/promotion-chain.yaml': null });
    const without = await ciGate(sample, sha);
    expect(without.exitCode).toBe(1);
    expect(without.log).toContain(
      "there is no promotion chain: '.github/promotion-chain.yaml' does not exist",
    );
    const run = await ciGate(sample, sha, { 'first-environment': 'dev' });
    expect(run.exitCode, run.log).toBe(0);
    expect(await github.dispatches(sample.controlPlane)).toMatchObject([
      { workflow_id: 'cd.yaml', inputs: { environment: 'dev', promoted_commit_id: sha } },
    ]);
  });
});
