// One WorkloadRegistration's source (docs/kalypso-compatibility.md#assembling-an-environment):
// its repository checked against the token's origin, its branch read below its path (over the
// REST API or with git, as the ControlPlaneReader decides), or a problem naming the registration.
import {
  describeObject,
  mapBounded,
  type EnvironmentRead,
  parseGitHubRepositoryUrl,
  repositoryUrlProblem,
  sourceFromTree,
  tokenOrigin,
  type DeferredFile,
  type GitHubRepository,
  type OmittedFile,
  type Problem,
  type ReadOptions,
  type Reporter,
  type Source,
  type WorkloadRegistration,
} from '@kalypso/core';
import { READ_QUERIES, type GitHubClient } from './client.ts';
import { GitHubAccessError } from './errors.ts';
import {
  readBranchOverApi,
  readDeferredBlobs,
  type ApiRead,
  type RestGate,
} from './workload-api.ts';
import { BLOBS_PER_QUERY, GraphqlReads } from './workload-graphql.ts';

/** Where a workload source was read from, and whether without a token (so readable by anyone). */
export interface WorkloadRepository {
  repository: GitHubRepository;
  anonymous: boolean;
}

/** A branch head (or, read by ref name over the API, its tree id) and its files below the registered path. */
export interface WorkloadTree {
  head?: string;
  treeId?: string;
  tree: ReadonlyMap<string, Uint8Array | OmittedFile | DeferredFile>;
  anonymous: boolean;
  /**
   * When the read deferred files (`DeferredFile`): the tree with them read, those of `noted`'s
   * texts that are exactly their bytes taken from there (`ReadOptions.notedTexts`).
   */
  readDeferred?: (
    noted?: Promise<ReadonlyMap<string, string>>,
  ) => Promise<ReadonlyMap<string, Uint8Array | OmittedFile>>;
}

/** A workload source with files not read yet, and how to read them (`readWorkload`'s). */
export type DeferredWorkload = () => Promise<Source | { problem: Problem }>;

export interface WorkloadReadContext {
  /** GITHUB_SERVER_URL: a token only goes to its exact origin. */
  serverUrl: string;
  /** The action input of the workload token, for messages. */
  tokenInput: string;
  reporter: Reporter;
  /** The branch below the path; undefined when the branch does not exist. */
  tree(
    repository: GitHubRepository,
    branch: string,
    path: string,
  ): Promise<WorkloadTree | undefined | { problem: string }>;
  /** Called with each source read and the repository it came from. */
  remember(source: Source, repository: WorkloadRepository): void;
  /** Called with each source that has files not read yet, and what reads them. */
  deferred?(source: Source, read: DeferredWorkload): void;
  /** Texts the deferred reads may take instead of downloading (`ReadOptions.notedTexts`). */
  noted?: Promise<ReadonlyMap<string, string>> | undefined;
}

export async function readWorkload(
  registration: WorkloadRegistration,
  context: WorkloadReadContext,
): Promise<Source | { problem: Problem }> {
  const { repo, branch, path } = registration.workload;
  const fail = (message: string) => ({
    problem: {
      file: registration.origin.file,
      line: registration.origin.line,
      object: describeObject(registration),
      message,
    },
  });
  const repository = parseGitHubRepositoryUrl(repo);
  if (!repository)
    return fail(repositoryUrlProblem('spec.workload.repo', repo, 'Fix the registration.'));
  const origin = tokenOrigin(repository.origin, context.serverUrl);
  if (origin.kind === 'mismatch')
    return fail(
      `spec.workload.repo '${repo}' is refused: ${origin.why}. Use ${context.serverUrl.replace(/\/+$/, '')}/${repository.fullName}.`,
    );
  const unreachable = (error: unknown) => {
    if (!(error instanceof GitHubAccessError)) throw error;
    return fail(
      `cannot read '${repository.fullName}' (branch '${branch}'): ${error.message} Give the token in '${context.tokenInput}' read access ('contents: read') to '${repository.fullName}', or fix spec.workload.repo.`,
    );
  };
  try {
    const found = await context.tree(repository, branch, path);
    if (found && 'problem' in found) return fail(found.problem);
    if (!found)
      return fail(
        `branch '${branch}' does not exist in '${repository.fullName}'. Fix spec.workload.branch or create the branch.`,
      );
    const selection = {
      path,
      origin: { kind: 'workload', registration: registration.name },
      display: `${repository.fullName}@${branch}:`,
    } as const;
    const source = sourceFromTree(found.tree, selection);
    const where = { repository, anonymous: found.anonymous };
    context.remember(source, where);
    const readDeferred = found.readDeferred;
    if (readDeferred && source.files.some((f) => f.blobId !== undefined))
      context.deferred?.(source, async () => {
        try {
          const read = sourceFromTree(await readDeferred(context.noted), selection);
          context.remember(read, where);
          return read;
        } catch (error) {
          return unreachable(error);
        }
      });
    context.reporter.info(
      `Read ${describeObject(registration)} from '${repository.fullName}' at ${found.head === undefined ? `tree ${found.treeId?.slice(0, 7) ?? '?'}` : found.head.slice(0, 7)} under '${path}' (${source.files.length} manifest files).`,
    );
    return source;
  } catch (error) {
    return unreachable(error);
  }
}

