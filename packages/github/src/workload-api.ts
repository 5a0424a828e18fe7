// Reads a workload repository's branch over GitHub's REST git data API, in-process: one request
// for the branch's tree (by its ref name), one per YAML (or `.sourceignore`) file below the
// registered path — or, given the run's GraphQL reads, the listing and the files from queries
// that name many repositories at once, REST only for what they do not give exactly. No git
// process, no clone, nothing else of the repository downloaded
// (docs/decisions/workload-reads-over-rest.md).
import {
  DEFAULT_INPUT_LIMITS,
  formatBytes,
  isManifestPath,
  isValidBranchName,
  mapBounded,
  normaliseSourcePath,
  SOURCE_IGNORE_FILE,
  type DeferredFile,
  type OmittedFile,
} from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { blobId } from './git/write.ts';
import { rateLimitRemaining, type GraphqlReads } from './workload-graphql.ts';
import { describeFailure, GitHubAccessError, isHttpFailure } from './errors.ts';

/**
 * The files of a branch below a path, by repository path; over-budget files by size only, and,
 * when the read deferred them, the others by blob id (`readDeferredBlobs` reads them).
 */
export type ApiTree = Map<string, Uint8Array | OmittedFile | DeferredFile>;

export type ApiRead =
  /**
   * The branch's files, its tree id and, when the read asked for the ref (only when the tree of
   * the branch's name was not there), its head commit.
   */
  | { kind: 'read'; head?: string; treeId: string; tree: ApiTree }
  /** The repository is readable and has no such branch (or no commit at all). */
  | { kind: 'no-branch' }
  /**
   * The API cannot give this branch whole (a tree listing GitHub truncated, a branch name the
   * API cannot address): the caller reads it with git instead.
   */
  | { kind: 'use-git'; why: string }
  /** Something the user must fix, said in full (a file over a budget). */
  | { kind: 'problem'; message: string }
  /**
   * The branch had to be listed over REST and the token has fewer REST requests left than the
   * run keeps (`RestGate`): the caller reads it with git instead.
   */
  | { kind: 'low-budget' };

export interface ApiReadLimits {
  /** Files larger than this are not downloaded (the loader reports them by size). */
  maxFileBytes: number;
  /** The YAML below the path together may not be larger than this. */
  maxTotalBytes: number;
}

/** Called with `x-ratelimit-remaining` of every answer that has it. */
export type RemainingObserver = (remaining: number) => void;

export interface ApiReadOptions {
  limits?: ApiReadLimits;
  observer?: RemainingObserver;
  /** List the YAML files by blob id instead of downloading them (`.sourceignore` files are read). */
  deferBlobs?: boolean;
  /**
   * The run's batched GraphQL reads: the listing and the blobs are asked there first, and what
   * they do not give exactly is asked over REST (workload-graphql.ts).
   */
  graphql?: GraphqlReads;
  /**
   * Texts the run may already hold, by blob id (`ReadOptions.notedTexts`): a blob whose text
   * here is exactly its bytes (its size, and git's id of them) is taken from here, not asked.
   */
  noted?: Promise<ReadonlyMap<string, string>>;
  /** Lets a listing over REST go only while the token's REST budget allows (`RestGate`). */
  restGate?: RestGate;
}

/**
 * The REST budget of the reads started together: the first listing that must go over REST goes
 * at once and its answer tells how many requests the token has left; the others wait for it and
 * go only if that is enough, 'low' otherwise (workload-sources.ts, `ApiReads`).
 */
export interface RestGate {
  pass<T>(list: () => Promise<T>): Promise<T | 'low'>;
}

function observe(headers: Record<string, unknown>, observer: RemainingObserver | undefined) {
  const remaining = rateLimitRemaining(headers);
  if (observer && remaining !== undefined) observer(remaining);
}

/** Blob requests in flight per repository. */
const BLOB_READS = 8;

const SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;

interface TreeEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
  size?: number;
}

