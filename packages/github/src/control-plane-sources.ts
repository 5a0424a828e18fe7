// Reads everything that lands in one environment (docs/kalypso-compatibility.md#assembling-an-environment) from GitHub over git: the
// environment branch, `main` at the promoted commit, and every registered workload repository.
import {
  describeObject,
  mapBounded,
  objectsIn,
  parseGitHubRepositoryUrl,
  repositoryUrlProblem,
  sourceFromTree,
  tokenOrigin,
  type BaseRepo,
  type EnvironmentRead,
  type GitHubRepository,
  type GitOpsRepo,
  type LoadCache,
  type Problem,
  type ReadOptions,
  type Reporter,
  type Source,
} from '@kalypso/core';
import { join } from 'node:path';
import type { GitHubClient } from './client.ts';
import { GitWorkspace } from './git.ts';
import {
  ApiReads,
  DeferredReads,
  readDeferredWorkloads,
  readWorkload,
  type WorkloadReadContext,
  type WorkloadRepository,
  type WorkloadTree,
} from './workload-sources.ts';

/** A token and the action input it came from (for messages). */
export interface Credentials {
  token: string;
  tokenInput: string;
}

export interface ControlPlaneReaderOptions {
  /** The control-plane repository; its token also reads BaseRepos on the same host. */
  controlPlane: GitWorkspace;
  /** The GitHub host the tokens belong to (`GITHUB_SERVER_URL`): no token goes anywhere else. */
  serverUrl: string;
  /** Reads WorkloadRegistration repositories (`workload-token`, falling back to `github-token`). */
  workloads: Credentials;
  /**
   * Reads workload repositories on the token's own server (the exact origin of `serverUrl`) over
   * the REST API with the workload token, without git (docs/decisions/workload-reads-over-rest.md);
   * other repositories, and those the API cannot give whole, are fetched with git.
   */
  workloadApi?: GitHubClient;
  /** A directory for the scratch repositories of other repositories. */
  scratch: string;
  reporter: Reporter;
  /** Files parsed here to find objects, shared with the renders of the run (the preview's). */
  loads?: LoadCache;
}

export type { EnvironmentRead } from '@kalypso/core';

type Tree = Map<string, Uint8Array>;

export type { WorkloadRepository } from './workload-sources.ts';

/** A branch's head and tree. */
type BranchTree = { head: string; tree: Tree };

/** How many workload repositories are read at once. */
const WORKLOAD_READS = 8;

/**
 * Reads environments of one control plane. Repositories are fetched shallowly, once per run:
 * trees are cached by repository and commit, workload sources by repository, branch and path.
 */
export class ControlPlaneReader {
  private readonly options: ControlPlaneReaderOptions;
  private readonly workspaces = new Map<string, Promise<GitWorkspace>>();
  private readonly trees = new Map<string, Promise<Tree>>();
  private readonly branchHeads = new Map<string, Promise<string | undefined>>();
  private readonly branchTrees = new Map<string, Promise<BranchTree | undefined>>();
  private readonly workloadRepositories = new WeakMap<Source, WorkloadRepository>();
  private readonly apiReads = new ApiReads();

  constructor(options: ControlPlaneReaderOptions) {
    this.options = options;
    this.workspaces.set(options.controlPlane.remote.url, Promise.resolve(options.controlPlane));
  }

  private get repository(): string {
    return this.options.controlPlane.remote.repository;
  }

  /** The repository a workload source of this reader came from; undefined for other sources. */
  repositoryOf(source: Source): WorkloadRepository | undefined {
    return this.workloadRepositories.get(source);
  }

  /** `main` (or any commit of the control-plane repository) as a tree, for ci-gate. */
  async readCommit(commit: string): Promise<Tree | undefined> {
    const workspace = this.options.controlPlane;
    return this.cachedTree(workspace, commit);
  }

  /** Subject and author of a control-plane commit this reader has read; undefined otherwise. */
  async describeCommit(commit: string): Promise<{ subject: string; author: string } | undefined> {
    return this.options.controlPlane.commitSummary(commit);
  }

