/**
 * The promotion policy read from `.github/promotion-chain.yaml` on `main`: windows, freezes,
 * soak, release trains, failure thresholds and what to do on failure (docs/decisions/promotion-windows.md).
 * Instants are `Date`s; durations are milliseconds of elapsed time.
 */

/** When a window is open: once (`from`/`to`) or at every cron tick for `duration`. */
export type WindowSchedule =
  | {
      readonly type: 'once';
      readonly from: Date;
      readonly to: Date;
    }
  | {
      readonly type: 'cron';
      readonly cron: string;
      /** Milliseconds of elapsed time from each tick. */
      readonly duration: number;
    };

/** An allow window of an environment, or a freeze (a deny window) of the whole chain. */
export interface PolicyWindow {
  readonly name?: string;
  readonly reason?: string;
  /** IANA timezone the schedule is read in. */
  readonly timezone: string;
  readonly schedule: WindowSchedule;
  /** Freezes only: the environments it closes; absent means every environment. */
  readonly environments?: readonly string[];
  /** Where it is declared, for messages. */
  readonly line?: number;
}

/** A release train: held promotions go at the first tick after they were queued. */
export interface Train {
  readonly cron: string;
  readonly timezone: string;
  readonly line?: number;
}

/** A tolerated number of failed clusters: a count, or a percentage rounded up at the start. */
export type Threshold =
  | { readonly type: 'count'; readonly count: number }
  | { readonly type: 'percent'; readonly percent: number };

/** How many cluster failures a deployment check tolerates (docs/decisions/failure-thresholds.md). */
export interface FailureThresholds {
  /** Over all clusters of the environment. */
  readonly max: Threshold;
  /** Whether clusters without evidence count as failed (`count`, the default) or are left out. */
  readonly unreachable: 'count' | 'ignore';
  /** Cluster type globs where any failure fails the check. */
  readonly mandatory: readonly string[];
  /** A threshold per cluster type, for the types each glob matches (each type on its own). */
  readonly perClusterType: readonly { readonly pattern: string; readonly max: Threshold }[];
}

export type OnFailure = 'none' | 'hold' | 'revert';

/** The rules of one environment of the chain. */
export interface EnvironmentPolicy {
  readonly name: string;
  /** IANA timezone of its allow windows and train when they name none. */
  readonly timezone: string;
  /** How long a commit must have been Deployed in the previous environment, in ms. */
  readonly soak?: number;
  /** If not empty, one of them must be open. */
  readonly allow: readonly PolicyWindow[];
  readonly train?: Train;
  /** Absent: any failed cluster fails the check (the behaviour without a policy). */
  readonly failures?: FailureThresholds;
  readonly onFailure: OnFailure;
  readonly line?: number;
}

/** Who may pass a freeze or a lock, and how (the wiring reads it; evaluation records its use). */
export interface BreakGlassPolicy {
  /** GitHub Environment (with required reviewers) a break-glass run must run in. */
  readonly environment?: string;
  /** Label on the GitOps pull request that asks for break-glass. */
  readonly label?: string;
}

export interface PolicyConfig {
  readonly file: string;
  /** Default IANA timezone of the whole file (`UTC` when not set). */
  readonly timezone: string;
  readonly freezes: readonly PolicyWindow[];
  /** One per environment of the chain, in chain order. */
  readonly environments: readonly EnvironmentPolicy[];
  readonly breakGlass?: BreakGlassPolicy;
}
