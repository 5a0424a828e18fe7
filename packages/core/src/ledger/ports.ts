// The deployment records: wherever a promotion changes state (cd-promote queued it, schedule opened
// its GitOps pull request, check-promote saw it deploy, fail or be superseded), the use case writes
// one record beside the commit status. The adapter writes GitHub's Deployments API
// (packages/github/src/deployment-records.ts, docs/decisions/deployments-ledger.md).

/** The states of a promotion in an environment, named as GitHub's deployment statuses are. */
export type DeploymentRecordState =
  'queued' | 'in_progress' | 'success' | 'failure' | 'error' | 'inactive';

export interface DeploymentRecord {
  readonly environment: string;
  /** The control-plane `main` commit being promoted. */
  readonly promotedCommit: string;
  readonly state: DeploymentRecordState;
  /** One line for people: the commit status description it goes with. */
  readonly description: string;
  /** The run that changed the state. */
  readonly logUrl?: string;
  /** The GitOps side, once known: the repository, its pull request, the merged commit. */
  readonly gitops?: {
    readonly repository?: string;
    /** The GitOps environment branch. */
    readonly branch?: string;
    readonly pullRequestUrl?: string;
    readonly commit?: string;
  };
}

/**
 * Port: keeps a record of each state a promotion reaches in an environment. A record is a
 * record, never a gate: the use cases turn its failures into warnings.
 */
export interface DeploymentRecords {
  record(record: DeploymentRecord): Promise<void>;
  /**
   * Starts reading what the next `record` of this promotion reads first (the environment's
   * deployment of the commit and its latest status), so that the record waits for its writes
   * only. A write by these records since makes the next record read again. Never fails: a read
   * that failed is made again by the record.
   */
  prepare?(environment: string, promotedCommit: string): void;
}
