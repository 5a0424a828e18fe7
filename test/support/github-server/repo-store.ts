// Bare repositories on disk and the git plumbing every REST write maps to, so that the REST view
// and the git view of a repository can never disagree. Always async: the server shares its event
// loop with `git http-backend` traffic, and a sync git call would deadlock a push in flight.
import { execFile } from 'node:child_process';
import { access, appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnGit } from './git-http.ts';
import type { GitRunner } from './git-runner.ts';
import { BatchPool } from './batch-command.ts';

const identity = {
  GIT_AUTHOR_NAME: 'Local GitHub',
  GIT_AUTHOR_EMAIL: 'noreply@github.local',
  GIT_COMMITTER_NAME: 'Local GitHub',
  GIT_COMMITTER_EMAIL: 'noreply@github.local',
};

/** A failed git command; `stderr` keeps git's own words for the caller to classify. */
export class GitCommandError extends Error {
  readonly stderr: string;
  constructor(args: readonly string[], stderr: string) {
    super(`git ${args.join(' ')} failed: ${stderr.trim()}`);
    this.name = 'GitCommandError';
    this.stderr = stderr;
  }
}

/** One file change: new content, or `null` to delete the path. */
export type FileChanges = ReadonlyMap<string, Uint8Array | string | null>;

export class RepoStore {
  readonly root: string;
  private readonly runner: GitRunner | undefined;
  /** A `cat-file --batch-command` per repository, kept between GraphQL requests. */
  readonly catFiles: BatchPool;

  /** With a `runner`, git commands start from its small process instead of this one. */
  constructor(root: string, runner?: GitRunner) {
    this.root = root;
    this.runner = runner;
    this.catFiles = new BatchPool((cwd) =>
      this.startGit(['cat-file', '--batch-command', '--buffer'], {
        cwd,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      }),
    );
  }

  dir(repo: string): string {
    return join(this.root, `${repo}.git`);
  }

  async exists(repo: string): Promise<boolean> {
    return access(this.dir(repo)).then(
      () => true,
      () => false,
    );
  }

  async git(repo: string, args: readonly string[], input?: Uint8Array | string): Promise<string> {
    return (await this.gitBytes(repo, args, input)).toString('utf8').trim();
  }