/**
 * Below this many REST requests left on the workload token (`x-ratelimit-remaining`), the run's
 * further workload repositories are read with git, which does not count against the REST limit:
 * the rest is kept for the calls only the API can make (statuses, pull requests) of this run and
 * of the other jobs sharing the token.
 */
export const REST_RESERVE = 500;

/**
 * The REST reads of one run, each made once per repository, branch and path (however many
 * environments read it: ci-gate checks several, preview reads base and head).
 */
export class ApiReads {
  private readonly reads = new Map<string, Promise<ApiRead>>();
  /** The lowest `x-ratelimit-remaining` seen. */
  private remaining = Number.POSITIVE_INFINITY;
  private saidLow = false;
  /** The listings and files asked for together, in GraphQL queries of many repositories. */
  private graphql: GraphqlReads | undefined;
  private readonly observe = (left: number) => {
    this.remaining = Math.min(this.remaining, left);
  };
  /** The first listing over REST, which the others wait for (`RestGate`). */
  private firstOverRest: Promise<void> | undefined;
  private readonly restGate: RestGate = {
    pass: async (list) => {
      if (this.firstOverRest) await this.firstOverRest;
      else if (this.remaining === Number.POSITIVE_INFINITY) {
        const first = list();
        this.firstOverRest = settled(first);
        return first;
      }
      return this.remaining < REST_RESERVE ? 'low' : list();
    },
  };

  /**
   * Starts the API reads of these registrations at once (those on the token's own server with a
   * well-formed repository URL): asked in the same turn, their listings and files go in a few
   * GraphQL queries rather than eight repositories at a time. Each read is then taken by `read`;
   * nothing here reports or fails (a read's error is the caller's when it asks).
   */
  prefetch(
    client: GitHubClient,
    registrations: readonly WorkloadRegistration[],
    serverUrl: string,
    reporter: Reporter,
    deferBlobs: boolean,
  ): void {
    if (this.remaining < REST_RESERVE) return;
    for (const { workload } of registrations) {
      const repository = parseGitHubRepositoryUrl(workload.repo);
      if (!repository || tokenOrigin(repository.origin, serverUrl).kind !== 'same') continue;
      this.read(client, repository, workload.branch, workload.path, reporter, deferBlobs).catch(
        () => undefined,
      );
    }
  }

  /**
   * Settles once the listing queries of the reads started are sent (`GraphqlReads.listingsSent`),
   * or once `reading` settles (the queries could not be sent); at once when no read is an API read.
   */
  listingsSent(reading: Promise<unknown>): Promise<void> {
    return this.graphql
      ? Promise.race([this.graphql.listingsSent, settled(reading)])
      : Promise.resolve();
  }

  /** The branch below `path`, or 'use-git' when the API cannot give it whole (said in the log). */
  async read(
    client: GitHubClient,
    repository: GitHubRepository,
    branch: string,
    path: string,
    reporter: Reporter,
    deferBlobs = false,
  ): Promise<WorkloadTree | undefined | { problem: string } | 'use-git'> {
    const key = `${repository.fullName}#${branch}#${path}#${deferBlobs}`;
    let read = this.reads.get(key);
    if (!read) {
      if (this.remaining < REST_RESERVE) return this.overBudget(client, reporter);
      this.graphql ??= new GraphqlReads(client, (why) =>
        reporter.info(`Reading the further workload repositories over REST: ${why}.`),
      );
      read = readBranchOverApi(client, repository.fullName, branch, path, {
        observer: this.observe,
        deferBlobs,
        graphql: this.graphql,
        restGate: this.restGate,
      });
      this.reads.set(key, read);
    }
    const result = await read;
    switch (result.kind) {
      case 'read': {
        const tree = result.tree;
        let full: Promise<ReadonlyMap<string, Uint8Array | OmittedFile>> | undefined;
        return {
          ...(result.head === undefined ? {} : { head: result.head }),
          treeId: result.treeId,
          tree,
          anonymous: false,
          ...(deferBlobs
            ? {
                readDeferred: (noted?: Promise<ReadonlyMap<string, string>>) =>
                  (full ??= readDeferredBlobs(client, repository.fullName, branch, tree, {
                    observer: this.observe,
                    ...(this.graphql ? { graphql: this.graphql } : {}),
                    ...(noted ? { noted } : {}),
                  })),
              }
            : {}),
        };
      }
      case 'no-branch':
        return undefined;
      case 'problem':
        return { problem: result.message };
      case 'use-git':
        reporter.info(`Reading '${repository.fullName}' with git: ${result.why}.`);
        return 'use-git';
      case 'low-budget':
        return this.overBudget(client, reporter);
    }
  }

