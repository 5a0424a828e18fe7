/** Shapes of the local Azure servers' control API, shared by the servers and the test helpers. */

/** What a cluster does with a new commit on the branch its configurations watch. */
export type Outcome =
  | { readonly kind: 'compliant' }
  | {
      /** Ready=False with a terminal reason on a Flux object; stays so. */
      readonly kind: 'fails';
      readonly reason: string;
      readonly object: { readonly kind: string; readonly namespace: string; readonly name: string };
      readonly message: string;
    }
  | {
      /** Non-Compliant with a transient reason for `seconds`, then Compliant. */
      readonly kind: 'transient';
      readonly reason: string;
      readonly message: string;
      readonly seconds: number;
    };

export interface ConfigurationSpec {
  readonly name: string;
  /** Logical repository the test pushes to (see CommitSpec). */
  readonly repository: string;
  /** The URL exactly as configured on the cluster (any spelling of the repository). */
  readonly url: string;
  readonly branch: string;
  readonly kustomizations?: readonly string[];
  /** The folder every kustomization points into (`./drone`); default `./<kustomization>`. */
  readonly path?: string;
  readonly suspended?: boolean;
}

export interface ClusterSpec {
  readonly name: string;
  readonly subscriptionId: string;
  readonly resourceGroup: string;
  readonly type?: 'connectedClusters' | 'managedClusters';
  readonly configurations: readonly ConfigurationSpec[];
  /** Seconds from a commit until the cluster has fetched it and Resource Graph shows it. */
  readonly pickupSeconds: number;
  /** Seconds the configuration reports Pending before the outcome. */
  readonly reconcileSeconds: number;
  readonly outcome?: Outcome;
}

export interface FederatedCredentialSpec {
  readonly issuer: string;
  readonly subject: string;
  readonly audience: string;
}

export interface ApplicationSpec {
  readonly clientId: string;
  readonly secret?: string;
  readonly federatedCredentials?: readonly FederatedCredentialSpec[];
  /** Subscriptions and `mg:<name>` management groups where the app has the Reader role. */
  readonly readerScopes: readonly string[];
}

export interface TenantSpec {
  readonly tenantId: string;
  /** The Resource Manager audience tokens must carry, e.g. https://management.azure.com. */
  readonly armResource?: string;
  /** Simulated time (ms since the epoch) when the world starts. */
  readonly startTime: number;
  /** Time runs in real time from `startTime` instead of moving only when a test sets it. */
  readonly wallClock?: boolean;
  readonly applications: readonly ApplicationSpec[];
  readonly managementGroups?: Readonly<Record<string, readonly string[]>>;
  /** The commit each (repository, branch) is at when the world starts; every cluster is on it. */
  readonly branches: readonly CommitSpec[];
  readonly clusters: readonly ClusterSpec[];
  /** Queries a principal may make per quota window (default 15 per 5 s, as Resource Graph). */
  readonly quota?: { readonly perWindow: number; readonly windowSeconds: number };
}

export interface CommitSpec {
  readonly repository: string;
  readonly branch: string;
  readonly commit: string;
}

/** Faults the next Resource Graph requests of a tenant answer with, in order. */
export type FaultSpec =
  | {
      readonly kind: 'throttle';
      readonly resetsAfterSeconds: number;
      readonly retryAfterSeconds?: number;
    }
  | { readonly kind: 'unavailable'; readonly status: 500 | 502 | 503 | 504 }
  /** 200 with a JSON content type and a body that is not JSON (a proxy's error page). */
  | { readonly kind: 'malformed-json' }
  /** The real answer, cut off half-way: the connection closes before the declared length. */
  | { readonly kind: 'truncated-page' }
  /** The real answer, held back for `milliseconds` of real time (the client may give up first). */
  | { readonly kind: 'slow-response'; readonly milliseconds: number }
  /** No answer at all: the request hangs until the client gives up. */
  | { readonly kind: 'hang'; readonly repeat?: boolean }
  /** 429 with only `Retry-After` (as Azure Resource Manager throttles), no quota headers. */
  | { readonly kind: 'retry-after'; readonly seconds: number; readonly repeat?: boolean }
  /**
   * Hostile paging, applied to pageable answers only (a summary is not paged, it passes by):
   * `loop-skip-token` answers every page with the first page's continuation token again;
   * `empty-page-token` answers with no rows and a fresh continuation token.
   */
  | { readonly kind: 'loop-skip-token' | 'empty-page-token'; readonly repeat?: boolean };

/** What a runtime token of the local Actions OIDC endpoint yields. */
export interface OidcRegistration {
  readonly runtimeToken: string;
  readonly subject: string;
  readonly repository: string;
  /** Answer the token request with this status instead of a token. */
  readonly failWith?: number;
}

export interface RequestRecord {
  readonly service: 'resource-graph' | 'entra' | 'actions-oidc';
  readonly at: number;
  readonly status: number;
  readonly detail: string;
}
