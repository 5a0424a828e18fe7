// The commit-status evidence source against the local GitHub: conditional reads of the combined
// status (304 for an unchanged page), the bound on contexts, and the origin the token goes to.
import { describe, expect, inject, it } from 'vitest';
import { resolveComplianceTarget } from '@kalypso/core';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { createStatusComplianceSource } from './status-evidence.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const warnings: string[] = [];
const reporter = {
  debug() {},
  info() {},
  warning: (m: string) => void warnings.push(m),
  error() {},
  group: <T>(_: string, work: () => Promise<T>) => work(),
};

async function post(repo: string, sha: string, context: string, state = 'success') {
  const response = await fetch(`${github.url}/repos/${repo}/statuses/${sha}`, {
    method: 'POST',
    headers: { authorization: `token ${token}` },
    body: JSON.stringify({ state, context, description: 'reconciliation succeeded' }),
  });
  expect(response.status).toBe(201);
}

async function setup() {
  const repo = await github.createRepo({
    files: { '.kalypso/clusters.yaml': 'clusters:\n  - {name: c1, clusterType: drone}\n' },
  });
  const commit = repo.heads.main!;
  const target = resolveComplianceTarget({
    repositoryUrl: `${github.url}/${repo.fullName}`,
    branch: 'main',
    commit,
  });
  return { repo: repo.fullName, commit, target };
}

const settings = {
  pattern: 'kalypso/{clusterType}/{cluster}/*',
  expected: 'inventory' as const,
  inventoryFile: '.kalypso/clusters.yaml',
};
const access = { token, tokenInput: 'github-token', apiUrl: github.url, serverUrl: github.url };

describe('the commit-status evidence source', () => {
  it('reads unchanged pages as 304 on later polls, and a new status in full', async () => {
    const { repo, commit, target } = await setup();
    for (let i = 0; i < 120; i += 1) await post(repo, commit, `ci/check-${i}`);
    await post(repo, commit, 'kalypso/drone/c1/kustomization/apps', 'failure');
    await post(repo, commit, 'kalypso/drone', 'success');
    const source = createStatusComplianceSource(settings, access, reporter);
    const first = await source.summarize(target);
    expect(first.requests).toBe(3); // the inventory, then two pages of the combined status
    expect(first.groups).toMatchObject([{ complianceState: 'Non-Compliant', configurations: 1 }]);
    const second = await source.summarize(target);
    expect(second.requests).toBe(2);
    await post(repo, commit, 'kalypso/drone/c1/kustomization/apps', 'success');
    const third = await source.summarize(target);
    expect(third.groups).toMatchObject([{ complianceState: 'Compliant', configurations: 1 }]);
    const reads = (await github.state(repo)).requests
      .filter((r) => r.route === '/repos/{owner}/{repo}/commits/{ref}/status')
      .map((r) => r.status);
    expect(reads).toEqual([200, 200, 304, 304, 200, 200]);
    expect(warnings).toEqual([
      expect.stringContaining(
        '1 commit status context on ' +
          commit.slice(0, 7) +
          " starts like 'kalypso/{clusterType}/{cluster}/*' but does not match it",
      ),
    ]);
  });

  it('stops at the bound on contexts with a message, after one request', async () => {
    const { repo, commit, target } = await setup();
    for (let i = 0; i < 12; i += 1) await post(repo, commit, `kalypso/drone/c${i}/x`);
    const source = createStatusComplianceSource({ ...settings, maxContexts: 10 }, access, reporter);
    await expect(source.summarize(target)).rejects.toThrow(
      /carries 12 commit status contexts, more than the 10 this check reads/,
    );
  });

  it('sends its token only to this GitHub', async () => {
    const { commit } = await setup();
    const source = createStatusComplianceSource(settings, access, reporter);
    const elsewhere = resolveComplianceTarget({
      repositoryUrl: 'https://github.example.com/acme/gitops',
      branch: 'main',
      commit,
    });
    await expect(source.summarize(elsewhere)).rejects.toThrow(/is not a repository of/);
  });
});
