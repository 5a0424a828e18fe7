// The one retry helper: every retried operation (Resource Graph queries, pushes that lost a race)
// goes through it, waits on the injected clock and logs in one format.
import type { Clock, Reporter } from './ports.ts';

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  readonly maxAttempts: number;
  /** Backoff before the second attempt; doubled for each further attempt. */
  readonly baseDelayMs: number;
  /** Cap of the exponential backoff (a delay the server asks for is honoured up to maxServerDelayMs). */
  readonly maxDelayMs: number;
  readonly maxServerDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 30_000,
  maxServerDelayMs: 300_000,
};

/** Whether a failure is worth another attempt, and after how long the server asks to wait. */
export interface RetryDecision {
  readonly retry: boolean;
  /** Short description for the log, e.g. `429 RateLimiting`. */
  readonly description: string;
  readonly serverDelayMs?: number;
}

/**
 * Runs `operation` until it succeeds, the failure is not retryable, or the attempts run out; then
 * rethrows the last failure. Waits through the injected clock and logs each retry as
 * `Retry 'name': attempt 2 of 5 failed: 429 RateLimiting. Retrying in 4s.`
 */
export async function withRetry<T>(
  name: string,
  operation: (attempt: number) => Promise<T>,
  context: {
    clock: Clock;
    reporter: Reporter;
    policy: RetryPolicy;
    classify: (error: unknown) => RetryDecision;
  },
): Promise<T> {
  const { clock, reporter, policy } = context;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      const decision = context.classify(error);
      if (!decision.retry || attempt >= policy.maxAttempts) throw error;
      const delay = retryDelay(policy, attempt, decision.serverDelayMs);
      reporter.info(
        `Retry '${name}': attempt ${attempt} of ${policy.maxAttempts} failed: ${decision.description}. Retrying in ${formatDelay(delay)}.`,
      );
      await clock.sleep(delay);
    }
  }
}

/** The wait after failed attempt `attempt`: what the server asked for, else exponential backoff. */
export function retryDelay(policy: RetryPolicy, attempt: number, serverDelayMs?: number): number {
  if (serverDelayMs !== undefined && serverDelayMs >= 0) {
    return Math.min(serverDelayMs, policy.maxServerDelayMs);
  }
  return Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}

function formatDelay(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}
