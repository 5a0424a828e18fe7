/**
 * Domain types of the compliance check: what the clusters report about the Flux configurations
 * that watch a GitOps repository branch, and the verdict on a promotion. Source-neutral: an
 * evidence source (Azure Resource Graph today, commit statuses written by the clusters tomorrow)
 * maps its own rows onto these types in its adapter.
 */
import { UserError } from '../model/problem.ts';

/** A GitOps repository location in the normalised form both the query and the verdict compare. */
export interface RepositoryLocation {
  /** Lower-case host without user or port, e.g. `github.com`. */
  readonly host: string;
  /** Lower-case path without `.git` and slashes at either end, e.g. `contoso/hello-world-gitops`. */
  readonly path: string;
}

/** What must be deployed: a validated repository, branch and full commit SHA. */
export interface ComplianceTarget {
  /** The URL as the user gave it, for messages. */
  readonly repositoryUrl: string;
  /** The canonical location (Azure DevOps SSH and legacy forms are mapped to `dev.azure.com`). */
  readonly repository: RepositoryLocation;
  /** Every spelling of the location a Flux configuration may use; always includes `repository`. */
  readonly repositoryAliases: readonly RepositoryLocation[];
  /** The branch name without `refs/heads/`; git branch names are case-sensitive. */
  readonly branch: string;
  /** Lower-case 40 (SHA-1) or 64 (SHA-256) hex digits. */
  readonly commit: string;
}

/** One condition of a Flux object (`Ready`, `Healthy`, `Reconciling` …). */
export interface FluxCondition {
  readonly type: string;
  readonly status: string;
  readonly reason: string;
  readonly message: string;
  readonly lastTransitionTime?: string;
}

/** A Flux object a configuration created (GitRepository, Kustomization, HelmRelease …). */
export interface FluxObjectStatus {
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly complianceState: string;
  readonly conditions: readonly FluxCondition[];
}

/** The cluster a configuration runs on, as the evidence source identifies it. */
export interface ClusterReference {
  /**
   * Unique within the source, compared case-insensitively (the Azure adapter uses the cluster's
   * resource id); counts clusters.
   */
  readonly id: string;
  /** The name people know the cluster by, shown in summaries. */
  readonly name: string;
}

/** What a cluster last reported about one Flux configuration. */
export interface FluxConfigurationReport {
  /** Unique within the source (the Azure adapter uses the configuration's resource id). */
  readonly id: string;
  readonly name: string;
  readonly cluster: ClusterReference;
  /** The repository URL exactly as configured on the cluster. */
  readonly repositoryUrl: string;
  readonly branch: string;
  /** `Compliant`, `Non-Compliant`, `Pending`, `Suspended`, `Unknown` or a value not known yet. */
  readonly complianceState: string;
  readonly provisioningState: string;
  readonly suspended: boolean;
  /** `<branch>@sha1:<sha>`, legacy `<branch>/<sha>`, or empty before the first sync. */
  readonly sourceSyncedCommitId: string;
  readonly statusUpdatedAt?: string;
  readonly errorMessage: string;
  readonly objects: readonly FluxObjectStatus[];
  /** The `path` of each of its kustomizations (`./drone`), when the source reports them. */
  readonly kustomizationPaths?: readonly string[];
}

/**
 * One group of the summary: how many configurations watching the target report the same
 * compliance state on the same synced commit (with the same suspension and provisioning state).
 */
export interface ComplianceGroup {
  readonly complianceState: string;
  /** The synced commit SHA (lower case), or `''` when the reported revision has none. */
  readonly syncedCommit: string;
  readonly suspended: boolean;
  readonly provisioningState: string;
  readonly configurations: number;
  /** Distinct clusters among those configurations. */
  readonly clusters: number;
}

export interface ComplianceSummary {
  readonly groups: readonly ComplianceGroup[];
  /** Requests this summary cost (one per scope, plus retries). */
  readonly requests: number;
}

/**
 * Which configurations a detailed listing asks for:
 * - `failing`: suspended, failed to provision, or Non-Compliant on the target commit;
 * - `pending`: everything not Compliant on the target commit;
 * - `all`: every configuration.
 */
export type ConfigurationSelection = 'failing' | 'pending' | 'all';

export interface ListRequest {
  readonly which: ConfigurationSelection;
  /** At most this many rows (the first ones by resource id); unbounded when absent. */
  readonly limit?: number;
}

/** Per call, on the source's clock (ms); see docs/decisions/deadline-rule.md. */
export interface SourceCallOptions {
  /** No wait or retry may end after this time: one that would fails at once instead. */
  readonly deadline?: number;
  /** A request that has not answered by this time is abandoned; default `deadline`. */
  readonly answerBy?: number;
}

/**
 * Port: the clusters' evidence, where the reports come from. The action's `evidence` input picks
 * the adapter (`azure-resource-graph`: packages/azure/src/resource-graph-source.ts).
 */
