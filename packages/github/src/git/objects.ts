// Object reading: the one `git cat-file --batch` reader every read of many objects goes through,
// and the loose-object shortcut in front of it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { OBJECT_ID } from './process.ts';

/** An object as git stores it: its type (`blob`, `tree`, `commit`, `tag`) and its bytes. */
export interface GitObject {
  type: string;
  body: Buffer;
}

interface Waiter {
  resolve: (object: GitObject) => void;
  reject: (error: Error) => void;
}

/**
 * One `git cat-file --batch` process answering object ids in the order they were asked. Requests
 * made in the same tick reach git in one write; an answer larger than one pipe read is gathered
 * once, when all of it has arrived. With `maxBytes`, the answers' sizes (each read from its
 * header, before its bytes are gathered) are bounded: the first answer past the bound fails it
 * and every request after it, and git is stopped (no size check of its own beforehand).
 */
export class CatFileBatch {
  private readonly child: ChildProcessWithoutNullStreams;
  /**
   * Requests in the order git answers them, the first `answered` of them done: no `shift()`, which
   * costs the length of the queue once it holds thousands.
   */
  private waiting: Waiter[] = [];
  private answered = 0;
  /** Output not answered yet: its chunks and their length. */
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** How many buffered bytes the next answer needs before parsing again can make progress. */
  private needed = 1;
  private corked = false;
  private ended: Error | undefined;
  private stderr = '';
  private readonly exited: Promise<void>;
  /** The bound on the answers' bytes in all (`maxBytes`), and how many of them may still come. */
  private readonly maxBytes: number;
  private budget: number;

  constructor(directory: string, env: NodeJS.ProcessEnv, options: { maxBytes?: number } = {}) {
    this.maxBytes = options.maxBytes ?? Infinity;
    this.budget = this.maxBytes;
    this.child = spawn('git', ['cat-file', '--batch'], {
      cwd: directory,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      if (this.ended) return; // past the bound: nothing more is answered
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      if (this.buffered >= this.needed) this.drain();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 64 * 1024) this.stderr += chunk.toString('utf8');
    });
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((done) => {
      this.child.on('error', (error) => {
        this.fail(error);
        done();
      });
      this.child.on('close', () => {
        this.fail(new Error(`git cat-file --batch ended early: ${this.stderr.trim()}`));
        done();
      });
    });
  }

  private fail(error: Error) {
    this.ended ??= error;
    const pending = this.waiting.slice(this.answered);
    this.waiting = [];
    this.answered = 0;
    for (const w of pending) w.reject(error);
  }

  /** Answers every waiter whose object has fully arrived, in order. */
  private drain() {
    const buffer =
      this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    let offset = 0;
    this.needed = 1;
    while (this.answered < this.waiting.length) {
      const headerEnd = buffer.indexOf(0x0a, offset);
      if (headerEnd < 0) {
        this.needed = buffer.length - offset + 1;
        break;
      }
      const header = buffer.toString('utf8', offset, headerEnd).split(' ');
      if (header[1] === 'missing' || header.length !== 3) {
        offset = headerEnd + 1;
        this.next().reject(new Error(`git cat-file: object ${header[0]} is missing`));
        continue;
      }
      const size = Number(header[2]);
      if (!(size <= this.budget)) {
        // Never gathered: the answers past the bound fail, and git stops writing them.
        this.fail(
          new Error(`git cat-file: the objects asked for are over ${this.maxBytes} bytes in all`),
        );
        this.chunks = [];
        this.buffered = 0;
        this.child.kill();
        return;
      }
      const end = headerEnd + 1 + size + 1;
      if (buffer.length < end) {
        this.needed = end - offset;
        break;
      }
      this.budget -= size; // once, when answered: a header is parsed again until its bytes are in
      // A copy in memory of its own: the answer must not keep the chunk it arrived in alive, and
      // its bytes are the whole of their ArrayBuffer (see `bytesOf`).
      const body = Buffer.allocUnsafeSlow(size);
      buffer.copy(body, 0, headerEnd + 1, headerEnd + 1 + size);
      offset = end;
      this.next().resolve({ type: header[1]!, body });
    }
    const rest = buffer.subarray(offset);
    this.chunks = rest.length === 0 ? [] : [rest];
    this.buffered = rest.length;
  }

  /** The oldest request not answered yet, taken off the queue. */
  private next(): Waiter {
    const waiter = this.waiting[this.answered++]!;
    if (this.answered === this.waiting.length) {
      this.waiting = [];
      this.answered = 0;
    }
    return waiter;
  }

  /** Sends requests; those of one tick are gathered into one write. */
  private send(text: string) {
    if (!this.corked) {
      this.corked = true;
      this.child.stdin.cork();
      process.nextTick(() => {
        this.corked = false;
        this.child.stdin.uncork();
      });
    }
    this.child.stdin.write(text);
  }

  /** One object by id; rejects when git does not have it. */
  read(id: string): Promise<GitObject> {
    if (!OBJECT_ID.test(id)) return Promise.reject(new Error(`not an object id: ${id}`));
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.send(`${id}\n`);
    });
  }

  /** Many objects by id, in their order (one request string for all of them). */
  readAll(ids: readonly string[]): Promise<GitObject[]> {
    const bad = ids.find((id) => !OBJECT_ID.test(id));
    if (bad !== undefined) return Promise.reject(new Error(`not an object id: ${bad}`));
    if (this.ended) return Promise.reject(this.ended);
    if (ids.length === 0) return Promise.resolve([]);
    const answers = ids.map(
      () => new Promise<GitObject>((resolve, reject) => this.waiting.push({ resolve, reject })),
    );
    this.send(`${ids.join('\n')}\n`);
    return Promise.all(answers);
  }

  /** Ends git's input and waits for it to exit. */
  async close(): Promise<void> {
    this.child.stdin.end();
    await this.exited;
  }
}