  /** The GitOpsRepos on these environment branches, by environment (absent: no such branch). */
  async gitOpsReposOf(environments: readonly string[]): Promise<Map<string, GitOpsRepo[]>> {
    await this.resolveBranches(environments);
    const found = new Map<string, GitOpsRepo[]>();
    for (const environment of environments) {
      const branch = await this.branchTree(this.options.controlPlane, environment);
      if (!branch) continue;
      const source = sourceFromTree(branch.tree, { path: '.', origin: { kind: 'environment' } });
      found.set(environment, objectsIn([source], 'GitOpsRepo', this.options.loads));
    }
    return found;
  }

  /**
   * Resolves the heads of the control plane's environment branches at once: one listing and one
   * fetch however long the chain (docs/decisions/deadline-rule.md), no request each afterwards.
   */
  async resolveBranches(environments: readonly string[]): Promise<void> {
    const workspace = this.options.controlPlane;
    const pending = environments.filter(
      (b) => !this.branchHeads.has(`${workspace.remote.url}#${b}`),
    );
    if (pending.length === 0) return;
    const listing = workspace.listBranches(pending);
    const fetched = listing.then(async (heads) =>
      heads.size === 0
        ? new Map<string, string | undefined>()
        : workspace.fetchBranches([...heads.keys()]),
    );
    for (const branch of pending) {
      const head = fetched.then((heads) => heads.get(branch));
      // A failed listing is thrown below; a read that awaits this head sees it again.
      head.catch(() => undefined);
      this.branchHeads.set(`${workspace.remote.url}#${branch}`, head);
    }
    await fetched;
  }

  /**
   * Reads environment `environment`: its branch head, `main` at the BaseRepo's commit (or at
   * `baseCommit` when given, as ci-gate checks a new main against every environment) and every
   * WorkloadRegistration's repository at its branch head under its path.
   */
  async readEnvironment(
    environment: string,
    baseCommit?: string,
    environmentCommit?: string,
    options: ReadOptions = {},
  ): Promise<EnvironmentRead> {
    const { reporter } = this.options;
    const result: EnvironmentRead = {
      environment,
      environmentHead: undefined,
      baseCommit: undefined,
      sources: undefined,
      problems: [],
    };
    // `environmentCommit`: the branch as a pull request into it would leave it (preview).
    const branch =
      environmentCommit === undefined
        ? await this.branchTree(this.options.controlPlane, environment)
        : await this.commitTree(environmentCommit);
    if (!branch) {
      result.problems.push({
        message: `the environment branch '${environment}' does not exist in '${this.repository}'. Create it (it holds the environment's ClusterTypes, configs, policies and gitops-repo.yaml) or check the environment name.`,
      });
      return result;
    }
    result.environmentHead = branch.head;
    const controlPlane = sourceFromTree(branch.tree, {
      path: '.',
      origin: { kind: 'environment' },
    });
    reporter.info(
      `Read branch '${environment}' at ${branch.head.slice(0, 7)} (${controlPlane.files.length} manifest files).`,
    );
    options.whileReadingBase?.(controlPlane);
    const base = await this.readBase(controlPlane, baseCommit, result);
    if (!base) return result;
    const deferred = options.deferBlobs ? new DeferredReads(options) : undefined;
    const own = { environment, base, controlPlane, workloads: [] };
    const told = { baseCommit: result.baseCommit, sources: own };
    const tell = (sent: Promise<void>) => options.whileReadingWorkloads?.(told, sent);
    const workloads = await this.readWorkloads(own, result.problems, deferred, tell);
    result.sources = { environment, base, controlPlane, workloads };
    if (deferred?.size) result.readDeferred = readDeferredWorkloads(result, deferred);
    return result;
  }

  /** `main` at the promoted commit (BaseRepo `main`, docs/kalypso-compatibility.md#baserepo), or a problem saying what to fix. */
  private async commitTree(commit: string): Promise<BranchTree | undefined> {
    const tree = await this.cachedTree(this.options.controlPlane, commit);
    return tree ? { head: commit, tree } : undefined;
  }

