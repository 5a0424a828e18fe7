// The git processes of the local GitHub, started by a small Node process of its own. Linux forks
// the whole calling process to start a child, and the server's heap (GitHub's OpenAPI description
// and its compiled schemas, ~190 MiB) made each fork cost several milliseconds of CPU, during which
// the server's event loop, which every test worker waits on, stood still. This process holds
// nothing but the code below (~45 MiB), forks cheaply, and talks over its IPC channel: `run` for a
// command whose output is read whole, `start` for one whose input and output stream (a fetch or a
// push through `git upload-pack` or `git http-backend`).
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';

const CHILD = `
const { execFile, spawn } = require('node:child_process');
const started = new Map();
// A process ending after the server closed (a kept cat-file) has no one to tell: not an error.
const send = (message) => { if (process.connected) process.send(message, () => {}); };
process.on('message', ({ id, kind, args, cwd, env, input, chunk }) => {
  if (kind === 'run') {
    const child = execFile('git', args, { cwd, env, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => send({ id, kind: 'ran', failed: Boolean(error), stdout, stderr: String(stderr) }));
    child.stdin.on('error', () => {});
    child.stdin.end(input === undefined ? undefined : Buffer.from(input));
  } else if (kind === 'start') {
    const child = spawn('git', args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    started.set(id, child);
    child.stdin.on('error', () => {});
    child.on('error', () => {});
    child.stdout.on('data', (data) => send({ id, kind: 'out', chunk: data }));
    child.stderr.on('data', (data) => send({ id, kind: 'err', chunk: data }));
    child.on('close', (code) => { started.delete(id); send({ id, kind: 'close', code }); });
  } else if (kind === 'in') started.get(id)?.stdin.write(Buffer.from(chunk));
  else if (kind === 'end') started.get(id)?.stdin.end();
});
process.on('disconnect', () => process.exit(0));
`;

/** What one git command gave: its stdout, or `failed` with git's stderr. */
export interface GitResult {
  failed: boolean;
  stdout: Buffer;
  stderr: string;
}

/** A git command started by the runner: streams as a child process has, `close` with its code. */
export interface StartedGit extends EventEmitter {
  stdin: Writable;
  stdout: PassThrough;
  stderr: PassThrough;
}

interface GitOptions {
  cwd?: string;
  env: Record<string, string>;
}

type Answer =
  | { id: number; kind: 'ran'; failed: boolean; stdout: Uint8Array; stderr: string }
  | { id: number; kind: 'out' | 'err'; chunk: Uint8Array }
  | { id: number; kind: 'close'; code: number | null };

const bytes = (view: Uint8Array) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

export class GitRunner {
  private readonly child: ChildProcess;
  private readonly ran = new Map<number, (result: GitResult | Error) => void>();
  private readonly streams = new Map<number, StartedGit>();
  private next = 0;

  constructor() {
    this.child = spawn(process.execPath, ['-e', CHILD], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child.on('message', (answer: Answer) => this.answer(answer));
    this.child.on('exit', (code) => {
      const ended = new Error(`the local GitHub's git runner ended (exit ${code})`);
      for (const done of this.ran.values()) done(ended);
      for (const started of this.streams.values()) started.emit('close', 1);
      this.ran.clear();
      this.streams.clear();
    });
    // A server that ends without closing it (a test's crash) must not be kept alive by it.
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  private answer(answer: Answer): void {
    if (answer.kind === 'ran') {
      const done = this.ran.get(answer.id);
      this.ran.delete(answer.id);
      done?.({ failed: answer.failed, stdout: bytes(answer.stdout), stderr: answer.stderr });
      return;
    }
    const started = this.streams.get(answer.id);
    if (started === undefined) return;
    if (answer.kind === 'out') started.stdout.write(bytes(answer.chunk));
    else if (answer.kind === 'err') started.stderr.write(bytes(answer.chunk));
    else if (answer.kind === 'close') {
      const { code } = answer;
      this.streams.delete(answer.id);
      started.stdout.end();
      started.stderr.end();
      // After the streams' last data events, as a child process's 'close' comes after its stdio's.
      setImmediate(() => started.emit('close', code));
    }
  }

  /** Runs `git args` to its end: its whole stdout, or `failed` and its stderr. */
  run(args: readonly string[], options: GitOptions & { input?: Uint8Array | string | undefined }) {
    const id = ++this.next;
    return new Promise<GitResult>((resolve, reject) => {
      this.ran.set(id, (result) => (result instanceof Error ? reject(result) : resolve(result)));
      this.child.send({ id, kind: 'run', args: [...args], ...options }, (error) => {
        if (error && this.ran.delete(id)) reject(error);
      });
    });
  }

  /** Starts `git args` with its input and output streamed. */
  start(args: readonly string[], options: GitOptions): StartedGit {
    const id = ++this.next;
    const send = (message: object, done: (error?: Error | null) => void) =>
      this.child.connected ? this.child.send(message, (error) => done(error)) : done();
    const started = Object.assign(new EventEmitter(), {
      stdin: new Writable({
        write: (chunk: Buffer, _encoding, done) => send({ id, kind: 'in', chunk }, done),
        final: (done) => send({ id, kind: 'end' }, done),
      }),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
    });
    this.streams.set(id, started);
    this.child.send({ id, kind: 'start', args: [...args], ...options });
    return started;
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
  }
}