/**
 * The largest loose object inflated in memory by `ObjectReader` (GitHub refuses files over
 * 100 MiB); a larger one is read through git, which streams it.
 */
export const MAX_LOOSE_BYTES = 128 * 1024 * 1024;
/** Room for a loose object's header (`blob <size>\0`) beyond its bytes. */
const LOOSE_HEADER_BYTES = 32;

/**
 * Reads objects of a scratch repository: a loose object (what a small fetch leaves: git unpacks
 * fewer than 100 objects) straight from its file, anything else through one `CatFileBatch`
 * started on first need. A workload repository of a few files is then read without a process.
 */
export class ObjectReader {
  private batch: CatFileBatch | undefined;
  private readonly directory: string;
  private readonly env: () => NodeJS.ProcessEnv;
  private readonly maxLooseBytes: number;

  constructor(
    directory: string,
    env: () => NodeJS.ProcessEnv,
    /** The most a loose object may inflate to here; a larger one is read by git. */
    maxLooseBytes = MAX_LOOSE_BYTES,
  ) {
    this.directory = directory;
    this.env = env;
    this.maxLooseBytes = maxLooseBytes;
  }

  async read(id: string): Promise<GitObject> {
    if (!OBJECT_ID.test(id)) throw new Error(`not an object id: ${id}`);
    const loose = this.readLoose(id);
    if (loose) return loose;
    this.batch ??= new CatFileBatch(this.directory, this.env());
    return this.batch.read(id);
  }

  /** Synchronous: a loose object is small and in the page cache, right after the fetch. */
  private readLoose(id: string): GitObject | undefined {
    let raw: Buffer;
    try {
      raw = readFileSync(join(this.directory, 'objects', id.slice(0, 2), id.slice(2)));
    } catch {
      return undefined;
    }
    let data: Buffer;
    try {
      // Bounded: a file that inflates past the bound is not inflated whole in memory here.
      data = inflateSync(raw, { maxOutputLength: this.maxLooseBytes + LOOSE_HEADER_BYTES });
    } catch {
      return undefined; // not readable here, or larger than the bound: git decides
    }
    const nul = data.indexOf(0);
    const header = nul < 0 ? [] : data.subarray(0, nul).toString('latin1').split(' ');
    const body = data.subarray(nul + 1);
    // A loose object is trusted only when it is what its name says (git's own check).
    if (
      header.length !== 2 ||
      Number(header[1]) !== body.length ||
      createHash('sha1').update(data).digest('hex') !== id
    )
      return undefined;
    return { type: header[0]!, body };
  }

  async close(): Promise<void> {
    await this.batch?.close();
  }
}

/**
 * The bytes of an object `CatFileBatch` answered, as a plain Uint8Array over the same memory (no
 * copy: that memory holds nothing else).
 */
export function bytesOf(body: Buffer): Uint8Array {
  return new Uint8Array(body.buffer, body.byteOffset, body.length);
}

/**
 * The NUL-terminated records of git's `-z` output, decoded one at a time: a listing of millions
 * of files is larger than the longest string V8 can make (512 MiB), so it is never decoded whole.
 */
export function* nulRecords(output: Buffer): Generator<string> {
  let offset = 0;
  while (offset < output.length) {
    const end = output.indexOf(0, offset);
    const stop = end < 0 ? output.length : end;
    yield output.toString('utf8', offset, stop);
    offset = stop + 1;
  }
}

/** Parses `ls-tree -r -z` output into path → `<mode> <object id>` (blobs, symlinks, submodules). */
export function parseTreeListing(listing: Buffer): Map<string, string> {
  return new Map(treeEntries(listing));
}

/**
 * The entries of `ls-tree -z` output (path, `<mode> <id>`), in its order, parsed as they are
 * iterated: a listing of hundreds of thousands of files is never held as a map.
 */
export function* treeEntries(listing: Buffer): Generator<readonly [string, string]> {
  for (const line of nulRecords(listing)) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const meta = line.slice(0, tab);
    const first = meta.indexOf(' ');
    const second = meta.indexOf(' ', first + 1);
    yield [line.slice(tab + 1), `${meta.slice(0, first)} ${meta.slice(second + 1)}`];
  }
}

/** The entries of a raw tree object: `<mode> <name>\0<binary id>` each. */
export function parseTreeObject(body: Buffer): { mode: string; name: string; id: string }[] {
  const entries: { mode: string; name: string; id: string }[] = [];
  // The id length follows from the repository's hash: scratch repositories use SHA-1.
  const idBytes = 20;
  let offset = 0;
  while (offset < body.length) {
    const space = body.indexOf(0x20, offset);
    const nul = body.indexOf(0, space);
    if (space < 0 || nul < 0) throw new Error('git cat-file: malformed tree object');
    entries.push({
      mode: body.subarray(offset, space).toString('latin1'),
      name: body.subarray(space + 1, nul).toString('utf8'),
      id: body.subarray(nul + 1, nul + 1 + idBytes).toString('hex'),
    });
    offset = nul + 1 + idBytes;
  }
  return entries;
}
