// The promotion policy point: every write of base-repo.yaml (cd-promote) and every start of an
// environment (ci-gate's first environment, check-promote's next one) asks it first. Freeze
// windows, locks, soak times and trains are policies behind this one port; the adapter
// (packages/github/src/promotion-policy.ts) reads the policy and its state, `evaluatePolicy` decides
// (docs/decisions/promotion-holds.md).

/** A step a promotion is about to take. */
export interface PromotionStep {
  /**
   * `promote`: write base-repo.yaml so that `environment` promotes `commit` (cd-promote);
   * `start`: start the CD workflow that promotes `commit` to `environment` (ci-gate for the first
   * environment, check-promote for the next one).
   */
  readonly action: 'promote' | 'start';
  readonly environment: string;
  /** The control-plane `main` commit being promoted. */
  readonly commit: string;
  /** The environment the promotion comes from (it is deployed there); none for the first. */
  readonly from?: string;
  /**
   * When `commit` became Deployed in `from`, as an ISO 8601 time, when the caller has just seen it
   * (check-promote starting the next environment): the soak clock's start if the ledger has none.
   */
  readonly fromDeployedSince?: string;
}

/** Why a step must wait, and until when if the policy knows. */
export interface PolicyHold {
  /** For people: every rule that holds, `; `-separated ("holiday-2026 freeze; locked: INC-4211"). */
  readonly reason: string;
  /** When the step may go, as an ISO 8601 time; undefined when it is not known (a lock). */
  readonly until?: string;
  /** The status description, `Held: <reasons> (opens <time>)`, at most 140 characters. */
  readonly description: string;
}

/** An audited override that let a step pass the policy: shown wherever the step leaves a trace. */
export interface BreakGlassUse {
  readonly reason: string;
  /** Who asked for it (a GitHub login), when known. */
  readonly by?: string;
  /** The rules it passed (`holiday-2026 freeze`); empty when nothing held the step. */
  readonly passed: readonly string[];
  /** `Break-glass by carol: INC-1 (passes holiday-2026 freeze)`, at most 140 characters. */
  readonly description: string;
}

export type PolicyDecision =
  | { readonly verdict: 'go'; readonly breakGlass?: BreakGlassUse }
  | ({ readonly verdict: 'held' } & Omit<PolicyHold, 'description'> & {
        readonly description?: string;
      });

/**
 * Port: decides whether a promotion step may go now. A use case that is held writes nothing and
 * starts nothing, reports the hold and sets the held status; it does not fail. A policy that cannot
 * decide throws, and the use case stops with that error (never a silent "go").
 */
export interface PromotionPolicy {
  decide(step: PromotionStep): Promise<PolicyDecision>;
}
