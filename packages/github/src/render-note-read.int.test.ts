// The render note's read (packages/github/src/git/render-note.ts): one bounded `cat-file --batch`
// after the note's blobs are fetched, no size check of its own before it, and the note's bound
// (256 MiB, its chunks in all) kept (docs/decisions/incremental-render.md).
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { splitChunkRefs, withChunks } from '@kalypso/core';
import { GitWorkspace } from './git.ts';
import { GitProcess } from './git/process.ts';
import {
  fetchRenderNotes,
  readFetchedRenderNote,
  readRenderNoteChunks,
  renderNotesRef,
} from './git/render-note.ts';

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

/** The note on `tree` as a read gives it, and with the chunks it names read into it. */
async function wholeNote(ws: GitWorkspace, tree: string) {
  const text = await ws.readRenderNote('dev', tree);
  if (text === undefined) return { text, whole: undefined };
  const { body, refs } = splitChunkRefs(text);
  const texts = await ws.readRenderNoteChunks(refs.map((ref) => ref.id));
  return { text, whole: withChunks(body, texts!) };
}

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
    let read: Awaited<ReturnType<typeof wholeNote>> | undefined;
    // The first chunk, then the two it names: a batch each.
    expect(await catFiles(async () => (read = await wholeNote(chunked, tree)))).toEqual([
      'cat-file --batch',
      'cat-file --batch',
    ]);
    expect(read!.whole).toBe(INDEX);
    expect(splitChunkRefs(read!.text!).refs.map((ref) => ref.clusterType)).toEqual([
      'ct-b',
      'ct-c',
    ]);
    let text;

    const plain = 'an index of one blob\n';
    expect(await ws.writeRenderNote('dev', tree, plain)).toBe(true);
    const single = await GitWorkspace.create(join(dir, 'single'), ws.remote);
    expect(await catFiles(async () => (text = await single.readRenderNote('dev', tree)))).toEqual([
      'cat-file --batch',
    ]);
    expect(text).toBe(plain);
  });

  it('reads the chunks a run started reading early once, when it asks for them', async () => {
    const { ws, tree } = await noted();
    expect(await ws.writeRenderNote('dev', tree, INDEX)).toBe(true);
    const run = await GitWorkspace.create(join(dir, 'early'), ws.remote);
    const ids = splitChunkRefs((await run.readRenderNote('dev', tree))!).refs.map((r) => r.id);
    expect(ids).toHaveLength(2);
    const trace = join(dir, 'early-trace.json');
    const events = async () =>
      (await readFile(trace, 'utf8').catch(() => ''))
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { event: string; sid: string; argv?: string[] });
    process.env.GIT_TRACE2_EVENT = trace;
    let texts;
    try {
      run.prefetchRenderNoteChunks(ids);
      // The early read over (its cat-file process gone) before the run asks.
      for (let i = 0; i < 600; i++) {
        const all = await events();
        const batch = all.find((e) => e.event === 'start' && e.argv?.[1] === 'cat-file');
        if (batch && all.some((e) => e.event === 'exit' && e.sid === batch.sid)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      texts = await run.readRenderNoteChunks(ids);
    } finally {
      delete process.env.GIT_TRACE2_EVENT;
    }
    const [header, , b, c] = INDEX.split('\n').map((line) => `${line}\n`);
    expect(texts).toEqual([header! + b!, header! + c!]);
    const batches = (await events()).filter(
      (e) => e.event === 'start' && e.argv?.[1] === 'cat-file',
    );
    expect(batches).toHaveLength(1);
  });

  it('ignores a note of chunks over the bound, counted over the chunks each read reads', async () => {
    const { ws, tree } = await noted();
    expect(await ws.writeRenderNote('dev', tree, INDEX)).toBe(true);
    // Each chunk repeats the header line. The note's read reads the first chunk (ct-a's); the
    // chunks it names are read, when asked for, under the same bound.
    const [header, a, b, c] = INDEX.split('\n').map((line) => `${line}\n`);
    const read = async (name: string, maxBytes: number, named: number) => {
      const git = new GitProcess(join(dir, name), ws.remote, ws.identity);
      await GitWorkspace.create(git.directory, ws.remote);
      expect(await fetchRenderNotes(git, 'dev')).toBe(true);
      const text = await readFetchedRenderNote(git, 'dev', tree, undefined, maxBytes);
      if (text === undefined) return undefined;
      const refs = splitChunkRefs(text).refs.map((ref) => ref.id);
      return { text, chunks: await readRenderNoteChunks(git, refs, undefined, named) };
    };
    const first = Buffer.byteLength(header! + a!);
    const named = Buffer.byteLength(header! + b! + header! + c!);
    const at = await read('at', first, named);
    expect(at?.text.startsWith(header! + a!)).toBe(true);
    expect(at?.chunks).toEqual([header! + b!, header! + c!]);
    expect(await read('over', first - 1, named)).toBeUndefined();
    expect((await read('named-over', first, named - 1))?.chunks).toBeUndefined();
  });

  it('notes a tree again with another text when the note it replaces was never fetched here', async () => {
    // A tree the GitOps side held before comes back (a value changed and changed back) and is
    // noted with another text (a new build: its first chunk differs): the notes ref the run
    // fetched holds the old note at the same paths, whose blobs this run never fetched (it read
    // another tree's note). git's thin push offers those old blobs as bases for the new ones'
    // deltas and must read them. A note of chunks (an index text) and a note of one blob.
    for (const header of ['kalypso-render-index 1 kalypso-render-1', 'a note of one blob']) {
      const { ws, tree } = await noted();
      const other = 'd'.repeat(40);
      /** A note of three cluster types, 300 assignments each, every key from `seed`. */
      const note = (seed: string) =>
        [
          header,
          ...['a', 'b', 'c'].flatMap((ct) =>
            Array.from(
              { length: 300 },
              (_, i) =>
                `clusters/ct-${ct}/t${i}\t${createHash('sha256').update(`${seed}${ct}${i}`).digest('hex')}\treconciler.yaml ${'a'.repeat(40)}`,
            ),
          ),
          '',
        ].join('\n');
      const first = note('one');
      expect(await ws.writeRenderNote('dev', tree, first)).toBe(true);
      /** `text` with every line of cluster type `ct` ending in `mark`. */
      const marked = (text: string, ct: string, mark: string) =>
        text
          .split('\n')
          .map((line) => (line.startsWith(`clusters/ct-${ct}/`) ? `${line}${mark}` : line))
          .join('\n');
      // The other tree's note: its first chunk (ct-a) differs from the first note's.
      const changed = marked(first, 'a', ' x');
      // Written by a run that read the first note: the new notes keep it.
      const before = await GitWorkspace.create(join(dir, `before-${header}`), ws.remote);
      expect((await wholeNote(before, tree)).whole).toBe(first);
      expect(await before.writeRenderNote('dev', other, changed, tree)).toBe(true);
      // The run's workspace fetched the notes ref as the GitOps read does: trees only.
      const run = await GitWorkspace.create(join(dir, `run-${header}`), ws.remote);
      const fetchedRefs = new Set<string>();
      await run.fetchBranches([], 1, {
        treesOnly: true,
        refs: [renderNotesRef('dev')],
        fetchedRefs,
      });
      run.renderNotesFetched('dev', fetchedRefs.has(renderNotesRef('dev')));
      expect((await wholeNote(run, other)).whole).toBe(changed);
      // The tree again, its first chunk different from both (the old one at its paths is not here).
      const again = marked(first, 'a', ' y');
      expect(await run.writeRenderNote('dev', tree, again, other), header).toBe(true);
      const reader = await GitWorkspace.create(join(dir, `reader-${header}`), ws.remote);
      expect((await wholeNote(reader, tree)).whole).toBe(again);
      expect((await wholeNote(reader, other)).whole).toBe(changed);
    }
  });

  it('ignores a note over 256 MiB, reading none of it', { timeout: 180_000 }, async () => {
    const { ws, tree } = await noted();
    // One blob (not an index text: not split), one byte over the bound; it packs small.
    expect(await ws.writeRenderNote('dev', tree, 'x'.repeat(256 * 1024 * 1024 + 1))).toBe(true);
    const reader = await GitWorkspace.create(join(dir, 'reader'), ws.remote);
    expect(await reader.readRenderNote('dev', tree)).toBeUndefined();
  });
});
