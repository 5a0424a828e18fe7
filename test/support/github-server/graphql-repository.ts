// GraphQL queries of `repository` fields (graphql.ts routes every query that is not the viewer's
// login or a mutation here), executed against the part of GitHub's own schema the local GitHub
// answers (graphql-schema.ts): a repository's visibility, a ref and its commit, a commit's tree
// and the entry at a path, a tree's entries, a blob by id. GitHub's behaviour kept:
// - a repository that does not exist or that the token cannot see is `null` with a NOT_FOUND
//   error on its path; a ref, a path or an object id that is not there is `null` without one;
// - git contents need the token's `contents: read`, refused per field with FORBIDDEN
//   ("Resource not accessible by integration");
// - `Blob.text` is null for a binary blob (a NUL byte in its first 8,000 bytes, git's test) and
//   cut at 512,000 bytes, saying `isTruncated`; it is the bytes read as UTF-8, so a blob that is
//   not valid UTF-8 comes back with U+FFFD where its bytes were;
// - `TreeEntry.mode` is the number git writes in octal, `nameRaw` the name's bytes in base64.
// A `server-error` fault armed for `POST graphql repository` on a repository fails the request.
import type { ServerResponse } from 'node:http';
import { execute, GraphQLError, parse, validate, type DocumentNode } from 'graphql';
import { repositorySchema } from './graphql-schema.ts';
import { send, type RepoRecord } from './router.ts';
import { rateLimitHeaders, takeFault, type ServerState } from './server-state.ts';
import { BatchCommand, treeEntries } from './batch-command.ts';

/** GitHub cuts `Blob.text` at this many bytes. */
export const BLOB_TEXT_BYTES = 512_000;

class Refusal extends Error {
  readonly type: string;
  constructor(message: string, type: string) {
    super(message);
    this.type = type;
  }
}

class Fault extends Error {
  readonly status: number;
  constructor(status: number) {
    super('Server Error');
    this.status = status;
  }
}

interface Entry {
  mode: string;
  type: string;
  oid: string;
  size: number;
  name: Buffer;
}

/**
 * One request's view of one repository, read with the repository's kept git process however many
 * turns it takes: a `cat-file --batch-command` (batch-command.ts, `BatchPool`) that reads the refs
 * and objects asked in each turn together, a tree's entries from its object and its blobs' sizes
 * by `info`.
 */
class RepositoryReads {
  private readonly objects = new Map<string, Promise<GitObjectRead | undefined>>();
  private readonly trees = new Map<string, Promise<Entry[] | undefined>>();
  /** Blob sizes from the listings. */
  private readonly sizes = new Map<string, number>();
  /** The blobs whose text the answer holds, in the order asked (logged as requests). */
  readonly texts: string[] = [];

  private readonly state: ServerState;
  private readonly repo: RepoRecord;
  private batch: { batch: BatchCommand; release: () => void } | undefined;

  constructor(state: ServerState, repo: RepoRecord) {
    this.state = state;
    this.repo = repo;
  }

  /** Gives the repository's git process back to the pool. */
  close(): void {
    this.batch?.release();
  }

  private reader(): BatchCommand {
    const store = this.state.store;
    return (this.batch ??= store.catFiles.take(store.dir(this.repo.fullName))).batch;
  }

  /** An object by id; those asked for in one turn are read together. */
  object(oid: string): Promise<GitObjectRead | undefined> {
    if (!/^[0-9a-f]{40}$/.test(oid)) return Promise.resolve(undefined);
    let found = this.objects.get(oid);
    if (!found) {
      found = this.read(oid);
      this.objects.set(oid, found);
    }
    return found;
  }

  /**
   * The commit a full ref name (checked by the caller) points at, peeled as `rev-parse
   * <ref>^{commit}` would, read with the turn's objects; the commit is kept, so that its tree
   * needs no other read.
   */
  async commitOf(ref: string): Promise<string | undefined> {
    const read = await this.read(`${ref}^{commit}`);
    if (read?.type !== 'commit') return undefined;
    if (!this.objects.has(read.sha)) this.objects.set(read.sha, Promise.resolve(read));
    return read.sha;
  }

  /** Anything `cat-file` names, with what was asked in the same turn. */
  private read(name: string): Promise<GitObjectRead | undefined> {
    return this.reader().contents(name);
  }

  async treeOf(commit: string): Promise<string> {
    const read = await this.object(commit);
    const tree =
      read?.type === 'commit' ? /^tree ([0-9a-f]{40})$/m.exec(read.content.toString())?.[1] : '';
    if (!tree) throw new Error(`${commit} is not a commit`);
    return tree;
  }

