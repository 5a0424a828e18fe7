// In-memory promotion policies for the use cases' tests: one that lets every step go, one that
// holds the steps it is told to, each keeping the steps it was asked about.
import type { PolicyHold, PromotionPolicy, PromotionStep } from './ports.ts';

/** Every step may go; `asked` lists the steps in the order they came. */
export function goPolicy(): PromotionPolicy & { asked: PromotionStep[] } {
  const asked: PromotionStep[] = [];
  return {
    asked,
    decide: (step) => (asked.push(step), Promise.resolve({ verdict: 'go' })),
  };
}

/** Holds every step `holds` picks (default: all) with `hold`; lets the others go. */
export function holdingPolicy(
  hold: Omit<PolicyHold, 'description'> & { readonly description?: string },
  holds: (step: PromotionStep) => boolean = () => true,
): PromotionPolicy & { asked: PromotionStep[] } {
  const asked: PromotionStep[] = [];
  return {
    asked,
    decide: (step) => {
      asked.push(step);
      return Promise.resolve(holds(step) ? { verdict: 'held', ...hold } : { verdict: 'go' });
    },
  };
}
