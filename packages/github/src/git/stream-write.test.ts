import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobId } from './write.ts';
import { GitWorkspace } from './workspace.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

async function* files(
  entries: readonly (readonly [string, string])[],
  failAfter?: number,
): AsyncGenerator<readonly [string, Uint8Array]> {
  for (const [index, [path, text]] of entries.entries()) {
    if (index === failAfter) throw new Error('the render failed');
    yield await Promise.resolve([path, bytes(text)] as const);
  }
}

describe('writeRootCommitFrom and treeEntries', () => {
  let dir: string;
  let ws: GitWorkspace;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stream-write-test-'));
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

  const entries = [
    ['clusters/b/README.md', 'b\n'],
    ['clusters/a/t1/reconciler.yaml', 'r\n'],
    ['clusters/a/README.md', 'a\n'],
    ['clusters/a-b/x.yaml', 'x\n'],
  ] as const;

  it('writes the files as they come and lists them in git order, a folder together', async () => {
    const written = await ws.writeRootCommitFrom(files(entries), 'Shard 0');
    expect(written.files).toBe(4);
    const listed = [...(await ws.treeEntries(written.commit))];
    expect(new Map(listed)).toEqual(
      new Map(entries.map(([path, text]) => [path, `100644 ${blobId(text)}`])),
    );
    // git sorts a folder as its name plus '/': 'a-b' comes before 'a/'.
    expect(listed.map(([path]) => path)).toEqual([
      'clusters/a-b/x.yaml',
      'clusters/a/README.md',
      'clusters/a/t1/reconciler.yaml',
      'clusters/b/README.md',
    ]);
    expect((await ws.commitInfo(written.commit)).parents).toEqual([]);
    await ws.pushRef(written.commit, 'refs/kalypso/shards/1/dev/0');
    expect(
      (await ws.fetchRefs(['refs/kalypso/shards/1/dev/0'])).get('refs/kalypso/shards/1/dev/0'),
    ).toBe(written.commit);
  });

  it('throws what the files threw, and writes no commit', async () => {
    await expect(ws.writeRootCommitFrom(files(entries, 2), 'Shard 0')).rejects.toThrow(
      'the render failed',
    );
    const refs = execFileSync('git', ['--git-dir', join(dir, 'ws'), 'for-each-ref'], {
      encoding: 'utf8',
    });
    expect(refs).toBe('');
  });

  it('refuses a path that would leave its folder, and a path handed over twice', async () => {
    await expect(
      ws.writeRootCommitFrom(files([['clusters/../x.yaml', 'x']]), 'Shard 0'),
    ).rejects.toThrow(/Refusing to write 'clusters\/\.\.\/x\.yaml'/);
    await expect(
      ws.writeRootCommitFrom(
        files([
          ['a.yaml', '1'],
          ['a.yaml', '2'],
        ]),
        'Shard 0',
      ),
    ).rejects.toThrow("'a.yaml' was handed over twice");
  });
});
