import type { Clock, Reporter } from '../ports.ts';
import { supersededDescription } from '../status/vocabulary.ts';
import {
  evaluateSummary,
  summaryNeedsDetails,
  timedOutVerdict,
  type ComplianceOptions,
  type ListedDetails,
} from './evaluate.ts';
import { STATUS_REPORT_PREFIX } from './status-evidence.ts';
import { formatTarget, shortCommit, syncedCommitOf } from './target.ts';
import {
  ComplianceSourceError,
  type ComplianceSource,
  type ComplianceSummary,
  type ComplianceTarget,
  type ConfigurationSelection,
  type FluxConfigurationReport,
  type SourceCallOptions,
  type Verdict,
} from './types.ts';

/** Rows a poll lists at most when the summary needs details (one Resource Graph page). */
export const DEFAULT_DETAIL_LIMIT = 200;

/**
 * The last poll, at the deadline, and the one listing after it that names who is behind make no
 * retries and no waits; their requests are abandoned this long after the deadline, so a check
 * ends at most this long after its timeout (docs/decisions/deadline-rule.md).
 */
export const FINAL_LOOK_BUDGET_MS = 30_000;

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
  /** Rows listed per poll when the summary needs details; default DEFAULT_DETAIL_LIMIT. */
  readonly detailLimit?: number;
  /**
   * The newer promotion that replaced this one, if any: asked at most once per poll, and only
   * after a poll that is still waiting while some configurations report another commit
   * (docs/decisions/superseded-deployment-check.md). A failure to answer is a warning.
   */
  readonly supersededBy?: () => Promise<string | undefined>;
  /**
   * Failure thresholds (docs/decisions/failure-thresholds.md): asked about a `failed` verdict; true
   * when the failures it shows are still tolerated, so the wait goes on until every configuration
   * has settled (compliant or failed) or time runs out, and the caller judges the end. Absent: the
   * first failure ends the wait, as it always did.
   */
  readonly tolerates?: (verdict: Verdict) => boolean;
}

/** The final verdict and what it took to reach it (for the job summary). */
export interface ComplianceOutcome {
  readonly verdict: Verdict;
  readonly polls: number;
  /** Requests made to the source over all polls, including pages and retries. */
  readonly requests: number;
  /** The most requests one poll needed (summary, details, retries). */
  readonly maxRequestsPerPoll: number;
  readonly elapsedSeconds: number;
  /** The newer promotion that replaced this one: the wait ended without a verdict on it. */
  readonly supersededBy?: string;
  /** The source's name (ComplianceSource.name), for the deployment record. */
  readonly evidenceSource?: string;
}

/**
 * Per cluster, what the evidence said (for the deployment ledger): deployed when every watching
 * configuration is compliant, failed when one failed, unknown otherwise (behind, progressing,
 * never reported). Exact only where the verdict's cluster counts are.
 */
export function evidenceCounts(outcome: ComplianceOutcome): {
  source: string;
  clusters: number;
  deployed: number;
  failed: number;
  unknown: number;
} {
  const { verdict } = outcome;
  const failed = new Set(
    verdict.configurations
      .filter((c) => c.state === 'failed')
      .map((c) => c.cluster.id.toLowerCase()),
  ).size;
  const clusters = verdict.clusters.total;
  const deployed = verdict.clusters.compliant;
  return {
    source: outcome.evidenceSource ?? 'unknown',
    clusters,
    deployed,
    failed,
    unknown: Math.max(0, clusters - deployed - failed),
  };
}

/**
 * Per cluster and per evidence source, what the check saw (for the deployment record's
 * description): a cluster (by name, so the same cluster seen by two sources counts once) is
 * deployed when every report about it is compliant on the commit, failed when one failed. From
 * the listed configurations when the listing is complete; else from the verdict's cluster counts,
 * with the per-source part only for a single source.
 */
