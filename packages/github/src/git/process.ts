// The git process and its credentials: every command a scratch repository runs goes through
// GitProcess (one environment, the token per command, refusals turned into what to do).
import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GitHubAccessError } from '../errors.ts';

/** A remote repository over HTTPS with a token. */
export interface GitRemote {
  /** `https://github.com/owner/name.git` (or the Enterprise Server / local equivalent). */
  url: string;
  /** "" = anonymous (a public repository, or a host the token must not be sent to). */
  token: string;
  /** `owner/name`, for messages. */
  repository: string;
  /** The action input that supplied the token, for messages. */
  tokenInput: string;
  /** How long one network command may take; default `KALYPSO_GIT_TIMEOUT_SECONDS` or 900. */
  timeoutSeconds?: number;
}

export interface GitIdentity {
  name: string;
  email: string;
}

/** The identity of commits the actions write, as GitHub shows the Actions bot. */
export const actionsBot: GitIdentity = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
};

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface RunOptions {
  input?: Uint8Array | string;
  env?: Record<string, string>;
}

/** A network transfer slower than 1 KB/s for this long is abandoned (git's low-speed guard). */
export const STALL_SECONDS = 60;

/** How long one git network command may take by default; `KALYPSO_GIT_TIMEOUT_SECONDS` moves it. */
export const DEFAULT_GIT_TIMEOUT_SECONDS = 900;

/** The marker `run` adds to stderr when it ended a network command at its timeout. */
const TIMED_OUT = 'kalypso: git network command ended after';

function networkTimeoutSeconds(): number {
  const raw = process.env.KALYPSO_GIT_TIMEOUT_SECONDS;
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_GIT_TIMEOUT_SECONDS;
}

/** A git network command that did not finish in time: transient, the step may be run again. */
export class GitNetworkTimeoutError extends GitHubAccessError {
  constructor(message: string) {
    super(message);
    this.name = 'GitNetworkTimeoutError';
  }
}

/** An object id of the scratch repositories (SHA-1). */
export const OBJECT_ID = /^[0-9a-f]{40}$/;

/**
 * git run in one scratch repository. The token travels per command as an
 * `http.<origin>/.extraheader` through GIT_CONFIG_* variables: never in `.git/config`, on disk, in
 * a URL or in the log.
 */
export class GitProcess {
  readonly directory: string;
  readonly remote: GitRemote;
  readonly identity: GitIdentity;

  constructor(directory: string, remote: GitRemote, identity: GitIdentity) {
    this.directory = directory;
    this.remote = remote;
    this.identity = identity;
  }

  /**
   * The variables of a network command: the token (only for the remote's own origin), and the
   * stall guard (a transfer under 1 KB/s for `STALL_SECONDS` ends with "Operation too slow").
   * A command run with them is also ended after the remote's `timeoutSeconds`
   * (docs/decisions/deadline-rule.md).
   */
  credentialEnv(): Record<string, string> {
    const guard = {
      GIT_TERMINAL_PROMPT: '0',
      GIT_HTTP_LOW_SPEED_LIMIT: '1000',
      GIT_HTTP_LOW_SPEED_TIME: String(Math.min(STALL_SECONDS, this.timeoutSeconds)),
    };
    if (this.remote.token === '') return guard;
    const origin = new URL(this.remote.url);
    const basic = Buffer.from(`x-access-token:${this.remote.token}`).toString('base64');
    return {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: `http.${origin.protocol}//${origin.host}/.extraheader`,
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
      ...guard,
    };
  }

  /** How long one network command to the remote may take, in seconds. */
  get timeoutSeconds(): number {
    return this.remote.timeoutSeconds ?? networkTimeoutSeconds();
  }

