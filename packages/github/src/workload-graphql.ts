// Workload branches listed, and their files read, in GraphQL queries that each name many
// repositories, instead of a REST request per tree and per blob
// (docs/decisions/workload-reads-over-rest.md). The reads asked for in one turn of the event
// loop go together: a listing query names up to LISTINGS_PER_QUERY branches, a blob query up to
// BLOBS_PER_QUERY blobs. Nothing is taken on trust: an answer is used only when it is exactly
// what REST would give —
// - a listing only when the branch resolves to a commit and every level below the path came back
//   (LEVELS deep), with names that are their own bytes, ids and sizes well formed;
// - a blob only when its text, encoded as UTF-8, is the blob's size and hashes to its id (a blob
//   GitHub cuts, gives as binary, or re-encodes is not);
// anything else (a repository or branch not resolved, a query refused or failed, a deeper tree)
// is read over REST, the caller's way, which words every error as before.
import diagnostics from 'node:diagnostics_channel';
import type { GitHubClient } from './client.ts';
import { blobId } from './git/write.ts';
import { turnBatch } from './turn-batch.ts';

/** Branches listed per query. */
const LISTINGS_PER_QUERY = 20;
/** Blobs read per query, and their bytes together at most. */
export const BLOBS_PER_QUERY = 100;
const BLOB_BYTES_PER_QUERY = 4 * 1024 * 1024;
/** GitHub cuts `Blob.text` at 512,000 bytes: larger blobs are read over REST. */
export const GRAPHQL_TEXT_BYTES = 512_000;
/** Levels of trees listed below the registered path; a deeper tree is listed over REST. */
const LEVELS = 4;
/** Entries of one branch below its path beyond which REST (or git) lists it. */
const MAX_ENTRIES = 10_000;
/** Below this many GraphQL points left, the run's further reads go over REST. */
export const GRAPHQL_RESERVE = 500;

const SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;

/** An entry of a listing, as REST's recursive tree listing gives it. */
export interface ListedEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
  size: number;
}

export interface GraphqlListing {
  treeId: string;
  /** The blobs below the path (and the path itself when it names a blob). */
  entries: ListedEntry[];
}

interface ListRequest {
  owner: string;
  name: string;
  branch: string;
  /** Normalised: '' for the whole branch. */
  root: string;
  done: (listing: GraphqlListing | undefined) => void;
}

interface BlobRequest {
  owner: string;
  name: string;
  sha: string;
  size: number;
  done: (bytes: Uint8Array | undefined) => void;
}

/** The reads of one run; `undefined` answers mean "read it over REST". */
export class GraphqlReads {
  private readonly client: GitHubClient;
  /** Told once why the run's further reads go over REST. */
  private readonly said: ((why: string) => void) | undefined;
  private readonly askList = turnBatch<ListRequest>((asked) => void this.flushLists(asked));
  private readonly askBlob = turnBatch<BlobRequest>((asked) => void this.flushBlobs(asked));
  /** Set when a query failed or the points ran low: every later read goes over REST. */
  private off = false;
  private sent: () => void = () => undefined;
  /**
   * Settles once the HTTP client made the requests of the first listing queries (or they are
   * answered): what the run parses meanwhile then waits for their answers, not their sending.
   */
  readonly listingsSent = new Promise<void>((resolve) => (this.sent = resolve));

  constructor(client: GitHubClient, said?: (why: string) => void) {
    this.client = client;
    this.said = said;
  }

  private stop(why: string): void {
    if (this.off) return;
    this.off = true;
    this.said?.(why);
  }

  /** The blobs below `root` of `branch` (`root` normalised, '' = all). */
  list(fullName: string, branch: string, root: string): Promise<GraphqlListing | undefined> {
    if (this.off) return Promise.resolve(undefined);
    const [owner = '', name = ''] = fullName.split('/');
    return new Promise((done) => this.askList({ owner, name, branch, root, done }));
  }

  /** Each blob's bytes, or undefined for one to read over REST. */
  read(
    fullName: string,
    wanted: readonly { sha: string; size: number }[],
  ): Promise<(Uint8Array | undefined)[]> {
    const [owner = '', name = ''] = fullName.split('/');
    return Promise.all(
      wanted.map(
        ({ sha, size }) =>
          new Promise<Uint8Array | undefined>((done) => {
            if (this.off || size > GRAPHQL_TEXT_BYTES) done(undefined);
            else this.askBlob({ owner, name, sha, size, done });
          }),
      ),
    );
  }

