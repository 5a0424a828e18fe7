import { describe, expect, inject, it } from 'vitest';
import type { Reporter } from '@kalypso/core';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import {
  createGitHubClient,
  PACING_KEY,
  WRITE_BURST,
  WRITE_INTERVAL_MS,
  writePacing,
} from './client.ts';
import { GitHubAccessError } from './errors.ts';
import { createCommitStatusWriter } from './statuses.ts';
import { createWorkflowDispatcher } from './dispatcher.ts';

const github = new LocalGitHub(inject('githubUrl'));
const route = '/repos/{owner}/{repo}/statuses/{sha}';

function recordingReporter(): Reporter & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    debug: () => {},
    info: (m) => lines.push(m),
    warning: (m) => lines.push(`warning: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
    group: (_t, work) => work(),
  };
}

async function setup(token = inject('githubToken')) {
  const repo = await github.createRepo({
    files: {
      'README.md': 'x\n',
      '.github/workflows/schedule.yaml':
        'on:\n  workflow_dispatch:\n    inputs:\n      environment: {}\n',
    },
  });
  const reporter = recordingReporter();
  const client = createGitHubClient({ token, baseUrl: github.url, reporter, retryUnitMs: 10 });
  return {
    repo,
    sha: repo.heads.main!,
    reporter,
    client,
    statuses: createCommitStatusWriter(client, repo.fullName),
  };
}

const promoted = (sha: string) => ({
  sha,
  state: 'pending' as const,
  context: 'dev environment',
  description: 'Promoted',
});

describe('createGitHubClient', () => {
  it('retries server errors and logs every retry', async () => {
    const { repo, sha, reporter, statuses } = await setup();
    await github.injectFault({
      kind: 'server-error',
      repo: repo.fullName,
      method: 'POST',
      route,
      status: 502,
      count: 2,
    });
    await statuses.setStatus(promoted(sha));
    expect(reporter.lines).toEqual([
      "Retry 'create commit status': attempt 1 of 5 failed: 502 Bad Gateway. Retrying in 0.01s.",
      "Retry 'create commit status': attempt 2 of 5 failed: 502 Bad Gateway. Retrying in 0.04s.",
    ]);
    expect((await github.state(repo.fullName)).statuses).toMatchObject([
      { context: 'dev environment', description: 'Promoted' },
    ]);
  });

  it('counts the attempts of each request from one, after a request that failed without a retry', async () => {
    const { repo, sha, reporter, client, statuses } = await setup();
    const [owner = '', name = ''] = repo.fullName.split('/');
    await expect(
      client.octokit.rest.repos.getContent({ owner, repo: name, path: 'missing.yaml' }),
    ).rejects.toMatchObject({ status: 404 });
    await github.injectFault({
      kind: 'server-error',
      repo: repo.fullName,
      method: 'POST',
      route,
      status: 502,
      count: 1,
    });
    await statuses.setStatus(promoted(sha));
    expect(reporter.lines).toEqual([
      "Retry 'create commit status': attempt 1 of 5 failed: 502 Bad Gateway. Retrying in 0.01s.",
    ]);
  });

  it('gives up after the last attempt with the reason', async () => {
    const { repo, sha, statuses } = await setup();
    await github.injectFault({
      kind: 'server-error',
      repo: repo.fullName,
      method: 'POST',
      route,
      status: 503,
      count: 5,
    });
    await expect(statuses.setStatus(promoted(sha))).rejects.toThrow(
      /Setting commit status 'dev environment' on .{7} in 'acme\/.*' failed: 503/,
    );
  });

  it.each([403, 429] as const)(
    'waits out a secondary rate limit (%i) and succeeds',
    async (status) => {
      const { repo, sha, reporter, statuses } = await setup();
      await github.injectFault({
        kind: 'secondary-rate-limit',
        repo: repo.fullName,
        method: 'POST',
        route,
        retryAfterSeconds: 3,
        status,
      });
      await statuses.setStatus(promoted(sha));
      expect(reporter.lines).toEqual([
        "Retry 'create commit status': attempt 1 of 5 failed: secondary rate limit. Retrying in 0.03s.",
      ]);
      expect((await github.state(repo.fullName)).statuses).toHaveLength(1);
    },
  );

  it('waits for the rate limit reset', async () => {
    const { repo, sha, reporter, statuses } = await setup();
    await github.injectFault({
      kind: 'rate-limit',
      repo: repo.fullName,
      method: 'POST',
      route,
      resetInSeconds: 0,
    });
    await statuses.setStatus(promoted(sha));
    expect(reporter.lines[0]).toMatch(
      /^Retry 'create commit status': attempt 1 of 5 failed: rate limit exhausted\. Retrying in/,
    );
  });

  it('fails at once on a rate limit that resets after the longest wait, naming the reset time', async () => {
    const { repo, sha, reporter, statuses } = await setup();
    await github.injectFault({
      kind: 'rate-limit',
      repo: repo.fullName,
      method: 'POST',
      route,
      resetInSeconds: 3600,
    });
    const before = (await github.state(repo.fullName)).requests.length;
    const error = await statuses.setStatus(promoted(sha)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubAccessError);
    const message = (error as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^Setting commit status 'dev environment' on ${sha.slice(0, 7)} in '${repo.fullName}' failed: 403 API rate limit exceeded for installation ID 1\\. GitHub's rate limit for the token in 'github-token' resets at (\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ), later than this run may wait \\(300s\\): nothing was changed by this request\\. Run it again after \\1, or use a token with its own limit \\(a GitHub App installation token\\)\\.$`,
      ),
    );
    const at = Date.parse(/resets at (\S+),/.exec(message)![1]!);
    expect(at - Date.now()).toBeGreaterThan(3_000_000);
    expect(reporter.lines).toEqual([
      expect.stringMatching(
        /^warning: Retry 'create commit status': attempt 1 of 5 failed: rate limit exhausted\. GitHub asks to wait 36\d\ds, until \S+Z, longer than this run may wait \(300s\)\. Giving up\.$/,
      ),
    ]);
    // One request: nothing was retried, nothing waited.
    expect((await github.state(repo.fullName)).requests.length - before).toBe(1);
    expect((await github.state(repo.fullName)).statuses).toEqual([]);
  });

  it('does not wait for a secondary rate limit past the caller deadline', async () => {
    const { repo, sha } = await setup();
    const reporter = recordingReporter();
    const client = createGitHubClient({
      token: inject('githubToken'),
      baseUrl: github.url,
      reporter,
      retryUnitMs: 10,
      deadline: Date.now() + 30_000,
    });
    await github.injectFault({
      kind: 'secondary-rate-limit',
      repo: repo.fullName,
      method: 'POST',
      route,
      retryAfterSeconds: 120,
      status: 429,
    });
    const error = await createCommitStatusWriter(client, repo.fullName)
      .setStatus(promoted(sha))
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /failed: 429 You have exceeded a secondary rate limit\. .* GitHub's secondary rate limit for the token in 'github-token' resets at \S+Z, later than this run may wait \((29|30)s\): nothing was changed by this request\./,
    );
    expect(reporter.lines[0]).toMatch(
      /^warning: Retry 'create commit status': attempt 1 of 5 failed: secondary rate limit\. GitHub asks to wait 120s, until \S+Z, longer than this run may wait \((29|30)s\)\. Giving up\.$/,
    );
  });

  it('does not retry a server error when the backoff would pass the deadline', async () => {
    const { repo, sha } = await setup();
    const reporter = recordingReporter();
    const client = createGitHubClient({
      token: inject('githubToken'),
      baseUrl: github.url,
      reporter,
      retryUnitMs: 10,
      // One second left: the first backoff (1 unit) fits, the second (4 units) does not.
      maxWaitSeconds: 2,
    });
    await github.injectFault({
      kind: 'server-error',
      repo: repo.fullName,
      method: 'POST',
      route,
      status: 502,
      count: 5,
    });
    await expect(
      createCommitStatusWriter(client, repo.fullName).setStatus(promoted(sha)),
    ).rejects.toThrow(/failed: 502/);
    expect(reporter.lines).toEqual([
      "Retry 'create commit status': attempt 1 of 5 failed: 502 Bad Gateway. Retrying in 0.01s.",
      "warning: Retry 'create commit status': attempt 2 of 5 failed: 502 Bad Gateway. The next attempt would start after the deadline. Giving up.",
    ]);
  });

  it('names the token input and the permission on 403', async () => {
    const readOnly = await github.createToken({ contents: 'read' });
    const { sha, statuses, client, repo } = await setup(readOnly);
    const error = await statuses.setStatus(promoted(sha)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubAccessError);
    expect((error as Error).message).toBe(
      `Setting commit status 'dev environment' on ${sha.slice(0, 7)} in '${repo.fullName}' failed: 403 Resource not accessible by integration. Give the token in 'github-token' the permission 'statuses: write' (the workflow's 'permissions:' block), or pass a token that has it.`,
    );
    const dispatch = createWorkflowDispatcher(client, repo.fullName).dispatch({
      workflow: 'schedule.yaml',
      ref: 'main',
      inputs: {},
    });
    await expect(dispatch).rejects.toThrow(/permission 'actions: write'/);
  });

  it('says the token is not valid on 401', async () => {
    const { sha, statuses } = await setup('revoked-token');
    await expect(statuses.setStatus(promoted(sha))).rejects.toThrow(
      /401 Bad credentials\. The token in 'github-token' is not valid/,
    );
  });

  it('dispatches workflows', async () => {
    const { repo, client } = await setup();
    await createWorkflowDispatcher(client, repo.fullName).dispatch({
      workflow: 'schedule.yaml',
      ref: 'main',
      inputs: { environment: 'dev' },
    });
    expect(await github.dispatches(repo.fullName)).toMatchObject([
      { workflow_id: 'schedule.yaml', ref: 'main', inputs: { environment: 'dev' } },
    ]);
  });
  it('starts a burst of writes at once, then holds the next one until the bucket refills', async () => {
    const { repo, sha } = await setup();
    // A refill an hour away: the write after the burst cannot start during the test.
    const pacing = writePacing(2, 3_600_000);
    const { octokit } = createGitHubClient({
      token: inject('githubToken'),
      baseUrl: github.url,
      reporter: recordingReporter(),
      writePacing: pacing,
    });
    const [owner = '', name = ''] = repo.fullName.split('/');
    const before = (await github.state(repo.fullName)).requests.length;
    const write = (n: number) =>
      octokit.rest.repos.createCommitStatus({
        owner,
        repo: name,
        ...promoted(sha),
        context: `check ${n}`,
      });
    const [first, second, third] = [write(1), write(2), write(3)];
    const held = third.then(
      () => 'sent',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await Promise.all([first, second]);
    const sent = async () =>
      (await github.state(repo.fullName)).requests.slice(before).filter((r) => r.route === route)
        .length;
    expect(await sent()).toBe(2);
    // The held write is dropped, never sent.
    await pacing.key(PACING_KEY).stop({ dropWaitingJobs: true });
    expect(await held).toMatch(/stopped/);
    expect(await sent()).toBe(2);
    expect((await github.state(repo.fullName)).statuses.map((s) => s.context).sort()).toEqual([
      'check 1',
      'check 2',
    ]);
  });
  it("paces writes within GitHub's 80 content-generating requests a minute", () => {
    // A minute of writes: the burst, then one per interval.
    expect(WRITE_BURST + 60_000 / WRITE_INTERVAL_MS).toBeLessThanOrEqual(80);
    expect(WRITE_INTERVAL_MS).toBeGreaterThanOrEqual(1000);
  });
  it('a read-only client reads (REST and GraphQL queries) and refuses writes and mutations unsent', async () => {
    const { repo, sha } = await setup();
    const reporter = recordingReporter();
    const { octokit } = createGitHubClient({
      token: inject('githubToken'),
      baseUrl: github.url,
      reporter,
      readOnly: true,
    });
    const [owner = '', name = ''] = repo.fullName.split('/');
    const before = (await github.state(repo.fullName)).requests.length;
    expect((await octokit.rest.repos.get({ owner, repo: name })).data.full_name).toBe(
      repo.fullName,
    );
    const answer = await octokit.graphql<{ repository: { isPrivate: boolean } }>(
      'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { isPrivate } }',
      { o: owner, n: name },
    );
    expect(answer.repository.isPrivate).toBe(false);
    await expect(
      octokit.rest.repos.createCommitStatus({ owner, repo: name, ...promoted(sha) }),
    ).rejects.toThrow(
      'A read-only GitHub client was asked to POST /repos/{owner}/{repo}/statuses/{sha}.',
    );
    await expect(
      octokit.graphql(
        'mutation { markPullRequestReadyForReview(input: {pullRequestId: "x"}) { clientMutationId } }',
      ),
    ).rejects.toThrow('A read-only GitHub client was asked to POST /graphql.');
    // The two reads reached GitHub; the write and the mutation did not.
    expect(
      (await github.state(repo.fullName)).requests.slice(before).map((r) => `${r.kind} ${r.route}`),
    ).toEqual(['rest /repos/{owner}/{repo}', 'graphql repository']);
  });
});