  /**
   * The environment of every git command: the bot identity, no prompt, no lazy fetch of missing
   * objects (a `--filter=blob:none` repository must never fetch blob by blob behind our back).
   */
  baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      ...process.env,
      GIT_AUTHOR_NAME: this.identity.name,
      GIT_AUTHOR_EMAIL: this.identity.email,
      GIT_COMMITTER_NAME: this.identity.name,
      GIT_COMMITTER_EMAIL: this.identity.email,
      GIT_TERMINAL_PROMPT: '0',
      GIT_NO_LAZY_FETCH: '1',
      ...extra,
    };
  }

  /** Runs git to the end; never throws for a failing command (see `code`). */
  run(args: readonly string[], options: RunOptions = {}): Promise<GitResult> {
    const network = options.env?.GIT_HTTP_LOW_SPEED_LIMIT !== undefined;
    return new Promise((resolve) => {
      const child = execFile(
        'git',
        // A scratch repository lives for one run: no `git maintenance run --auto` after each fetch
        // or push (one process more per exchange, for nothing).
        ['-c', 'maintenance.auto=false', ...args],
        {
          cwd: this.directory,
          encoding: 'buffer',
          maxBuffer: 1024 * 1024 * 1024,
          env: this.baseEnv(options.env),
          // A network command (run with credentialEnv's stall guard) ends by the timeout.
          timeout: network ? this.timeoutSeconds * 1000 : 0,
          killSignal: 'SIGKILL',
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          const text = stderr.toString('utf8');
          if (error?.killed && network) {
            resolve({
              code: code || 1,
              stdout,
              stderr: `${text}\n${TIMED_OUT} ${this.timeoutSeconds}s`,
            });
          } else resolve({ code, stdout, stderr: text });
        },
      );
      child.stdin?.end(options.input);
    });
  }

  /** Runs git and returns its output; a failing command throws with git's message. */
  async git(args: readonly string[], options: RunOptions = {}): Promise<Buffer> {
    const result = await this.run(args, options);
    if (result.code !== 0) throw new Error(`git ${args[0]} failed: ${result.stderr.trim()}`);
    return result.stdout;
  }

  /** `git` as trimmed text. */
  async text(args: readonly string[], options: RunOptions = {}): Promise<string> {
    return (await this.git(args, options)).toString('utf8').trim();
  }

  /** Translates a refused network command into what to do about it. */
  remoteFailure(activity: string, permission: string, stderr: string): Error {
    const { repository, tokenInput } = this.remote;
    const why = stderr.trim().split('\n').filter(Boolean).pop() ?? 'no output';
    if (stderr.includes(TIMED_OUT) || /Operation too slow|Operation timed out/i.test(stderr)) {
      return new GitNetworkTimeoutError(
        `${activity} in '${repository}' got no complete answer in time (the transfer stalled under 1 KB/s for ${Math.min(STALL_SECONDS, this.timeoutSeconds)}s, or took longer than ${this.timeoutSeconds}s): the server is unreachable or overloaded. Nothing was changed by this step; run it again later. A larger transfer may need more time: set KALYPSO_GIT_TIMEOUT_SECONDS in the step's env.`,
      );
    }
    if (/Authentication failed|returned error: 401|could not read Username/i.test(stderr)) {
      return new GitHubAccessError(
        `${activity} in '${repository}' failed: 401 Bad credentials. The token in '${tokenInput}' is not valid (expired or revoked). Pass a valid token.`,
      );
    }
    if (/returned error: 403|denied|403/.test(stderr)) {
      return new GitHubAccessError(
        `${activity} in '${repository}' failed: 403 Forbidden. Give the token in '${tokenInput}' the permission '${permission}' (the workflow's 'permissions:' block), or pass a token that has it.`,
      );
    }
    if (/Repository not found|returned error: 404/.test(stderr)) {
      return new GitHubAccessError(
        `${activity} in '${repository}' failed: repository not found. Check that '${repository}' exists and that the token in '${tokenInput}' can read it ('contents: read').`,
      );
    }
    return new Error(`${activity} in '${repository}' failed: ${why}`);
  }

  /** The object id a loose ref file holds, or undefined (no such file, or not a plain id). */
  async looseRef(ref: string): Promise<string | undefined> {
    try {
      const text = (await readFile(join(this.directory, ...ref.split('/')), 'utf8')).trim();
      return OBJECT_ID.test(text) ? text : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Runs git with a stdin fed by `feed` (awaiting backpressure, so the input is never held in
   * memory at once). Resolves with stderr when git fails, undefined on success.
   */
  stream(
    args: readonly string[],
    feed: (write: (chunk: Uint8Array | string) => Promise<void>) => Promise<void>,
  ): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', args, {
        cwd: this.directory,
        stdio: ['pipe', 'ignore', 'pipe'],
        // glibc returns memory to the system after every blob by default, which makes fast-import
        // spend most of its time in brk(): keep 64 MiB of slack instead (10× faster at 40,000 files).
        env: this.baseEnv({ MALLOC_TOP_PAD_: String(64 * 1024 * 1024) }),
      });
      let stderr = '';
      let failed: Error | undefined;
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
      });
      child.stdin.on('error', (error) => (failed ??= error));
      const closed = new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
      child.on('error', reject);
      const send = (chunk: Uint8Array) =>
        new Promise<void>((done, fail) => {
          if (failed) return fail(failed);
          if (child.stdin.write(chunk)) done();
          else {
            const onDrain = () => {
              child.stdin.off('close', onClose);
              done();
            };
            const onClose = () => {
              child.stdin.off('drain', onDrain);
              fail(failed ?? new Error('git closed its input'));
            };
            child.stdin.once('drain', onDrain);
            child.stdin.once('close', onClose);
          }
        });
      // Small pieces are gathered into 256 KiB writes: one pipe write per piece costs more than
      // git's own work.
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const chunk = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await send(chunk);
      };
      const write = async (chunk: Uint8Array | string) => {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes >= 256 * 1024) await flush();
      };
      const feedAll = async () => {
        await feed(write);
        await flush();
      };
      feedAll()
        .then(
          () => child.stdin.end(),
          (error: unknown) => {
            failed ??= error instanceof Error ? error : new Error(String(error));
            child.stdin.destroy();
          },
        )
        .then(() => closed)
        .then((code) => {
          if (code === 0 && !failed) resolve(undefined);
          else resolve(stderr || failed?.message || `exit code ${code}`);
        }, reject);
    });
  }
}