  /** A blob's size, from a listing when one gave it. */
  async size(oid: string): Promise<number> {
    const listed = this.sizes.get(oid);
    if (listed !== undefined) return listed;
    const read = await this.object(oid);
    if (read?.type !== 'blob') throw new Error(`blob ${oid} is missing`);
    return read.content.length;
  }

  entries(tree: string): Promise<Entry[] | undefined> {
    let found = this.trees.get(tree);
    if (!found) {
      found = this.readTree(tree).catch(() => undefined);
      this.trees.set(tree, found);
    }
    return found;
  }

  /** A tree's entries as `ls-tree -l` gives them: mode, type, id, size (0 but for a blob), name. */
  private async readTree(tree: string): Promise<Entry[] | undefined> {
    const read = await this.object(tree);
    if (read?.type !== 'tree') return undefined;
    const reader = this.reader();
    return Promise.all(
      treeEntries(read.content).map(async ({ mode: written, name, oid }) => {
        const mode = written.padStart(6, '0');
        const type = mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
        let size = 0;
        if (type === 'blob') {
          const info = await reader.info(oid);
          if (info?.type !== 'blob') throw new Error(`blob ${oid} is missing`);
          size = info.size;
          this.sizes.set(oid, size);
        }
        return { mode, type, oid, size, name };
      }),
    );
  }
}

interface GitObjectRead {
  sha: string;
  type: string;
  content: Buffer;
}

function gitObject(reads: RepositoryReads, oid: string, type: string | undefined) {
  switch (type) {
    case 'commit':
      return commitNode(reads, oid);
    case 'tree':
      return treeNode(reads, oid, '');
    case 'blob':
      return blobNode(reads, oid);
    default:
      return null; // a tag object: not answered here (the schema kept no Tag)
  }
}

function commitNode(reads: RepositoryReads, oid: string) {
  return {
    __typename: 'Commit',
    oid,
    tree: async () => treeNode(reads, await reads.treeOf(oid), ''),
    file: async ({ path }: { path: string }) => {
      const segments = path.split('/');
      if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
      let tree = await reads.treeOf(oid);
      let prefix = '';
      for (let i = 0; i < segments.length; i++) {
        const entry = (await reads.entries(tree))?.find(
          (e) => e.name.toString('utf8') === segments[i],
        );
        if (!entry) return null;
        if (i === segments.length - 1) return entryNode(reads, entry, prefix);
        if (entry.type !== 'tree') return null;
        tree = entry.oid;
        prefix += `${segments[i]}/`;
      }
      return null;
    },
  };
}

function treeNode(reads: RepositoryReads, oid: string, prefix: string) {
  return {
    __typename: 'Tree',
    oid,
    entries: async () =>
      (await reads.entries(oid))?.map((entry) => entryNode(reads, entry, prefix)) ?? null,
  };
}

function entryNode(reads: RepositoryReads, entry: Entry, prefix: string) {
  const name = entry.name.toString('utf8');
  return {
    name,
    nameRaw: entry.name.toString('base64'),
    path: `${prefix}${name}`,
    type: entry.type,
    mode: parseInt(entry.mode, 8),
    oid: entry.oid,
    size: entry.size,
    object: () =>
      entry.type === 'tree'
        ? treeNode(reads, entry.oid, `${prefix}${name}/`)
        : entry.type === 'blob'
          ? blobNode(reads, entry.oid)
          : null, // a submodule's commit is not in this repository
  };
}

function blobNode(reads: RepositoryReads, oid: string) {
  const bytes = async () => {
    const found = await reads.object(oid);
    if (found?.type !== 'blob') throw new Error(`blob ${oid} is missing`);
    return found.content;
  };
  const binary = async () => (await bytes()).subarray(0, 8000).includes(0);
  return {
    __typename: 'Blob',
    oid,
    byteSize: () => reads.size(oid),
    isBinary: binary,
    isTruncated: async () => (await reads.size(oid)) > BLOB_TEXT_BYTES,
    text: async () => {
      if (await binary()) return null;
      reads.texts.push(oid);
      return (await bytes()).subarray(0, BLOB_TEXT_BYTES).toString('utf8');
    },
  };
}