  private async readBase(
    controlPlane: Source,
    override: string | undefined,
    result: EnvironmentRead,
  ): Promise<Source | undefined> {
    const baseRepo = objectsIn([controlPlane], 'BaseRepo', this.options.loads).find(
      (b) => b.name === 'main',
    );
    const where = (b: BaseRepo) => ({
      file: b.origin.file,
      line: b.origin.line,
      object: describeObject(b),
    });
    if (!baseRepo && override === undefined) {
      result.problems.push({
        message: `the environment branch '${result.environment}' has no BaseRepo 'main' (base-repo.yaml), so there is no promoted commit to render. Promote a commit of main first (cd-promote).`,
      });
      return undefined;
    }
    const url = baseRepo?.repo ?? this.options.controlPlane.remote.url;
    const repository = parseGitHubRepositoryUrl(url);
    if (!repository) {
      result.problems.push({
        ...(baseRepo ? where(baseRepo) : {}),
        message: repositoryUrlProblem('spec.repo', url, 'Fix spec.repo.'),
      });
      return undefined;
    }
    const origin = tokenOrigin(repository.origin, this.options.serverUrl);
    if (origin.kind === 'mismatch') {
      result.problems.push({
        ...(baseRepo ? where(baseRepo) : {}),
        message: `spec.repo '${url}' is refused: ${origin.why}. Use ${this.options.serverUrl.replace(/\/+$/, '')}/${repository.fullName}.`,
      });
      return undefined;
    }
    const workspace = await this.workspaceFor(repository, {
      token: this.options.controlPlane.remote.token,
      tokenInput: this.options.controlPlane.remote.tokenInput,
    });
    let commit = override ?? baseRepo?.commit ?? '';
    if (commit === '') {
      const branch = baseRepo?.branch ?? 'main';
      const head = await workspace.fetchBranch(branch);
      if (head === undefined) {
        result.problems.push({
          ...(baseRepo ? where(baseRepo) : {}),
          message: `branch '${branch}' does not exist in '${repository.fullName}'. Fix spec.branch.`,
        });
        return undefined;
      }
      commit = head;
    }
    const tree = await this.cachedTree(workspace, commit);
    if (!tree) {
      result.problems.push({
        ...(baseRepo ? where(baseRepo) : {}),
        message: `commit ${commit} does not exist in '${repository.fullName}'. Promote an existing commit of main (cd-promote) or fix spec.commit.`,
      });
      return undefined;
    }
    result.baseCommit = commit;
    const source = sourceFromTree(tree, { path: baseRepo?.path ?? '.', origin: { kind: 'base' } });
    this.options.reporter.info(
      `Read '${repository.fullName}' at ${commit.slice(0, 7)} (${source.files.length} manifest files).`,
    );
    return source;
  }

  private async readWorkloads(
    { base, controlPlane }: { base: Source; controlPlane: Source },
    problems: Problem[],
    /** Gets the sources whose files were deferred (`ReadOptions.deferBlobs`), when given. */
    deferred?: DeferredReads,
    /** Told once the reads started, with when their listing queries are sent. */
    started?: (sent: Promise<void>) => void,
  ): Promise<Source[]> {
    const sources = [base, controlPlane];
    const registrations = objectsIn(sources, 'WorkloadRegistration', this.options.loads);
    // In parallel, at most WORKLOAD_READS at a time: a fleet of registrations neither floods the
    // runner with git processes nor the server with requests.
    const context: WorkloadReadContext = {
      serverUrl: this.options.serverUrl,
      tokenInput: this.options.workloads.tokenInput,
      reporter: this.options.reporter,
      tree: (repository, branch, path) =>
        this.workloadTree(repository, branch, path, deferred !== undefined),
      remember: (source, repository) => this.workloadRepositories.set(source, repository),
      ...(deferred && { deferred: (s, read) => deferred.set(s, read), noted: deferred.noted }),
    };
    // The API reads start together (a few GraphQL queries; a listing that must go over REST waits
    // for the first such to tell the token's budget, ApiReads), the rest WORKLOAD_READS at once.
    const { workloadApi: api, serverUrl, reporter } = this.options;
    if (api)
      this.apiReads.prefetch(api, registrations, serverUrl, reporter, deferred !== undefined);
    const reading = mapBounded(registrations, WORKLOAD_READS, (r) => readWorkload(r, context));
    started?.(this.apiReads.listingsSent(reading));
    const read = await reading;
    for (const item of read) if ('problem' in item) problems.push(item.problem);
    return read.filter((item): item is Source => !('problem' in item));
  }

