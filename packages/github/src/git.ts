import { execFile, spawn } from 'node:child_process';
import { createHash, hash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
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

export interface FetchOptions {
  /**
   * Fetch commits and trees only (`--filter=blob:none`): what a writer needs to compare blob ids
   * and build a new tree, without downloading the files.
   */
  treesOnly?: boolean;
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

/** git's id of the empty tree. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

let writeCounter = 0;

/** The id git gives a blob with these bytes: sha1 of `blob <length>\0<bytes>`. */
export function blobId(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  const header = `blob ${data.length}\0`;
  const size = header.length + data.length;
  if (size > BLOB_SCRATCH_BYTES)
    return createHash('sha1').update(header).update(data).digest('hex');
  // One-shot hashing of header and bytes copied into one reused buffer: a hash object per file
  // costs more than the copy (hundreds of thousands of files per schedule run).
  const written = blobScratch.write(header, 0, 'latin1');
  blobScratch.set(data, written);
  return hash('sha1', blobScratch.subarray(0, size), 'hex');
}

const BLOB_SCRATCH_BYTES = 64 * 1024;
const blobScratch = Buffer.allocUnsafe(BLOB_SCRATCH_BYTES);

/**
 * Throws unless `path` is a plain repository-relative file path: not empty, not absolute, no
 * empty, `.`, `..` or `.git` segment, no NUL. git would silently skip or reinterpret such a
 * path, so the writer refuses it before anything is written.
 */
export function checkTreePath(path: string, repository: string): void {
  const why =
    path === ''
      ? 'the path is empty'
      : path.startsWith('/')
        ? 'it is absolute'
        : path.includes('\0')
          ? 'it contains a NUL byte'
          : path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
            ? "it has an empty, '.' or '..' segment (it would land outside its folder)"
            : path.split('/').some((segment) => segment.toLowerCase() === '.git')
              ? "it has a '.git' segment"
              : undefined;
  if (why !== undefined)
    throw new Error(
      `Refusing to write '${path}' into '${repository}': ${why}. Nothing was written; fix the name that produced this path (a deployment target, cluster type or GitOpsRepo spec.path).`,
    );
}

/** A path as fast-import reads it: C-style quoted, so no character can end the command early. */
function quotePath(path: string): string {
  let out = '"';
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/** Parses `ls-tree -r -z` output into path → `<mode> <object id>` (blobs, symlinks, submodules). */
function parseTreeListing(listing: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const text = listing.toString('utf8');
  let offset = 0;
  while (offset < text.length) {
    const end = text.indexOf('\0', offset);
    const line = text.slice(offset, end < 0 ? text.length : end);
    offset = end < 0 ? text.length : end + 1;
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const meta = line.slice(0, tab);
    const first = meta.indexOf(' ');
    const second = meta.indexOf(' ', first + 1);
    files.set(line.slice(tab + 1), `${meta.slice(0, first)} ${meta.slice(second + 1)}`);
  }
  return files;
}

/** The entries of a raw tree object: `<mode> <name>\0<binary id>` each. */
function parseTreeObject(body: Buffer): { mode: string; name: string; id: string }[] {
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

/** One `git cat-file --batch` process answering object ids in the order they were asked. */
class CatFileBatch {
  private readonly child: ReturnType<typeof spawn>;
  private readonly waiting: {
    resolve: (o: { type: string; body: Buffer }) => void;
    reject: (e: Error) => void;
  }[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private stderr = '';
  private readonly exited: Promise<void>;

  constructor(directory: string, env: NodeJS.ProcessEnv) {
    this.child = spawn('git', ['cat-file', '--batch'], {
      cwd: directory,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
    this.child.stderr!.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 64 * 1024) this.stderr += chunk.toString('utf8');
    });
    this.child.stdin!.on('error', () => undefined);
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
    for (const w of this.waiting.splice(0)) w.reject(error);
  }

  private drain() {
    while (this.waiting.length > 0) {
      const headerEnd = this.buffer.indexOf(0x0a);
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('utf8').split(' ');
      if (header[1] === 'missing' || header.length !== 3) {
        this.buffer = this.buffer.subarray(headerEnd + 1);
        this.waiting.shift()!.reject(new Error(`git cat-file: object ${header[0]} is missing`));
        continue;
      }
      const size = Number(header[2]);
      if (this.buffer.length < headerEnd + 1 + size + 1) return;
      const body = Buffer.from(this.buffer.subarray(headerEnd + 1, headerEnd + 1 + size));
      this.buffer = this.buffer.subarray(headerEnd + 1 + size + 1);
      this.waiting.shift()!.resolve({ type: header[1]!, body });
    }
  }

  read(id: string): Promise<{ type: string; body: Buffer }> {
    if (!/^[0-9a-f]{40}$/.test(id)) return Promise.reject(new Error(`not an object id: ${id}`));
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin!.write(`${id}\n`);
    });
  }

  async close(): Promise<void> {
    this.child.stdin!.end();
    await this.exited;
  }
}

/**
 * Reads objects of a scratch repository: a loose object (what a small fetch leaves: git unpacks
 * fewer than 100 objects) straight from its file, anything else through one `git cat-file --batch`
 * started on first need. A workload repository of a few files is then read without a process.
 */
class ObjectReader {
  private batch: CatFileBatch | undefined;
  private readonly directory: string;
  private readonly env: () => NodeJS.ProcessEnv;

  constructor(directory: string, env: () => NodeJS.ProcessEnv) {
    this.directory = directory;
    this.env = env;
  }

  async read(id: string): Promise<{ type: string; body: Buffer }> {
    if (!/^[0-9a-f]{40}$/.test(id)) throw new Error(`not an object id: ${id}`);
    const loose = this.readLoose(id);
    if (loose) return loose;
    this.batch ??= new CatFileBatch(this.directory, this.env());
    return this.batch.read(id);
  }

  /** Synchronous: a loose object is small and in the page cache, right after the fetch. */
  private readLoose(id: string): { type: string; body: Buffer } | undefined {
    let raw: Buffer;
    try {
      raw = readFileSync(join(this.directory, 'objects', id.slice(0, 2), id.slice(2)));
    } catch {
      return undefined;
    }
    let data: Buffer;
    try {
      data = inflateSync(raw);
    } catch {
      return undefined; // not readable here: git decides
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
  private readonly commitInfos = new Map<string, Promise<{ tree: string; parents: string[] }>>();

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
    // What `git init --bare --template=` writes (no sample hooks, none run), written here: a run
    // creates one scratch repository per workload repository, and a git process each costs more.
    for (const folder of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags'])
      await mkdir(join(directory, folder), { recursive: true });
    await writeFile(join(directory, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(
      join(directory, 'config'),
      '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n',
    );
    return new GitWorkspace(directory, remote, identity);
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

  /**
   * The environment of every git command: the bot identity, no prompt, no lazy fetch of missing
   * objects (a `--filter=blob:none` repository must never fetch blob by blob behind our back).
   */
  private baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
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

  private run(
    args: readonly string[],
    options: { input?: Uint8Array | string; env?: Record<string, string> } = {},
  ): Promise<GitResult> {
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
  async fetchBranch(
    branch: string,
    depth = 1,
    options: FetchOptions = {},
  ): Promise<string | undefined> {
    return (await this.fetchBranches([branch], depth, options)).get(branch);
  }

  /**
   * Fetches the tips of several branches in one exchange (shallow); each maps to its commit, or
   * undefined when the branch does not exist (a missing branch costs one more exchange).
   */
  async fetchBranches(
    branches: readonly string[],
    depth = 1,
    options: FetchOptions = {},
  ): Promise<Map<string, string | undefined>> {
    const heads = new Map<string, string | undefined>(branches.map((b) => [b, undefined]));
    let wanted = [...branches];
    const filter = options.treesOnly ? ['--filter=blob:none'] : [];
    while (wanted.length > 0) {
      const refspecs = wanted.map((b) => `+refs/heads/${b}:refs/remotes/origin/${b}`);
      const result = await this.run(
        [
          'fetch',
          '--quiet',
          '--no-tags',
          `--depth=${depth}`,
          ...filter,
          this.remote.url,
          ...refspecs,
        ],
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
    if (wanted.length > 0) {
      // fetch writes each ref as a loose file: read it rather than spawn `rev-parse` (a process
      // per repository read; only a ref that is not a plain loose file asks git).
      const ids = await Promise.all(wanted.map((b) => this.looseRef(`refs/remotes/origin/${b}`)));
      const unknown = wanted.filter((_, i) => ids[i] === undefined);
      const asked =
        unknown.length === 0
          ? []
          : (
              await this.text(['rev-parse', ...unknown.map((b) => `refs/remotes/origin/${b}`)])
            ).split('\n');
      wanted.forEach((branch, i) => heads.set(branch, ids[i] ?? asked[unknown.indexOf(branch)]));
    }
    return heads;
  }

  /**
   * The heads of `branches` on the remote, from one listing (`git ls-remote`, which asks only for
   * these refs): each maps to its commit, a branch that does not exist is absent. Nothing is
   * fetched.
   */
  async listBranches(branches: readonly string[]): Promise<Map<string, string>> {
    const heads = new Map<string, string>();
    if (branches.length === 0) return heads;
    const wanted = new Set(branches);
    const result = await this.run(
      ['ls-remote', '--heads', this.remote.url, ...branches.map((b) => `refs/heads/${b}`)],
      { env: this.credentialEnv() },
    );
    if (result.code !== 0) {
      const what = branches.map((b) => `'${b}'`).join(', ');
      throw this.remoteFailure(`Listing branch ${what}`, 'contents: read', result.stderr);
    }
    for (const line of result.stdout.toString('utf8').split('\n')) {
      const match = /^([0-9a-f]{40}|[0-9a-f]{64})\trefs\/heads\/(.+)$/.exec(line);
      if (match && wanted.has(match[2]!)) heads.set(match[2]!, match[1]!);
    }
    return heads;
  }

  /** The object id a loose ref file holds, or undefined (no such file, or not a plain id). */
  private async looseRef(ref: string): Promise<string | undefined> {
    try {
      const text = (await readFile(join(this.directory, ...ref.split('/')), 'utf8')).trim();
      return /^[0-9a-f]{40}$/.test(text) ? text : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The files of a commit below `path` (repository-relative; "" or "." = everything), by path.
   * After a trees-only fetch (`fetchBlobs`), the blobs below `path` — and only those — are fetched in
   * one exchange: a workload repository is read as far as its registration points, however big.
   */
  async readTreeUnder(
    commit: string,
    path: string,
    options: { fetchBlobs: boolean },
  ): Promise<Map<string, Uint8Array>> {
    let folder = path.trim();
    while (folder.startsWith('./')) folder = folder.slice(2);
    while (folder.endsWith('/')) folder = folder.slice(0, -1);
    if (folder === '.') folder = '';
    if (!options.fetchBlobs) return this.walkTree(commit, folder);
    const literal = { GIT_LITERAL_PATHSPECS: '1' };
    const listing = parseTreeListing(
      await this.git(
        ['ls-tree', '-r', '-z', '--full-tree', commit, ...(folder ? ['--', folder] : [])],
        { env: literal },
      ),
    );
    const entries = [...listing]
      .map(([file, entry]) => ({ path: file, mode: entry.slice(0, 6), sha: entry.slice(7) }))
      .filter((e) => e.mode === '100644' || e.mode === '100755');
    if (entries.length === 0) return new Map();
    const missing = options.fetchBlobs ? [...new Set(entries.map((e) => e.sha))] : [];
    if (missing.length > 0) {
      const result = await this.run(
        [
          // As git's own lazy fetch does: announcing our commits would make the server leave out
          // the very blobs they reach.
          '-c',
          'fetch.negotiationAlgorithm=noop',
          'fetch',
          '--quiet',
          '--no-tags',
          '--no-write-fetch-head',
          '--filter=blob:none',
          '--stdin',
          this.remote.url,
        ],
        { env: this.credentialEnv(), input: missing.join('\n') + '\n' },
      );
      if (result.code !== 0)
        throw this.remoteFailure(
          `Fetching the files below '${folder || '.'}'`,
          'contents: read',
          result.stderr,
        );
    }
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
   * The files of a fetched commit below `folder` (no `.`, no leading or trailing `/`; "" =
   * everything), as `ls-tree -r -- <folder>` lists them (a file named by `folder` itself included)
   * with their bytes, walking the trees by object id (loose objects from their files, others through
   * one `cat-file --batch` process): at most one process instead of `ls-tree` and `cat-file`, and
   * only the trees on the way to `folder` and the blobs below it are read.
   */
  private async walkTree(commit: string, folder: string): Promise<Map<string, Uint8Array>> {
    const files = new Map<string, Uint8Array>();
    const batch = new ObjectReader(this.directory, () => this.baseEnv());
    try {
      const head = await batch.read(commit);
      if (head.type !== 'commit') throw new Error(`git cat-file: ${commit} is not a commit`);
      let id = /^tree ([0-9a-f]+)$/m.exec(head.body.toString('utf8'))?.[1] ?? '';
      let mode = '40000';
      let prefix = '';
      for (const segment of folder === '' ? [] : folder.split('/')) {
        if (mode !== '40000') return files;
        const entry = parseTreeObject((await batch.read(id)).body).find((e) => e.name === segment);
        if (!entry) return files;
        ({ id, mode } = entry);
        prefix = prefix === '' ? segment : `${prefix}/${segment}`;
      }
      if (mode === '100644' || mode === '100755') {
        files.set(prefix, new Uint8Array((await batch.read(id)).body));
        return files;
      }
      if (mode !== '40000') return files;
      // All requests of one tree are written at once (cat-file answers in order); the results are
      // gathered in tree order, as `ls-tree -r` lists them.
      const walk = async (tree: string, base: string): Promise<[string, Uint8Array][]> => {
        const entries = parseTreeObject((await batch.read(tree)).body);
        const parts = await Promise.all(
          entries.map(async (e): Promise<[string, Uint8Array][]> => {
            const path = base === '' ? e.name : `${base}/${e.name}`;
            if (e.mode === '40000') return walk(e.id, path);
            if (e.mode !== '100644' && e.mode !== '100755') return [];
            return [[path, new Uint8Array((await batch.read(e.id)).body)]];
          }),
        );
        return parts.flat();
      };
      for (const [path, bytes] of await walk(id, prefix)) files.set(path, bytes);
      return files;
    } finally {
      await batch.close();
    }
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
    // A commit never changes: each is read once per run (a write checks the commit it wrote, and
    // the caller asks for its tree again).
    let found = this.commitInfos.get(commit);
    if (!found) {
      found = this.readCommitInfo(commit);
      this.commitInfos.set(commit, found);
      found.catch(() => this.commitInfos.delete(commit));
    }
    return found;
  }

  private async readCommitInfo(commit: string): Promise<{ tree: string; parents: string[] }> {
    const header = (await this.text(['cat-file', 'commit', commit])).split('\n\n')[0] ?? '';
    const field = (name: string) =>
      header
        .split('\n')
        .filter((line) => line.startsWith(`${name} `))
        .map((line) => line.slice(name.length + 1));
    return { tree: field('tree')[0] ?? '', parents: field('parent') };
  }

  /**
   * The subject (first line of the message) and author name of a fetched commit; undefined when
   * the commit is not here.
   */
  async commitSummary(commit: string): Promise<{ subject: string; author: string } | undefined> {
    const result = await this.run(['cat-file', 'commit', commit]);
    if (result.code !== 0) return undefined;
    const text = result.stdout.toString('utf8');
    const split = text.indexOf('\n\n');
    const header = split < 0 ? text : text.slice(0, split);
    const author = /^author (.*?) <[^>]*> \d+ [+-]\d{4}$/m.exec(header)?.[1] ?? '';
    const subject = split < 0 ? '' : (text.slice(split + 2).split('\n')[0] ?? '');
    return { subject: subject.trim(), author: author.trim() };
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
   * Every entry of a commit's tree by path, as `<mode> <object id>` (one `ls-tree -r`): reads no
   * blob, so it works on a `--filter=blob:none` fetch.
   */
  async listTree(commit: string): Promise<Map<string, string>> {
    const listing = await this.git(['ls-tree', '-r', '-z', '--full-tree', commit]);
    return parseTreeListing(listing);
  }

  /**
   * Writes a commit on `parent` (none = a root commit) in one `git fast-import` process that
   * streams the new blobs into one pack (bounded memory, no file per blob, no loose objects by the
   * hundred thousand) and builds the new tree from `start` (default: the parent's tree; `tree`
   * starts from the empty tree). `changes` edits it (null deletes a path). Every path is checked
   * before anything is written, and the committed tree is compared with what was asked for: any
   * difference is an error. Returns the new commit id.
   */
  async writeCommit(commit: {
    parent: string | undefined;
    message: string;
    tree?: ReadonlyMap<string, Uint8Array | string>;
    changes?: ReadonlyMap<string, Uint8Array | string | null>;
    /** The tree to build from and its listing (`listTree`); default: the parent's. */
    start?: { tree: string; files: ReadonlyMap<string, string> };
  }): Promise<string> {
    const changes: ReadonlyMap<string, Uint8Array | string | null> =
      commit.tree ?? commit.changes ?? new Map<string, null>();
    for (const path of changes.keys()) checkTreePath(path, this.remote.repository);
    let start = commit.tree ? undefined : commit.start;
    if (!start) {
      if (commit.parent && !commit.tree) {
        const tree = (await this.commitInfo(commit.parent)).tree;
        start = { tree, files: await this.listTree(tree) };
      } else start = { tree: EMPTY_TREE, files: new Map() };
    }
    const startFiles = start.files;
    const ref = `refs/kalypso/write-${process.pid}-${++writeCounter}`;
    const expected = new Map<string, string | null>();
    const when = Math.floor(Date.now() / 1000);
    const person = `${this.identity.name} <${this.identity.email}> ${when} +0000`;
    const message = Buffer.from(commit.message, 'utf8');
    const stderr = await this.stream(['fast-import', '--quiet', '--done'], async (write) => {
      await write(`commit ${ref}\nauthor ${person}\ncommitter ${person}\n`);
      await write(`data ${message.length}\n`);
      await write(message);
      await write('\n');
      if (commit.parent) await write(`from ${commit.parent}\n`);
      if (start.tree !== EMPTY_TREE) await write(`M 040000 ${start.tree} \n`);
      else if (commit.parent) await write('deleteall\n');
      for (const [path, content] of changes) {
        const quoted = quotePath(path);
        if (content === null) {
          if (startFiles.has(path)) {
            expected.set(path, null);
            await write(`D ${quoted}\n`);
          }
          continue;
        }
        const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
        const entry = `100644 ${blobId(bytes)}`;
        if (startFiles.get(path) === entry) continue;
        expected.set(path, entry);
        await write(`M 100644 inline ${quoted}\ndata ${bytes.length}\n`);
        await write(bytes);
        await write('\n');
      }
      await write('\ndone\n');
    });
    if (stderr !== undefined) throw new Error(`git fast-import failed: ${stderr.trim()}`);
    // fast-import writes the ref as a loose file: read it rather than ask `rev-parse`.
    const written =
      (await this.looseRef(ref)) ?? (await this.text(['rev-parse', '--verify', `${ref}^{commit}`]));
    await this.verifyCommit(written, commit.parent, start.tree, expected);
    return written;
  }

  /**
   * The safety check after every write: the commit's parent is the one asked for, and its tree
   * differs from `start` in exactly the `expected` entries (path → `<mode> <id>`, null = deleted).
   */
  private async verifyCommit(
    commit: string,
    parent: string | undefined,
    start: string,
    expected: ReadonlyMap<string, string | null>,
  ): Promise<void> {
    const info = await this.commitInfo(commit);
    const problems: string[] = [];
    if (info.parents.join(' ') !== (parent ?? ''))
      problems.push(`its parent is '${info.parents.join(' ')}', not '${parent ?? ''}'`);
    const diff = await this.git(['diff-tree', '-r', '-z', '--no-renames', start, info.tree]);
    const seen = new Set<string>();
    const fields = diff.toString('utf8').split('\0');
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const meta = fields[i]!;
      const path = fields[i + 1]!;
      if (!meta.startsWith(':')) break;
      const [, newMode = '', , newId = '', status = ''] = meta.slice(1).split(' ');
      const actual = status === 'D' ? null : `${newMode} ${newId}`;
      seen.add(path);
      if (!expected.has(path)) problems.push(`'${path}' changed but was not planned`);
      else if (expected.get(path) !== actual)
        problems.push(
          `'${path}' is ${actual ?? 'deleted'}, planned ${expected.get(path) ?? 'deleted'}`,
        );
      if (problems.length >= 10) break;
    }
    for (const path of expected.keys()) {
      if (problems.length >= 10) break;
      if (!seen.has(path)) problems.push(`'${path}' was planned but is not in the commit`);
    }
    if (problems.length > 0)
      throw new Error(
        `The commit written for '${this.remote.repository}' does not hold the planned tree (${problems.join('; ')}). Nothing was pushed; this is a bug or a hostile path: report it with the run's log.`,
      );
  }

  /**
   * Runs git with a stdin fed by `feed` (awaiting backpressure, so the input is never held in
   * memory at once). Resolves with stderr when git fails, undefined on success.
   */
  private stream(
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
    // The one place a trees-only repository may fetch blobs: the thin pack deltas changed files
    // against their previous versions, which pack-objects fetches in one batch from this remote.
    const result = await this.run(
      ['push', '--porcelain', ...lease, this.remote.url, `${request.commit}:${ref}`],
      { env: { ...this.credentialEnv(), GIT_NO_LAZY_FETCH: '0' } },
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
