import { getOctokit } from '@actions/github';
import { execFile } from 'node:child_process';
import { request, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { startGitHubServerProcess } from './support/github-server/process.ts';
import { defaultToken } from './support/github-server/server-state.ts';
import { readBody } from './support/github-server/router.ts';

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

  it('answers GraphQL with what was pushed after an earlier query (the kept git process reads again)', async () => {
    const { fullName, cloneUrl } = await github.createRepo({
      files: { a: 'a\n' },
      branches: { dev: {} },
    });
    const [owner = '', name = ''] = fullName.split('/');
    type Answer = {
      repository: {
        ref: { target: { oid: string; tree: { entries: { name: string; oid: string }[] } } };
      };
    };
    const dev = async () =>
      (
        await octokit().graphql<Answer>(
          `query($o: String!, $n: String!) { repository(owner: $o, name: $n) { ref(qualifiedName: "refs/heads/dev") { target { ... on Commit { oid tree { entries { name oid } } } } } } }`,
          { o: owner, n: name },
        )
      ).repository.ref.target;
    const text = async (oid: string) =>
      (
        await octokit().graphql<{ repository: { object: { text: string } } }>(
          `query($o: String!, $n: String!, $id: GitObjectID!) { repository(owner: $o, name: $n) { object(oid: $id) { ... on Blob { text } } } }`,
          { o: owner, n: name, id: oid },
        )
      ).repository.object.text;
    const first = await dev();
    expect(first.tree.entries.map((e) => e.name)).toEqual(['a']);

    // A small push: git unpacks it into loose objects and writes the ref's file.
    await cloneAndCommit(cloneUrl, 'w', 'b.txt');
    await git(join(dir, 'w'), ['push', '--quiet', 'origin', 'dev']);
    const second = await dev();
    expect(second.oid).toBe((await github.log(fullName, 'dev'))[0]!.sha);
    expect(second.tree.entries.map((e) => e.name)).toEqual(['a', 'b.txt']);
    expect(await text(second.tree.entries[1]!.oid)).toBe('b.txt\n');

    // A push of more objects than git unpacks: a new pack, which the kept process has not seen.
    for (let i = 0; i < 150; i++) await writeFile(join(dir, 'w', `f${i}.txt`), `file ${i}\n`);
    await git(join(dir, 'w'), ['add', '.']);
    await git(join(dir, 'w'), ['commit', '--quiet', '-m', 'Many files']);
    await git(join(dir, 'w'), ['push', '--quiet', 'origin', 'dev']);
    const third = await dev();
    expect(third.oid).toBe((await github.log(fullName, 'dev'))[0]!.sha);
    expect(third.tree.entries).toHaveLength(152);
    const f7 = third.tree.entries.find((e) => e.name === 'f7.txt')!;
    expect(await text(f7.oid)).toBe('file 7\n');
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

  it('refuses a push to a protected branch as GitHub does, unless the actor may bypass the rule', async () => {
    const { fullName, cloneUrl, heads } = await github.createRepo({
      files: { a: 'a\n' },
      branches: { dev: {} },
      settings: { protection: { dev: { required_approving_review_count: 0 } } },
    });
    await cloneAndCommit(cloneUrl, 'w', 'b.txt');
    const refused = await git(join(dir, 'w'), ['push', 'origin', 'dev']).catch(
      (e: { stderr: string }) => e.stderr,
    );
    expect(refused).toContain(
      'remote: error: GH006: Protected branch update failed for refs/heads/dev.',
    );
    expect(refused).toContain('remote: error: Changes must be made through a pull request.');
    expect(refused).toMatch(/! \[remote rejected\] dev -> dev \(pre-receive hook declined\)/);
    expect((await github.log(fullName, 'dev'))[0]!.sha).toBe(heads.dev);
    // The token's actor on the bypass list pushes.
    await github.settings(fullName, {
      protection: {
        dev: { required_approving_review_count: 0, bypass_actors: ['github-actions[bot]'] },
      },
    });
    await git(join(dir, 'w'), ['push', '--quiet', 'origin', 'dev']);
    expect(await github.files(fullName, 'dev')).toEqual({ a: 'a\n', 'b.txt': 'b.txt\n' });
  });

  it('refuses a push whose commit lacks a required check, a force-push and a deletion of a protected branch', async () => {
    const { fullName, cloneUrl, heads } = await github.createRepo({
      files: { a: 'a\n' },
      branches: { dev: {} },
      settings: { protection: { dev: { required_status_checks: ['ci'] } } },
    });
    await cloneAndCommit(cloneUrl, 'w', 'b.txt');
    const refused = await git(join(dir, 'w'), ['push', 'origin', 'dev']).catch(
      (e: { stderr: string }) => e.stderr,
    );
    expect(refused).toContain('remote: error: Required status check "ci" is expected.');
    // With the check passed on the commit (pushed to another branch first, so that GitHub has it;
    // contexts compared case-insensitively), the push lands.
    const { stdout } = await git(join(dir, 'w'), ['rev-parse', 'HEAD']);
    const sha = stdout.trim();
    await git(join(dir, 'w'), ['push', '--quiet', 'origin', 'HEAD:refs/heads/feature']);
    const [owner, name] = fullName.split('/') as [string, string];
    await octokit().rest.repos.createCommitStatus({
      owner,
      repo: name,
      sha,
      state: 'success',
      context: 'CI',
    });
    await git(join(dir, 'w'), ['push', '--quiet', 'origin', 'dev']);
    expect((await github.log(fullName, 'dev'))[0]!.sha).toBe(sha);
    const force = await git(join(dir, 'w'), [
      'push',
      '--force',
      'origin',
      `${heads.dev!}:refs/heads/dev`,
    ]).catch((e: { stderr: string }) => e.stderr);
    expect(force).toContain('remote: error: Cannot force-push to this branch');
    // A deletion from a repository that is not shallow (receive-pack hangs up on a shallow one's).
    await git(dir, ['init', '--quiet', '--bare', 'empty.git']);
    const deletion = await git(join(dir, 'empty.git'), ['push', cloneUrl, ':refs/heads/dev']).catch(
      (e: { stderr: string }) => e.stderr,
    );
    expect(deletion).toContain('remote: error: Cannot delete this branch');
    expect((await github.log(fullName, 'dev'))[0]!.sha).toBe(sha);
  });
});

describe('local GitHub: required status checks at the merge button', () => {
  it("refuses a merge (405) until every required check is success on the head, in GitHub's words", async () => {
    const { fullName } = await github.createRepo({
      files: { a: 'a\n' },
      branches: { dev: {} },
      settings: { protection: { dev: { required_status_checks: ['kalypso/policy', 'ci'] } } },
    });
    const [owner, name] = fullName.split('/') as [string, string];
    const { sha: head } = await github.commit(fullName, {
      branch: 'kalypso/dev',
      files: { 'b.txt': 'b\n' },
    });
    const pulls = octokit().rest.pulls;
    const pr = await pulls.create({
      owner,
      repo: name,
      head: 'kalypso/dev',
      base: 'dev',
      title: 'P',
    });
    const merge = () => pulls.merge({ owner, repo: name, pull_number: pr.data.number });
    const status = (context: string, state: 'pending' | 'success' | 'failure') =>
      octokit().rest.repos.createCommitStatus({ owner, repo: name, sha: head, state, context });
    expect(await statusOf(merge())).toMatchObject({
      status: 405,
      data: {
        message: '2 of 2 required status checks are expected.',
        documentation_url: 'https://docs.github.com/articles/about-protected-branches',
      },
    });
    await status('ci', 'success');
    await status('kalypso/policy', 'pending');
    expect((await statusOf(merge())).data).toMatchObject({
      message: 'Required status check "kalypso/policy" is expected.',
    });
    await status('kalypso/policy', 'failure');
    expect((await statusOf(merge())).data).toMatchObject({
      message: 'Required status check "kalypso/policy" is failing.',
    });
    expect(
      (await pulls.get({ owner, repo: name, pull_number: pr.data.number })).data,
    ).toMatchObject({ state: 'open', merged: false, mergeable_state: 'blocked' });
    await status('KALYPSO/policy', 'success');
    const merged = await merge();
    expect(merged.data.merged).toBe(true);
    expect((await github.log(fullName, 'dev'))[0]!.sha).toBe(merged.data.sha);
  });
});

describe('local GitHub: as strict as GitHub', () => {
  let repo: string;
  let owner: string;
  let name: string;
  let heads: Record<string, string>;

  beforeEach(async () => {
    const created = await github.createRepo({
      files: { 'README.md': 'hello\n' },
      branches: { dev: { 'base-repo.yaml': 'x: 1\n' } },
    });
    repo = created.fullName;
    [owner, name] = repo.split('/') as [string, string];
    heads = created.heads;
  });

  const enableAutoMerge = (id: string) =>
    octokit()
      .graphql(
        `mutation($id: ID!) {
  enablePullRequestAutoMerge(input: { pullRequestId: $id, mergeMethod: SQUASH }) {
    pullRequest { number }
  }
}`,
        { id },
      )
      .then(
        () => undefined,
        (error: { errors?: unknown; data?: unknown }) => ({
          errors: error.errors,
          data: error.data,
        }),
      );

  it('refuses auto-merge as GitHub does: repository setting, unprotected branch, nothing to wait for', async () => {
    const { data: pr } = await octokit().rest.pulls.create({
      owner,
      repo: name,
      head: 'dev',
      base: 'main',
      title: 'Promote',
    });
    const refusal = (message: string) => ({
      data: { enablePullRequestAutoMerge: null },
      errors: [
        {
          type: 'UNPROCESSABLE',
          path: ['enablePullRequestAutoMerge'],
          locations: [{ line: 2, column: 3 }],
          message,
        },
      ],
    });
    // A new repository does not allow auto-merge.
    expect(await enableAutoMerge(pr.node_id)).toEqual(
      refusal('Auto merge is not allowed for this repository'),
    );
    await github.settings(repo, { allow_auto_merge: true });
    expect(await enableAutoMerge(pr.node_id)).toEqual(
      refusal('Pull request Protected branch rules not configured for this branch'),
    );
    // A rule that requires nothing: the pull request can merge now, nothing to wait for.
    await github.settings(repo, { protection: { main: {} } });
    expect(await enableAutoMerge(pr.node_id)).toEqual(
      refusal('Pull request Pull request is in clean status'),
    );
    const status = (state: 'failure' | 'success' | 'pending', context: string) =>
      octokit().rest.repos.createCommitStatus({
        owner,
        repo: name,
        sha: heads.dev!,
        state,
        context,
      });
    await status('failure', 'lint');
    expect(await enableAutoMerge(pr.node_id)).toEqual(
      refusal('Pull request Pull request is in unstable status'),
    );
    // A required check not yet passed: auto-merge waits for it.
    await github.settings(repo, { protection: { main: { required_status_checks: ['ci'] } } });
    expect(await enableAutoMerge(pr.node_id)).toBeUndefined();
    const { data } = await octokit().rest.pulls.get({ owner, repo: name, pull_number: pr.number });
    expect(data).toMatchObject({
      mergeable_state: 'blocked',
      auto_merge: {
        merge_method: 'squash',
        enabled_by: { login: 'github-actions[bot]' },
        commit_title: `Promote (#${pr.number})`,
      },
    });
    // The check passes (the context compared case-insensitively): the rule is met.
    await status('success', 'CI');
    await status('success', 'lint');
    const after = await octokit().rest.pulls.get({ owner, repo: name, pull_number: pr.number });
    expect(after.data.mergeable_state).toBe('clean');
  });

  it('refuses pull requests from a GITHUB_TOKEN unless the repository allows GitHub Actions to create them', async () => {
    const permissions = { contents: 'write', pull_requests: 'write' } as const;
    const workflowToken = await github.createToken(
      permissions,
      undefined,
      undefined,
      'github-token',
    );
    const personal = await github.createToken(permissions, undefined, 'octocat', 'personal');
    const create = (t: string, head: string) =>
      statusOf(octokit(t).rest.pulls.create({ owner, repo: name, head, base: 'main', title: 't' }));
    expect(await create(workflowToken, 'dev')).toMatchObject({
      status: 403,
      data: {
        message: 'GitHub Actions is not permitted to create or approve pull requests.',
        documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
      },
    });
    expect((await github.state(repo)).pulls).toEqual([]);
    // The setting does not limit personal access tokens or GitHub App tokens.
    expect((await create(personal, 'dev')).status).toBe(200);
    await github.commit(repo, { branch: 'other', files: { 'o.txt': 'o\n' } });
    await github.settings(repo, { can_approve_pull_request_reviews: true });
    expect((await create(workflowToken, 'other')).status).toBe(200);
    expect((await github.state(repo)).pulls.map((p) => p.author)).toEqual([
      'octocat',
      'github-actions[bot]',
    ]);
  });

  it('pages the combined status (30 contexts by default, up to 100) and compares contexts case-insensitively', async () => {
    const rest = octokit().rest.repos;
    for (let i = 0; i < 35; i += 1) {
      await rest.createCommitStatus({
        owner,
        repo: name,
        sha: heads.main!,
        state: 'success',
        context: `check ${String(i).padStart(2, '0')}`,
      });
    }
    await rest.createCommitStatus({
      owner,
      repo: name,
      sha: heads.main!,
      state: 'pending',
      context: 'Dev Environment',
    });
    // The same context in another case replaces it: one context, the latest state.
    await rest.createCommitStatus({
      owner,
      repo: name,
      sha: heads.main!,
      state: 'failure',
      context: 'dev environment',
    });
    const first = await rest.getCombinedStatusForRef({ owner, repo: name, ref: 'main' });
    expect(first.data).toMatchObject({ state: 'failure', total_count: 36 });
    expect(first.data.statuses).toHaveLength(30);
    expect(first.headers.link).toMatch(/[?&]page=2[^>]*>; rel="next"/);
    const second = await rest.getCombinedStatusForRef({
      owner,
      repo: name,
      ref: 'main',
      page: 2,
    });
    expect(second.data.statuses.map((s) => s.context)).toEqual([
      'check 30',
      'check 31',
      'check 32',
      'check 33',
      'check 34',
      'dev environment',
    ]);
    expect(second.data.statuses.at(-1)?.state).toBe('failure');
    const whole = await rest.getCombinedStatusForRef({
      owner,
      repo: name,
      ref: 'main',
      per_page: 500,
    });
    expect(whole.data.statuses).toHaveLength(36);
    expect(whole.headers.link).toBeUndefined();
  });

  it('refuses label names over 50 characters, counted in characters', async () => {
    const issues = octokit().rest.issues;
    const long = 'x'.repeat(51);
    expect(await statusOf(issues.createLabel({ owner, repo: name, name: long }))).toMatchObject({
      status: 422,
      data: {
        message: 'Validation Failed',
        errors: [
          {
            resource: 'Label',
            code: 'custom',
            field: 'name',
            message: 'name is too long (maximum is 50 characters)',
          },
        ],
      },
    });
    const fifty = '🚀'.repeat(50);
    expect((await statusOf(issues.createLabel({ owner, repo: name, name: fifty }))).status).toBe(
      200,
    );
    const { data: pr } = await octokit().rest.pulls.create({
      owner,
      repo: name,
      head: 'dev',
      base: 'main',
      title: 'Promote',
    });
    const add = (labels: string[]) =>
      statusOf(issues.addLabels({ owner, repo: name, issue_number: pr.number, labels }));
    expect(await add(['ok', long])).toMatchObject({
      status: 422,
      data: { errors: [{ value: long, resource: 'Label', field: 'name', code: 'invalid' }] },
    });
    expect((await github.state(repo)).pulls[0]!.labels).toEqual([]);
    expect((await add(['ok', fifty])).status).toBe(200);
  });

  it('reads request bodies as bytes: a 4-byte character split across chunks arrives whole', async () => {
    // Deterministic: the reader itself, fed the two halves of one character as two chunks.
    const bytes = Buffer.from('{"a":"🚀"}');
    const split = bytes.indexOf(Buffer.from('🚀')) + 2;
    const stream = Readable.from([bytes.subarray(0, split), bytes.subarray(split)]);
    expect(await readBody(stream as IncomingMessage)).toBe('{"a":"🚀"}');
    // And over HTTP: the control API commits what it was sent, written in two halves.
    const content = `${'a'.repeat(1000)}🚀 ünïcödé 𝄞\n`;
    const body = Buffer.from(
      JSON.stringify({ branch: 'main', files: { 'emoji.txt': content }, message: 'Emoji' }),
    );
    const cut = body.indexOf(Buffer.from('🚀')) + 1;
    await new Promise<void>((done, fail) => {
      const req = request(
        `${github.url}/_control/repos/${repo}/commits`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 201 ? done() : fail(new Error(String(res.statusCode))),
          );
        },
      );
      req.on('error', fail);
      req.write(body.subarray(0, cut), () => setTimeout(() => req.end(body.subarray(cut)), 20));
    });
    expect((await github.files(repo, 'main'))['emoji.txt']).toBe(content);
  });
});