/**
 * Reads `branch` of `fullName` (`owner/name` on the client's server) below `path` ("." = all):
 * every `*.yaml`/`*.yml` file and every `.sourceignore`, as `sourceFromTree` selects from them.
 * An unreachable repository (404 for the repository itself, 401, 403) throws a GitHubAccessError.
 */
export async function readBranchOverApi(
  client: GitHubClient,
  fullName: string,
  branch: string,
  path: string,
  options: ApiReadOptions = {},
): Promise<ApiRead> {
  const { limits = DEFAULT_INPUT_LIMITS, observer, deferBlobs = false, graphql } = options;
  if (!isValidBranchName(branch))
    return { kind: 'use-git', why: 'the branch name is not one the API can address' };
  const [owner = '', repo = ''] = fullName.split('/');
  const failure = (activity: string, error: unknown) =>
    describeFailure(error, {
      activity,
      repository: fullName,
      permission: 'contents: read',
      tokenInput: client.tokenInput,
    });
  const { octokit } = client;

  // One request: the tree of `refs/heads/<branch>` (GitHub's "Get a tree" takes a ref name as
  // well as an id; the full name is never a tag's). Anything but a listing (no such branch, no
  // such repository, an empty one, a token refused) is asked again the long way — the ref, then
  // the tree of its commit — which tells these apart and words them exactly as before.
  const root = normaliseSourcePath(path);
  let listed: Listing | undefined = await graphql
    ?.list(fullName, branch, root)
    .then((found) => found && { ...found, truncated: false });
  if (listed === undefined) {
    const overRest = () =>
      listBranchTree(client, owner, repo, branch, observer).catch((error: unknown) => {
        if (isHttpFailure(error) && error.status >= 400 && error.status < 500) return undefined;
        throw failure(`Reading the tree of branch '${branch}'`, error);
      });
    const passed = options.restGate ? await options.restGate.pass(overRest) : await overRest();
    if (passed === 'low') return { kind: 'low-budget' };
    listed = passed;
  }
  if (listed === undefined) {
    let head: string;
    try {
      const { data, headers } = await octokit.rest.git.getRef({
        owner,
        repo,
        ref: `heads/${branch}`,
      });
      observe(headers, observer);
      if (data.object.type !== 'commit' || !SHA.test(data.object.sha))
        throw new Error(`the branch does not point to a commit (${data.object.type})`);
      head = data.object.sha;
    } catch (error) {
      // 404: no such branch, or no such repository (or none this token may see); 409: a
      // repository without commits.
      if (isHttpFailure(error) && error.status === 409) return { kind: 'no-branch' };
      if (!isHttpFailure(error) || error.status !== 404)
        throw failure(`Reading branch '${branch}'`, error);
      await repositoryExists(client, owner, repo, fullName);
      return { kind: 'no-branch' };
    }
    try {
      const { data, headers } = await octokit.rest.git.getTree({
        owner,
        repo,
        tree_sha: head,
        recursive: 'true',
      });
      observe(headers, observer);
      listed = { ...treeListing(data), head };
    } catch (error) {
      throw failure(`Reading the tree of branch '${branch}' at ${head.slice(0, 7)}`, error);
    }
  }
  if (listed.truncated) return { kind: 'use-git', why: 'GitHub truncated its tree listing' };
  const { entries } = listed;
  const at =
    listed.head === undefined
      ? { treeId: listed.treeId }
      : { head: listed.head, treeId: listed.treeId };

  const below = (p: string) => root === '' || p === root || p.startsWith(`${root}/`);
  const wanted: Wanted[] = [];
  for (const entry of entries) {
    // Regular files only (no symbolic link, no submodule), as the git read takes them.
    if (entry.type !== 'blob' || (entry.mode !== '100644' && entry.mode !== '100755')) continue;
    if (typeof entry.path !== 'string' || !below(entry.path)) continue;
    const ignoreFile = isIgnoreFile(entry.path);
    if (!ignoreFile && !isManifestPath(entry.path)) continue;
    if (!SHA.test(entry.sha) || !Number.isSafeInteger(entry.size) || entry.size! < 0)
      throw new Error(
        `Reading the tree of branch '${branch}' in '${fullName}': GitHub answered an entry without a valid id or size.`,
      );
    if (ignoreFile && entry.size! > limits.maxFileBytes)
      return {
        kind: 'problem',
        message: `a '${SOURCE_IGNORE_FILE}' of '${fullName}' (branch '${branch}') is ${formatBytes(entry.size!)}, over the budget of ${formatBytes(limits.maxFileBytes)} per file. Shorten it.`,
      };
    wanted.push({ path: entry.path, sha: entry.sha, size: entry.size! });
  }
  const total = wanted.reduce((sum, f) => sum + Math.min(f.size, limits.maxFileBytes), 0);
  if (total > limits.maxTotalBytes)
    return {
      kind: 'problem',
      message: `the YAML files of '${fullName}' (branch '${branch}') below '${root === '' ? '.' : root}' are ${formatBytes(total)} together, over the budget of ${formatBytes(limits.maxTotalBytes)} for one environment. Register a narrower spec.workload.path.`,
    };

  const tree: ApiTree = new Map();
  const deferred = (file: Wanted) =>
    deferBlobs && file.size <= limits.maxFileBytes && !isIgnoreFile(file.path);
  const read = await readBlobs(
    client,
    { fullName, branch, limits, observer, graphql },
    wanted.filter((f) => !deferred(f)),
  );
  // In the listing's order, as an eager read gives them.
  for (const file of wanted)
    tree.set(file.path, read.get(file.path) ?? { blobId: file.sha, size: file.size });
  return { kind: 'read', ...at, tree };
}

