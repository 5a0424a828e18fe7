// The promotion policy as the actions run it: reads the policy on `main`, the environment
// branch's locks and the ledger's Deployed time, and lets `evaluatePolicy` decide
// (docs/decisions/promotion-holds.md). A chain file without a policy keeps today's behaviour: go.
import type { DeploymentLedger } from '../ledger/ledger.ts';
import type { Clock, Reporter } from '../ports.ts';
import { readPromotionChainFile } from './chain-file.ts';
import { evaluatePolicy, type BreakGlass, type PolicyEvaluation } from './evaluate.ts';
import { readLockFile, LOCKS_PATH } from './locks.ts';
import type { PolicyDecision, PromotionPolicy, PromotionStep } from './ports.ts';
import type { PolicyConfig } from './types.ts';

/** Where the policy decider reads what it decides from. */
export interface PolicySources {
  /** The promotion chain file on `main`, or undefined when there is none (then: always go). */
  chainFile(): Promise<{ readonly text: string; readonly file: string } | undefined>;
  /** `.kalypso/locks.yaml` of the environment branch; undefined when it does not exist. */
  locksFile(environment: string): Promise<string | undefined>;
  /** When a commit became Deployed in an environment (the soak clock's start). */
  ledger: Pick<DeploymentLedger, 'deployedSince'>;
  /** When the step was first held, for release trains (the sweeper knows; default: now). */
  queuedSince?(step: PromotionStep): Promise<Date | undefined>;
  clock: Clock;
  /** An audited override asked for by this run: it passes every rule and is recorded. */
  breakGlass?: BreakGlass;
  reporter: Reporter;
}

/** What the decider read for one step, for the sweeper and the merge gate. */
export interface PolicyReading {
  readonly policy: PolicyConfig | undefined;
  readonly evaluation: PolicyEvaluation | undefined;
}

/** A PromotionPolicy that decides from the sources; `read` gives the whole evaluation. */
export function policyDecider(
  sources: PolicySources,
): PromotionPolicy & { read(step: PromotionStep): Promise<PolicyReading> } {
  let policy: Promise<PolicyConfig | undefined> | undefined;
  const readPolicy = () =>
    (policy ??= sources.chainFile().then((found) => {
      if (!found) return undefined;
      const chain = readPromotionChainFile(found.text, found.file);
      return chain.declaresPolicy ? chain.policy : undefined;
    }));
  const read = async (step: PromotionStep): Promise<PolicyReading> => {
    const config = await readPolicy();
    if (!config) return { policy: undefined, evaluation: undefined };
    const env = config.environments.find((e) => e.name === step.environment);
    const index = config.environments.findIndex((e) => e.name === step.environment);
    const previous = step.from ?? (index > 0 ? config.environments[index - 1]?.name : undefined);
    const [locksText, deployed, queued] = await Promise.all([
      sources.locksFile(step.environment),
      env?.soak !== undefined && previous !== undefined
        ? sources.ledger.deployedSince(previous, step.commit)
        : Promise.resolve(undefined),
      env?.train !== undefined && sources.queuedSince
        ? sources.queuedSince(step)
        : Promise.resolve(undefined),
    ]);
    const evaluation = evaluatePolicy({
      environment: step.environment,
      policy: config,
      locks: readLockFile(locksText, LOCKS_PATH),
      now: new Date(sources.clock.now()),
      ...(deployed === undefined ? {} : { deployedInPreviousSince: new Date(deployed) }),
      ...(queued === undefined ? {} : { queuedSince: queued }),
      ...(sources.breakGlass ? { breakGlass: sources.breakGlass } : {}),
    });
    return { policy: config, evaluation };
  };
  return {
    read,
    async decide(step) {
      const { evaluation } = await read(step);
      if (!evaluation) {
        if (sources.breakGlass)
          sources.reporter.info(
            'Break-glass was asked for, but the promotion chain declares no policy: it passes no policy rule (only the chain check, if that refuses).',
          );
        return { verdict: 'go' };
      }
      return decisionOf(evaluation);
    },
  };
}

/** The port's answer from an evaluation. */
export function decisionOf(evaluation: PolicyEvaluation): PolicyDecision {
  if (evaluation.verdict === 'held')
    return {
      verdict: 'held',
      reason: evaluation.reasons.map((r) => r.text).join('; '),
      ...(evaluation.until ? { until: evaluation.until.toISOString() } : {}),
      description: evaluation.description,
    };
  const { breakGlass } = evaluation;
  if (!breakGlass) return { verdict: 'go' };
  return {
    verdict: 'go',
    breakGlass: {
      reason: breakGlass.reason,
      ...(breakGlass.by === undefined ? {} : { by: breakGlass.by }),
      passed: breakGlass.overridden.map((r) => r.text),
      description: evaluation.description,
    },
  };
}
