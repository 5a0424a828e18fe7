import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { GitHubAccessError } from './errors.ts';
import { GitWorkspace } from './git.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const text = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? undefined : new TextDecoder().decode(bytes);

describe('GitWorkspace', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'git-workspace-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function workspace(withToken = token) {
    const repo = await github.createRepo({
      files: { 'a.txt': 'a\n', 'dir/b.txt': 'b\n' },
      branches: { dev: { 'c.txt': 'c\n' } },
    });
    const ws = await GitWorkspace.create(join(dir, 'ws'), {
      url: repo.cloneUrl,
      token: withToken,
      repository: repo.fullName,
      tokenInput: 'github-token',
    });
    return { repo, ws };
  }

  it('fetches one branch and reads its tree', async () => {
    const { repo, ws } = await workspace();
    const head = await ws.fetchBranch('dev');
    expect(head).toBe(repo.heads.dev);
    const tree = await ws.readTree(head!);
    expect(Object.fromEntries([...tree].map(([p, b]) => [p, text(b)]))).toEqual({
      'a.txt': 'a\n',
      'dir/b.txt': 'b\n',
      'c.txt': 'c\n',
    });
    expect(text(await ws.readFile(head!, 'c.txt'))).toBe('c\n');
    expect(await ws.readFile(head!, 'missing')).toBeUndefined();
    expect(await ws.fetchBranch('nope')).toBeUndefined();
  });

  it('writes commits from changes and from a full tree, and pushes them', async () => {
    const { repo, ws } = await workspace();
    const head = (await ws.fetchBranch('dev'))!;
    const edited = await ws.writeCommit({
      parent: head,
      message: 'Edit',
      changes: new Map([
        ['c.txt', 'C\n'],
        ['a.txt', null],
      ]),
    });
    expect(await ws.push({ commit: edited, branch: 'dev' })).toBe('pushed');
    expect(await github.files(repo.fullName, 'dev')).toEqual({
      'dir/b.txt': 'b\n',
      'c.txt': 'C\n',
    });
    const replaced = await ws.writeCommit({
      parent: edited,
      message: 'Replace',
      tree: new Map([['only.txt', 'o\n']]),
    });
    expect(await ws.push({ commit: replaced, branch: 'dev' })).toBe('pushed');
    expect(await github.files(repo.fullName, 'dev')).toEqual({ 'only.txt': 'o\n' });
    expect((await github.log(repo.fullName, 'dev'))[0]).toMatchObject({ subject: 'Replace' });
  });

  it('reports a moved branch instead of forcing, and forces only with a matching lease', async () => {
    const { repo, ws } = await workspace();
    const head = (await ws.fetchBranch('dev'))!;
    const ours = await ws.writeCommit({
      parent: head,
      message: 'Ours',
      changes: new Map([['ours.txt', 'o\n']]),
    });
    const theirs = await github.commit(repo.fullName, {
      branch: 'dev',
      files: { 'theirs.txt': 't\n' },
    });
    expect(await ws.push({ commit: ours, branch: 'dev' })).toBe('rejected');
    expect(await ws.push({ commit: ours, branch: 'dev', lease: head })).toBe('rejected');
    expect(await ws.push({ commit: ours, branch: 'dev', lease: theirs.sha })).toBe('pushed');
    expect(await github.files(repo.fullName, 'dev')).toHaveProperty('ours.txt');
  });

  it('keeps the token out of the repository config', async () => {
    const { ws } = await workspace();
    await ws.fetchBranch('dev');
    expect(await readFile(join(dir, 'ws', 'config'), 'utf8')).not.toContain(
      Buffer.from(`x-access-token:${token}`).toString('base64'),
    );
  });

  it('names the token input and permission when git is refused', async () => {
    const readOnly = await github.createToken({ contents: 'read' });
    const { ws } = await workspace(readOnly);
    const head = (await ws.fetchBranch('dev'))!;
    const commit = await ws.writeCommit({
      parent: head,
      message: 'x',
      changes: new Map([['x', 'x']]),
    });
    const error = await ws.push({ commit, branch: 'dev' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubAccessError);
    expect((error as Error).message).toMatch(
      /Pushing to branch 'dev' in '.*' failed: 403 Forbidden\. Give the token in 'github-token' the permission 'contents: write'/,
    );
    const { ws: bad } = await workspace('revoked');
    await expect(bad.fetchBranch('dev')).rejects.toThrow(
      /401 Bad credentials\. The token in 'github-token' is not valid/,
    );
  });

  it('fetches a commit by id, several branches at once, and reads commit parents', async () => {
    const { repo, ws } = await workspace();
    const heads = await ws.fetchBranches(['dev', 'missing', 'main']);
    expect(Object.fromEntries(heads)).toEqual({
      dev: repo.heads.dev,
      missing: undefined,
      main: repo.heads.main,
    });
    expect((await ws.commitInfo(repo.heads.dev!)).parents).toEqual([repo.heads.main]);
    const { sha: later } = await github.commit(repo.fullName, {
      branch: 'main',
      files: { 'l.txt': 'l' },
    });
    await github.commit(repo.fullName, { branch: 'main', files: { 'm.txt': 'm' } });
    expect(await ws.fetchCommit(later)).toBe(true);
    expect(text((await ws.readTree(later)).get('l.txt'))).toBe('l');
    expect(await ws.fetchCommit('0123456789012345678901234567890123456789')).toBe(false);
  });

  it('writes many files with one hash-object process and deletes a branch under a lease', async () => {
    const { repo, ws } = await workspace();
    const head = (await ws.fetchBranch('dev'))!;
    const files = new Map(Array.from({ length: 120 }, (_, i) => [`many/${i}.txt`, `${i}\n`]));
    const commit = await ws.writeCommit({ parent: head, message: 'Many', tree: files });
    expect(await ws.push({ commit, branch: 'kalypso/dev', lease: '' })).toBe('pushed');
    expect(Object.keys(await github.files(repo.fullName, 'kalypso/dev'))).toHaveLength(120);
    expect(await ws.deleteBranch('kalypso/dev', head)).toBe('rejected');
    expect(await ws.deleteBranch('kalypso/dev', commit)).toBe('pushed');
    expect(await ws.fetchBranch('kalypso/dev')).toBeUndefined();
  });
});