  /**
   * A workload branch below `path`: over the API when the repository is on the token's own server
   * and the API can give it whole (`readBranchOverApi`), otherwise with git.
   */
  private async workloadTree(
    repository: GitHubRepository,
    branch: string,
    path: string,
    deferBlobs: boolean,
  ): Promise<WorkloadTree | undefined | { problem: string }> {
    const api = this.options.workloadApi;
    if (api && tokenOrigin(repository.origin, this.options.serverUrl).kind === 'same') {
      const { reporter } = this.options;
      const read = await this.apiReads.read(api, repository, branch, path, reporter, deferBlobs);
      if (read !== 'use-git') return read;
    }
    const workspace = await this.workspaceFor(repository, this.options.workloads);
    const found = await this.branchTree(workspace, branch, path);
    return found && { ...found, anonymous: workspace.remote.token === '' };
  }

  /**
   * One scratch repository per remote; a token only goes to the exact origin of the action's own
   * GitHub (callers refuse same-host URLs with another scheme or port first).
   */
  private workspaceFor(
    repository: GitHubRepository,
    credentials: Credentials,
  ): Promise<GitWorkspace> {
    const key = repository.cloneUrl;
    let found = this.workspaces.get(key);
    if (!found) {
      const ownHost = tokenOrigin(repository.origin, this.options.serverUrl).kind === 'same';
      found = GitWorkspace.create(join(this.options.scratch, `repo-${this.workspaces.size}`), {
        url: repository.cloneUrl,
        token: ownHost ? credentials.token : '',
        repository: repository.fullName,
        tokenInput: credentials.tokenInput,
      });
      this.workspaces.set(key, found);
    }
    return found;
  }

  /**
   * A branch's head and its files (below `path` only, when given). Cached per run: each branch is
   * fetched once, however many registrations read it under different paths.
   */
  private branchTree(workspace: GitWorkspace, branch: string, path?: string) {
    const key = `${workspace.remote.url}#${branch}#${path ?? ''}`;
    let found = this.branchTrees.get(key);
    if (!found) {
      found = (async () => {
        const head = await this.branchHead(workspace, branch);
        if (head === undefined) return undefined;
        const tree =
          path === undefined
            ? await workspace.readTree(head)
            : await workspace.readTreeUnder(head, path, { fetchBlobs: false });
        return { head, tree };
      })();
      this.branchTrees.set(key, found);
    }
    return found;
  }

  /**
   * One shallow exchange per repository and branch. (Trees first, then only the blobs under the
   * registered path, costs a second exchange: measured twice as slow for typical workload
   * repositories on the local GitHub.)
   */
  private branchHead(workspace: GitWorkspace, branch: string): Promise<string | undefined> {
    const key = `${workspace.remote.url}#${branch}`;
    let found = this.branchHeads.get(key);
    if (!found) {
      found = workspace.fetchBranch(branch);
      this.branchHeads.set(key, found);
    }
    return found;
  }

  private async cachedTree(workspace: GitWorkspace, commit: string): Promise<Tree | undefined> {
    const key = `${workspace.remote.url}@${commit}`;
    let found = this.trees.get(key);
    if (!found) {
      if (!(await workspace.fetchCommit(commit))) return undefined;
      found = workspace.readTree(commit);
      this.trees.set(key, found);
    }
    return found;
  }
}