/** The tree of a deferred read with every deferred file read (the same checks as an eager read). */
export async function readDeferredBlobs(
  client: GitHubClient,
  fullName: string,
  branch: string,
  tree: ApiTree,
  options: Omit<ApiReadOptions, 'deferBlobs'> = {},
): Promise<Map<string, Uint8Array | OmittedFile>> {
  const wanted: Wanted[] = [];
  for (const [path, file] of tree)
    if (!(file instanceof Uint8Array) && 'blobId' in file)
      wanted.push({ path, sha: file.blobId, size: file.size });
  const { limits = DEFAULT_INPUT_LIMITS, observer, graphql, noted } = options;
  const read = await readBlobs(
    client,
    { fullName, branch, limits, observer, graphql, noted },
    wanted,
  );
  const full = new Map<string, Uint8Array | OmittedFile>();
  for (const [path, file] of tree)
    full.set(path, file instanceof Uint8Array || !('blobId' in file) ? file : read.get(path)!);
  return full;
}

interface Listing {
  treeId: string;
  entries: TreeEntry[];
  truncated: boolean;
  /** The commit listed, when the listing was asked for by its id. */
  head?: string;
}

/** The listing's entries and tree id, checked (a tree id GitHub did not give is refused). */
function treeListing(data: { sha: string; tree: unknown[]; truncated: boolean }): Listing {
  if (!SHA.test(data.sha) || !Array.isArray(data.tree))
    throw new Error('GitHub answered a tree listing without a valid tree id or entries');
  return {
    treeId: data.sha,
    entries: data.tree as TreeEntry[],
    truncated: data.truncated === true,
  };
}

/**
 * The recursive tree of `refs/heads/<branch>` in one request. The name goes into the path one
 * segment at a time, each percent-encoded (a branch may hold `#` or `%`), its slashes as they are.
 */
async function listBranchTree(
  client: GitHubClient,
  owner: string,
  repo: string,
  branch: string,
  observer: RemainingObserver | undefined,
): Promise<Listing> {
  const ref = ['refs', 'heads', ...branch.split('/')].map(encodeURIComponent).join('/');
  const response: {
    data: { sha: string; tree: unknown[]; truncated: boolean };
    headers: Record<string, unknown>;
  } = await client.octokit.request('GET /repos/{owner}/{repo}/git/trees/{+tree_sha}', {
    owner,
    repo,
    tree_sha: ref,
    recursive: 'true',
  });
  observe(response.headers, observer);
  return treeListing(response.data);
}