  private async flushLists(asked: readonly ListRequest[]): Promise<void> {
    // The queries together (a read-only client keeps READ_QUERIES of them in flight, client.ts):
    // each group's files are asked as soon as its listing is in.
    const sends: Promise<void>[] = [];
    // Sent once the HTTP client made a request of each (undici's own diagnostics channel, which
    // the client's fetch publishes to), or once they are answered, whichever comes first.
    const queries = Math.ceil(asked.length / LISTINGS_PER_QUERY);
    let made = 0;
    const onRequest = () => {
      made += 1;
      if (made >= queries) done();
    };
    const done = () => {
      diagnostics.unsubscribe('undici:request:create', onRequest);
      this.sent();
    };
    diagnostics.subscribe('undici:request:create', onRequest);
    for (let i = 0; i < asked.length; i += LISTINGS_PER_QUERY) {
      const group = asked.slice(i, i + LISTINGS_PER_QUERY);
      sends.push(
        this.query(...listingQuery(group)).then((data) =>
          group.forEach((request, j) =>
            request.done(data && listingOf(data[`r${j}`], request.root)),
          ),
        ),
      );
    }
    await Promise.all(sends).finally(done);
  }

  private async flushBlobs(asked: readonly BlobRequest[]): Promise<void> {
    let group: BlobRequest[] = [];
    let bytes = 0;
    const send = async () => {
      const sent = group;
      group = [];
      bytes = 0;
      const [query, variables, aliases] = blobQuery(sent);
      const data = await this.query(query, variables);
      sent.forEach((request, k) =>
        request.done(data && blobOf(record(data[aliases[k]!])?.[`b${k}`], request)),
      );
    };
    const sends: Promise<void>[] = [];
    for (const request of asked) {
      if (group.length >= BLOBS_PER_QUERY || bytes + request.size > BLOB_BYTES_PER_QUERY)
        sends.push(send());
      group.push(request);
      bytes += request.size;
    }
    if (group.length > 0) sends.push(send());
    await Promise.all(sends);
  }

  /** `data` of a query GitHub answered, even with errors on some fields; undefined otherwise. */
  private async query(
    query: string,
    variables: Record<string, string>,
  ): Promise<Record<string, unknown> | undefined> {
    if (this.off) return undefined;
    try {
      const response = await this.client.octokit.request('POST /graphql', { query, variables });
      const remaining = rateLimitRemaining(response.headers);
      if (remaining !== undefined && remaining < GRAPHQL_RESERVE)
        this.stop(
          `the workload token has ${remaining} GraphQL points left (x-ratelimit-remaining), under the ${GRAPHQL_RESERVE} this run leaves to other calls`,
        );
      const body = response.data as { data?: unknown };
      if (typeof body.data === 'object' && body.data !== null)
        return body.data as Record<string, unknown>;
      this.stop('a GraphQL query of them was answered without data');
    } catch (error) {
      // Refused or failed: REST reads it, and words any error.
      const status = (error as { status?: unknown }).status;
      this.stop(
        `a GraphQL query of them failed${typeof status === 'number' ? ` (HTTP ${status})` : ''}`,
      );
    }
    return undefined;
  }
}

// An entry's size is its blob's own `byteSize` (the object's, not the entry's).
const ENTRY = 'fragment E on TreeEntry { name nameRaw type mode oid }';
const SIZE = '... on Blob { byteSize }';

/** `T0` lists a tree's entries and LEVELS - 1 levels of trees below it. */
function treeFragments(): string {
  const fragments = [
    ENTRY,
    `fragment T${LEVELS - 1} on Tree { entries { ...E object { ${SIZE} } } }`,
  ];
  for (let level = LEVELS - 2; level >= 0; level--)
    fragments.push(
      `fragment T${level} on Tree { entries { ...E object { ${SIZE} ...T${level + 1} } } }`,
    );
  return fragments.join(' ');
}

/** `x-ratelimit-remaining` of an answer, when it says it (REST's requests or GraphQL's points). */
export function rateLimitRemaining(headers: Record<string, unknown>): number | undefined {
  const remaining = Number(headers['x-ratelimit-remaining']);
  return headers['x-ratelimit-remaining'] !== undefined && Number.isFinite(remaining)
    ? remaining
    : undefined;
}

