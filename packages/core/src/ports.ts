/**
 * Ports: the capabilities use cases need from the outside world, in domain terms. Adapters in
 * packages/github and packages/azure implement them; tests use the real adapters against local
 * servers.
 */
import type { EnvironmentSources } from './model/environment.ts';
import type { Problem } from './model/problem.ts';
import type { GitOpsRepo } from './model/types.ts';
import type { Source } from './model/source.ts';

/** Where progress and diagnostics go (the Actions log, the CLI's stderr). */
export interface Reporter {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string, where?: SourcePosition): void;
  error(message: string, where?: SourcePosition): void;
  /** Runs `work` inside a collapsible log group named like an activity ("Rendering environment 'dev'"). */
  group<T>(title: string, work: () => Promise<T>): Promise<T>;
}

/** A position in a control-plane file, for annotations. */
export interface SourcePosition {
  file: string;
  line?: number;
}

/** Time, injected so that retries and polling are testable without sleeping. */
export interface Clock {
  now(): number;
  sleep(milliseconds: number): Promise<void>;
}

export type CommitState = 'pending' | 'success' | 'failure' | 'error';

/** Commit statuses on the control-plane repository (context `<env> environment`). */
export interface CommitStatusWriter {
  setStatus(status: {
    sha: string;
    state: CommitState;
    context: string;
    description: string;
    targetUrl?: string;
  }): Promise<void>;
}

/** Reads commit statuses back (to tell a superseded promotion from a live one). */
export interface CommitStatusReader {
  /** The latest status of `context` on `sha`; undefined when there is none or the commit is unknown. */
  latestStatus(
    sha: string,
    context: string,
  ): Promise<{ state: CommitState; description: string } | undefined>;
}

/** Starts a workflow run by `workflow_dispatch`. */
export interface WorkflowDispatcher {
  dispatch(request: {
    workflow: string;
    ref: string;
    inputs: Record<string, string>;
  }): Promise<void>;
}

/** What reading one environment found. `sources` is undefined when a problem prevents rendering. */
export interface EnvironmentRead {
  environment: string;
  /** The environment branch head; undefined when the branch does not exist. */
  environmentHead: string | undefined;
  /** The `main` commit the environment renders with; undefined when the BaseRepo is unusable. */
  baseCommit: string | undefined;
  sources: EnvironmentSources | undefined;
  problems: Problem[];
  /**
   * How visible a WorkloadRegistration's repository is, when the reader was asked (the preview's:
   * docs/decisions/inert-output.md); undefined for a registration this read has no source of.
   * Asked on demand: the preview asks only of registrations whose files its diff shows, all at
   * once (the GitHub adapter puts the questions asked together in one GraphQL query).
   */
  visibilityOf?: (registration: string) => Promise<RepositoryVisibility | undefined>;
  /**
   * Present when the read deferred the bytes of some files (`ReadOptions.deferBlobs`; those
   * files carry their `blobId`): reads them and gives the whole read.
   */
  readDeferred?: () => Promise<EnvironmentRead>;
}

/** How an environment is read. */
export interface ReadOptions {
  /**
   * Workload files read over the API are listed with their blob ids and not downloaded until
   * `readDeferred` (a run that digests its inputs and may take the last proposal:
   * docs/decisions/unchanged-inputs.md).
   */
  deferBlobs?: boolean;
  /**
   * Told, once, the environment's own sources (the base and the environment branch, with no
   * workload yet) when the workload repositories' reads are under way: the schedule starts, in
   * that wait, what a run that renders needs (docs/decisions/incremental-render.md). Not told
   * when the read stops before the workloads (a missing branch, an unusable BaseRepo).
   */
  whileReadingWorkloads?: (
    read: Pick<EnvironmentRead, 'baseCommit' | 'sources'>,
    /** Settles once the workload reads' first requests are sent (what is parsed waits for it). */
    sent?: Promise<void>,
  ) => void;
  /**
   * Told, once, the environment branch's source as soon as it is read, before the base: the
   * schedule starts there the reads that its GitOpsRepo names (a start only: what the run does is
   * decided once the whole environment is read).
   */
  whileReadingBase?: (branch: Source) => void;
  /**
   * With `deferBlobs`: settles true once the run knows it renders whatever the workloads hold
   * (`WhileReading.renders`). The deferred files are then read from that moment, each
   * repository's as soon as it is listed, rather than when `readDeferred` asks for them.
   */
  readNow?: Promise<boolean>;
  /**
   * With `readNow`: told each workload source whose files were read ahead, as soon as it is read
   * (the schedule parses it while the other repositories are still read).
   */
  readAhead?: (source: Source) => void;
  /**
   * With `deferBlobs`: texts the run may already hold, by git blob id (those noted with the last
   * proposal: `NotedProposal.workloads`), settled once it knows them (empty when it holds none). A
   * deferred file listed with one of these ids is taken from here instead of downloaded, only
   * when the text's UTF-8 bytes are of the listed size and hash to that id.
   */
  notedTexts?: Promise<ReadonlyMap<string, string>>;
}

/** How visible a workload repository is, as the adapter found out (`unknown`: it could not tell). */
export type RepositoryVisibility = 'public' | 'private' | 'unknown';

/** Which commits an environment is read at; each defaults as `ControlPlaneSources.readEnvironment` says. */
export interface EnvironmentCommits {
  /** `main` at this commit (default: the promoted commit the environment's BaseRepo names). */
  mainCommit?: string;
  /** The environment branch at this commit (default: its head), as a pull request into it would leave it. */
  environmentCommit?: string;
}

/**
 * Port: the control plane as git holds it, read-only: any commit of `main`, and one environment
 * (its branch, `main` at its promoted commit, every registered workload repository). ci-gate,
 * schedule and preview read through it.
 */
export interface ControlPlaneSources {
  /** Every file of a control-plane commit; undefined when the repository does not have it. */
  readCommit(commit: string): Promise<ReadonlyMap<string, Uint8Array> | undefined>;
  /**
   * Reads `environment`: its branch at its head with `main` at the promoted commit its BaseRepo
   * names, unless `at` says otherwise (ci-gate checks a new main against every environment,
   * preview reads both sides of a pull request).
   */
  readEnvironment(
    environment: string,
    at?: EnvironmentCommits,
    options?: ReadOptions,
  ): Promise<EnvironmentRead>;
  /**
   * Resolves the heads of these environment branches at once (one listing), before they are read
   * one by one; optional (docs/decisions/deadline-rule.md).
   */
  resolveBranches?(environments: readonly string[]): Promise<void>;
  /** Subject and author of a commit already read; undefined when unknown. */
  describeCommit?(commit: string): Promise<{ subject: string; author: string } | undefined>;
  /**
   * The GitOpsRepos on these environment branches, by environment (a branch that does not exist
   * is absent); optional (schedule's GitOps target guard, docs/decisions/gitops-target-guard.md).
   */
  readGitOpsRepos?(
    environments: readonly string[],
  ): Promise<ReadonlyMap<string, readonly GitOpsRepo[]>>;
}