export interface ComplianceSource {
  /** The input value that chose it (`azure-resource-graph`, `commit-statuses`, `both`), for records. */
  readonly name?: string;
  /**
   * Counts of the configurations watching the target's repository and branch, grouped by
   * compliance state and synced commit: one request per scope, whatever the fleet's size.
   * Throws ComplianceSourceError for failures; `transient` ones are retried by the next poll.
   */
  summarize(target: ComplianceTarget, options?: SourceCallOptions): Promise<ComplianceSummary>;
  /**
   * The configurations watching the target's repository and branch, as reported now: every one
   * by default, or the selection (bounded by `limit`). Throws like `summarize`.
   */
  listConfigurations(
    target: ComplianceTarget,
    request?: ListRequest,
    options?: SourceCallOptions,
  ): Promise<ComplianceSnapshot>;
}

export interface ComplianceSnapshot {
  readonly configurations: readonly FluxConfigurationReport[];
  /** Requests this listing cost (pages and retries), for the job summary. */
  readonly requests: number;
  /** More configurations matched than `limit`: the listing holds only the first ones. */
  readonly truncated?: boolean;
}

/** A failure of a ComplianceSource, with a message that says what to do. */
export class ComplianceSourceError extends Error {
  /** True when polling again later may succeed (throttling, outages). */
  readonly transient: boolean;
  /** Requests spent before the failure, so the job summary still counts them. */
  readonly requests: number;
  /**
   * The source cannot answer before this time (ms, the source's clock): the server asked to wait
   * until then, or the deadline came. A wait loop whose deadline is not later stops at once
   * (docs/decisions/deadline-rule.md).
   */
  readonly notBefore: number | undefined;

  constructor(
    message: string,
    options: { transient: boolean; cause?: unknown; requests?: number; notBefore?: number },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ComplianceSourceError';
    this.transient = options.transient;
    this.requests = options.requests ?? 0;
    this.notBefore = options.notBefore;
  }
}

/** Inputs of the check that cannot work (bad URL, branch or commit), all listed at once. */
export class ComplianceInputError extends UserError {
  constructor(problems: readonly string[]) {
    super(
      problems.join('\n'),
      problems.map((message) => ({ message })),
    );
    this.name = 'ComplianceInputError';
  }
}

export type VerdictStatus = 'succeeded' | 'failed' | 'waiting' | 'timed-out';

/**
 * Where one configuration stands:
 * - `compliant`: on the target commit and Compliant;
 * - `failed`: on the target commit and failing terminally or past the grace period, suspended,
 *   or its provisioning failed;
 * - `progressing`: on the target commit, not compliant yet;
 * - `behind`: still on another commit (a Compliant state for an older commit is not evidence).
 */
export type ConfigurationState = 'compliant' | 'failed' | 'progressing' | 'behind';

/** A Flux object that is not compliant, with the condition that says why. */
export interface FailingObject {
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly complianceState: string;
  readonly reason: string;
  readonly message: string;
}

export interface ConfigurationVerdict {
  readonly id: string;
  readonly configuration: string;
  readonly cluster: ClusterReference;
  readonly state: ConfigurationState;
  /** The state the cluster reported, verbatim. */
  readonly complianceState: string;
  /** The synced commit SHA, or `''` when the reported revision has none. */
  readonly syncedCommit: string;
  readonly onTarget: boolean;
  /** One sentence: why the configuration is in this state. */
  readonly detail: string;
  readonly failingObjects: readonly FailingObject[];
  readonly statusUpdatedAt?: string;
  /** The `path` of each of its kustomizations, when known (they name the cluster type). */
  readonly kustomizationPaths?: readonly string[];
}

export interface Verdict {
  readonly status: VerdictStatus;
  /**
   * `unavailable`: the source could not be read at the end of the wait (outage, throttling), so
   * the verdict says nothing about the clusters; `observed` otherwise.
   */
  readonly evidence?: 'observed' | 'unavailable';
  /** One line naming the outcome and, for failures, who and why. */
  readonly summary: string;
  readonly target: ComplianceTarget;
  /**
   * Sorted by cluster name, then configuration name. With a summary-first check of a large
   * fleet, only the configurations listed in detail (bounded); `counts` cover all.
   */
  readonly configurations: readonly ConfigurationVerdict[];
  readonly counts: VerdictCounts;
  /** Clusters, compliant when all their watching configurations are (see clusterCounts). */
  readonly clusters: ClusterCounts;
}

export interface ClusterCounts {
  readonly compliant: number;
  readonly total: number;
  /**
   * False when computed from the summary of a fleet too large to list: a cluster whose
   * configurations are in different states then counts once per state.
   */
  readonly exact: boolean;
}

export interface VerdictCounts {
  readonly total: number;
  readonly compliant: number;
  readonly failed: number;
  readonly progressing: number;
  readonly behind: number;
  /** Reports that did not watch the target repository and branch (the source filters loosely). */
  readonly ignored: number;
}
