import { describe, expect, inject, it, vi } from 'vitest';
import type { Reporter } from '@kalypso/core';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { createGitHubClient } from './client.ts';
import {
  createDeploymentRecords,
  deploymentDescription,
  deploymentPayload,
  repositoryName,
} from './deployment-records.ts';

const sha = 'a'.repeat(40);

describe('deployment records: what goes to GitHub', () => {
  it('keeps a description to one inert line of at most 140 characters', () => {
    const long = deploymentDescription(`Held: ${'x'.repeat(200)}`);
    expect([...long]).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
    expect(deploymentDescription('ping @octocat\nand https://user:secret@example.com/x')).toBe(
      'ping @\u200boctocat and https://***@\u200bexample.com/x',
    );
  });

  it('names the GitOps repository as owner/name, from a name or a URL, or not at all', () => {
    expect(repositoryName('acme/gitops')).toBe('acme/gitops');
    expect(repositoryName('https://github.com/acme/gitops.git')).toBe('acme/gitops');
    expect(repositoryName('file:///etc/passwd')).toBeUndefined();
    expect(repositoryName('https://github.com/acme/gitops/tree/dev')).toBeUndefined();
  });

  it('writes the payload the readers agree on', () => {
    expect(
      deploymentPayload({
        environment: 'dev',
        promotedCommit: sha,
        state: 'in_progress',
        description: 'GitOps pull request opened',
        gitops: {
          repository: 'https://github.com/acme/gitops',
          branch: 'dev',
          pullRequestUrl: 'https://github.com/acme/gitops/pull/12',
          commit: 'not a sha',
        },
      }),
    ).toEqual({
      kalypso: 1,
      gitopsRepository: 'acme/gitops',
      gitopsBranch: 'dev',
      pullRequest: 12,
    });
  });
});

describe('deployment records: the read ahead (`prepare`)', () => {
  const github = new LocalGitHub(inject('githubUrl'));
  const quiet: Reporter = {
    debug: () => undefined,
    info: () => undefined,
    warning: () => undefined,
    error: () => undefined,
    group: (_title, work) => work(),
  };
  async function setup() {
    const repo = await github.createRepo({ files: { 'README.md': 'x\n' } });
    const client = createGitHubClient({
      token: inject('githubToken'),
      baseUrl: github.url,
      reporter: quiet,
      retries: 0,
    });
    const records = createDeploymentRecords(client, repo.fullName, {
      serverUrl: github.url,
      chain: () => Promise.resolve(['dev', 'prod']),
    });
    const requests = async () =>
      (await github.state(repo.fullName)).requests.map((r) => `${r.method} ${r.route}`);
    const record = (state: 'queued' | 'in_progress', description: string) => ({
      environment: 'dev',
      promotedCommit: repo.heads.main!,
      state,
      description,
    });
    return { repo, records, requests, record };
  }
  const lookup = 'GET /repos/{owner}/{repo}/deployments';

  it('has the record make only its writes once the read ahead is in', async () => {
    const { repo, records, requests, record } = await setup();
    records.prepare!('dev', repo.heads.main!);
    await vi.waitFor(async () => expect(await requests()).toContain(lookup), {
      timeout: 30_000,
      interval: 20,
    });
    const before = (await requests()).length;
    await records.record(record('in_progress', 'GitOps pull request opened'));
    expect((await requests()).slice(before)).toEqual([
      'POST /repos/{owner}/{repo}/deployments',
      'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
    ]);
  });

  it('reads again for a record after another one was written, so it never writes from a stale read', async () => {
    const { repo, records, record } = await setup();
    records.prepare!('dev', repo.heads.main!);
    // The first record takes the read ahead (no deployment yet) and creates the deployment; the
    // second must find it, not create another.
    await records.record(record('queued', 'Promoted'));
    await records.record(record('in_progress', 'GitOps pull request opened'));
    const { deployments } = await github.state(repo.fullName);
    expect(deployments).toHaveLength(1);
    expect(deployments[0]!.statuses.map((s) => s.state)).toEqual(['queued', 'in_progress']);
  });

  it('reads again when the read ahead failed, and says nothing of it', async () => {
    const { repo, records, requests, record } = await setup();
    await github.injectFault({
      kind: 'server-error',
      repo: repo.fullName,
      method: 'GET',
      route: '/repos/{owner}/{repo}/deployments',
    });
    records.prepare!('dev', repo.heads.main!);
    await vi.waitFor(async () => expect(await requests()).toContain(lookup), {
      timeout: 30_000,
      interval: 20,
    });
    await records.record(record('in_progress', 'GitOps pull request opened'));
    expect((await requests()).filter((r) => r === lookup)).toHaveLength(2);
    expect((await github.state(repo.fullName)).deployments).toHaveLength(1);
  });
});
