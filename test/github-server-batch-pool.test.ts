// The local GitHub's kept `cat-file --batch-command` processes (test/support/github-server/
// batch-command.ts): a process a request holds is never ended under it, whether the pool is full
// or its repository was made again; the others end, the least recently used first.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchPool } from './support/github-server/batch-command.ts';

const run = promisify(execFile);

describe('the local GitHub keeps a git process per repository', () => {
  let scratch: string;
  let dirs: string[];
  let pool: BatchPool;
  let started: number;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'batch-pool-'));
    dirs = [join(scratch, 'a.git'), join(scratch, 'b.git'), join(scratch, 'c.git')];
    for (const dir of dirs) await run('git', ['init', '--quiet', '--bare', dir]);
    started = 0;
    pool = new BatchPool((cwd) => {
      started++;
      return spawn('git', ['cat-file', '--batch-command', '--buffer'], { cwd });
    }, 2);
  });
  afterEach(async () => {
    pool.close();
    await rm(scratch, { recursive: true, force: true });
  });

  // The empty tree is in every repository: `info` of it answers while the process lives.
  const emptyTree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

  it('gives the same process to the next request, and ends the least recently used beyond its size', async () => {
    const a = pool.take(dirs[0]!);
    expect((await a.batch.info(emptyTree))?.type).toBe('tree');
    a.release();
    const again = pool.take(dirs[0]!);
    expect(again.batch).toBe(a.batch);
    again.release();
    const b = pool.take(dirs[1]!);
    b.release();
    const c = pool.take(dirs[2]!);
    c.release();
    expect(started).toBe(3);
    // a was used least recently: ended; b and c kept.
    expect([a.batch.alive, b.batch.alive, c.batch.alive]).toEqual([false, true, true]);
  });

  it('never ends a process a request still holds: not when full, not when its repository is made again', async () => {
    const a = pool.take(dirs[0]!);
    const b = pool.take(dirs[1]!);
    const c = pool.take(dirs[2]!);
    c.release();
    // Three held or kept, two allowed: c is ended, a and b are held.
    expect([a.batch.alive, b.batch.alive, c.batch.alive]).toEqual([true, true, false]);
    pool.forget(dirs[0]!);
    expect(a.batch.alive).toBe(true);
    expect((await a.batch.info(emptyTree))?.type).toBe('tree');
    // The repository made again: the next request gets a process of its own.
    const next = pool.take(dirs[0]!);
    expect(next.batch).not.toBe(a.batch);
    a.release();
    expect(a.batch.alive).toBe(false);
    expect((await next.batch.info(emptyTree))?.type).toBe('tree');
    next.release();
    b.release();
  });
});
