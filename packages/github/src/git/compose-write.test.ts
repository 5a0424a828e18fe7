import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobId } from './write.ts';
import { GitWorkspace } from './workspace.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('writeFolderCommit and listEntries', () => {
  let dir: string;
  let ws: GitWorkspace;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compose-write-test-'));
    execFileSync('git', ['init', '--quiet', '--bare', join(dir, 'remote.git')]);
    ws = await GitWorkspace.create(join(dir, 'ws'), {
      url: join(dir, 'remote.git'),
      token: '',
      repository: 'acme/gitops',
      tokenInput: 'test',
    });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The base branch, and a shard whose folders the join takes whole. */
  async function setUp() {
    const base = await ws.writeCommit({
      parent: undefined,
      message: 'base',
      tree: new Map([
        ['README.md', 'hello\n'],
        ['clusters/.flux/keep.yaml', 'flux\n'],
        ['clusters/a/t1/reconciler.yaml', 'a old\n'],
        ['clusters/gone/t1/reconciler.yaml', 'gone\n'],
        ['.github/tracking/Promoted_Commit_Id', 'c1'],
      ]),
    });
    const shard = await ws.writeCommit({
      parent: undefined,
      message: 'shard',
      tree: new Map([
        ['clusters/a/t1/reconciler.yaml', 'a new\n'],
        ['clusters/b/README.md', 'b\n'],
      ]),
    });
    const folders = await ws.listFolders(shard, 'clusters');
    return {
      base,
      baseTree: (await ws.commitInfo(base)).tree,
      folders: new Map([...folders].map(([name, tree]) => [`clusters/${name}`, tree])),
    };
  }

  it('sets folders by tree id, deletes folders and writes files; the rest stays', async () => {
    const { base, baseTree, folders } = await setUp();
    const commit = await ws.writeFolderCommit({
      parent: base,
      message: 'join',
      start: baseTree,
      folders,
      removeFolders: ['clusters/gone'],
      writes: new Map([['.github/tracking/Promoted_Commit_Id', bytes('c2')]]),
    });
    expect((await ws.commitInfo(commit)).parents).toEqual([base]);
    expect(await ws.listTree(commit)).toEqual(
      new Map(
        [
          ['.github/tracking/Promoted_Commit_Id', 'c2'],
          ['README.md', 'hello\n'],
          ['clusters/.flux/keep.yaml', 'flux\n'],
          ['clusters/a/t1/reconciler.yaml', 'a new\n'],
          ['clusters/b/README.md', 'b\n'],
        ].map(([path, text]) => [path!, `100644 ${blobId(text!)}`]),
      ),
    );
    const entries = await ws.listEntries(commit, [
      'clusters/',
      '.github/tracking/Promoted_Commit_Id',
    ]);
    expect([...entries.keys()]).toEqual([
      '.github/tracking/Promoted_Commit_Id',
      'clusters/.flux',
      'clusters/a',
      'clusters/b',
    ]);
    expect(entries.get('clusters/a')).toBe(`040000 ${folders.get('clusters/a')}`);
    expect([...(await ws.listEntries(commit, [])).keys()]).toEqual([
      '.github',
      'README.md',
      'clusters',
    ]);
  });

  it('refuses a write inside a folder taken whole, a path that leaves its folder, a bad tree id', async () => {
    const { base, baseTree, folders } = await setUp();
    const change = {
      parent: base,
      message: 'join',
      start: baseTree,
      folders,
      removeFolders: [] as string[],
      writes: new Map<string, Uint8Array>(),
    };
    await expect(
      ws.writeFolderCommit({
        ...change,
        writes: new Map([['clusters/a/t1/extra.yaml', bytes('x')]]),
      }),
    ).rejects.toThrow('it lies in a folder taken whole from a tree');
    await expect(
      ws.writeFolderCommit({ ...change, removeFolders: ['clusters/../README.md'] }),
    ).rejects.toThrow("it has an empty, '.' or '..' segment");
    await expect(
      ws.writeFolderCommit({ ...change, folders: new Map([['clusters/a', 'HEAD']]) }),
    ).rejects.toThrow("'HEAD' is not a tree id");
  });

  it('refuses a folder set to what is not a tree', async () => {
    const { base, baseTree, folders } = await setUp();
    await expect(
      ws.writeFolderCommit({
        parent: base,
        message: 'join',
        start: baseTree,
        folders: new Map([...folders, ['clusters/c', blobId('a old\n')]]),
        removeFolders: [],
        writes: new Map(),
      }),
    ).rejects.toThrow('Not a tree (actually a blob)');
  });

  it('fails the check when the committed tree is not the planned one (a file git turns into a folder)', async () => {
    const { base, baseTree, folders } = await setUp();
    await expect(
      ws.writeFolderCommit({
        parent: base,
        message: 'join',
        start: baseTree,
        folders,
        removeFolders: [],
        writes: new Map([['README.md/inside', bytes('x')]]),
      }),
    ).rejects.toThrow("does not hold the planned tree ('README.md' is deleted, planned as it was");
  });
});
