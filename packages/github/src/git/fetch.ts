// Fetching from the remote into a scratch repository: branch tips, single commits, and the blobs
// a trees-only fetch left out.
import type { GitProcess } from './process.ts';

export interface FetchOptions {
  /**
   * Fetch commits and trees only (`--filter=blob:none`): what a writer needs to compare blob ids
   * and build a new tree, without downloading the files.
   */
  treesOnly?: boolean;
  /**
   * Fetch the commits only (`--filter=tree:0`): their ids, tree ids, parents and messages, with no
   * tree and no file. Into a repository of its own: a later fetch of the same commits there would
   * not bring their trees.
   */
  commitsOnly?: boolean;
  /**
   * Other refs (full names, e.g. a render notes ref) fetched in the same exchange, each to
   * `refs/fetched/<name without refs/>`; a ref the remote does not have is left out. The names of
   * those fetched are added to `fetchedRefs`.
   */
  refs?: readonly string[];
  fetchedRefs?: Set<string>;
}

/**
 * Fetches the tips of several branches in one exchange (shallow); each maps to its commit, or
 * undefined when the branch does not exist (a missing branch costs one more exchange).
 */
export async function fetchBranches(
  git: GitProcess,
  branches: readonly string[],
  depth: number,
  options: FetchOptions,
): Promise<Map<string, string | undefined>> {
  const heads = new Map<string, string | undefined>(branches.map((b) => [b, undefined]));
  let wanted = [...branches];
  let others = [...(options.refs ?? [])];
  const filter = options.commitsOnly
    ? ['--filter=tree:0']
    : options.treesOnly
      ? ['--filter=blob:none']
      : [];
  while (wanted.length + others.length > 0) {
    const refspecs = [
      ...wanted.map((b) => `+refs/heads/${b}:refs/remotes/origin/${b}`),
      ...others.map((ref) => `+${ref}:refs/fetched/${ref.slice('refs/'.length)}`),
    ];
    const result = await git.run(
      ['fetch', '--quiet', '--no-tags', `--depth=${depth}`, ...filter, git.remote.url, ...refspecs],
      { env: git.credentialEnv() },
    );
    if (result.code === 0) break;
    const named = /couldn't find remote ref (\S+)/i.exec(result.stderr)?.[1];
    if (named !== undefined && others.includes(named)) {
      others = others.filter((ref) => ref !== named);
      continue;
    }
    const missing = named?.replace(/^refs\/heads\//, '');
    if (missing === undefined || !wanted.includes(missing)) {
      const what = wanted.map((b) => `'${b}'`).join(', ');
      throw git.remoteFailure(`Fetching branch ${what}`, 'contents: read', result.stderr);
    }
    wanted = wanted.filter((b) => b !== missing);
  }
  for (const ref of others) options.fetchedRefs?.add(ref);
  if (wanted.length > 0) {
    // fetch writes each ref as a loose file: read it rather than spawn `rev-parse` (a process
    // per repository read; only a ref that is not a plain loose file asks git).
    const ids = await Promise.all(wanted.map((b) => git.looseRef(`refs/remotes/origin/${b}`)));
    const unknown = wanted.filter((_, i) => ids[i] === undefined);
    const asked =
      unknown.length === 0
        ? []
        : (await git.text(['rev-parse', ...unknown.map((b) => `refs/remotes/origin/${b}`)])).split(
            '\n',
          );
    wanted.forEach((branch, i) => heads.set(branch, ids[i] ?? asked[unknown.indexOf(branch)]));
  }
  return heads;
}

/**
 * The heads of `branches` on the remote, from one listing (`git ls-remote`, which asks only for
 * these refs): each maps to its commit, a branch that does not exist is absent. Nothing is fetched.
 */
export async function listBranches(
  git: GitProcess,
  branches: readonly string[],
): Promise<Map<string, string>> {
  const heads = new Map<string, string>();
  if (branches.length === 0) return heads;
  const wanted = new Set(branches);
  const result = await git.run(
    ['ls-remote', '--heads', git.remote.url, ...branches.map((b) => `refs/heads/${b}`)],
    { env: git.credentialEnv() },
  );
  if (result.code !== 0) {
    const what = branches.map((b) => `'${b}'`).join(', ');
    throw git.remoteFailure(`Listing branch ${what}`, 'contents: read', result.stderr);
  }
  for (const line of result.stdout.toString('utf8').split('\n')) {
    const match = /^([0-9a-f]{40}|[0-9a-f]{64})\trefs\/heads\/(.+)$/.exec(line);
    if (match && wanted.has(match[2]!)) heads.set(match[2]!, match[1]!);
  }
  return heads;
}

/**
 * Fetches one commit by id (shallow). GitHub serves any commit of the repository this way;
 * returns false when the server does not have it.
 */
export async function fetchCommit(
  git: GitProcess,
  commit: string,
  depth: number,
): Promise<boolean> {
  const result = await git.run(
    ['fetch', '--quiet', '--no-tags', `--depth=${depth}`, git.remote.url, commit],
    { env: git.credentialEnv() },
  );
  if (result.code === 0) return true;
  if (
    /not our ref|no such remote ref|couldn't find remote ref|unadvertised object|upload-pack: not our ref|bad object/i.test(
      result.stderr,
    )
  )
    return false;
  throw git.remoteFailure(`Fetching commit ${commit.slice(0, 7)}`, 'contents: read', result.stderr);
}

/**
 * Fetches the objects `ids` by id in one exchange, as git's own lazy fetch does; `what` names them
 * in an error (for example "the files below 'apps'"). With `blob:none` (the default) a blob asked
 * for comes alone and a tree with every tree below it (no file); with `tree:0` each object asked
 * for comes alone: a tree without the trees it names (docs/decisions/incremental-render.md, the
 * tree read by level).
 */
export async function fetchObjects(
  git: GitProcess,
  ids: readonly string[],
  what: string,
  filter: 'blob:none' | 'tree:0' = 'blob:none',
): Promise<void> {
  if (ids.length === 0) return;
  const result = await git.run(
    [
      // As git's own lazy fetch does: announcing our commits would make the server leave out the
      // very blobs they reach.
      '-c',
      'fetch.negotiationAlgorithm=noop',
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      `--filter=${filter}`,
      '--stdin',
      git.remote.url,
    ],
    { env: git.credentialEnv(), input: ids.join('\n') + '\n' },
  );
  if (result.code !== 0)
    throw git.remoteFailure(`Fetching ${what}`, 'contents: read', result.stderr);
}