export function clusterEvidence(outcome: ComplianceOutcome): {
  clusters: number;
  deployed: number;
  failed: number;
  bySource: { name: string; deployed: number }[];
} {
  const { verdict } = outcome;
  const sourceOf = (id: string) =>
    id.startsWith(STATUS_REPORT_PREFIX) ? 'commit statuses' : 'Resource Graph';
  const complete = verdict.configurations.length === verdict.counts.total;
  if (!complete) {
    const single =
      outcome.evidenceSource === 'commit-statuses'
        ? 'commit statuses'
        : outcome.evidenceSource === 'both'
          ? undefined
          : 'Resource Graph';
    return {
      clusters: verdict.clusters.total,
      deployed: verdict.clusters.compliant,
      failed:
        verdict.counts.failed > 0 ? Math.min(verdict.counts.failed, verdict.clusters.total) : 0,
      bySource: single ? [{ name: single, deployed: verdict.clusters.compliant }] : [],
    };
  }
  const clusters = new Map<string, 'deployed' | 'failed' | 'other'>();
  const bySource = new Map<string, Map<string, boolean>>();
  for (const c of verdict.configurations) {
    const key = c.cluster.name.toLowerCase();
    const was = clusters.get(key) ?? 'deployed';
    clusters.set(
      key,
      was === 'failed' || c.state === 'failed'
        ? 'failed'
        : was === 'deployed' && c.state === 'compliant'
          ? 'deployed'
          : 'other',
    );
    const source = sourceOf(c.id);
    const seen = bySource.get(source) ?? new Map<string, boolean>();
    seen.set(key, (seen.get(key) ?? true) && c.state === 'compliant');
    bySource.set(source, seen);
  }
  const states = [...clusters.values()];
  return {
    clusters: clusters.size,
    deployed: states.filter((s) => s === 'deployed').length,
    failed: states.filter((s) => s === 'failed').length,
    bySource: [...bySource]
      .map(([name, seen]) => ({ name, deployed: [...seen.values()].filter(Boolean).length }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * Polls the source until the verdict is terminal: succeeded, failed, or timed-out after
 * `timeoutSeconds` (the verdict then names who is behind). Each poll asks for the summary (counts
 * by compliance state and synced commit), and lists rows only when the summary needs them: to
 * judge or name failing configurations, and once at the end for the report — so a poll costs
 * the same at 10 or 10,000 configurations. Transient source failures are logged and polled
 * again; if they last until the deadline, the verdict is timed-out with `evidence: unavailable`
 * (the clusters' state is unknown, not failed). A failure that cannot clear before the deadline
 * (the source names a `notBefore` at or after it: a quota or Retry-After reset, or the deadline
 * itself) ends the wait at once the same way. The polls are capped by the timeout over the poll
 * interval (docs/decisions/deadline-rule.md). Other failures are thrown.
 */
export async function waitForCompliance(
  request: WaitForComplianceRequest,
): Promise<ComplianceOutcome> {
  const { clock, reporter, target, source } = request;
  const limit = request.detailLimit ?? DEFAULT_DETAIL_LIMIT;
  const started = clock.now();
  const deadline = started + request.timeoutSeconds * 1000;
  // No wait or retry past the deadline; a request at the deadline (the final look) may take the
  // final look's budget to answer.
  const call = () => ({
    deadline,
    answerBy: clock.now() < deadline ? deadline : deadline + FINAL_LOOK_BUDGET_MS,
  });
  const nonCompliantSince = new Map<string, number>();
  const options = (): ComplianceOptions => ({
    gracePeriodSeconds: request.gracePeriodSeconds,
    nonCompliantSeconds: secondsSince(nonCompliantSince, clock.now()),
    allowEmpty: request.allowEmpty ?? false,
    ignoreSuspended: request.ignoreSuspended ?? false,
  });
  let polls = 0;
  let requests = 0;
  let maxRequestsPerPoll = 0;
  let last: { summary: ComplianceSummary; verdict: Verdict; poll: number } | undefined;
  let lastError: ComplianceSourceError | undefined;
  let pollRequests = 0;
  let supersedeWarned = false;
  // Two more than the timeout allows at the interval: a clock that does not move cannot loop.
  const maxPolls =
    Math.ceil(request.timeoutSeconds / Math.max(request.pollIntervalSeconds, 0.001)) + 2;
  const count = (n: number) => {
    requests += n;
    pollRequests += n;
    maxRequestsPerPoll = Math.max(maxRequestsPerPoll, pollRequests);
  };
  const outcome = (verdict: Verdict): ComplianceOutcome => ({
    verdict,
    polls,
    requests,
    maxRequestsPerPoll,
    elapsedSeconds: Math.round((clock.now() - started) / 1000),
    ...(source.name ? { evidenceSource: source.name } : {}),
  });
  const list = async (
    summary: ComplianceSummary,
    which: ConfigurationSelection,
    options: SourceCallOptions,
  ): Promise<ListedDetails> => {
    const total = summary.groups.reduce((n, g) => n + g.configurations, 0);
    const selection = total <= limit ? 'all' : which;
    try {
      const snapshot = await source.listConfigurations(
        target,
        { which: selection, limit },
        options,
      );
      count(snapshot.requests);
      return {
        reports: snapshot.configurations,
        which: selection,
        complete:
          selection === 'all' && !snapshot.truncated && snapshot.configurations.length === total,
      };
    } catch (error) {
      if (error instanceof ComplianceSourceError) count(error.requests);
      throw error;
    }
  };
  reporter.info(
    `Waiting up to ${request.timeoutSeconds}s for every Flux configuration watching '${formatTarget(target)}' to be Compliant on commit ${target.commit}.`,
  );
  for (;;) {
    polls += 1;
    pollRequests = 0;
    try {
      const summary = await source.summarize(target, call());
      count(summary.requests);
      let verdict = evaluateSummary(summary, target, options());
      const which = summaryNeedsDetails(summary, target, options());
      const terminal = verdict.status !== 'waiting' && verdict.counts.total > 0;
      if (which || terminal) {
        const details = await list(summary, which ?? 'all', call());
        trackNonCompliance(details.reports, target, clock.now(), nonCompliantSince);
        verdict = evaluateSummary(summary, target, options(), details);
      } else {
        nonCompliantSince.clear();
      }
      if (verdict.summary !== last?.verdict.summary)
        reporter.info(`Poll ${polls}: ${verdict.summary}`);
      else reporter.debug(`Poll ${polls}: unchanged.`);
      last = { summary, verdict, poll: polls };
      lastError = undefined;
      const unsettled = verdict.counts.progressing + verdict.counts.behind > 0;
      const tolerated = verdict.status === 'failed' && unsettled && request.tolerates?.(verdict);
      if (verdict.status !== 'waiting' && !tolerated) return outcome(verdict);
      const newer = await supersededBy(summary);
      if (newer) {
        const superseded = {
          ...verdict,
          summary: `${supersededDescription(newer)}: the GitOps branch '${target.branch}' moved on to a newer promotion before the clusters reported ${shortCommit(target.commit)}, so they will never report it alone; the run of ${shortCommit(newer)} checks the deployment, nothing failed here. ${verdict.summary}`,
        };
        reporter.info(`Poll ${polls}: ${superseded.summary}`);
        return { ...outcome(superseded), supersededBy: newer };
      }
    } catch (error) {
      if (!(error instanceof ComplianceSourceError) || !error.transient) throw error;
      if (pollRequests === 0) count(error.requests);
      lastError = error;
      if (error.notBefore !== undefined && error.notBefore >= deadline) {
        reporter.warning(`Poll ${polls}: ${error.message}`);
        const early = clock.now() < deadline ? clock.now() - started : undefined;
        return outcome(unavailableVerdict(request, error, last, early));
      }
      reporter.warning(`Poll ${polls}: ${error.message} Polling again.`);
    }
    const remaining = deadline - clock.now();
    if (remaining <= 0 || polls >= maxPolls) {
      if (lastError || !last) return outcome(unavailableVerdict(request, lastError, last));
      return outcome(await timedOut(last.summary, last.verdict));
    }
    await clock.sleep(Math.min(request.pollIntervalSeconds * 1000, remaining));
  }

  /** The newer promotion, when some configurations report another commit and one replaced it. */
  async function supersededBy(summary: ComplianceSummary): Promise<string | undefined> {
    const ask = request.supersededBy;
    if (!ask || !summary.groups.some((g) => g.syncedCommit !== target.commit)) return undefined;
    try {
      return await ask();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!supersedeWarned)
        reporter.warning(
          `Could not tell whether a newer promotion replaced this one (still waiting for it): ${message}`,
        );
      else reporter.debug(`Poll ${polls}: newer promotion unknown: ${message}`);
      supersedeWarned = true;
      return undefined;
    }
  }

  /** The timed-out verdict, naming who is behind: one last listing when the summary had none. */
  async function timedOut(summary: ComplianceSummary, verdict: Verdict): Promise<Verdict> {
    const listed = verdict.configurations.length;
    if (listed >= verdict.counts.total - verdict.counts.compliant)
      return timedOutVerdict(verdict, request.timeoutSeconds);
    pollRequests = 0;
    try {
      const details = await list(summary, 'pending', call());
      return timedOutVerdict(
        evaluateSummary(summary, target, options(), details),
        request.timeoutSeconds,
      );
    } catch (error) {
      if (!(error instanceof ComplianceSourceError)) throw error;
      reporter.warning(`Listing who is behind failed: ${error.message}`);
      return timedOutVerdict(verdict, request.timeoutSeconds);
    }
  }
}

/**
 * Time ran out while the source was failing: the clusters' state is unknown. The summary says so
 * first, then what the last answer (if any) showed.
 */
function unavailableVerdict(
  request: WaitForComplianceRequest,
  error: ComplianceSourceError | undefined,
  last: { verdict: Verdict; poll: number } | undefined,
  stoppedAfterMs?: number,
): Verdict {
  const { target, timeoutSeconds } = request;
  const why = error ? `: ${error.message}` : '.';
  const head =
    stoppedAfterMs === undefined
      ? `Timed out after ${timeoutSeconds}s without evidence: the compliance source did not answer${why}`
      : `Stopped after ${Math.round(stoppedAfterMs / 1000)}s of the ${timeoutSeconds}s timeout without evidence: the compliance source cannot answer before the deadline${why}`;
  const unknown = `Whether '${formatTarget(target)}' runs commit ${shortCommit(target.commit)} is unknown.`;
  if (last) {
    const before = timedOutVerdict(last.verdict, timeoutSeconds);
    return {
      ...before,
      evidence: 'unavailable',
      summary: `${head} ${unknown} The last answer (poll ${last.poll}) said: ${last.verdict.summary}`,
    };
  }
  return {
    status: 'timed-out',
    evidence: 'unavailable',
    summary: `${head} ${unknown}`,
    target,
    configurations: [],
    counts: { total: 0, compliant: 0, failed: 0, progressing: 0, behind: 0, ignored: 0 },
    clusters: { compliant: 0, total: 0, exact: false },
  };
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
