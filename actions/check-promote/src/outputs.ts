import type { DeploymentReport } from '@kalypso/core';

/** The step outputs of a run (every output is set, empty when it does not apply). */
export function outputsOf(report: DeploymentReport): Record<string, string> {
  // Without evidence there are no counts to give: empty, not zero.
  const verdict =
    report.compliance?.verdict.evidence === 'unavailable' &&
    report.compliance.verdict.counts.total === 0
      ? undefined
      : report.compliance?.verdict;
  const counts = verdict?.clusters;
  const next = report.next;
  const nextEnvironment =
    next?.kind === 'dispatched' || next?.kind === 'awaiting-steps' || next?.kind === 'held'
      ? (next.environment ?? '')
      : '';
  return {
    'deployment-state': report.state ?? (report.error === undefined ? '' : 'failed'),
    'compliant-clusters': counts ? String(counts.compliant) : '',
    'total-clusters': counts ? String(counts.total) : '',
    'compliant-configurations': verdict ? String(verdict.counts.compliant) : '',
    'total-configurations': verdict ? String(verdict.counts.total) : '',
    'next-environment': nextEnvironment,
    dispatched: String(next?.kind === 'dispatched' && !report.dryRun),
    'promotion-complete': String(next?.kind === 'complete'),
  };
}