function repositoryNode(
  reads: RepositoryReads,
  state: ServerState,
  token: string,
  repo: RepoRecord,
) {
  const contents = () => {
    const granted = state.tokens.get(token)?.permissions.contents;
    if (granted !== 'read' && granted !== 'write')
      throw new Refusal('Resource not accessible by integration', 'FORBIDDEN');
  };
  return {
    isPrivate: repo.private,
    nameWithOwner: repo.fullName,
    ref: async ({ qualifiedName }: { qualifiedName: string }) => {
      contents();
      // "Fully qualified matches are checked in order (`refs/heads/master`) before falling back
      // onto checks for short name matches (`master`)."
      const names = qualifiedName.startsWith('refs/')
        ? [qualifiedName]
        : [`refs/heads/${qualifiedName}`, `refs/tags/${qualifiedName}`];
      for (const name of names) {
        if (/[\s~^:?*[\\]|\.\.|@\{/.test(name)) continue;
        const oid = await reads.commitOf(name);
        if (oid === undefined) continue;
        const at = name.lastIndexOf('/') + 1;
        const prefix = name.startsWith('refs/heads/')
          ? 'refs/heads/'
          : name.startsWith('refs/tags/')
            ? 'refs/tags/'
            : name.slice(0, at);
        return {
          name: name.slice(prefix.length),
          prefix,
          target: () => commitNode(reads, oid),
        };
      }
      return null;
    },
    object: async ({ oid, expression }: { oid?: string; expression?: string }) => {
      contents();
      if (expression !== undefined)
        throw new Refusal(
          'local GitHub: Repository.object(expression:) is not implemented',
          'INTERNAL',
        );
      if (oid === undefined) return null;
      return gitObject(reads, oid, (await reads.object(oid))?.type);
    },
  };
}

/** Answers a query of `repository` fields, as GitHub does. */
export async function answerRepositoryQuery(
  state: ServerState,
  token: string,
  query: string,
  variables: Record<string, unknown>,
  res: ServerResponse,
): Promise<void> {
  const schema = await repositorySchema();
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return send(res, 200, { errors: [shape(error as GraphQLError, 'PARSE')] });
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0)
    return send(res, 200, { errors: invalid.map((e) => shape(e, 'INVALID')) });
  // The repositories the query named, logged once it is answered (not when a fault fails it):
  // the query, then each blob whose text it gave (`Blob.text`, the blob's id as the path), each
  // entry with the query's number.
  const named = new Map<RepoRecord, RepositoryReads>();
  const result = await Promise.resolve(
    execute({
      schema,
      document,
      variableValues: variables,
      rootValue: {
        repository: ({ owner, name }: { owner: string; name: string }) => {
          const fullName = `${owner}/${name}`;
          const repo = state.repos.get(fullName);
          const fault = repo && takeFault(state, fullName, 'POST', 'graphql repository');
          if (fault?.kind === 'server-error') throw new Fault(fault.status ?? 502);
          if (repo === undefined || (repo.private && !repo.readers.has(token)))
            throw new Refusal(
              `Could not resolve to a Repository with the name '${fullName}'.`,
              'NOT_FOUND',
            );
          let reads = named.get(repo);
          if (!reads) named.set(repo, (reads = new RepositoryReads(state, repo)));
          return repositoryNode(reads, state, token, repo);
        },
      },
      typeResolver: (value) => (value as { __typename: string }).__typename,
    }),
  ).finally(() => {
    for (const reads of named.values()) reads.close();
  });
  const fault = result.errors?.find((e) => e.originalError instanceof Fault)?.originalError;
  if (fault instanceof Fault) return send(res, fault.status, { message: 'Server Error' });
  const serial = state.nextId();
  for (const [repo, reads] of named) {
    repo.state.requests.push({
      kind: 'graphql',
      method: 'POST',
      route: 'repository',
      path: '/graphql',
      status: 200,
      query: serial,
    });
    for (const oid of reads.texts)
      repo.state.requests.push({
        kind: 'graphql',
        method: 'POST',
        route: 'Blob.text',
        path: oid,
        status: 200,
        query: serial,
      });
  }
  const errors = result.errors?.map((e) => shape(e, 'INTERNAL'));
  return send(
    res,
    200,
    errors ? { data: result.data ?? null, errors } : { data: result.data },
    graphqlRateLimitHeaders(named),
  );
}

/** An error as GitHub words it: its type, the field's path, where it stands in the query. */
function shape(error: GraphQLError, fallback: string) {
  const original = error.originalError;
  return {
    type: original instanceof Refusal ? original.type : fallback,
    path: error.path ?? [],
    locations: error.locations ?? [],
    message: error.message,
  };
}

/** GraphQL's rate-limit headers, when a repository named has the test knob set. */
function graphqlRateLimitHeaders(named: ReadonlyMap<RepoRecord, unknown>): Record<string, string> {
  const knobs = [...named.keys()]
    .map((repo) => repo.settings.graphql_rate_limit_remaining)
    .filter((n): n is number => n !== undefined);
  return knobs.length === 0 ? {} : rateLimitHeaders(Math.min(...knobs), 'graphql');
}
