import { getOctokit } from '@actions/github';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';

const run = promisify(execFile);
const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const octokit = (t = token) => getOctokit(t, { baseUrl: github.url });

const workflow = `name: schedule
on:
  workflow_dispatch:
    inputs:
      environment:
        required: true
`;

async function statusOf(
  promise: Promise<unknown>,
): Promise<{ status: number; message: string; data: unknown }> {
  try {
    await promise;
    return { status: 200, message: '', data: undefined };
  } catch (error) {
    const e = error as { status: number; message: string; response?: { data: unknown } };
    return { status: e.status, message: e.message, data: e.response?.data };
  }
}

describe('local GitHub over REST (real Octokit)', () => {
  let repo: string;
  let owner: string;
  let name: string;
  let heads: Record<string, string>;

  beforeEach(async () => {
    const created = await github.createRepo({
      files: { 'README.md': 'hello\n', '.github/workflows/schedule.yaml': workflow },
      branches: { dev: { 'base-repo.yaml': 'x: 1\n' } },
    });
    repo = created.fullName;
    [owner, name] = repo.split('/') as [string, string];
    heads = created.heads;
  });

  it('answers repository metadata and refs, decoding encoded ref names', async () => {
    const { data } = await octokit().rest.repos.get({ owner, repo: name });
    expect(data.default_branch).toBe('main');
    const ref = await octokit().rest.git.getRef({ owner, repo: name, ref: 'heads/dev' });
    expect(ref.data.object.sha).toBe(heads.dev);
    const matching = await octokit().rest.git.listMatchingRefs({
      owner,
      repo: name,
      ref: 'heads/',
    });
    expect(matching.data.map((r) => r.ref).sort()).toEqual(['refs/heads/dev', 'refs/heads/main']);
    expect(
      (await statusOf(octokit().rest.git.getRef({ owner, repo: name, ref: 'heads/nope' }))).status,
    ).toBe(404);
  });

  it('creates, fast-forwards, force-moves and deletes refs as GitHub does', async () => {
    const rest = octokit().rest.git;
    await rest.createRef({ owner, repo: name, ref: 'refs/heads/topic', sha: heads.main! });
    const dup = await statusOf(
      rest.createRef({ owner, repo: name, ref: 'refs/heads/topic', sha: heads.main! }),
    );
    expect(dup).toMatchObject({ status: 422, data: { message: 'Reference already exists' } });
    await rest.updateRef({ owner, repo: name, ref: 'heads/topic', sha: heads.dev! });
    const backwards = await statusOf(
      rest.updateRef({ owner, repo: name, ref: 'heads/topic', sha: heads.main! }),
    );
    expect(backwards.status).toBe(422);
    await rest.updateRef({ owner, repo: name, ref: 'heads/topic', sha: heads.main!, force: true });
    expect((await rest.getRef({ owner, repo: name, ref: 'heads/topic' })).data.object.sha).toBe(
      heads.main,
    );
    await rest.deleteRef({ owner, repo: name, ref: 'heads/topic' });
    expect((await statusOf(rest.getRef({ owner, repo: name, ref: 'heads/topic' }))).status).toBe(
      404,
    );
  });

  it('serves commits and contents and commits a put file onto the branch', async () => {
    const commit = await octokit().rest.repos.getCommit({ owner, repo: name, ref: 'dev' });
    expect(commit.data.sha).toBe(heads.dev);
    expect(commit.data.parents.map((p) => p.sha)).toEqual([heads.main]);
    const file = await octokit().rest.repos.getContent({
      owner,
      repo: name,
      path: 'base-repo.yaml',
      ref: 'dev',
    });
    expect(Buffer.from((file.data as { content: string }).content, 'base64').toString()).toBe(
      'x: 1\n',
    );
    await octokit().rest.repos.createOrUpdateFileContents({
      owner,
      repo: name,
      path: 'new.txt',
      branch: 'dev',
      message: 'Add new.txt',
      content: Buffer.from('new\n').toString('base64'),
    });
    expect(await github.files(repo, 'dev')).toMatchObject({
      'new.txt': 'new\n',
      'base-repo.yaml': 'x: 1\n',
    });
  });

  it('records statuses and combines the latest per context', async () => {
    const rest = octokit().rest.repos;
    await rest.createCommitStatus({
      owner,
      repo: name,
      sha: heads.main!,
      state: 'pending',
      context: 'dev environment',
      description: 'Promoted',
    });
    await rest.createCommitStatus({
      owner,
      repo: name,
      sha: heads.main!,
      state: 'success',
      context: 'dev environment',
      description: 'Deployed',
    });
    const combined = await rest.getCombinedStatusForRef({ owner, repo: name, ref: 'main' });
    expect(combined.data).toMatchObject({ state: 'success', total_count: 1 });
    const listed = await rest.listCommitStatusesForRef({ owner, repo: name, ref: heads.main! });
    expect(listed.data.map((s) => s.description)).toEqual(['Deployed', 'Promoted']);
    const unknown = await statusOf(
      rest.createCommitStatus({ owner, repo: name, sha: 'a'.repeat(40), state: 'pending' }),
    );
    expect(unknown.status).toBe(422);
  });

  it('opens, lists, pages, labels, updates and merges pull requests', async () => {
    const pulls = octokit().rest.pulls;
    const pr = await pulls.create({
      owner,
      repo: name,
      head: 'dev',
      base: 'main',
      title: 'Promote',
    });
    const dup = await statusOf(
      pulls.create({ owner, repo: name, head: 'dev', base: 'main', title: 'again' }),
    );
    expect(dup.data).toMatchObject({
      message: 'Validation Failed',
      errors: [{ message: `A pull request already exists for ${owner}:dev.` }],
    });
    await github.commit(repo, { branch: 'other', files: { 'o.txt': 'o\n' } });
    await pulls.create({ owner, repo: name, head: 'other', base: 'main', title: 'Other' });
    const byHead = await pulls.list({ owner, repo: name, head: `${owner}:dev`, state: 'open' });
    expect(byHead.data.map((p) => p.number)).toEqual([pr.data.number]);
    const all = await octokit().paginate(pulls.list, { owner, repo: name, per_page: 1 });
    expect(all).toHaveLength(2);
    await octokit().rest.issues.addLabels({
      owner,
      repo: name,
      issue_number: pr.data.number,
      labels: ['promoted'],
    });
    expect(
      (await octokit().rest.issues.getLabel({ owner, repo: name, name: 'promoted' })).data.color,
    ).toBe('ededed');
    await pulls.requestReviewers({
      owner,
      repo: name,
      pull_number: pr.data.number,
      reviewers: ['alice'],
    });
    await pulls.update({ owner, repo: name, pull_number: pr.data.number, title: 'Promote dev' });
    const merged = await pulls.merge({ owner, repo: name, pull_number: pr.data.number });
    expect(
      (await octokit().rest.git.getRef({ owner, repo: name, ref: 'heads/main' })).data.object.sha,
    ).toBe(merged.data.sha);
    const got = await pulls.get({ owner, repo: name, pull_number: pr.data.number });
    expect(got.data).toMatchObject({
      state: 'closed',
      merged: true,
      title: 'Promote dev',
      labels: [{ name: 'promoted' }],
      requested_reviewers: [{ login: 'alice' }],
    });
    await pulls.update({ owner, repo: name, pull_number: 2, state: 'closed' });
    expect((await pulls.list({ owner, repo: name })).data).toHaveLength(0);
  });

  it('records workflow dispatches and rejects inputs the workflow does not declare', async () => {
    const actions = octokit().rest.actions;
    await actions.createWorkflowDispatch({
      owner,
      repo: name,
      workflow_id: 'schedule.yaml',
      ref: 'main',
      inputs: { environment: 'dev' },
    });
    const details = await octokit().request(
      'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
      {
        owner,
        repo: name,
        workflow_id: 'schedule.yaml',
        ref: 'main',
        inputs: { environment: 'stage' },
        return_run_details: true,
      },
    );
    expect(details.status).toBe(200);
    expect(await github.dispatches(repo)).toMatchObject([
      { inputs: { environment: 'dev' } },
      { inputs: { environment: 'stage' } },
    ]);
    const unexpected = await statusOf(
      actions.createWorkflowDispatch({
        owner,
        repo: name,
        workflow_id: 'schedule.yaml',
        ref: 'main',
        inputs: { environment: 'dev', other: 'x' },
      }),
    );
    expect(unexpected).toMatchObject({
      status: 422,
      data: { message: 'Unexpected inputs provided: ["other"]' },
    });
    expect(
      (
        await statusOf(
          actions.createWorkflowDispatch({
            owner,
            repo: name,
            workflow_id: 'missing.yaml',
            ref: 'main',
          }),
        )
      ).status,
    ).toBe(404);
  });

  it('answers 401, 403 and 404 with GitHub error bodies', async () => {
    const bad = await statusOf(octokit('nope').rest.repos.get({ owner, repo: name }));
    expect(bad).toMatchObject({ status: 401, data: { message: 'Bad credentials', status: '401' } });
    const readOnly = await github.createToken({ contents: 'read', statuses: 'read' });
    const denied = await statusOf(
      octokit(readOnly).rest.repos.createCommitStatus({
        owner,
        repo: name,
        sha: heads.main!,
        state: 'pending',
      }),
    );
    expect(denied).toMatchObject({
      status: 403,
      data: { message: 'Resource not accessible by integration' },
    });
    const secret = await github.createRepo({ files: { a: 'a' }, private: true, readers: [token] });
    const [o, n] = secret.fullName.split('/') as [string, string];
    expect((await statusOf(octokit(readOnly).rest.repos.get({ owner: o, repo: n }))).status).toBe(
      404,
    );
    expect((await octokit().rest.repos.get({ owner: o, repo: n })).data.private).toBe(true);
    const gap = await statusOf(
      octokit().request('GET /repos/{owner}/{repo}/releases', { owner, repo: name }),
    );
    expect(gap).toMatchObject({
      status: 404,
      data: {
        message: `Not Found (local GitHub: unimplemented route GET /repos/${repo}/releases)`,
      },
    });
  });

  it('injects server errors, validation failures and rate limits on one route', async () => {
    const route = '/repos/{owner}/{repo}/statuses/{sha}';
    await github.injectFault({ kind: 'server-error', repo, method: 'POST', route, status: 502 });
    await github.injectFault({
      kind: 'secondary-rate-limit',
      repo,
      method: 'POST',
      route,
      retryAfterSeconds: 3,
    });
    await github.injectFault({
      kind: 'secondary-rate-limit',
      repo,
      method: 'POST',
      route,
      retryAfterSeconds: 2,
      status: 429,
    });
    await github.injectFault({ kind: 'validation', repo, method: 'POST', route });
    const create = () =>
      octokit().rest.repos.createCommitStatus({
        owner,
        repo: name,
        sha: heads.main!,
        state: 'pending',
      });
    expect((await statusOf(create())).status).toBe(502);
    const limited = await statusOf(create());
    expect(limited.status).toBe(403);
    expect(limited.message).toMatch(/secondary rate limit/);
    expect((await statusOf(create())).status).toBe(429);
    expect((await statusOf(create())).status).toBe(422);
    expect((await statusOf(create())).status).toBe(200);
    const { requests } = await github.state(repo);
    expect(requests.filter((r) => r.route === route).map((r) => r.status)).toEqual([
      502, 403, 429, 422, 201,
    ]);
  });
});