describe('local GitHub: the Deployments API', () => {
  let repo: string;
  let owner: string;
  let name: string;
  let heads: Record<string, string>;
  const deployments = () => octokit().rest.repos;

  beforeEach(async () => {
    const created = await github.createRepo({
      files: { 'README.md': 'hello\n' },
      branches: { topic: { 't.txt': 't\n' } },
    });
    repo = created.fullName;
    [owner, name] = repo.split('/') as [string, string];
    heads = created.heads;
  });

  const create = (fields: Record<string, unknown>) =>
    deployments().createDeployment({ owner, repo: name, ref: 'main', ...fields });
  /** The id of a created deployment (201; a 202 merge answer has none). */
  const idOf = (data: object): number =>
    'id' in data && typeof data.id === 'number' ? data.id : Number.NaN;

  it('creates deployments at the resolved commit with GitHub’s defaults, and lists, filters and pages them', async () => {
    const { data, status } = await create({
      environment: 'dev',
      auto_merge: false,
      payload: { pr: 7 },
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      sha: heads.main,
      ref: 'main',
      task: 'deploy',
      environment: 'dev',
      original_environment: 'dev',
      payload: { pr: 7 },
      description: '',
      transient_environment: false,
      production_environment: false,
      creator: { login: 'github-actions[bot]' },
    });
    const prod = await create({ required_contexts: [], description: 'Ship' });
    expect(prod.data).toMatchObject({ environment: 'production', production_environment: true });
    await create({ environment: 'dev', task: 'deploy:migrations', ref: heads.main });
    const missing = await statusOf(create({ ref: 'no-such-branch' }));
    expect(missing).toMatchObject({
      status: 422,
      data: { message: 'No ref found for: no-such-branch' },
    });

    const list = (query: Record<string, string | number>) =>
      deployments().listDeployments({ owner, repo: name, ...query });
    expect((await list({ environment: 'dev' })).data.map((d) => d.task)).toEqual([
      'deploy:migrations',
      'deploy',
    ]);
    expect((await list({ task: 'deploy', ref: 'main' })).data).toHaveLength(2);
    expect((await list({ sha: heads.main! })).data).toHaveLength(3);
    const pages = await octokit().paginate(deployments().listDeployments, {
      owner,
      repo: name,
      per_page: 2,
    });
    expect(pages.map((d) => d.id)).toEqual((await list({})).data.map((d) => d.id));
    const one = await deployments().getDeployment({ owner, repo: name, deployment_id: idOf(data) });
    expect(one.data.payload).toEqual({ pr: 7 });
    expect(
      (await statusOf(deployments().getDeployment({ owner, repo: name, deployment_id: 1 }))).status,
    ).toBe(404);
    const environments = await octokit().rest.repos.getAllEnvironments({ owner, repo: name });
    expect(environments.data.environments?.map((e) => e.name)).toEqual(['dev', 'production']);
    expect(
      (await octokit().rest.repos.getEnvironment({ owner, repo: name, environment_name: 'dev' }))
        .data.name,
    ).toBe('dev');
  });

  it('merges the default branch into a branch behind it (202), and refuses a commit behind it or failing checks (409)', async () => {
    const { sha: mainHead } = await github.commit(repo, {
      branch: 'main',
      files: { 'm.txt': 'm\n' },
    });
    const behind = await create({ ref: 'topic' });
    expect(behind.status).toBe(202);
    expect(behind.data).toEqual({ message: 'Auto-merged main into topic on deployment.' });
    const [merge] = await github.log(repo, 'topic');
    expect(merge!.parents).toEqual([heads.topic, mainHead]);
    expect((await github.state(repo)).deployments).toEqual([]);

    const { sha: newer } = await github.commit(repo, { branch: 'main', files: { 'n.txt': 'n\n' } });
    expect(await statusOf(create({ ref: mainHead }))).toMatchObject({
      status: 409,
      data: { message: `Conflict merging main into ${mainHead}.` },
    });
    expect((await statusOf(create({ ref: mainHead, auto_merge: false }))).status).toBe(200);

    const status = (state: 'success' | 'failure', context: string) =>
      octokit().rest.repos.createCommitStatus({ owner, repo: name, sha: newer, state, context });
    await status('success', 'ci');
    await status('failure', 'lint');
    expect(await statusOf(create({}))).toMatchObject({
      status: 409,
      data: {
        message: 'Conflict: Commit status checks failed for main.',
        errors: [
          {
            resource: 'Deployment',
            field: 'required_contexts',
            code: 'invalid',
            contexts: [
              { context: 'ci', state: 'success' },
              { context: 'lint', state: 'failure' },
            ],
          },
        ],
      },
    });
    expect((await statusOf(create({ required_contexts: ['CI'] }))).status).toBe(200);
    expect((await statusOf(create({ required_contexts: ['deploy-check'] }))).status).toBe(409);
    expect((await statusOf(create({ required_contexts: [] }))).status).toBe(200);
  });

  it('records statuses and marks earlier successful deployments of the environment inactive, except production and transient ones', async () => {
    const deploy = async (environment: string, extra: Record<string, unknown> = {}) =>
      idOf(
        (await create({ environment, auto_merge: false, required_contexts: [], ...extra })).data,
      );
    const setStatus = (
      deployment_id: number,
      state: 'success' | 'in_progress' | 'queued',
      extra = {},
    ) =>
      deployments().createDeploymentStatus({ owner, repo: name, deployment_id, state, ...extra });
    const latest = async (deployment_id: number) =>
      (await deployments().listDeploymentStatuses({ owner, repo: name, deployment_id })).data[0]
        ?.state;

    const first = await deploy('stage');
    await setStatus(first, 'queued', { log_url: 'https://ci.example/runs/1' });
    const progress = await setStatus(first, 'in_progress', {
      environment_url: 'https://gitops.example/pull/1',
    });
    expect(progress.data).toMatchObject({
      state: 'in_progress',
      environment: 'stage',
      environment_url: 'https://gitops.example/pull/1',
      log_url: '',
      creator: { login: 'github-actions[bot]' },
    });
    const done = await setStatus(first, 'success', { log_url: 'https://ci.example/runs/1' });
    expect(done.data).toMatchObject({
      log_url: 'https://ci.example/runs/1',
      target_url: 'https://ci.example/runs/1',
    });
    // A success without auto_inactive leaves the earlier one active.
    const kept = await deploy('stage');
    await setStatus(kept, 'success', { auto_inactive: false });
    expect(await latest(first)).toBe('success');
    // A transient deployment's success makes the earlier ones inactive, but is never made inactive.
    const transient = await deploy('stage', { transient_environment: true });
    await setStatus(transient, 'success');
    expect([await latest(first), await latest(kept)]).toEqual(['inactive', 'inactive']);
    const second = await deploy('stage');
    await setStatus(second, 'success');
    expect(await latest(transient)).toBe('success');
    expect(await latest(second)).toBe('success');

    // Production deployments stay active.
    const prodA = await deploy('prod', { production_environment: true });
    await setStatus(prodA, 'success');
    const prodB = await deploy('prod', { production_environment: true });
    await setStatus(prodB, 'success');
    expect(await latest(prodA)).toBe('success');

    const invalid = await statusOf(setStatus(second, 'success', { description: 'd'.repeat(141) }));
    expect(invalid).toMatchObject({
      status: 422,
      data: {
        errors: [
          { field: 'description', message: 'description is too long (maximum is 140 characters)' },
        ],
      },
    });
    const statuses = await deployments().listDeploymentStatuses({
      owner,
      repo: name,
      deployment_id: first,
    });
    expect(statuses.data.map((s) => s.state)).toEqual([
      'inactive',
      'success',
      'in_progress',
      'queued',
    ]);
    const one = await deployments().getDeploymentStatus({
      owner,
      repo: name,
      deployment_id: first,
      status_id: statuses.data[1]!.id,
    });
    expect(one.data.state).toBe('success');
  });

  it('deletes only a deployment that is not active, or the only one of its environment', async () => {
    const deploy = async () =>
      idOf((await create({ environment: 'dev', auto_merge: false, required_contexts: [] })).data);
    const remove = (deployment_id: number) =>
      statusOf(deployments().deleteDeployment({ owner, repo: name, deployment_id }));
    const only = await deploy();
    await deployments().createDeploymentStatus({
      owner,
      repo: name,
      deployment_id: only,
      state: 'success',
    });
    const next = await deploy();
    expect(await remove(only)).toMatchObject({
      status: 422,
      data: {
        message: 'Validation Failed',
        errors: [
          'We cannot delete an active deployment unless it is the only deployment in a given environment.',
        ],
      },
    });
    await deployments().createDeploymentStatus({
      owner,
      repo: name,
      deployment_id: only,
      state: 'inactive',
    });
    expect((await remove(only)).status).toBe(200);
    await deployments().createDeploymentStatus({
      owner,
      repo: name,
      deployment_id: next,
      state: 'success',
    });
    expect((await remove(next)).status).toBe(200);
    expect((await github.state(repo)).deployments).toEqual([]);
  });

  it('needs deployments: write to write and deployments: read to read', async () => {
    const reader = await github.createToken({ deployments: 'read' });
    const write = await statusOf(
      octokit(reader).rest.repos.createDeployment({ owner, repo: name, ref: 'main' }),
    );
    expect(write).toMatchObject({ status: 403 });
    const none = await github.createToken({ contents: 'read' });
    expect(
      (await statusOf(octokit(none).rest.repos.listDeployments({ owner, repo: name }))).status,
    ).toBe(403);
    expect((await octokit(reader).rest.repos.listDeployments({ owner, repo: name })).data).toEqual(
      [],
    );
  });
});

describe('the local GitHub with a latency (a bench network round trip)', () => {
  it('answers REST, git and its control routes as without one', async () => {
    const root = await mkdtemp(join(tmpdir(), 'github-latency-'));
    const server = await startGitHubServerProcess({ root: join(root, 'github'), latencyMs: 20 });
    try {
      const slow = new LocalGitHub(server.url);
      const repo = await slow.createRepo({ files: { 'a.txt': 'a\n' } });
      const { data } = await getOctokit(defaultToken, { baseUrl: server.url }).rest.repos.get({
        owner: repo.fullName.split('/')[0]!,
        repo: repo.fullName.split('/')[1]!,
      });
      expect(data.full_name).toBe(repo.fullName);
      const clone = join(root, 'clone');
      const auth = Buffer.from(`x-access-token:${defaultToken}`).toString('base64');
      await run('git', [
        '-c',
        `http.extraheader=AUTHORIZATION: basic ${auth}`,
        'clone',
        '--quiet',
        repo.cloneUrl,
        clone,
      ]);
      expect((await run('git', ['-C', clone, 'show', 'HEAD:a.txt'])).stdout).toBe('a\n');
    } finally {
      await server.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
