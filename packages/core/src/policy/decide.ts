// Asking the promotion policy, the one way every use case does it.
import type { Reporter } from '../ports.ts';
import { heldDescription } from '../status/vocabulary.ts';
import type { BreakGlassUse, PolicyHold, PromotionPolicy, PromotionStep } from './ports.ts';

/** The policy's answer on a step: held (with why and until when), or go (maybe by break-glass). */
export type PolicyAnswer =
  | { readonly hold: PolicyHold; readonly breakGlass?: undefined }
  | { readonly hold?: undefined; readonly breakGlass?: BreakGlassUse };

/** Asks the policy about `step`; a hold is logged with its reason, a break-glass with its own. */
export async function askPolicy(
  policy: PromotionPolicy,
  reporter: Reporter,
  step: PromotionStep,
): Promise<PolicyAnswer> {
  const decision = await policy.decide(step);
  const what =
    step.action === 'promote'
      ? `Promoting ${step.commit.slice(0, 7)} to '${step.environment}'`
      : `Starting '${step.environment}' for ${step.commit.slice(0, 7)}`;
  if (decision.verdict === 'go') {
    if (!decision.breakGlass) return {};
    reporter.warning(`${what} goes by break-glass: ${decision.breakGlass.description}.`);
    return { breakGlass: decision.breakGlass };
  }
  reporter.info(
    `${what} is held by the promotion policy: ${decision.reason}${decision.until ? ` (until ${decision.until})` : ''}.`,
  );
  const description =
    decision.description ??
    heldDescription([decision.reason], decision.until ? `opens ${decision.until}` : 'until lifted');
  return {
    hold: {
      reason: decision.reason,
      ...(decision.until === undefined ? {} : { until: decision.until }),
      description,
    },
  };
}

/** The hold on `step`, or undefined when it may go; a hold is logged with its reason. */
export async function holdOn(
  policy: PromotionPolicy,
  reporter: Reporter,
  step: PromotionStep,
): Promise<PolicyHold | undefined> {
  return (await askPolicy(policy, reporter, step)).hold;
}
