// The notify action, as the GitOps repository's workflow runs it on a push to an environment
// branch: the committed bundle, the local GitHub, the real Octokit.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const PROMOTED = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
const checkWorkflow = `name: check-promote
on:
  workflow_dispatch:
    inputs:
      environment: { required: true }
      commit_id: { required: true }
      promoted_commit_id: { required: false }
`;

async function repositories() {
  const controlPlane = await github.createRepo({
    files: { '.github/workflows/check-promote.yaml': checkWorkflow },
  });
  const gitops = await github.createRepo({
    files: { 'README.md': 'gitops\n' },
    branches: { dev: { 'drone/README.md': 'x' }, stage: { 'drone/README.md': 'stage' } },
  });
  return { controlPlane: controlPlane.fullName, gitops: gitops.fullName };
}

function notify(
  repos: { controlPlane: string; gitops: string },
  commit: string,
  controlPlaneToken = token,
) {
  return runAction('notify', {
    github: {
      url: github.url,
      repository: repos.gitops,
      token,
      sha: commit,
      ref: 'refs/heads/dev',
      eventName: 'push',
    },
    inputs: {
      environment: 'dev',
      'gitops-commit': commit,
      repository: repos.controlPlane,
      'github-token': controlPlaneToken,
    },
  });
}

describe('notify', () => {
  it('starts check-promote with the promoted commit when the push changed the tracking file — even when that is all it changed', async () => {
    const repos = await repositories();
    const { sha } = await github.commit(repos.gitops, {
      branch: 'dev',
      files: { '.github/tracking/Promoted_Commit_Id': PROMOTED },
      message: 'Merge pull request #7',
    });
    const run = await notify(repos, sha);
    expect(run.exitCode, run.log).toBe(0);
    expect(await github.dispatches(repos.controlPlane)).toEqual([
      expect.objectContaining({
        workflow_id: 'check-promote.yaml',
        ref: 'main',
        inputs: { environment: 'dev', commit_id: sha, promoted_commit_id: PROMOTED },
      }),
    ]);
    expect(run.outputs.dispatched).toBe('true');
    expect(run.summary).toContain('started check-promote for this promotion of `4f2a9c1`');
  });

  it('starts check-promote without a promoted commit when the tracking file did not change', async () => {
    const repos = await repositories();
    await github.commit(repos.gitops, {
      branch: 'dev',
      files: { '.github/tracking/Promoted_Commit_Id': PROMOTED },
      message: 'promotion',
    });
    const { sha } = await github.commit(repos.gitops, {
      branch: 'dev',
      files: { 'drone/app/reconciler.yaml': 'kind: Kustomization\n' },
      message: 'config change',
    });
    const run = await notify(repos, sha);
    expect(run.exitCode, run.log).toBe(0);
    expect((await github.dispatches(repos.controlPlane))[0]?.inputs).toEqual({
      environment: 'dev',
      commit_id: sha,
      promoted_commit_id: '',
    });
    expect(run.log).toContain('is not a promotion');
  });

  it('dispatches nothing in a dry run, and says what it would start', async () => {
    const repos = await repositories();
    const { sha } = await github.commit(repos.gitops, {
      branch: 'dev',
      files: { '.github/tracking/Promoted_Commit_Id': PROMOTED },
      message: 'Merge pull request #8',
    });
    const run = await runAction('notify', {
      github: { url: github.url, repository: repos.gitops, token, sha, ref: 'refs/heads/dev' },
      inputs: {
        environment: 'dev',
        repository: repos.controlPlane,
        'github-token': token,
        'dry-run': 'true',
      },
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(await github.dispatches(repos.controlPlane)).toEqual([]);
    expect(run.outputs).toMatchObject({ 'promoted-commit': PROMOTED, dispatched: 'false' });
    expect(run.summary).toContain(
      'dry run: would start check-promote for this promotion of `4f2a9c1`',
    );
  });

  it('fails naming github-token and actions: write when the control-plane token cannot dispatch', async () => {
    const repos = await repositories();
    const { sha } = await github.commit(repos.gitops, {
      branch: 'dev',
      files: { 'x.yaml': 'a: 1\n' },
      message: 'x',
    });
    const readOnly = await github.createToken({ contents: 'read', metadata: 'read' });
    const run = await notify(repos, sha, readOnly);
    expect(run.exitCode).not.toBe(0);
    expect(run.log).toContain('github-token');
    expect(run.log).toContain('actions: write');
    expect(await github.dispatches(repos.controlPlane)).toEqual([]);
  });

  it.each([
    ['a pull-request head', 'kalypso/dev'],
    ["another environment's branch", 'stage'],
  ])(
    'refuses %s: an input error, nothing dispatched (docs/decisions/gate-checks.md)',
    async (_, branch) => {
      const repos = await repositories();
      const { sha } = await github.commit(repos.gitops, {
        branch,
        ...(branch === 'stage' ? {} : { from: 'dev' }),
        files: { '.github/tracking/Promoted_Commit_Id': PROMOTED },
        message: 'promote',
      });
      const run = await notify(repos, sha);
      expect(run.exitCode).toBe(1);
      expect(run.log).toContain(
        `::error::GitOps commit ${sha.slice(0, 7)} is not on branch dev of ${repos.gitops}: pass a commit merged into that branch (the notify action passes the push's commit).`,
      );
      expect(await github.dispatches(repos.controlPlane)).toEqual([]);
      expect(run.outputs).toMatchObject({ 'promoted-commit': '', dispatched: 'false' });
    },
  );
});
