import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GitHubAccessError } from './errors.ts';

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

export type PushOutcome = 'pushed' | 'rejected';

interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Push and fetch refusals that mean "the branch moved": expected, the caller re-reads and retries. */
const movedPattern =
  /\[rejected\]|\[remote rejected\]|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref/;

/**
 * A local bare repository used as a scratch area: fetch one branch shallowly, read its tree, write
 * commits with plumbing (no work tree), push. The token travels per command as an
 * `http.<origin>/.extraheader` through GIT_CONFIG_* variables: never in `.git/config`, on disk, in
 * a URL or in the log.
 */
export class GitWorkspace {
  readonly directory: string;
  readonly remote: GitRemote;
  readonly identity: GitIdentity;

  private constructor(directory: string, remote: GitRemote, identity: GitIdentity) {
    this.directory = directory;
    this.remote = remote;
    this.identity = identity;
  }

  /** Creates an empty bare repository in `directory` (which should not exist yet). */
  static async create(
    directory: string,
    remote: GitRemote,
    identity: GitIdentity = actionsBot,
  ): Promise<GitWorkspace> {
    await mkdir(directory, { recursive: true });
    const workspace = new GitWorkspace(directory, remote, identity);
    await workspace.git(['init', '--quiet', '--bare']);
    return workspace;
  }

  private credentialEnv(): Record<string, string> {
    if (this.remote.token === '') return { GIT_TERMINAL_PROMPT: '0' };
    const origin = new URL(this.remote.url);
    const basic = Buffer.from(`x-access-token:${this.remote.token}`).toString('base64');
    return {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: `http.${origin.protocol}//${origin.host}/.extraheader`,
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
      GIT_TERMINAL_PROMPT: '0',
    };
  }