  gitBytes(
    repo: string,
    args: readonly string[],
    input?: Uint8Array | string,
    env: Record<string, string> = {},
  ): Promise<Buffer> {
    const options = {
      cwd: this.dir(repo),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...identity, ...env },
    };
    if (this.runner)
      return this.runner.run(args, { ...options, input }).then((result) => {
        if (result.failed) throw new GitCommandError(args, result.stderr);
        return result.stdout;
      });
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        { ...options, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) reject(new GitCommandError(args, stderr.toString('utf8')));
          else resolve(stdout);
        },
      );
      child.stdin?.end(input);
    });
  }

  /** Starts `git args` with piped input and output, from the runner when there is one. */
  startGit(args: string[], options: { cwd?: string; env: Record<string, string> }) {
    return this.runner ? this.runner.start(args, options) : spawnGit(args, options);
  }

  async create(repo: string, defaultBranch: string): Promise<void> {
    this.catFiles.forget(this.dir(repo));
    await mkdir(this.dir(repo), { recursive: true });
    await this.git(repo, ['init', '--quiet', '--bare', `--initial-branch=${defaultBranch}`]);
    // Pushes of shallow clones must be accepted, as GitHub accepts them (receive.shallowUpdate);
    // GitHub serves any commit by id (`git fetch origin <sha>`), not only branch tips
    // (uploadpack.allowAnySHA1InWant). Appended to the new repository's config file at once
    // rather than by one `git config` process each.
    await appendFile(
      join(this.dir(repo), 'config'),
      [
        '[receive]',
        '\tshallowUpdate = true',
        '[http]',
        '\treceivepack = true',
        '[uploadpack]',
        '\tallowAnySHA1InWant = true',
        '',
      ].join('\n'),
    );
  }

  async remove(repo: string): Promise<void> {
    this.catFiles.forget(this.dir(repo));
    await rm(this.dir(repo), { recursive: true, force: true });
  }

  /** The commit a revision names, or undefined. */
  async resolveCommit(repo: string, rev: string): Promise<string | undefined> {
    try {
      return await this.git(repo, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
    } catch {
      return undefined;
    }
  }

  async defaultBranch(repo: string): Promise<string> {
    return this.git(repo, ['symbolic-ref', '--short', 'HEAD']);
  }

  /** Every ref under `prefix` (e.g. `refs/heads/`) with the object it points at. */
  async listRefs(repo: string, prefix: string): Promise<{ ref: string; sha: string }[]> {
    const out = await this.git(repo, ['for-each-ref', '--format=%(refname) %(objectname)', prefix]);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [ref = '', sha = ''] = line.split(' ');
        return { ref, sha };
      });
  }

  /**
   * Moves a ref with compare-and-swap: `expected` is the value it must still have ('' = must not
   * exist). Returns false when another writer got there first.
   */
  async updateRef(repo: string, ref: string, sha: string, expected: string): Promise<boolean> {
    const old = expected === '' ? '0'.repeat(40) : expected;
    try {
      await this.git(repo, ['update-ref', ref, sha, old]);
      return true;
    } catch (error) {
      if (error instanceof GitCommandError) return false;
      throw error;
    }
  }

  async deleteRef(repo: string, ref: string, expected: string): Promise<boolean> {
    try {
      await this.git(repo, ['update-ref', '-d', ref, expected]);
      return true;
    } catch (error) {
      if (error instanceof GitCommandError) return false;
      throw error;
    }
  }

  async isAncestor(repo: string, ancestor: string, descendant: string): Promise<boolean> {
    try {
      await this.git(repo, ['merge-base', '--is-ancestor', ancestor, descendant]);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Writes a commit whose tree is `parent`'s tree (or empty) with `changes` applied. A constant
   * number of git processes whatever the number of files (every test seeds repositories through
   * here): the blobs in one `hash-object`, the index in one `update-index`.
   */
  async commitChanges(
    repo: string,
    parent: string | undefined,
    changes: FileChanges,
    message: string,
  ): Promise<string> {
    const scratch = join(
      this.dir(repo),
      `write-${process.pid}-${Math.random().toString(36).slice(2)}`,
    );
    const index = join(scratch, 'index');
    const env = { GIT_INDEX_FILE: index };
    try {
      await mkdir(scratch);
      if (parent) await this.gitBytes(repo, ['read-tree', parent], undefined, env);
      else await this.gitBytes(repo, ['read-tree', '--empty'], undefined, env);
      const written = [...changes].filter(
        (change): change is [string, Uint8Array | string] => change[1] !== null,
      );
      const files = await Promise.all(
        written.map(async ([, content], i) => {
          const file = join(scratch, `blob-${i}`);
          await writeFile(file, content);
          return file;
        }),
      );
      const blobs =
        files.length === 0
          ? []
          : (
              await this.gitBytes(
                repo,
                ['hash-object', '-w', '--no-filters', '--stdin-paths'],
                files.map((f) => `${f}\n`).join(''),
              )
            )
              .toString()
              .trim()
              .split('\n');
      const blobOf = new Map(written.map(([path], i) => [path, blobs[i]!]));
      // Mode 0 removes a path (`--force-remove` would need a work tree).
      const entries = [...changes].map(([path, content]) =>
        content === null
          ? `0 ${'0'.repeat(40)}\t${path}\0`
          : `100644 ${blobOf.get(path)!}\t${path}\0`,
      );
      if (entries.length > 0)
        await this.gitBytes(repo, ['update-index', '-z', '--index-info'], entries.join(''), env);
      const tree = (await this.gitBytes(repo, ['write-tree'], undefined, env)).toString().trim();
      return await this.commitTree(repo, tree, parent ? [parent] : [], message);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  async commitTree(
    repo: string,
    tree: string,
    parents: readonly string[],
    message: string,
  ): Promise<string> {
    const args = ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p])];
    return this.git(repo, args, message);
  }

  /** The tree of merging `theirs` into `ours`, or undefined when they conflict. */
  async mergeTree(repo: string, ours: string, theirs: string): Promise<string | undefined> {
    try {
      return (await this.git(repo, ['merge-tree', '--write-tree', ours, theirs])).split('\n')[0];
    } catch {
      return undefined;
    }
  }

  async treeOf(repo: string, commit: string): Promise<string> {
    return this.git(repo, ['rev-parse', `${commit}^{tree}`]);
  }

  /** A file's bytes and blob id at a revision, or undefined when it is not a file there. */
  async readFile(
    repo: string,
    rev: string,
    path: string,
  ): Promise<{ content: Buffer; sha: string } | undefined> {
    // One `cat-file --batch` reads type, id and bytes at once; its input is line by line, so a
    // path with a line break (git allows one) takes three plain commands instead.
    if (path.includes('\n')) return this.readFileByCommands(repo, rev, path);
    try {
      const [object] = await this.readObjects(repo, [`${rev}:${path}`]);
      return object?.type === 'blob' ? { content: object.content, sha: object.sha } : undefined;
    } catch {
      return undefined;
    }
  }

  private async readFileByCommands(
    repo: string,
    rev: string,
    path: string,
  ): Promise<{ content: Buffer; sha: string } | undefined> {
    try {
      const type = await this.git(repo, ['cat-file', '-t', `${rev}:${path}`]);
      if (type !== 'blob') return undefined;
      const sha = await this.git(repo, ['rev-parse', `${rev}:${path}`]);
      const content = await this.gitBytes(repo, ['cat-file', 'blob', sha]);
      return { content, sha };
    } catch {
      return undefined;
    }
  }

  /**
   * Objects by name (an id or `<rev>:<path>`, no line breaks) through one `git cat-file --batch`:
   * each one's id, type and bytes, or undefined when git says it is missing.
   */
  async readObjects(
    repo: string,
    names: readonly string[],
  ): Promise<({ sha: string; type: string; content: Buffer } | undefined)[]> {
    if (names.length === 0) return [];
    const out = await this.gitBytes(
      repo,
      ['cat-file', '--batch'],
      names.map((name) => `${name}\n`).join(''),
    );
    const objects: ({ sha: string; type: string; content: Buffer } | undefined)[] = [];
    let at = 0;
    for (let i = 0; i < names.length; i++) {
      const end = out.indexOf(0x0a, at);
      if (end < 0) throw new Error(`git cat-file --batch answered ${i} of ${names.length} objects`);
      const header = /^([0-9a-f]{40,64}) ([a-z]+) (\d+)$/.exec(out.subarray(at, end).toString());
      at = end + 1;
      if (!header) {
        objects.push(undefined); // `<name> missing` (or ambiguous): no bytes follow
        continue;
      }
      const size = Number(header[3]);
      objects.push({ sha: header[1]!, type: header[2]!, content: out.subarray(at, at + size) });
      at += size + 1;
    }
    return objects;
  }

  /** Entries of a directory at a revision (`''` = root), or undefined when it is not a tree. */
  async listDirectory(
    repo: string,
    rev: string,
    path: string,
  ): Promise<{ name: string; type: 'file' | 'dir'; sha: string; size: number }[] | undefined> {
    try {
      const spec = path === '' ? `${rev}^{tree}` : `${rev}:${path}`;
      const type = await this.git(repo, ['cat-file', '-t', spec]);
      if (type !== 'tree') return undefined;
      const out = await this.git(repo, ['ls-tree', '-l', spec]);
      return out
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [meta = '', name = ''] = line.split('\t');
          const [, kind, sha = '', size] = meta.split(/\s+/);
          return {
            name,
            type: kind === 'tree' ? ('dir' as const) : ('file' as const),
            sha,
            size: size === '-' ? 0 : Number(size),
          };
        });
    } catch {
      return undefined;
    }
  }

  async commitInfo(
    repo: string,
    sha: string,
  ): Promise<{
    sha: string;
    tree: string;
    parents: string[];
    author: { name: string; email: string; date: string };
    committer: { name: string; email: string; date: string };
    message: string;
  }> {
    const raw = await this.git(repo, [
      'show',
      '-s',
      '--format=%H%n%T%n%P%n%an%n%ae%n%aI%n%cn%n%ce%n%cI%n%B',
      sha,
    ]);
    const [h = '', t = '', p = '', an = '', ae = '', ad = '', cn = '', ce = '', cd = '', ...body] =
      raw.split('\n');
    return {
      sha: h,
      tree: t,
      parents: p.split(' ').filter(Boolean),
      author: { name: an, email: ae, date: ad },
      committer: { name: cn, email: ce, date: cd },
      message: body.join('\n').trim(),
    };
  }

  /** Whether any commit is reachable from `head` but not from `base`. */
  async hasCommitsBetween(repo: string, base: string, head: string): Promise<boolean> {
    return (await this.git(repo, ['rev-list', '--count', `${base}..${head}`])) !== '0';
  }
}
