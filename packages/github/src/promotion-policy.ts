// The promotion policy the actions run with. Today every step may go: there is no policy to read
// yet. Freeze windows, locks and soak times plug in here (docs/architecture.md, "Where new things
// go"): this adapter reads their settings and state, and the core decides.
import type { PromotionPolicy } from '@kalypso/core';

/** The policy of every action: always "go" until a policy is configured. */
export function createPromotionPolicy(): PromotionPolicy {
  return { decide: () => Promise.resolve({ verdict: 'go' }) };
}
