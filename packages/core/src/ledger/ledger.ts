// The deployments ledger as read back: which main commit runs in which environment, since when
// (docs/architecture.md, "Where new things go"). Written through DeploymentRecords (ports.ts).
import type { EvidenceCounts } from './evidence.ts';

export type LedgerState = 'queued' | 'in_progress' | 'success' | 'failure' | 'error' | 'inactive';

export interface LedgerPayload {
  readonly gitopsRepository?: string;
  readonly gitopsBranch?: string;
  readonly pullRequest?: number;
  readonly gitopsCommit?: string;
  readonly evidence?: {
    readonly source: string;
    readonly clusters: number;
    readonly deployed: number;
    readonly failed: number;
    readonly unknown: number;
  };
  readonly breakGlass?: { readonly reason: string; readonly by: string };
  readonly skippedChain?: { readonly reason: string; readonly by: string };
  readonly revertOf?: string;
}

export interface LedgerEntry {
  readonly environment: string;
  /** The promoted main commit (the deployment's sha). */
  readonly commit: string;
  /** The latest status. */
  readonly state: LedgerState;
  /** ISO 8601: when the latest status was set. */
  readonly since: string;
  /** ISO 8601: when it first reached `success`, if it ever did. */
  readonly succeededAt?: string;
  /** The workflow run of the latest status, when known. */
  readonly logUrl?: string;
  readonly environmentUrl?: string;
  readonly payload: LedgerPayload;
  /** What the deployment check saw, from the newest status description that carries counts. */
  readonly evidence?: EvidenceCounts;
}

/** Port: reads the deployments ledger. */
export interface DeploymentLedger {
  /** When `commit` became Deployed in `environment`, if that is its latest state. */
  deployedSince(environment: string, commit: string): Promise<string | undefined>;
  /** The newest entry of `environment` whose latest state is `success`. */
  current(environment: string): Promise<LedgerEntry | undefined>;
  /** The newest entry of `environment` that ever succeeded, other than `except` (last known good). */
  lastSuccessful(environment: string, except?: string): Promise<LedgerEntry | undefined>;
  /** The newest entries of `environment`, newest first, at most `limit`. */
  history(environment: string, limit: number): Promise<readonly LedgerEntry[]>;
}
