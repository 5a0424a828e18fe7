// Failure thresholds in the deployment check (docs/decisions/failure-thresholds.md,
// docs/decisions/failure-thresholds-in-check-promote.md): the per-configuration verdict becomes
// one outcome per cluster, and `applyFailureThresholds` turns those into the environment's verdict.
import type { ConfigurationVerdict, Verdict } from '../compliance/types.ts';
import { clusterTypeOfPath } from '../gitops/tree.ts';
import {
  applyFailureThresholds,
  formatThreshold,
  type ClusterResult,
  type ThresholdVerdict,
} from '../policy/thresholds.ts';
import type { FailureThresholds } from '../policy/types.ts';

/** Configurations the check lists per poll when thresholds judge it: every cluster must be named. */
export const THRESHOLD_DETAIL_LIMIT = 5000;

/** The cluster type of a cluster whose kustomization paths do not name one. */
export const UNKNOWN_CLUSTER_TYPE = '(unknown)';

/**
 * `final`: the wait is over, so a cluster still behind (no evidence of the commit) is unreachable
 * and one still progressing on it failed to converge. `during`: the wait goes on, so neither is a
 * failure yet (the thresholds ask only whether the failures so far are already too many).
 */
export type JudgementMoment = 'final' | 'during';

/**
 * One outcome per cluster from the verdict's configurations: failed when one of its
 * configurations failed, deployed when all are compliant, otherwise as `moment` says. The cluster
 * type is the first folder of a kustomization path under `gitopsPath` (the GitOps layout
 * `<path>/<cluster-type>/<target>`). Undefined when the verdict does not list every configuration.
 */
export function clusterResultsOf(
  verdict: Verdict,
  moment: JudgementMoment,
  gitopsPath = '',
): ClusterResult[] | undefined {
  if (verdict.configurations.length < verdict.counts.total) return undefined;
  const clusters = new Map<string, { name: string; configurations: ConfigurationVerdict[] }>();
  for (const c of verdict.configurations) {
    const id = c.cluster.id.toLowerCase();
    const entry = clusters.get(id) ?? { name: c.cluster.name, configurations: [] };
    entry.configurations.push(c);
    clusters.set(id, entry);
  }
  return [...clusters.values()]
    .map(({ name, configurations }) => ({
      cluster: name,
      clusterType: clusterTypeOf(configurations, gitopsPath),
      outcome: outcomeOf(configurations, moment),
    }))
    .sort((a, b) => (a.cluster < b.cluster ? -1 : a.cluster > b.cluster ? 1 : 0));
}

function outcomeOf(
  configurations: readonly ConfigurationVerdict[],
  moment: JudgementMoment,
): ClusterResult['outcome'] {
  if (configurations.some((c) => c.state === 'failed')) return 'failed';
  if (configurations.every((c) => c.state === 'compliant')) return 'deployed';
  if (moment === 'during') return 'deployed';
  return configurations.some((c) => c.state === 'behind') ? 'unreachable' : 'failed';
}

function clusterTypeOf(
  configurations: readonly ConfigurationVerdict[],
  gitopsPath: string,
): string {
  for (const c of configurations)
    for (const path of c.kustomizationPaths ?? []) {
      const type = clusterTypeOfPath(path, gitopsPath);
      if (type) return type;
    }
  return UNKNOWN_CLUSTER_TYPE;
}

/**
 * The environment's verdict under `thresholds`. Fails closed: when the verdict does not list every
 * configuration, or a cluster that is not deployed has no known cluster type while `mandatory`
 * types are declared, the thresholds cannot tolerate anything and the verdict is failed with that
 * reason.
 */
export function judgeFailures(
  verdict: Verdict,
  thresholds: FailureThresholds,
  moment: JudgementMoment,
  gitopsPath?: string,
): ThresholdVerdict {
  const clusters = clusterResultsOf(verdict, moment, gitopsPath);
  if (!clusters) {
    const reason = `the check listed ${verdict.configurations.length} of ${verdict.counts.total} Flux configurations, so the failure thresholds cannot judge every cluster (at most ${THRESHOLD_DETAIL_LIMIT} are listed)`;
    return { verdict: 'failed', summary: reason, reasons: [reason], failures: [], ignored: [] };
  }
  const untyped = clusters.filter(
    (c) => c.outcome !== 'deployed' && c.clusterType === UNKNOWN_CLUSTER_TYPE,
  );
  const result = applyFailureThresholds(clusters, thresholds);
  if (untyped.length === 0 || thresholds.mandatory.length === 0) return result;
  const reason = `${untyped.length} cluster${untyped.length === 1 ? '' : 's'} not deployed without a known cluster type (${untyped
    .slice(0, 3)
    .map((c) => c.cluster)
    .join(
      ', ',
    )}${untyped.length > 3 ? ', …' : ''}), which may be mandatory (${thresholds.mandatory.join(', ')})`;
  return result.verdict === 'failed'
    ? { ...result, reasons: [...result.reasons, reason] }
    : {
        verdict: 'failed',
        summary: reason,
        reasons: [reason],
        failures: result.tolerated,
        ignored: result.ignored,
      };
}

/** Whether the failures a verdict shows so far are still within `thresholds` (the wait goes on). */
export function toleratesSoFar(
  verdict: Verdict,
  thresholds: FailureThresholds,
  gitopsPath?: string,
): boolean {
  return judgeFailures(verdict, thresholds, 'during', gitopsPath).verdict === 'deployed';
}

/** `max 5%, mandatory payments-*`: the thresholds in one line, for the summary. */
export function thresholdsText(thresholds: FailureThresholds): string {
  const parts = [`max ${formatThreshold(thresholds.max)}`];
  if (thresholds.unreachable === 'ignore') parts.push('unreachable ignored');
  if (thresholds.mandatory.length > 0) parts.push(`mandatory ${thresholds.mandatory.join(', ')}`);
  for (const { pattern, max } of thresholds.perClusterType)
    parts.push(`${pattern} ${formatThreshold(max)}`);
  return parts.join(', ');
}