describe('local GitHub over git smart HTTP (real git)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'github-server-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const git = (cwd: string, args: string[], t = token) =>
    run(
      'git',
      [
        '-c',
        `http.extraheader=AUTHORIZATION: basic ${Buffer.from(`x-access-token:${t}`).toString('base64')}`,
        ...args,
      ],
      {
        cwd,
        env: {
          PATH: process.env.PATH,
          HOME: dir,
          GIT_TERMINAL_PROMPT: '0',
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@t',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@t',
        },
      },
    );

  async function cloneAndCommit(url: string, into: string, file: string) {
    await git(dir, ['clone', '--quiet', '--depth=1', '--branch=dev', url, into]);
    await writeFile(join(dir, into, file), `${file}\n`);
    await git(join(dir, into), ['add', '.']);
    await git(join(dir, into), ['commit', '--quiet', '-m', `Add ${file}`]);
  }

  it('clones and pushes, and REST sees the pushed commit', async () => {
    const { fullName, cloneUrl } = await github.createRepo({
      files: { a: 'a\n' },
      branches: { dev: {} },
    });
    await cloneAndCommit(cloneUrl, 'w', 'b.txt');
    await git(join(dir, 'w'), ['push', '--quiet', 'origin', 'dev']);
    expect(await github.files(fullName, 'dev')).toEqual({ a: 'a\n', 'b.txt': 'b.txt\n' });
  });

  it('lets exactly one of five racing pushes win', async () => {
    const { fullName, cloneUrl } = await github.createRepo({
      files: { a: 'a\n' },
      branches: { dev: {} },
    });
    for (let i = 0; i < 5; i++) await cloneAndCommit(cloneUrl, `w${i}`, `f${i}.txt`);
    const results = await Promise.allSettled(
      [0, 1, 2, 3, 4].map((i) => git(join(dir, `w${i}`), ['push', '--quiet', 'origin', 'dev'])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await github.log(fullName, 'dev')).toHaveLength(3);
  });

  it('moves the branch before the next push when a concurrent push is injected', async () => {
    const { fullName, cloneUrl } = await github.createRepo({
      files: { a: 'a\n' },
      branches: { dev: {} },
    });
    await cloneAndCommit(cloneUrl, 'w', 'b.txt');
    await github.injectFault({
      kind: 'concurrent-push',
      repo: fullName,
      branch: 'dev',
      path: 'other.txt',
      content: 'other\n',
    });
    const rejected = await git(join(dir, 'w'), ['push', 'origin', 'dev']).catch(
      (e: { stderr: string }) => e.stderr,
    );
    expect(rejected).toMatch(/\[rejected\].*\(fetch first\)/);
    expect(await github.files(fullName, 'dev')).toEqual({ a: 'a\n', 'other.txt': 'other\n' });
  });

  it('refuses git without credentials, and pushes with a read-only token', async () => {
    const { cloneUrl } = await github.createRepo({ files: { a: 'a\n' }, branches: { dev: {} } });
    const anonymous = await run('git', ['clone', '--quiet', cloneUrl, 'x'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, GIT_TERMINAL_PROMPT: '0' },
    }).catch((e: { stderr: string }) => e.stderr);
    expect(anonymous).toMatch(/Authentication failed|could not read Username/);
    const readOnly = await github.createToken({ contents: 'read' });
    await git(dir, ['clone', '--quiet', '--depth=1', '--branch=dev', cloneUrl, 'r'], readOnly);
    await writeFile(join(dir, 'r', 'c.txt'), 'c\n');
    await git(join(dir, 'r'), ['add', '.']);
    await git(join(dir, 'r'), ['commit', '--quiet', '-m', 'c']);
    const denied = await git(join(dir, 'r'), ['push', 'origin', 'dev'], readOnly).catch(
      (e: { stderr: string }) => e.stderr,
    );
    expect(denied).toMatch(/403|denied/);
  });
});
