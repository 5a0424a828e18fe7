// The promotion policy point: every write of base-repo.yaml (cd-promote) and every start of an
// environment (ci-gate's first environment, check-promote's next one) asks it first. Freeze
// windows, locks and soak times are policies behind this one port (docs/architecture.md, "Where
// new things go"); today's adapter always says go.

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
}

/** Why a step must wait, and until when if the policy knows. */
export interface PolicyHold {
  /** One sentence for people: the policy and why ("the freeze window 'year-end' is open"). */
  readonly reason: string;
  /** When the step may go, as an ISO 8601 time; undefined when it is not known (a lock). */
  readonly until?: string;
}

export type PolicyDecision =
  { readonly verdict: 'go' } | ({ readonly verdict: 'held' } & PolicyHold);

/**
 * Port: decides whether a promotion step may go now. A use case that is held writes nothing and
 * starts nothing, reports the hold and sets the held status; it does not fail. A policy that cannot
 * decide throws, and the use case stops with that error (never a silent "go").
 */
export interface PromotionPolicy {
  decide(step: PromotionStep): Promise<PolicyDecision>;
}
