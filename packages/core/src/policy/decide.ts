// Asking the promotion policy, the one way every use case does it.
import type { Reporter } from '../ports.ts';
import type { PolicyHold, PromotionPolicy, PromotionStep } from './ports.ts';

/** The hold on `step`, or undefined when it may go; a hold is logged with its reason. */
export async function holdOn(
  policy: PromotionPolicy,
  reporter: Reporter,
  step: PromotionStep,
): Promise<PolicyHold | undefined> {
  const decision = await policy.decide(step);
  if (decision.verdict === 'go') return undefined;
  const what =
    step.action === 'promote'
      ? `Promoting ${step.commit.slice(0, 7)} to '${step.environment}'`
      : `Starting '${step.environment}' for ${step.commit.slice(0, 7)}`;
  reporter.info(
    `${what} is held by the promotion policy: ${decision.reason}${decision.until ? ` (until ${decision.until})` : ''}.`,
  );
  return decision.until === undefined
    ? { reason: decision.reason }
    : { reason: decision.reason, until: decision.until };
}
