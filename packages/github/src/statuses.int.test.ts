// The commit status reader against the local GitHub, which pages the combined status as GitHub
// does (30 contexts a page by default, at most 100) and compares contexts case-insensitively.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { createGitHubClient } from './client.ts';
import { createCommitStatusWriter } from './statuses.ts';

const github = new LocalGitHub(inject('githubUrl'));
const quiet = {
  debug() {},
  info() {},
  warning() {},
  error() {},
  group: <T>(_: string, work: () => Promise<T>) => work(),
};

describe('the commit status reader', () => {
  it('finds a context past the first page of the combined status, whatever its case', async () => {
    const repo = await github.createRepo({ files: { 'README.md': 'x\n' } });
    const sha = repo.heads.main!;
    const client = createGitHubClient({
      token: inject('githubToken'),
      baseUrl: github.url,
      reporter: quiet,
    });
    const statuses = createCommitStatusWriter(client, repo.fullName);
    // Other systems' statuses, set directly (Octokit spaces its own writes a second apart).
    for (let i = 0; i < 130; i += 1) {
      const response = await fetch(`${github.url}/repos/${repo.fullName}/statuses/${sha}`, {
        method: 'POST',
        headers: { authorization: `token ${inject('githubToken')}` },
        body: JSON.stringify({
          state: 'success',
          context: `check ${String(i).padStart(3, '0')}`,
          description: 'ok',
        }),
      });
      expect(response.status).toBe(201);
    }
    await statuses.setStatus({
      sha,
      state: 'pending',
      context: 'Dev environment',
      description: 'Promoted',
    });
    // The same context in another case: GitHub's latest status for it.
    await statuses.setStatus({
      sha,
      state: 'success',
      context: 'dev environment',
      description: 'Deployed',
    });
    expect(await statuses.latestStatus(sha, 'dev environment')).toEqual({
      state: 'success',
      description: 'Deployed',
    });
    expect(await statuses.latestStatus(sha, 'DEV ENVIRONMENT')).toEqual({
      state: 'success',
      description: 'Deployed',
    });
    expect(await statuses.latestStatus(sha, 'check 129')).toEqual({
      state: 'success',
      description: 'ok',
    });
    expect(await statuses.latestStatus(sha, 'stage environment')).toBeUndefined();
    // Two pages of 100 were read, not more: the reader stops at the last page.
    const reads = (await github.state(repo.fullName)).requests.filter(
      (r) => r.route === '/repos/{owner}/{repo}/commits/{ref}/status',
    );
    expect(reads).toHaveLength(2 + 2 + 2 + 2);
  });
});
