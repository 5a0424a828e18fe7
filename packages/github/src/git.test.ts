import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { GitHubAccessError } from './errors.ts';
import { splitChunkRefs, withChunks } from '@kalypso/core';
import { blobId, GitWorkspace } from './git.ts';
import { createGitOpsRepository } from './gitops-repository.ts';
import { joinNoteChunks, noteChunks } from './git/note-chunks.ts';

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

  /** A commit on `parent` that sets `c.txt` to `text`, and its tree. */
  async function commitOn(ws: GitWorkspace, parent: string, text: string) {
    const commit = await ws.writeCommit({
      parent,
      message: `c.txt: ${text.trim()}`,
      changes: new Map([['c.txt', text]]),
    });
    return { commit, tree: (await ws.commitInfo(commit)).tree };
  }

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

  it('reads the files below a path as ls-tree lists them, with one cat-file process', async () => {
    const repo = await github.createRepo({
      files: {
        'top.yaml': 'top\n',
        'apps/a/one.yaml': '1\n',
        'apps/a/deep/two.yaml': '2\n',
        'apps/a/z.yaml': 'z\n',
        'apps/ab.yaml': 'ab\n',
        'apps/b/three.yaml': '3\n',
      },
    });
    const ws = await GitWorkspace.create(join(dir, 'walk'), {
      url: repo.cloneUrl,
      token,
      repository: repo.fullName,
      tokenInput: 'github-token',
    });
    const head = (await ws.fetchBranch('main'))!;
    const read = async (path: string) =>
      [...(await ws.readTreeUnder(head, path, { fetchBlobs: false }))].map(([p, b]) => [
        p,
        text(b),
      ]);
    expect(await read('./apps/a/')).toEqual([
      ['apps/a/deep/two.yaml', '2\n'],
      ['apps/a/one.yaml', '1\n'],
      ['apps/a/z.yaml', 'z\n'],
    ]);
    expect(await read('apps/ab.yaml')).toEqual([['apps/ab.yaml', 'ab\n']]);
    expect(await read('apps/missing')).toEqual([]);
    expect(await read('top.yaml/x')).toEqual([]);
    expect((await read('.')).map(([p]) => p)).toEqual([...(await ws.listTree(head)).keys()]);
    // A small fetch leaves loose objects, read from their files; packed ones are read through git.
    execFileSync('git', ['repack', '-a', '-d', '-q'], { cwd: join(dir, 'walk') });
    expect(await read('./apps/a/')).toEqual([
      ['apps/a/deep/two.yaml', '2\n'],
      ['apps/a/one.yaml', '1\n'],
      ['apps/a/z.yaml', 'z\n'],
    ]);
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

  it('fetches a render notes ref with the branches in one exchange, leaving it out while absent', async () => {
    const { repo, ws } = await workspace();
    const ref = 'refs/notes/kalypso-render/dev';
    const absent = new Set<string>();
    const heads = await ws.fetchBranches(['dev', 'missing'], 1, {
      treesOnly: true,
      refs: [ref],
      fetchedRefs: absent,
    });
    expect(Object.fromEntries(heads)).toEqual({ dev: repo.heads.dev, missing: undefined });
    expect(absent.size).toBe(0);
    const tree = (await ws.commitInfo(repo.heads.dev!)).tree;
    expect(await ws.writeRenderNote('dev', tree, 'noted\n')).toBe(true);

    const other = await GitWorkspace.create(join(dir, 'other'), ws.remote);
    const present = new Set<string>();
    await other.fetchBranches(['missing', 'dev'], 1, {
      treesOnly: true,
      refs: [ref],
      fetchedRefs: present,
    });
    expect([...present]).toEqual([ref]);
    other.renderNotesFetched('dev', true);
    expect(await other.readRenderNote('dev', tree)).toBe('noted\n');
  });

  it('fetches the render note the index read asks for while the GitOps read lists the trees', async () => {
    const { ws } = await workspace();
    const devHead = (await ws.fetchBranch('dev'))!;
    const devTree = (await ws.commitInfo(devHead)).tree;
    // Our pull request branch on the base head, and a branch that is not.
    const { commit: ours, tree: oursTree } = await commitOn(ws, devHead, 'ours\n');
    expect(await ws.push({ commit: ours, branch: 'kalypso/dev' })).toBe('pushed');
    const off = await commitOn(ws, (await ws.fetchBranch('main'))!, 'off\n');
    expect(await ws.push({ commit: off.commit, branch: 'elsewhere' })).toBe('pushed');
    const offTree = off.tree;
    const noteOf = (tree: string) => `the index of ${tree}\n`;
    const enc = (t: string) => new TextEncoder().encode(t);
    // Whether the workspace holds the note's blob (a partial clone fetches it on its own).
    const holds = (w: GitWorkspace, text: string) => {
      try {
        execFileSync('git', ['-C', w.directory, 'cat-file', '-e', blobId(enc(text))]);
        return true;
      } catch {
        return false;
      }
    };
    const opened = async (name: string) => {
      const other = await GitWorkspace.create(join(dir, name), ws.remote);
      return { other, gitops: createGitOpsRepository(other) };
    };

    // Only our branch's tree is noted: the base's has no note, so the branch's is fetched.
    expect(await ws.writeRenderNote('dev', oursTree, noteOf(oursTree))).toBe(true);
    const one = await opened('one');
    await one.gitops.read('dev', 'kalypso/dev');
    expect(holds(one.other, noteOf(oursTree))).toBe(true);
    expect(await one.gitops.renderIndex!.read('dev', oursTree)).toBe(noteOf(oursTree));
    expect(await one.gitops.renderIndex!.read('dev', devTree)).toBeUndefined();

    // A branch that does not sit on the base head: its note is not fetched.
    ws.renderNotesFetched('dev', false);
    expect(await ws.writeRenderNote('dev', offTree, noteOf(offTree))).toBe(true);
    const two = await opened('two');
    await two.gitops.read('dev', 'elsewhere');
    expect(holds(two.other, noteOf(offTree))).toBe(false);

    // The base's tree is noted: that note is fetched, not our branch's.
    expect(await ws.writeRenderNote('dev', devTree, noteOf(devTree), oursTree)).toBe(true);
    const three = await opened('three');
    await three.gitops.read('dev', 'kalypso/dev');
    expect(holds(three.other, noteOf(devTree))).toBe(true);
    expect(holds(three.other, noteOf(oursTree))).toBe(false);
    expect(await three.gitops.renderIndex!.read('dev', devTree)).toBe(noteOf(devTree));
  });

  it("with the tips read, fetches the notes ref first and the note on the tips' tree while the trees are fetched", async () => {
    const { ws } = await workspace();
    const devHead = (await ws.fetchBranch('dev'))!;
    const devTree = (await ws.commitInfo(devHead)).tree;
    const note = `the index of ${devTree}\n`;
    expect(await ws.writeRenderNote('dev', devTree, note)).toBe(true);
    const other = await GitWorkspace.create(join(dir, 'early'), ws.remote);
    const gitops = createGitOpsRepository(other, () =>
      GitWorkspace.create(join(dir, 'early-tips'), ws.remote),
    );
    expect((await gitops.renderIndex!.tips!('dev', 'kalypso/dev')).base?.treeId).toBe(devTree);
    // Each git process the read starts, in order (git's own trace of their command lines).
    const trace = join(dir, 'trace.json');
    process.env.GIT_TRACE2_EVENT = trace;
    let read;
    try {
      read = await gitops.folders!.read('dev', 'kalypso/dev', '');
    } finally {
      delete process.env.GIT_TRACE2_EVENT;
    }
    expect(read.base?.treeId).toBe(devTree);
    const fetches = (await readFile(trace, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { event: string; argv?: string[] })
      .filter((e) => e.event === 'start' && e.argv?.includes('fetch'))
      .map((e) =>
        e
          .argv!.filter(
            (a) => a.startsWith('+refs/') || a === '--stdin' || a.startsWith('--filter='),
          )
          .join(' '),
      );
    // The notes ref alone first (with its trees); then the branches as commits only, the note's
    // blob on its own, and the root trees alone by id: no fetch brings every tree of a branch.
    const notes = '+refs/notes/kalypso-render/dev:refs/fetched/notes/kalypso-render/dev';
    expect(fetches[0]).toBe(`--filter=blob:none ${notes}`);
    const rest = fetches.slice(1);
    expect(rest.filter((f) => f.includes(notes))).toEqual([]);
    const branches = rest.filter((f) => f.includes('+refs/heads/dev:'));
    expect(branches.length).toBeGreaterThan(0);
    for (const fetch of branches) expect(fetch).toMatch(/^--filter=tree:0 /);
    expect(rest.filter((f) => f === '--filter=blob:none --stdin')).toHaveLength(1);
    expect(rest.filter((f) => f === '--filter=tree:0 --stdin')).toHaveLength(1);
    const held = execFileSync('git', [
      '-C',
      other.directory,
      'cat-file',
      '-t',
      blobId(new TextEncoder().encode(note)),
    ]);
    expect(held.toString().trim()).toBe('blob');
    expect(await gitops.renderIndex!.read('dev', devTree)).toBe(note);
  });

  it('notes an index of many cluster types as one blob per cluster type, unchanged ones keeping their ids', async () => {
    const { ws } = await workspace();
    const head = (await ws.fetchBranch('dev'))!;
    const tree = (await ws.commitInfo(head)).tree;
    const otherTree = (await commitOn(ws, head, 'other\n')).tree;
    const key = (n: number) => n.toString(16).padStart(64, '0');
    const line = (folder: string, n: number) =>
      `${folder}\t${key(n)}\treconciler.yaml ${blobId(String(n))}\tnamespace.yaml ${blobId('x')}`;
    const index = (changed: number) =>
      [
        'kalypso-render-index 1 kalypso-render-1',
        line('clusters/ct-a/t1', 1),
        line('clusters/ct-a/t2', 2),
        line('clusters/ct-b/t1', changed),
        line('clusters/ct-c/t1', 4),
        '',
      ].join('\n');
    expect(await ws.writeRenderNote('dev', tree, index(3))).toBe(true);
    // A read gives the first chunk, and names each other cluster type's chunk by a `:chunk` line;
    // asked for, those chunks give the text back.
    const whole = async (reader: GitWorkspace, noted: string) => {
      const text = (await reader.readRenderNote('dev', noted))!;
      const { body, refs } = splitChunkRefs(text);
      const texts = (await reader.readRenderNoteChunks(refs.map((ref) => ref.id)))!;
      return { text, whole: withChunks(body, texts) };
    };
    const reader = await GitWorkspace.create(join(dir, 'reader'), ws.remote);
    const read = await whole(reader, tree);
    expect(read.whole).toBe(index(3));
    expect(read.text.split('\n').slice(3)).toEqual([
      expect.stringMatching(/^:chunk [0-9a-f]{40} 1 ct-b$/),
      expect.stringMatching(/^:chunk [0-9a-f]{40} 1 ct-c$/),
      '',
    ]);
    // The next run notes its own tree keeping that one: one chunk differs.
    expect(await reader.writeRenderNote('dev', otherTree, index(5), tree)).toBe(true);
    const third = await GitWorkspace.create(join(dir, 'third'), ws.remote);
    expect((await whole(third, otherTree)).whole).toBe(index(5));
    expect((await whole(third, tree)).whole).toBe(index(3));
    const chunks = (noted: string, read = third) =>
      execFileSync('git', [
        '-C',
        read.directory,
        'ls-tree',
        `refs/fetched/notes/kalypso-render/dev:${noted}`,
      ])
        .toString('utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/)[2]);
    const [before, after] = [chunks(tree), chunks(otherTree)];
    expect(before).toHaveLength(3);
    expect(after.filter((id, i) => id !== before[i])).toHaveLength(1);
    expect(after[1]).not.toBe(before[1]);
    // A run that reads the note without its chunks notes a third tree with the same `:chunk`
    // lines: the chunks keep their ids, pushed without being read or sent.
    const fourth = await GitWorkspace.create(join(dir, 'fourth'), ws.remote);
    const lazy = (await fourth.readRenderNote('dev', otherTree))!;
    const thirdTree = (await commitOn(ws, head, 'third\n')).tree;
    expect(await fourth.writeRenderNote('dev', thirdTree, lazy)).toBe(true);
    const fifth = await GitWorkspace.create(join(dir, 'fifth'), ws.remote);
    expect((await whole(fifth, thirdTree)).whole).toBe(index(5));
    expect(chunks(thirdTree, fifth)).toEqual(after);
  });

  it('splits an index text into chunks that join back to the same text', () => {
    const random = (() => {
      let state = 7;
      return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    })();
    const header = 'kalypso-render-index 1 kalypso-render-1\n';
    for (let round = 0; round < 200; round++) {
      const lines: string[] = [];
      const count = Math.floor(random() * 8);
      for (let i = 0; i < count; i++) {
        const depth = Math.floor(random() * 4);
        const folder = Array.from({ length: depth }, () => `f${Math.floor(random() * 3)}`).join(
          '/',
        );
        lines.push(random() < 0.1 ? folder : `${folder}\tkey\tname blob`);
      }
      const text = header + lines.map((l) => `${l}\n`).join('');
      const chunks = noteChunks(text).map((chunk) => chunk.text);
      expect(joinNoteChunks(chunks)).toBe(text);
      if (chunks.length > 1)
        for (const chunk of chunks) expect(chunk.startsWith(header)).toBe(true);
    }
    for (const text of ['noted\n', '', header, 'kalypso-render-index 1\na/b\tk']) {
      expect(noteChunks(text)).toEqual([{ text }]);
      expect(joinNoteChunks([text])).toBe(text);
    }
    expect(
      noteChunks(`${header}c/a/t1\tk\nc/a/t2\tk\nc/b/t1\tk\n`).map((c) => [
        c.text.slice(header.length),
        c.owner,
      ]),
    ).toEqual([
      ['c/a/t1\tk\nc/a/t2\tk\n', { entries: 2, clusterType: 'a' }],
      ['c/b/t1\tk\n', { entries: 1, clusterType: 'b' }],
    ]);
    // The reach record's lines, and a folder a chunk's name cannot hold, are owned by none.
    expect(noteChunks(`${header}:inputs x\nc/A_B/t1\tk\nc/b/t1\tk\n`).map((c) => c.owner)).toEqual([
      undefined,
      undefined,
      { entries: 1, clusterType: 'b' },
    ]);
    expect(joinNoteChunks([`${header}a\n`, 'other header\nb\n'])).toBeUndefined();
  });

  it('reads the tips of a commits-only fetch without a process per commit, packed or loose', async () => {
    const { repo, ws } = await workspace();
    await ws.fetchBranches(['dev'], 1, { treesOnly: true });
    const tree = (await ws.commitInfo(repo.heads.dev!)).tree;
    expect(await ws.writeRenderNote('dev', tree, 'noted\n', undefined, 'the proposal\n')).toBe(
      true,
    );
    const tips = async (name: string, pack: boolean) => {
      const other = await GitWorkspace.create(join(dir, name), ws.remote);
      const ref = 'refs/notes/kalypso-render/dev';
      const fetchedRefs = new Set<string>();
      await other.fetchBranches(['dev', 'main'], 1, {
        commitsOnly: true,
        refs: [ref],
        fetchedRefs,
      });
      other.renderNotesFetched('dev', fetchedRefs.has(ref));
      // Packed objects and refs are read through git.
      if (pack) execFileSync('git', ['-C', other.directory, 'repack', '-a', '-d', '-q']);
      if (pack) execFileSync('git', ['-C', other.directory, 'pack-refs', '--all']);
      const missing = '0123456789012345678901234567890123456789';
      return other.readTips([repo.heads.dev!, repo.heads.main!, missing], 'dev');
    };
    // What `cat-file commit` answers for each.
    const expected = {
      commits: [
        await ws.commitInfo(repo.heads.dev!),
        await ws.commitInfo((await ws.fetchBranch('main'))!),
        undefined,
      ],
      proposal: 'the proposal\n',
    };
    expect(await tips('loose', false)).toEqual(expected);
    expect(await tips('packed', true)).toEqual(expected);
  });

  it('writes many files with one fast-import process and deletes a branch under a lease', async () => {
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

  it('writes 40,000 files in one commit without running out of file handles', async () => {
    const { repo, ws } = await workspace();
    const head = (await ws.fetchBranch('dev'))!;
    const files = new Map(
      Array.from({ length: 40_000 }, (_, i) => [`t/${i % 100}/${i}.yaml`, `v: ${i}\n`]),
    );
    const commit = await ws.writeCommit({ parent: head, message: 'Big', changes: files });
    const listing = await ws.listTree(commit);
    expect(listing.size).toBe(40_003);
    expect(listing.get('t/7/7.yaml')).toBe(`100644 ${blobId('v: 7\n')}`);
    expect(await ws.push({ commit, branch: 'big', lease: '' })).toBe('pushed');
    const reader = await GitWorkspace.create(join(dir, 'reader'), ws.remote);
    expect(await reader.fetchBranch('big')).toBe(commit);
    expect((await reader.listTree(commit)).size).toBe(40_003);
    expect(text(await reader.readFile(commit, 't/99/39999.yaml'))).toBe('v: 39999\n');
    expect(repo.fullName).toBe(ws.remote.repository);
  });

  it('reads trees without blobs and builds a commit from a listed tree', async () => {
    const { repo, ws } = await workspace();
    const head = (await ws.fetchBranch('dev', 1, { treesOnly: true }))!;
    const start = { tree: (await ws.commitInfo(head)).tree, files: await ws.listTree(head) };
    expect([...start.files.keys()].sort()).toEqual(['a.txt', 'c.txt', 'dir/b.txt']);
    // No blob was fetched: the files are listed by id only.
    expect(await ws.readFile(head, 'a.txt')).toBeUndefined();
    const commit = await ws.writeCommit({
      parent: head,
      message: 'From listing',
      start,
      changes: new Map([
        ['dir/new.txt', 'n\n'],
        ['c.txt', null],
      ]),
    });
    expect(await ws.push({ commit, branch: 'dev' })).toBe('pushed');
    expect(await github.files(repo.fullName, 'dev')).toEqual({
      'a.txt': 'a\n',
      'dir/b.txt': 'b\n',
      'dir/new.txt': 'n\n',
    });
  });

  it('fetches only the blobs below a path after a trees-only fetch', async () => {
    const { ws } = await workspace();
    const head = (await ws.fetchBranch('dev', 1, { treesOnly: true }))!;
    const below = await ws.readTreeUnder(head, './dir/', { fetchBlobs: true });
    expect(Object.fromEntries([...below].map(([p, b]) => [p, text(b)]))).toEqual({
      'dir/b.txt': 'b\n',
    });
    expect(await ws.readFile(head, 'a.txt')).toBeUndefined(); // not below the path: not fetched
    expect(await ws.readTreeUnder(head, 'missing', { fetchBlobs: true })).toEqual(new Map());
  });
});

describe('GitWorkspace: hostile paths (the writer stays inside its tree)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'git-workspace-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function workspace() {
    const repo = await github.createRepo({ files: { 'a.txt': 'a\n' } });
    const ws = await GitWorkspace.create(join(dir, 'ws'), {
      url: repo.cloneUrl,
      token,
      repository: repo.fullName,
      tokenInput: 'gitops-token',
    });
    return { repo, ws, head: (await ws.fetchBranch('main'))! };
  }

  it.each([
    ['../escape.yaml', /'\.\.\/escape\.yaml'.*'\.\.' segment/],
    ['drone/../../escape.yaml', /'\.\.' segment/],
    ['drone//reconciler.yaml', /empty, '\.' or '\.\.' segment/],
    ['./drone/reconciler.yaml', /'\.' or '\.\.' segment/],
    ['/etc/passwd', /it is absolute/],
    ['', /the path is empty/],
    ['drone/.git/hooks/post-checkout', /'\.git' segment/],
    ['drone/target/', /empty/],
  ])('refuses %j before writing anything', async (path, why) => {
    const { repo, ws, head } = await workspace();
    const write = ws.writeCommit({
      parent: head,
      message: 'Hostile',
      changes: new Map([
        ['drone/ok.yaml', 'ok\n'],
        [path, 'evil\n'],
      ]),
    });
    await expect(write).rejects.toThrow(/^Refusing to write '.*' into '.*': /);
    await expect(write).rejects.toThrow(why);
    expect(await github.files(repo.fullName, 'main')).toEqual({ 'a.txt': 'a\n' });
  });

  it('fails when the committed tree is not the planned one (a file that git turns into a folder)', async () => {
    const { repo, ws, head } = await workspace();
    // Both are valid paths, but git can only keep one: 'drone/x' becomes a folder and the file
    // disappears. The check after writing catches what git did silently.
    const write = ws.writeCommit({
      parent: head,
      message: 'Conflict',
      changes: new Map([
        ['drone/x', 'file\n'],
        ['drone/x/reconciler.yaml', 'nested\n'],
      ]),
    });
    await expect(write).rejects.toThrow(
      /does not hold the planned tree \('drone\/x' was planned but is not in the commit\)\. Nothing was pushed/,
    );
    expect(await github.files(repo.fullName, 'main')).toEqual({ 'a.txt': 'a\n' });
  });

  it('quotes paths so that no character ends a fast-import command early', async () => {
    const { ws, head } = await workspace();
    const path = 'odd/"quoted" \\ name\nM 100644 inline evil';
    const commit = await ws.writeCommit({
      parent: head,
      message: 'Odd',
      changes: new Map([[path, 'x\n']]),
    });
    expect([...(await ws.listTree(commit)).keys()].sort()).toEqual(['a.txt', path]);
  });
});
