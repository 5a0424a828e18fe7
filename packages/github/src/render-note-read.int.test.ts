// The render note's read (packages/github/src/git/render-note.ts): one bounded `cat-file --batch`
// after the note's blobs are fetched, no size check of its own before it, and the note's bound
// (256 MiB, its chunks in all) kept (docs/decisions/incremental-render.md).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { GitWorkspace } from './git.ts';
import { GitProcess } from './git/process.ts';
import { fetchRenderNotes, readFetchedRenderNote } from './git/render-note.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

/** An index text of three cluster types (three chunks). */
const INDEX = [
  'kalypso-render-index 1 kalypso-render-1',
  `clusters/ct-a/t1\t${'1'.repeat(64)}\treconciler.yaml ${'a'.repeat(40)}`,
  `clusters/ct-b/t1\t${'2'.repeat(64)}\treconciler.yaml ${'b'.repeat(40)}`,
  `clusters/ct-c/t1\t${'3'.repeat(64)}\treconciler.yaml ${'c'.repeat(40)}`,
  '',
].join('\n');

describe('the render note read', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'render-note-read-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A GitOps repository with a `dev` branch, a workspace that fetched it, and its tree. */
  async function noted() {
    const repo = await github.createRepo({ files: { 'a.txt': 'a\n' }, branches: { dev: {} } });
    const ws = await GitWorkspace.create(join(dir, 'ws'), {
      url: repo.cloneUrl,
      token,
      repository: repo.fullName,
      tokenInput: 'github-token',
    });
    const head = (await ws.fetchBranch('dev'))!;
    return { ws, tree: (await ws.commitInfo(head)).tree };
  }

  /** The `cat-file` command lines of the git processes `read` starts (git's own trace). */
  async function catFiles(read: () => Promise<unknown>): Promise<string[]> {
    const trace = join(dir, `trace-${Math.random()}.json`);
    process.env.GIT_TRACE2_EVENT = trace;
    try {
      await read();
    } finally {
      delete process.env.GIT_TRACE2_EVENT;
    }
    return (await readFile(trace, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { event: string; argv?: string[] })
      .filter((e) => e.event === 'start' && e.argv?.[1] === 'cat-file')
      .map((e) => e.argv!.slice(1).join(' '));
  }

  it('reads a note of chunks, or of one blob, with one cat-file --batch and no size check before it', async () => {
    const { ws, tree } = await noted();
    expect(await ws.writeRenderNote('dev', tree, INDEX)).toBe(true);
    const chunked = await GitWorkspace.create(join(dir, 'chunked'), ws.remote);
    let text;
    expect(await catFiles(async () => (text = await chunked.readRenderNote('dev', tree)))).toEqual([
      'cat-file --batch',
    ]);
    expect(text).toBe(INDEX);

    const plain = 'an index of one blob\n';
    expect(await ws.writeRenderNote('dev', tree, plain)).toBe(true);
    const single = await GitWorkspace.create(join(dir, 'single'), ws.remote);
    expect(await catFiles(async () => (text = await single.readRenderNote('dev', tree)))).toEqual([
      'cat-file --batch',
    ]);
    expect(text).toBe(plain);
  });

  it('ignores a note of chunks over the bound, counted over all of them', async () => {
    const { ws, tree } = await noted();
    expect(await ws.writeRenderNote('dev', tree, INDEX)).toBe(true);
    // Each chunk repeats the header line: the chunks' bytes in all.
    const header = INDEX.slice(0, INDEX.indexOf('\n') + 1);
    const total = Buffer.byteLength(INDEX) + 2 * Buffer.byteLength(header);
    const read = async (name: string, maxBytes: number) => {
      const git = new GitProcess(join(dir, name), ws.remote, ws.identity);
      await GitWorkspace.create(git.directory, ws.remote);
      expect(await fetchRenderNotes(git, 'dev')).toBe(true);
      return readFetchedRenderNote(git, 'dev', tree, undefined, maxBytes);
    };
    expect(await read('at', total)).toBe(INDEX);
    expect(await read('over', total - 1)).toBeUndefined();
  });

  it('ignores a note over 256 MiB, reading none of it', { timeout: 180_000 }, async () => {
    const { ws, tree } = await noted();
    // One blob (not an index text: not split), one byte over the bound; it packs small.
    expect(await ws.writeRenderNote('dev', tree, 'x'.repeat(256 * 1024 * 1024 + 1))).toBe(true);
    const reader = await GitWorkspace.create(join(dir, 'reader'), ws.remote);
    expect(await reader.readRenderNote('dev', tree)).toBeUndefined();
  });
});