  private run(
    args: readonly string[],
    options: { input?: Uint8Array | string; env?: Record<string, string> } = {},
  ): Promise<GitResult> {
    return new Promise((resolve) => {
      const child = execFile(
        'git',
        args,
        {
          cwd: this.directory,
          encoding: 'buffer',
          maxBuffer: 1024 * 1024 * 1024,
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: this.identity.name,
            GIT_AUTHOR_EMAIL: this.identity.email,
            GIT_COMMITTER_NAME: this.identity.name,
            GIT_COMMITTER_EMAIL: this.identity.email,
            ...options.env,
          },
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ code, stdout, stderr: stderr.toString('utf8') });
        },
      );
      child.stdin?.end(options.input);
    });
  }

  private async git(
    args: readonly string[],
    options: { input?: Uint8Array | string; env?: Record<string, string> } = {},
  ): Promise<Buffer> {
    const result = await this.run(args, options);
    if (result.code !== 0) throw new Error(`git ${args[0]} failed: ${result.stderr.trim()}`);
    return result.stdout;
  }

  private async text(
    args: readonly string[],
    options: { input?: Uint8Array | string; env?: Record<string, string> } = {},
  ): Promise<string> {
    return (await this.git(args, options)).toString('utf8').trim();
  }

  /** Translates a refused network command into what to do about it. */
  private remoteFailure(activity: string, permission: string, stderr: string): Error {
    const { repository, tokenInput } = this.remote;
    const why = stderr.trim().split('\n').filter(Boolean).pop() ?? 'no output';
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

  /** Fetches the tip of `branch` (shallow); returns its commit, or undefined when the branch does not exist. */
  async fetchBranch(branch: string, depth = 1): Promise<string | undefined> {
    return (await this.fetchBranches([branch], depth)).get(branch);
  }

  /**
   * Fetches the tips of several branches in one exchange (shallow); each maps to its commit, or
   * undefined when the branch does not exist (a missing branch costs one more exchange).
   */
  async fetchBranches(
    branches: readonly string[],
    depth = 1,
  ): Promise<Map<string, string | undefined>> {
    const heads = new Map<string, string | undefined>(branches.map((b) => [b, undefined]));
    let wanted = [...branches];
    while (wanted.length > 0) {
      const refspecs = wanted.map((b) => `+refs/heads/${b}:refs/remotes/origin/${b}`);
      const result = await this.run(
        ['fetch', '--quiet', '--no-tags', `--depth=${depth}`, this.remote.url, ...refspecs],
        { env: this.credentialEnv() },
      );
      if (result.code === 0) break;
      const missing = /couldn't find remote ref (?:refs\/heads\/)?(\S+)/i.exec(result.stderr)?.[1];
      if (missing === undefined || !wanted.includes(missing)) {
        const what = wanted.map((b) => `'${b}'`).join(', ');
        throw this.remoteFailure(`Fetching branch ${what}`, 'contents: read', result.stderr);
      }
      wanted = wanted.filter((b) => b !== missing);
    }
    for (const branch of wanted)
      heads.set(branch, await this.text(['rev-parse', `refs/remotes/origin/${branch}`]));
    return heads;
  }

  /**
   * Fetches one commit by id (shallow). GitHub serves any commit of the repository this way;
   * returns false when the server does not have it.
   */
  async fetchCommit(commit: string, depth = 1): Promise<boolean> {
    const result = await this.run(
      ['fetch', '--quiet', '--no-tags', `--depth=${depth}`, this.remote.url, commit],
      { env: this.credentialEnv() },
    );
    if (result.code === 0) return true;
    if (
      /not our ref|no such remote ref|couldn't find remote ref|unadvertised object|upload-pack: not our ref|bad object/i.test(
        result.stderr,
      )
    )
      return false;
    throw this.remoteFailure(
      `Fetching commit ${commit.slice(0, 7)}`,
      'contents: read',
      result.stderr,
    );
  }

  /**
   * The tree and parents of a fetched commit, read from the commit object itself: in a shallow
   * repository `git log` hides the parents of boundary commits.
   */
  async commitInfo(commit: string): Promise<{ tree: string; parents: string[] }> {
    const header = (await this.text(['cat-file', 'commit', commit])).split('\n\n')[0] ?? '';
    const field = (name: string) =>
      header
        .split('\n')
        .filter((line) => line.startsWith(`${name} `))
        .map((line) => line.slice(name.length + 1));
    return { tree: field('tree')[0] ?? '', parents: field('parent') };
  }

  /** A file's bytes at a commit, or undefined when it is not a file there. */
  async readFile(commit: string, path: string): Promise<Uint8Array | undefined> {
    const result = await this.run(['cat-file', 'blob', `${commit}:${path}`]);
    return result.code === 0 ? new Uint8Array(result.stdout) : undefined;
  }

  /** Every file of a commit by path. */
  async readTree(commit: string): Promise<Map<string, Uint8Array>> {
    const listing = (await this.git(['ls-tree', '-r', '-z', commit])).toString('utf8');
    const entries = listing
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta = '', path = ''] = line.split('\t');
        return { sha: meta.split(' ')[2] ?? '', type: meta.split(' ')[1], path };
      })
      .filter((e) => e.type === 'blob');
    const batch = await this.git(['cat-file', '--batch'], {
      input: entries.map((e) => e.sha).join('\n') + '\n',
    });
    const files = new Map<string, Uint8Array>();
    let offset = 0;
    for (const entry of entries) {
      const headerEnd = batch.indexOf(0x0a, offset);
      const size = Number(batch.subarray(offset, headerEnd).toString('utf8').split(' ')[2]);
      files.set(entry.path, new Uint8Array(batch.subarray(headerEnd + 1, headerEnd + 1 + size)));
      offset = headerEnd + 1 + size + 1;
    }
    return files;
  }

  /**
   * Writes a commit on `parent` (none = a root commit). `tree` replaces every file; `changes`
   * edits the parent's files (null deletes a path). Returns the new commit id.
   */
  async writeCommit(commit: {
    parent: string | undefined;
    message: string;
    tree?: ReadonlyMap<string, Uint8Array | string>;
    changes?: ReadonlyMap<string, Uint8Array | string | null>;
  }): Promise<string> {
    const index = join(
      this.directory,
      `kalypso-index-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    );
    const env = { GIT_INDEX_FILE: index };
    try {
      if (commit.parent && !commit.tree) await this.git(['read-tree', commit.parent], { env });
      else await this.git(['read-tree', '--empty'], { env });
      const entries = [...(commit.tree ?? commit.changes ?? new Map<string, null>())];
      const written = entries.filter(
        (entry): entry is [string, Uint8Array | string] => entry[1] !== null,
      );
      const blobs = await this.writeBlobs(written.map(([, content]) => content));
      const lines = entries.map(([path, content]) =>
        content === null ? `0 ${'0'.repeat(40)}\t${path}` : `100644 ${blobs.shift()}\t${path}`,
      );
      if (lines.length > 0)
        await this.git(['update-index', '-z', '--index-info'], {
          env,
          input: lines.join('\0') + '\0',
        });
      const tree = await this.text(['write-tree'], { env });
      const parents = commit.parent ? ['-p', commit.parent] : [];
      return await this.text(['commit-tree', tree, ...parents], { input: commit.message });
    } finally {
      await rm(index, { force: true });
    }
  }

  /**
   * Writes blobs in one `git hash-object --stdin-paths` process (one process per commit, not per
   * file) and returns their ids in order.
   */
  private async writeBlobs(contents: readonly (Uint8Array | string)[]): Promise<string[]> {
    if (contents.length === 0) return [];
    const staging = await mkdtemp(join(this.directory, 'kalypso-blobs-'));
    try {
      const paths = contents.map((_, i) => join(staging, String(i)));
      await Promise.all(contents.map((content, i) => writeFile(paths[i]!, content)));
      const ids = (
        await this.text(['hash-object', '-w', '--no-filters', '--stdin-paths'], {
          input: paths.join('\n') + '\n',
        })
      ).split('\n');
      if (ids.length !== contents.length)
        throw new Error(`git hash-object wrote ${ids.length} of ${contents.length} blobs`);
      return ids;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * Deletes `branch` if it is still at `lease` (only for branches the product owns). `rejected`
   * means it moved.
   */
  async deleteBranch(branch: string, lease: string): Promise<PushOutcome> {
    const ref = `refs/heads/${branch}`;
    // A push from a shallow repository announces its shallow commits, and receive-pack hangs up
    // on a deletion that carries them but no pack: delete from an empty repository instead.
    const empty = join(this.directory, 'kalypso-empty.git');
    await this.git(['init', '--quiet', '--bare', empty]);
    const result = await this.run(
      [
        `--git-dir=${empty}`,
        'push',
        '--porcelain',
        `--force-with-lease=${ref}:${lease}`,
        this.remote.url,
        `:${ref}`,
      ],
      { env: this.credentialEnv() },
    );
    if (result.code === 0) return 'pushed';
    const output = `${result.stdout.toString('utf8')}\n${result.stderr}`;
    if (movedPattern.test(output)) return 'rejected';
    throw this.remoteFailure(`Deleting branch '${branch}'`, 'contents: write', result.stderr);
  }

  /**
   * Pushes `commit` to `branch`. Without `lease` the push must fast-forward; with `lease` (only
   * for branches the product owns) it replaces the branch if it is still at `lease`
   * (`--force-with-lease`). `rejected` means the branch moved: re-read and try again.
   */
  async push(request: { commit: string; branch: string; lease?: string }): Promise<PushOutcome> {
    const ref = `refs/heads/${request.branch}`;
    const lease = request.lease === undefined ? [] : [`--force-with-lease=${ref}:${request.lease}`];
    const result = await this.run(
      ['push', '--porcelain', ...lease, this.remote.url, `${request.commit}:${ref}`],
      {
        env: this.credentialEnv(),
      },
    );
    if (result.code === 0) return 'pushed';
    const output = `${result.stdout.toString('utf8')}\n${result.stderr}`;
    if (movedPattern.test(output)) return 'rejected';
    throw this.remoteFailure(
      `Pushing to branch '${request.branch}'`,
      'contents: write',
      result.stderr,
    );
  }
}
