import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTreeListing } from './objects.ts';
import { actionsBot, GitProcess } from './process.ts';
import { parseListing, readTree } from './read.ts';

const dir = mkdtempSync(join(tmpdir(), 'git-read-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const git = (args: string[], input?: string | Buffer) =>
  execFileSync('git', args, { cwd: dir, input, maxBuffer: 64 * 1024 * 1024 });

/** The same map, in the same order, with the same entries. */
function expectSameListing(listing: Buffer): void {
  // parseListing consumes its bytes: it gets a copy.
  expect([...parseListing(Buffer.from(listing))]).toEqual([...parseTreeListing(listing)]);
}

describe('parseListing', () => {
  it('reads what parseTreeListing reads from a real ls-tree: files, links, submodules, odd names', () => {
    git(['init', '--quiet', '--bare', '.']);
    const blob = git(['hash-object', '-w', '--stdin'], 'x\n').toString('utf8').trim();
    const entries = [
      `100644 ${blob}\tclusters/drone/app/reconciler.yaml`,
      `100755 ${blob}\tscripts/run.sh`,
      `120000 ${blob}\tlink`,
      `160000 ${'a'.repeat(40)}\tvendor/module`,
      `100644 ${blob}\tnaïve/名前/file with spaces.yaml`,
      `100644 ${blob}\ttab\there`,
    ];
    const index = join(dir, 'index');
    const env = { ...process.env, GIT_INDEX_FILE: index };
    execFileSync('git', ['update-index', '--add', '-z', '--index-info'], {
      cwd: dir,
      env,
      input: entries.map((e) => `${e}\0`).join(''),
    });
    const tree = execFileSync('git', ['write-tree'], { cwd: dir, env }).toString('utf8').trim();
    const listing = git(['ls-tree', '-r', '-z', '--full-tree', tree]);
    expectSameListing(listing);
    const parsed = parseListing(Buffer.from(listing));
    expect(parsed.get('clusters/drone/app/reconciler.yaml')).toBe(`100644 ${blob}`);
    expect(parsed.get('scripts/run.sh')).toBe(`100755 ${blob}`);
    expect(parsed.get('vendor/module')).toBe(`160000 ${'a'.repeat(40)}`);
    expect(parsed.get('naïve/名前/file with spaces.yaml')).toBe(`100644 ${blob}`);
    expect(parsed.get('tab\there')).toBe(`100644 ${blob}`);
    expect(parsed.size).toBe(entries.length);
  });

  it('reads what parseTreeListing reads from random, damaged output', () => {
    let seed = 99;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pieces = [
      Buffer.from('100644 blob 0123456789abcdef0123456789abcdef01234567\tct/t/reconciler.yaml'),
      Buffer.from('100755 blob aaaa\tx'),
      Buffer.from(' '),
      Buffer.from('\t'),
      Buffer.from('\0'),
      Buffer.from('é'),
      Buffer.from([0xe5, 0x90]), // a cut multi-byte character
      Buffer.from([0xff]),
      Buffer.from('100644'),
      Buffer.from(' blob '),
      Buffer.from('  '),
      Buffer.from('a b c d\t'),
    ];
    for (let round = 0; round < 2000; round++) {
      const parts: Buffer[] = [];
      const count = Math.floor(random() * 12);
      for (let i = 0; i < count; i++) parts.push(pieces[Math.floor(random() * pieces.length)]!);
      expectSameListing(Buffer.concat(parts));
    }
  });
});

describe('readTree', () => {
  it('gives every blob as ls-tree and cat-file do, in their order, from loose objects and from a pack', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'git-read-tree-'));
    try {
      const run = (args: string[], input?: string, env?: NodeJS.ProcessEnv) =>
        execFileSync('git', args, { cwd: repo, input, env: env ?? process.env })
          .toString('utf8')
          .trim();
      run(['init', '--quiet', '--bare', '.']);
      const blob = (text: string) => run(['hash-object', '-w', '--stdin'], text);
      const entries = [
        `100644 ${blob('kind: BaseRepo\n')}\tbase-repo.yaml`,
        `100644 ${blob('a: 1\n')}\tclusters/drone/app/reconciler.yaml`,
        `100755 ${blob('#!/bin/sh\n')}\tscripts/run.sh`,
        `120000 ${blob('base-repo.yaml')}\tlink.yaml`,
        `160000 ${'a'.repeat(40)}\tvendor/module`,
        `100644 ${blob('b: 2\n')}\tnaïve/名前/file with spaces.yaml`,
        `100644 ${blob('c: 3\n')}\tz/tab\there.yaml`,
      ];
      const env = { ...process.env, GIT_INDEX_FILE: join(repo, 'index') };
      execFileSync('git', ['update-index', '--add', '-z', '--index-info'], {
        cwd: repo,
        env,
        input: entries.map((e) => `${e}\0`).join(''),
      });
      const tree = run(['write-tree'], undefined, env);
      const commit = run(['commit-tree', tree, '-m', 'files'], undefined, {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
      });
      // What git itself lists as blobs, with their bytes, in its order.
      const expected = execFileSync('git', ['ls-tree', '-r', '-z', commit], { cwd: repo })
        .toString('utf8')
        .split('\0')
        .filter(Boolean)
        .map((line) => {
          const tab = line.indexOf('\t');
          const [, type = '', id = ''] = line.slice(0, tab).split(' ');
          return { type, id, path: line.slice(tab + 1) };
        })
        .filter((e) => e.type === 'blob')
        .map((e): [string, Uint8Array] => [
          e.path,
          new Uint8Array(execFileSync('git', ['cat-file', 'blob', e.id], { cwd: repo })),
        ]);
      expect(expected.map(([path]) => path)).toContain('z/tab\there.yaml');
      expect(expected).toHaveLength(6);
      const process_ = new GitProcess(
        repo,
        { url: '', token: '', repository: 'test/repo', tokenInput: 'github-token' },
        actionsBot,
      );
      expect([...(await readTree(process_, commit))]).toEqual(expected);
      // Packed: the objects are read through cat-file --batch, with the same answer.
      run(['repack', '-a', '-d', '-q']);
      run(['prune-packed']);
      expect(
        execFileSync('find', ['objects', '-type', 'f', '-path', '*/objects/??/*'], {
          cwd: repo,
        }).toString(),
      ).toBe('');
      expect([...(await readTree(process_, commit))]).toEqual(expected);
      // A revision that is not an object id is listed by git, as before.
      const listed = [...(await readTree(process_, `${commit}^{commit}`))].map(([p]) => p);
      expect(listed.slice(0, 5)).toEqual(expected.slice(0, 5).map(([p]) => p));
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
