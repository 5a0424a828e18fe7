import type { Clock, Reporter } from '../ports.ts';
import { evaluateCompliance, timedOutVerdict } from './evaluate.ts';
import { formatTarget, syncedCommitOf } from './target.ts';
import {
  ComplianceSourceError,
  type ComplianceSource,
  type ComplianceTarget,
  type FluxConfigurationReport,
  type Verdict,
} from './types.ts';

export interface WaitForComplianceRequest {
  readonly source: ComplianceSource;
  readonly clock: Clock;
  readonly reporter: Reporter;
  readonly target: ComplianceTarget;
  readonly timeoutSeconds: number;
  readonly pollIntervalSeconds: number;
  readonly gracePeriodSeconds: number;
  readonly allowEmpty?: boolean;
  readonly ignoreSuspended?: boolean;
}

/** The final verdict and what it took to reach it (for the job summary). */
export interface ComplianceOutcome {
  readonly verdict: Verdict;
  readonly polls: number;
  /** Requests made to the source over all polls, including pages and retries. */
  readonly requests: number;
  readonly elapsedSeconds: number;
}

/**
 * Polls the source until the verdict is terminal: succeeded, failed, or timed-out after
 * `timeoutSeconds` (the verdict then names who is behind). Transient source failures are logged
 * and polled again; other failures are thrown.
 */
export async function waitForCompliance(
  request: WaitForComplianceRequest,
): Promise<ComplianceOutcome> {
  const { clock, reporter, target } = request;
  const started = clock.now();
  const deadline = started + request.timeoutSeconds * 1000;
  const nonCompliantSince = new Map<string, number>();
  let polls = 0;
  let requests = 0;
  let lastVerdict: Verdict | undefined;
  let lastError: ComplianceSourceError | undefined;
  const outcome = (verdict: Verdict): ComplianceOutcome => ({
    verdict,
    polls,
    requests,
    elapsedSeconds: Math.round((clock.now() - started) / 1000),
  });
  reporter.info(
    `Waiting up to ${request.timeoutSeconds}s for every Flux configuration watching '${formatTarget(target)}' to be Compliant on commit ${target.commit}.`,
  );
  for (;;) {
    polls += 1;
    try {
      const snapshot = await request.source.listConfigurations(target);
      requests += snapshot.requests;
      const now = clock.now();
      trackNonCompliance(snapshot.configurations, target, now, nonCompliantSince);
      const verdict = evaluateCompliance(snapshot.configurations, target, {
        gracePeriodSeconds: request.gracePeriodSeconds,
        nonCompliantSeconds: secondsSince(nonCompliantSince, now),
        allowEmpty: request.allowEmpty ?? false,
        ignoreSuspended: request.ignoreSuspended ?? false,
      });
      if (verdict.summary !== lastVerdict?.summary)
        reporter.info(`Poll ${polls}: ${verdict.summary}`);
      else reporter.debug(`Poll ${polls}: unchanged.`);
      lastVerdict = verdict;
      lastError = undefined;
      if (verdict.status !== 'waiting') return outcome(verdict);
    } catch (error) {
      if (!(error instanceof ComplianceSourceError) || !error.transient) throw error;
      requests += error.requests;
      lastError = error;
      reporter.warning(`Poll ${polls}: ${error.message} Polling again.`);
    }
    const remaining = deadline - clock.now();
    if (remaining <= 0) {
      if (lastVerdict) return outcome(timedOutVerdict(lastVerdict, request.timeoutSeconds));
      throw new ComplianceSourceError(
        `Could not read the Flux configurations of '${formatTarget(target)}' within ${request.timeoutSeconds}s: ${lastError?.message ?? 'no answer'}`,
        { transient: false, cause: lastError },
      );
    }
    await clock.sleep(Math.min(request.pollIntervalSeconds * 1000, remaining));
  }
}

function trackNonCompliance(
  reports: readonly FluxConfigurationReport[],
  target: ComplianceTarget,
  now: number,
  since: Map<string, number>,
): void {
  const current = new Set(
    reports
      .filter(
        (r) =>
          r.complianceState === 'Non-Compliant' &&
          syncedCommitOf(r.sourceSyncedCommitId) === target.commit,
      )
      .map((r) => r.id),
  );
  for (const id of since.keys()) if (!current.has(id)) since.delete(id);
  for (const id of current) if (!since.has(id)) since.set(id, now);
}

function secondsSince(since: ReadonlyMap<string, number>, now: number): Record<string, number> {
  const seconds: Record<string, number> = {};
  for (const [id, at] of since) seconds[id] = (now - at) / 1000;
  return seconds;
}