/** The listing query of these branches and its variables. */
function listingQuery(group: readonly ListRequest[]): [string, Record<string, string>] {
  const declared: string[] = [];
  const fields: string[] = [];
  const variables: Record<string, string> = {};
  group.forEach((request, j) => {
    declared.push(`$o${j}: String!, $n${j}: String!, $q${j}: String!`);
    variables[`o${j}`] = request.owner;
    variables[`n${j}`] = request.name;
    variables[`q${j}`] = `refs/heads/${request.branch}`;
    if (request.root !== '') variables[`p${j}`] = request.root;
    const below =
      request.root === ''
        ? 'tree { oid ...T0 }'
        : `tree { oid } file(path: $p${j}) { ...E object { ${SIZE} ...T0 } }`;
    if (request.root !== '') declared.push(`$p${j}: String!`);
    fields.push(
      `r${j}: repository(owner: $o${j}, name: $n${j}) { ref(qualifiedName: $q${j}) { target { __typename ... on Commit { ${below} } } } }`,
    );
  });
  return [`query(${declared.join(', ')}) { ${fields.join(' ')} } ${treeFragments()}`, variables];
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** One repository's answer as a listing, or undefined when anything is not as REST would give. */
function listingOf(answer: unknown, root: string): GraphqlListing | undefined {
  const target = record(record(record(answer)?.ref)?.target);
  if (target?.__typename !== 'Commit') return undefined;
  const tree = record(target.tree);
  if (typeof tree?.oid !== 'string' || !SHA.test(tree.oid)) return undefined;
  const entries: ListedEntry[] = [];
  const walk = (list: unknown, prefix: string, level: number): boolean => {
    if (!Array.isArray(list)) return false;
    for (const item of list) {
      const entry = entryOf(item, prefix);
      if (entry === undefined || entries.length >= MAX_ENTRIES) return false;
      if (entry.type === 'tree') {
        // The last level's trees came without their entries: REST lists the branch.
        if (level === LEVELS - 1) return false;
        if (!walk(record(record(item)?.object)?.entries, `${entry.path}/`, level + 1)) return false;
      } else entries.push(entry);
    }
    return true;
  };
  if (root === '') {
    if (!walk(tree.entries, '', 0)) return undefined;
  } else if (target.file !== null) {
    const file = record(target.file);
    const at = root.lastIndexOf('/') + 1;
    const entry = file && entryOf(file, root.slice(0, at));
    if (entry === undefined || entry.path !== root) return undefined;
    if (entry.type === 'tree') {
      if (!walk(record(file?.object)?.entries, `${root}/`, 0)) return undefined;
    } else entries.push(entry);
  }
  return { treeId: tree.oid, entries };
}

function entryOf(item: unknown, prefix: string): ListedEntry | undefined {
  const entry = record(item);
  if (!entry) return undefined;
  const { name, nameRaw, type, mode, oid } = entry;
  const size = type === 'blob' ? record(entry.object)?.byteSize : 0;
  if (typeof name !== 'string' || typeof nameRaw !== 'string' || typeof type !== 'string')
    return undefined;
  // The name as its bytes say it (GitHub gives a name that is not UTF-8 with U+FFFD).
  if (
    name === '' ||
    name === '.' ||
    name === '..' ||
    /[/\0]/.test(name) ||
    Buffer.from(nameRaw, 'base64').toString('base64') !== nameRaw ||
    !Buffer.from(nameRaw, 'base64').equals(Buffer.from(name, 'utf8'))
  )
    return undefined;
  if (typeof oid !== 'string' || !SHA.test(oid)) return undefined;
  if (typeof mode !== 'number' || !Number.isSafeInteger(mode) || mode < 0) return undefined;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return undefined;
  return {
    path: `${prefix}${name}`,
    mode: mode.toString(8).padStart(6, '0'),
    type,
    sha: oid,
    size,
  };
}

/** The query, its variables, and the alias of each blob's repository field. */
function blobQuery(group: readonly BlobRequest[]): [string, Record<string, string>, string[]] {
  const byRepository = new Map<string, { owner: string; name: string; at: number[] }>();
  group.forEach((request, k) => {
    const key = `${request.owner}/${request.name}`;
    let repository = byRepository.get(key);
    if (!repository) byRepository.set(key, (repository = { ...request, at: [] }));
    repository.at.push(k);
  });
  const declared: string[] = [];
  const fields: string[] = [];
  const variables: Record<string, string> = {};
  const aliases: string[] = [];
  [...byRepository.values()].forEach((repository, j) => {
    declared.push(`$o${j}: String!, $n${j}: String!`);
    variables[`o${j}`] = repository.owner;
    variables[`n${j}`] = repository.name;
    const blobs = repository.at.map((k) => {
      declared.push(`$b${k}: GitObjectID!`);
      variables[`b${k}`] = group[k]!.sha;
      aliases[k] = `r${j}`;
      return `b${k}: object(oid: $b${k}) { ... on Blob { byteSize isBinary isTruncated text } }`;
    });
    fields.push(`r${j}: repository(owner: $o${j}, name: $n${j}) { ${blobs.join(' ')} }`);
  });
  return [`query(${declared.join(', ')}) { ${fields.join(' ')} }`, variables, aliases];
}

/** The blob's bytes when its text is exactly the blob (size and git id); else undefined. */
function blobOf(answer: unknown, request: BlobRequest): Uint8Array | undefined {
  const blob = record(answer);
  if (!blob || blob.isTruncated !== false || blob.byteSize !== request.size) return undefined;
  if (typeof blob.text !== 'string') return undefined;
  const bytes = Buffer.from(blob.text, 'utf8');
  // git's SHA-1 blob id (GitHub's repositories): a 64-character id never matches, so REST reads it.
  if (bytes.length !== request.size || blobId(bytes) !== request.sha) return undefined;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
