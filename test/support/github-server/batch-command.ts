// One `git cat-file --batch-command --buffer` of a repository: what is asked in one turn is
// written together and flushed, and the process stays for the next turns (a commit, then its tree,
// then the trees below and their blobs' sizes) and the next requests (`BatchPool`), so that a
// GraphQL query reads a repository without starting a git process (graphql-repository.ts). A
// process that stays sees what is pushed later: git reads a ref's file again on every lookup
// (packed refs again once the file changed), and looks for a pack again when an object is in none
// it knows — as GitHub's own git servers keep a `cat-file` per repository.
import type { Readable, Writable } from 'node:stream';

/** A started git process's streams, as `RepoStore.startGit` gives them. */
interface Started {
  stdin: Writable;
  stdout: Readable;
  on(event: 'close', listener: (code: number | null) => void): unknown;
}

/** An object as `contents` gives it: its id, type and bytes. */
export interface BatchObject {
  sha: string;
  type: string;
  content: Buffer;
}

/** An object as `info` gives it: its id, type and size. */
export interface BatchInfo {
  sha: string;
  type: string;
  size: number;
}

interface Pending {
  contents: boolean;
  done: (read: BatchObject | BatchInfo | undefined) => void;
}

const HEADER = /^([0-9a-f]{40,64}) ([a-z]+) (\d+)$/;

export class BatchCommand {
  private readonly child: Started;
  private readonly pending: Pending[] = [];
  private queued: string[] = [];
  private received: Buffer = Buffer.alloc(0);
  private ended = false;
  /** Told once the process ended (on its own or by `end`). */
  onEnd: (() => void) | undefined;

  constructor(child: Started) {
    this.child = child;
    child.stdout.on('data', (data: Buffer) => this.take(data));
    child.stdin.on('error', () => undefined);
    child.on('close', () => this.end());
  }

  /** An object by name (an id, or a revision such as `refs/heads/main^{commit}`), with its bytes. */
  contents(name: string): Promise<BatchObject | undefined> {
    return this.ask(`contents ${name}`, true) as Promise<BatchObject | undefined>;
  }

  /** An object's id, type and size, without its bytes. */
  info(name: string): Promise<BatchInfo | undefined> {
    return this.ask(`info ${name}`, false) as Promise<BatchInfo | undefined>;
  }

  /** False once the process ended (on its own or by `end`). */
  get alive(): boolean {
    return !this.ended;
  }

  /** Ends the process; whatever is still asked gives undefined. */
  end(): void {
    if (!this.ended) {
      this.ended = true;
      this.child.stdin.end();
      this.onEnd?.();
    }
    for (const { done } of this.pending.splice(0)) done(undefined);
  }

  private ask(line: string, contents: boolean): Promise<BatchObject | BatchInfo | undefined> {
    if (this.ended || /[\n\0]/.test(line)) return Promise.resolve(undefined);
    return new Promise((done) => {
      if (this.queued.length === 0)
        setImmediate(() => {
          const lines = this.queued;
          this.queued = [];
          if (!this.ended) this.child.stdin.write(`${lines.join('\n')}\nflush\n`);
        });
      this.queued.push(line);
      this.pending.push({ contents, done });
    });
  }

  /** Answers, in the order asked: a header line, and for `contents` the bytes and a newline. */
  private take(data: Buffer): void {
    this.received = this.received.length === 0 ? data : Buffer.concat([this.received, data]);
    while (this.pending.length > 0) {
      const end = this.received.indexOf(0x0a);
      if (end < 0) return;
      const header = HEADER.exec(this.received.subarray(0, end).toString('latin1'));
      const { contents, done } = this.pending[0]!;
      if (!header) {
        // `<name> missing` (or ambiguous): nothing follows.
        this.received = this.received.subarray(end + 1);
        this.pending.shift();
        done(undefined);
        continue;
      }
      const [, sha = '', type = '', sizeText = '0'] = header;
      const size = Number(sizeText);
      if (!contents) {
        this.received = this.received.subarray(end + 1);
        this.pending.shift();
        done({ sha, type, size });
        continue;
      }
      if (this.received.length < end + 1 + size + 1) return;
      const content = Buffer.from(this.received.subarray(end + 1, end + 1 + size));
      this.received = this.received.subarray(end + 1 + size + 1);
      this.pending.shift();
      done({ sha, type, content });
    }
  }
}

/**
 * The processes kept by default: more than the repositories one run reads (the large bench's
 * 100 workload repositories, its control plane and its GitOps repository), since a run that
 * reads them in turn through a smaller pool would find none kept (the least recently used is the
 * next one read). About 2.6 MB each (mostly the git binary's pages, shared).
 */
const KEPT = 128;

interface Pooled {
  batch: BatchCommand;
  /** The requests holding it: it is ended only once none does. */
  users: number;
  /** Given out no more (its repository was removed or made again, or the pool is full). */
  retired: boolean;
}

/**
 * A `cat-file --batch-command` per repository folder, kept between requests: at most `size` of
 * them stay once their requests are done, the least recently used ended first. A request takes
 * one with `take` and gives it back with the function `take` returns; `forget` retires a
 * folder's process (its repository removed or made again), ended once no request holds it.
 */
export class BatchPool {
  private readonly kept = new Map<string, Pooled>();
  private readonly start: (dir: string) => Started;
  private readonly size: number;

  constructor(start: (dir: string) => Started, size = KEPT) {
    this.start = start;
    this.size = size;
  }

  take(dir: string): { batch: BatchCommand; release: () => void } {
    let pooled = this.kept.get(dir);
    if (pooled && !pooled.batch.alive) pooled = undefined;
    this.kept.delete(dir);
    if (!pooled) {
      const batch = new BatchCommand(this.start(dir));
      const made: Pooled = { batch, users: 0, retired: false };
      batch.onEnd = () => {
        if (this.kept.get(dir) === made) this.kept.delete(dir);
      };
      pooled = made;
    }
    this.kept.set(dir, pooled); // the most recently used last
    pooled.users++;
    const taken = pooled;
    let released = false;
    return {
      batch: taken.batch,
      release: () => {
        if (released) return;
        released = true;
        taken.users--;
        if (taken.retired && taken.users === 0) taken.batch.end();
        this.trim();
      },
    };
  }

  /** Retires the process of `dir`: later requests start another. */
  forget(dir: string): void {
    const pooled = this.kept.get(dir);
    if (!pooled) return;
    this.kept.delete(dir);
    this.retire(pooled);
  }

  /** Ends every process no request holds, retires the others. */
  close(): void {
    for (const pooled of this.kept.values()) this.retire(pooled);
    this.kept.clear();
  }

  private retire(pooled: Pooled): void {
    pooled.retired = true;
    if (pooled.users === 0) pooled.batch.end();
  }

  private trim(): void {
    for (const [dir, pooled] of this.kept) {
      if (this.kept.size <= this.size) return;
      if (pooled.users > 0) continue;
      this.kept.delete(dir);
      this.retire(pooled);
    }
  }
}

/** The entries of a tree object as git writes them: mode, name (bytes) and object id. */
export function treeEntries(content: Buffer): { mode: string; name: Buffer; oid: string }[] {
  const entries: { mode: string; name: Buffer; oid: string }[] = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    const nul = content.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > content.length) throw new Error('a malformed tree');
    entries.push({
      mode: content.subarray(at, space).toString('latin1'),
      name: Buffer.from(content.subarray(space + 1, nul)),
      oid: content.subarray(nul + 1, nul + 21).toString('hex'),
    });
    at = nul + 21;
  }
  return entries;
}
