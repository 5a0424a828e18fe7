import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  ControlPlaneError,
  decodeSourceText,
  isManifestPath,
  parsePromotionChain,
  promotionChainPath,
  SOURCE_IGNORE_FILE,
  sourceIgnoreFilter,
  type Source,
  type SourceFile,
  type SourceOrigin,
} from '@kalypso/core';
import { UsageError } from './fs-source.ts';

const run = promisify(execFile);

/**
 * A control-plane clone read straight from git objects: `main` and the environment branches are
 * read with `git ls-tree` / `git cat-file` at their refs, so nothing is checked out and the
 * working tree (whatever branch it is on, with whatever local changes) does not matter.
 */
export class ControlPlaneRepo {
  readonly dir: string;
  private constructor(dir: string) {
    this.dir = dir;
  }

  static async open(dir: string): Promise<ControlPlaneRepo> {
    const repo = new ControlPlaneRepo(dir);
    await repo.git(['rev-parse', '--git-dir']).catch(() => {
      throw new UsageError(`--repo '${dir}' is not a git repository.`);
    });
    return repo;
  }

  /**
   * The commit-ish for a branch: the local branch, else the remote-tracking one of `origin` (a
   * fresh clone has only `main` locally), else undefined.
   */
  async resolveBranch(branch: string): Promise<string | undefined> {
    for (const ref of [`refs/heads/${branch}`, `refs/remotes/origin/${branch}`]) {
      const found = await this.git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).then(
        (out) => out.trim(),
        () => undefined,
      );
      if (found) return ref;
    }
    return undefined;
  }

  /** Every branch name, local and of `origin`, without duplicates, sorted. */
  async branches(): Promise<string[]> {
    const out = await this.git([
      'for-each-ref',
      '--format=%(refname)',
      'refs/heads',
      'refs/remotes/origin',
    ]);
    const names = new Set<string>();
    for (const ref of out.split('\n').filter(Boolean)) {
      const name = ref.replace(/^refs\/heads\//, '').replace(/^refs\/remotes\/origin\//, '');
      if (name !== 'HEAD') names.add(name);
    }
    return [...names].sort();
  }

  /** The text of one file at a ref, or undefined when the ref has no such file. */
  async readFile(ref: string, path: string): Promise<string | undefined> {
    return this.git(['cat-file', 'blob', `${ref}:${path}`]).catch(() => undefined);
  }

  /** The full commit id of a ref. */
  async commitOf(ref: string): Promise<string> {
    return (await this.git(['rev-parse', `${ref}^{commit}`])).trim();
  }

  /**
   * Every manifest file of a ref, as the scheduler sees the branch: YAML files, minus what the
   * branch's root `.sourceignore` excludes. Paths are shown as `<branch>:<path>`.
   */
  async readSource(ref: string, branch: string, origin: SourceOrigin): Promise<Source> {
    const listing = await this.git(['ls-tree', '-r', '-z', '--full-tree', ref]);
    const ignore = sourceIgnoreFilter((await this.readFile(ref, SOURCE_IGNORE_FILE)) ?? '');
    const blobs: { path: string; id: string }[] = [];
    for (const entry of listing.split('\0').filter(Boolean)) {
      const tab = entry.indexOf('\t');
      const [, type, id] = entry.slice(0, tab).split(' ');
      const path = entry.slice(tab + 1);
      if (type !== 'blob' || !isManifestPath(path) || ignore(path)) continue;
      blobs.push({ path, id: id! });
    }
    blobs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const texts = await this.readBlobs(blobs.map((b) => b.id));
    return {
      origin,
      files: blobs.map((blob, i) => ({ path: `${branch}:${blob.path}`, ...texts[i]! })),
    };
  }

  /** The environments to validate: main's promotion chain, else every branch with a gitops-repo.yaml. */
  async environments(mainRef: string): Promise<{ environments: string[]; from: string }> {
    const chain = await this.readFile(mainRef, promotionChainPath);
    if (chain !== undefined) {
      return {
        environments: [...parsePromotionChain(chain, `main:${promotionChainPath}`).environments],
        from: `main:${promotionChainPath}`,
      };
    }
    const environments: string[] = [];
    for (const branch of await this.branches()) {
      if (branch === 'main') continue;
      const ref = await this.resolveBranch(branch);
      if (ref && (await this.readFile(ref, 'gitops-repo.yaml')) !== undefined)
        environments.push(branch);
    }
    if (environments.length === 0) {
      throw new ControlPlaneError([
        {
          message: `no environment found: main has no ${promotionChainPath} and no branch holds a gitops-repo.yaml.`,
        },
      ]);
    }
    return { environments, from: 'the branches that hold a gitops-repo.yaml' };
  }

  /** Many blobs through one `git cat-file --batch` process, in the order asked. */
  private async readBlobs(
    ids: readonly string[],
  ): Promise<Pick<SourceFile, 'text' | 'invalidUtf8Lines'>[]> {
    if (ids.length === 0) return [];
    const { stdout } = await runWithInput(
      'git',
      ['-C', this.dir, 'cat-file', '--batch'],
      ids.join('\n') + '\n',
    );
    const texts: Pick<SourceFile, 'text' | 'invalidUtf8Lines'>[] = [];
    let at = 0;
    for (const id of ids) {
      const headerEnd = stdout.indexOf(0x0a, at);
      const header = stdout.subarray(at, headerEnd).toString('utf8');
      const size = Number(header.split(' ')[2]);
      if (!Number.isFinite(size))
        throw new Error(`git cat-file: unexpected answer for ${id}: ${header}`);
      texts.push(decodeSourceText(stdout.subarray(headerEnd + 1, headerEnd + 1 + size)));
      at = headerEnd + 1 + size + 1;
    }
    return texts;
  }

  private async git(args: readonly string[]): Promise<string> {
    const { stdout } = await run('git', ['-C', this.dir, ...args], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout;
  }
}

function runWithInput(
  command: string,
  args: readonly string[],
  input: string,
): Promise<{ stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      [...args],
      { encoding: 'buffer', maxBuffer: 1024 * 1024 * 1024 },
      (error, stdout) =>
        error ? reject(new Error(error.message, { cause: error })) : resolve({ stdout }),
    );
    child.stdin!.end(input);
  });
}
