import { matchesGlob } from './glob.ts';
import type { FailureThresholds, Threshold } from './types.ts';

/** What the deployment check found for one cluster. */
export type ClusterOutcome = 'deployed' | 'failed' | 'unreachable';

export interface ClusterResult {
  readonly cluster: string;
  readonly clusterType: string;
  /** `unreachable`: no evidence from the cluster (no report, or the source could not say). */
  readonly outcome: ClusterOutcome;
}

export type ThresholdVerdict =
  | {
      readonly verdict: 'deployed';
      /** `400 of 400 clusters deployed` or `3 of 400 clusters failed (threshold 5%)`. */
      readonly summary: string;
      /** Failed or unreachable clusters the thresholds tolerated, to list in the summary. */
      readonly tolerated: readonly ClusterResult[];
      /** Unreachable clusters left out by `unreachable: ignore`. */
      readonly ignored: readonly ClusterResult[];
    }
  | {
      readonly verdict: 'failed';
      /** The first reason, for the status: `21 of 400 clusters failed (threshold 5%)`. */
      readonly summary: string;
      /** Every threshold that was exceeded, and every mandatory cluster type that failed. */
      readonly reasons: readonly string[];
      /** Every failed (or counted unreachable) cluster. */
      readonly failures: readonly ClusterResult[];
      readonly ignored: readonly ClusterResult[];
    };

/** No policy: any failure fails, as the check always did. */
const STRICT: FailureThresholds = {
  max: { type: 'count', count: 0 },
  unreachable: 'count',
  mandatory: [],
  perClusterType: [],
};

/**
 * A threshold in clusters for `total` clusters: a count as it is, a percentage rounded up
 * (ceil(p × N / 100)) once, at the start of the check, as Azure Kubernetes Fleet does.
 */
export function resolveThreshold(threshold: Threshold, total: number): number {
  if (threshold.type === 'count') return threshold.count;
  // Rounded to 1e-9 first, so that 7% of 100 is 7 and not 8 by floating-point noise.
  return Math.ceil(Math.round(((threshold.percent * total) / 100) * 1e9) / 1e9);
}

/** `5%` or `5`, as written in the policy. */
export function formatThreshold(threshold: Threshold): string {
  return threshold.type === 'count' ? String(threshold.count) : `${threshold.percent}%`;
}

/**
 * Turns per-cluster outcomes into the environment's verdict (docs/decisions/failure-thresholds.md):
 * failed when the counted failures exceed `max` over all clusters or `perClusterType` over the
 * clusters of one type, when any cluster of a `mandatory` type is not deployed (unreachable
 * included, whatever `unreachable` says), or when no cluster counts at all; deployed otherwise,
 * with the tolerated failures listed.
 */
export function applyFailureThresholds(
  clusters: readonly ClusterResult[],
  thresholds: FailureThresholds = STRICT,
): ThresholdVerdict {
  const ignoreUnreachable = thresholds.unreachable === 'ignore';
  const isMandatory = (c: ClusterResult) =>
    thresholds.mandatory.some((p) => matchesGlob(p, c.clusterType));
  const ignored = clusters.filter(
    (c) => c.outcome === 'unreachable' && ignoreUnreachable && !isMandatory(c),
  );
  const counted = clusters.filter((c) => !ignored.includes(c));
  const failures = counted.filter((c) => c.outcome !== 'deployed');
  const reasons: string[] = [];

  if (counted.length === 0)
    reasons.push(
      clusters.length === 0
        ? 'no cluster reported on this deployment'
        : `all ${clusters.length} clusters are unreachable`,
    );
  const mandatoryFailures = failures.filter(isMandatory);
  for (const type of [...new Set(mandatoryFailures.map((c) => c.clusterType))].sort()) {
    const names = mandatoryFailures.filter((c) => c.clusterType === type).map((c) => c.cluster);
    reasons.push(`mandatory cluster type ${type} failed on ${listNames(names)}`);
  }
  const max = resolveThreshold(thresholds.max, counted.length);
  if (counted.length > 0 && failures.length > max)
    reasons.push(
      `${failedText(failures, counted.length)} (threshold ${formatThreshold(thresholds.max)})`,
    );
  for (const { pattern, max: typeMax } of thresholds.perClusterType) {
    const types = [...new Set(counted.map((c) => c.clusterType))]
      .filter((t) => matchesGlob(pattern, t))
      .sort();
    for (const type of types) {
      const ofType = counted.filter((c) => c.clusterType === type);
      const failed = ofType.filter((c) => c.outcome !== 'deployed');
      if (failed.length > resolveThreshold(typeMax, ofType.length))
        reasons.push(
          `${failedText(failed, ofType.length)} of type ${type} (threshold ${formatThreshold(typeMax)} for ${pattern})`,
        );
    }
  }
  if (reasons.length > 0)
    return { verdict: 'failed', summary: reasons[0]!, reasons, failures, ignored };
  const summary =
    failures.length === 0
      ? `${counted.length} of ${counted.length} clusters deployed`
      : `${failedText(failures, counted.length)} (threshold ${formatThreshold(thresholds.max)})`;
  return {
    verdict: 'deployed',
    summary: ignored.length > 0 ? `${summary}; ${ignored.length} unreachable ignored` : summary,
    tolerated: failures,
    ignored,
  };
}

function failedText(failed: readonly ClusterResult[], total: number): string {
  const unreachable = failed.filter((c) => c.outcome === 'unreachable').length;
  const note =
    unreachable === 0
      ? ''
      : unreachable === failed.length
        ? ', all unreachable'
        : `, ${unreachable} unreachable`;
  return `${failed.length} of ${total} clusters failed${note}`;
}

function listNames(names: readonly string[]): string {
  return names.length <= 3
    ? names.join(', ')
    : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}
