import type { PolicyEvaluation } from './evaluate.ts';

/** A held promotion waiting in an environment's queue. */
export interface QueuedPromotion {
  /** When it was first held; the queue's order (older first). */
  readonly queuedAt: Date;
}

export interface ReleasePlan<T extends QueuedPromotion> {
  /** The newest promotion the policy lets go now, with its decision. */
  readonly release?: { readonly promotion: T; readonly decision: PolicyEvaluation };
  /** Older than the released one: they will never go ("Superseded"). */
  readonly superseded: readonly T[];
  /** Still held, with why and until when (newer than the released one, or all when none goes). */
  readonly held: readonly { readonly promotion: T; readonly decision: PolicyEvaluation }[];
}

/**
 * What the sweeper does with an environment's held promotions: release the newest one the policy
 * lets go, supersede every older one, keep the rest held. With a train this releases only the
 * newest commit queued before the tick (docs/decisions/promotion-holds.md).
 */
export function planRelease<T extends QueuedPromotion>(
  queue: readonly T[],
  decide: (promotion: T) => PolicyEvaluation,
): ReleasePlan<T> {
  const ordered = [...queue].sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
  const decided = ordered.map((promotion) => ({ promotion, decision: decide(promotion) }));
  let index = -1;
  decided.forEach((entry, i) => {
    if (entry.decision.verdict === 'go') index = i;
  });
  if (index < 0) return { superseded: [], held: decided };
  return {
    release: decided[index]!,
    superseded: decided.slice(0, index).map((entry) => entry.promotion),
    held: decided.slice(index + 1),
  };
}