  /** 'use-git' for a read the REST budget does not allow, said once. */
  private overBudget(client: GitHubClient, reporter: Reporter): 'use-git' {
    if (!this.saidLow)
      reporter.info(
        `Reading the further workload repositories with git: the token in '${client.tokenInput}' has ${this.remaining} REST requests left (x-ratelimit-remaining), under the ${REST_RESERVE} this run leaves to the calls only the API can make.`,
      );
    this.saidLow = true;
    return 'use-git';
  }
}

/** Settles, never rejects, once `work` does (its outcome is met where it is awaited). */
function settled(work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Deferred reads started at once: as many repositories as the GraphQL queries in flight read
 * with one blob each (READ_QUERIES of BLOBS_PER_QUERY), so that the files of a fleet of a few
 * hundred workloads go in one turn's queries, never in a second round after the first answers
 * (at 64, a fleet of 100 waited for one). Every one is an API read (workload-graphql.ts); what
 * falls back to REST is held to ten requests in flight by the throttling plugin, and to 8 blobs
 * per repository by the read itself.
 */
const DEFERRED_READS = READ_QUERIES * BLOBS_PER_QUERY;

/**
 * The deferred reads of one environment read, each made once, whoever asks first. Once `readNow`
 * settles true (`ReadOptions.readNow`: the run renders whatever the workloads hold), the reads
 * listed so far start, and each later one as soon as its repository is listed: their files come
 * while the other repositories are still listed, not after all of them.
 */
export class DeferredReads {
  private readonly reads = new Map<Source, DeferredWorkload>();
  private now = false;
  private readonly told: ((source: Source) => void) | undefined;
  /** `ReadOptions.notedTexts`, for the reads to take what they can from. */
  readonly noted: Promise<ReadonlyMap<string, string>> | undefined;

  /** `readAhead` is given each source read ahead as it is read. */
  constructor({
    readNow,
    readAhead,
    notedTexts,
  }: Pick<ReadOptions, 'readNow' | 'readAhead' | 'notedTexts'> = {}) {
    this.told = readAhead;
    this.noted = notedTexts;
    readNow?.then(
      (now) => {
        if (!now || this.now) return;
        this.now = true;
        for (const read of this.reads.values()) this.start(read);
      },
      () => undefined,
    );
  }

  /** Starts a read ahead; whatever it ends with, `readDeferred` gets it from the same promise. */
  private start(read: DeferredWorkload): void {
    read().then(
      (source) => {
        if (!('problem' in source)) this.told?.(source);
      },
      () => undefined,
    );
  }

  get size(): number {
    return this.reads.size;
  }

  get(source: Source): DeferredWorkload | undefined {
    return this.reads.get(source);
  }

  set(source: Source, read: DeferredWorkload): void {
    let started: ReturnType<DeferredWorkload> | undefined;
    const once = () => (started ??= read());
    this.reads.set(source, once);
    if (this.now) this.start(once);
  }
}

/**
 * `EnvironmentRead.readDeferred` of a read whose workload sources in `deferred` have files not
 * read yet: those read, in the order of the sources, at most DEFERRED_READS repositories at once
 * (those started already awaited). A repository that cannot be read now is a problem naming its
 * registration, as in an eager read.
 */
export function readDeferredWorkloads(
  result: EnvironmentRead,
  deferred: Pick<DeferredReads, 'get'>,
): () => Promise<EnvironmentRead> {
  return async () => {
    const { readDeferred: _, sources, ...rest } = result;
    if (!sources) return { ...rest, sources };
    const problems = [...result.problems];
    const read = await mapBounded(sources.workloads, DEFERRED_READS, (w) =>
      (deferred.get(w) ?? (() => Promise.resolve(w)))(),
    );
    const workloads: Source[] = [];
    for (const item of read) {
      if ('problem' in item) problems.push(item.problem);
      else workloads.push(item);
    }
    return { ...rest, sources: { ...sources, workloads }, problems };
  };
}