interface Wanted {
  path: string;
  sha: string;
  size: number;
}

function isIgnoreFile(path: string): boolean {
  return path === SOURCE_IGNORE_FILE || path.endsWith(`/${SOURCE_IGNORE_FILE}`);
}

interface BlobsOf {
  fullName: string;
  branch: string;
  limits: ApiReadLimits;
  observer: RemainingObserver | undefined;
  graphql: GraphqlReads | undefined;
  noted?: Promise<ReadonlyMap<string, string>> | undefined;
}

/**
 * Downloads these blobs (over-budget ones by size only): those the run's GraphQL reads give
 * exactly from there, the others over REST, BLOB_READS at a time.
 */
async function readBlobs(
  client: GitHubClient,
  { fullName, branch, limits, observer, graphql, noted }: BlobsOf,
  wanted: readonly Wanted[],
): Promise<Map<string, Uint8Array | OmittedFile>> {
  const [owner = '', repo = ''] = fullName.split('/');
  const { octokit } = client;
  const known = noted && (await noted);
  const fromGraphql = new Map<Wanted, Uint8Array | undefined>();
  const asked: Wanted[] = [];
  for (const file of wanted) {
    if (file.size > limits.maxFileBytes) continue;
    const bytes = known && notedBytes(known, file);
    if (bytes) fromGraphql.set(file, bytes);
    else asked.push(file);
  }
  const batched = graphql ? await graphql.read(fullName, asked) : [];
  asked.forEach((file, i) => fromGraphql.set(file, batched[i]));
  const read = await mapBounded(wanted, BLOB_READS, async (file) => {
    if (file.size > limits.maxFileBytes) return { omittedBytes: file.size };
    const given = fromGraphql.get(file);
    if (given !== undefined) return given;
    try {
      const { data, headers } = await octokit.rest.git.getBlob({
        owner,
        repo,
        file_sha: file.sha,
      });
      observe(headers, observer);
      const bytes = data.encoding === 'base64' ? Buffer.from(data.content, 'base64') : undefined;
      if (bytes === undefined || bytes.length !== file.size)
        throw new Error(
          `GitHub answered ${bytes === undefined ? `encoding '${String(data.encoding).slice(0, 20)}'` : `${bytes.length} bytes`} for a blob of ${file.size} bytes`,
        );
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    } catch (error) {
      throw describeFailure(error, {
        activity: `Reading blob ${file.sha.slice(0, 7)} of branch '${branch}'`,
        repository: fullName,
        permission: 'contents: read',
        tokenInput: client.tokenInput,
      });
    }
  });
  return new Map(wanted.map((file, i) => [file.path, read[i]!]));
}

/** A noted text's bytes when they are exactly the blob's: its size, and git's id of them. */
function notedBytes(known: ReadonlyMap<string, string>, file: Wanted): Uint8Array | undefined {
  const text = known.get(file.sha);
  if (text === undefined) return undefined;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length !== file.size || blobId(bytes) !== file.sha) return undefined;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Throws a GitHubAccessError when the repository is not there for this token. */
async function repositoryExists(
  client: GitHubClient,
  owner: string,
  repo: string,
  fullName: string,
): Promise<void> {
  try {
    await client.octokit.rest.repos.get({ owner, repo });
  } catch (error) {
    if (isHttpFailure(error) && error.status === 404)
      throw new GitHubAccessError(
        `GitHub answered 404 for '${fullName}': it does not exist or the token in '${client.tokenInput}' cannot see it.`,
      );
    throw describeFailure(error, {
      activity: 'Reading the repository',
      repository: fullName,
      permission: 'contents: read',
      tokenInput: client.tokenInput,
    });
  }
}
