import type { CommitState, ComplianceOutcome } from '@kalypso/core';
import type { Mode } from './inputs.ts';

export type DeploymentState = 'succeeded' | 'failed' | 'timed-out';

/** What happens after this environment. */
export type NextStep =
  /** The CD workflow of the next environment was dispatched. */
  | { readonly kind: 'dispatched'; readonly environment: string; readonly workflow: string }
  /** Deployed; post-deployment steps follow, then `mode: promote-next` starts the next one. */
  | { readonly kind: 'held'; readonly environment: string | undefined }
  /** The last environment of the chain is deployed. */
  | { readonly kind: 'complete' }
  /** A merge that is not a promotion: nothing follows. */
  | { readonly kind: 'not-promotion' }
  /** The deployment failed: the chain stops here. */
  | { readonly kind: 'stopped' }
  /** `mode: notify`: check-promote was started in the control-plane repository. */
  | { readonly kind: 'notified'; readonly workflow: string; readonly repository: string };

/** Everything a run found and did, filled in as it goes so a failure still reports the rest. */
export interface CheckPromoteReport {
  mode: Mode;
  environment: string;
  /** `https://github.com/owner/control-plane`. */
  controlPlaneUrl: string;
  runUrl?: string;
  promotedCommit?: string;
  gitops?: { url: string; branch: string; commit: string };
  compliance?: ComplianceOutcome;
  state?: DeploymentState;
  /** Commit statuses set on the promoted commit, in order. */
  statuses: { state: CommitState; description: string }[];
  next?: NextStep;
  /** What stopped the run, besides a failed or timed-out verdict. */
  error?: string;
}

/** The step outputs of a run (every output is set, empty when it does not apply). */
export function outputsOf(report: CheckPromoteReport): Record<string, string> {
  // Without evidence there are no counts to give: empty, not zero.
  const verdict =
    report.compliance?.verdict.evidence === 'unavailable' &&
    report.compliance.verdict.counts.total === 0
      ? undefined
      : report.compliance?.verdict;
  const counts = verdict?.clusters;
  const next = report.next;
  const nextEnvironment =
    next?.kind === 'dispatched' || next?.kind === 'held' ? (next.environment ?? '') : '';
  return {
    'deployment-state': report.state ?? (report.error ? 'failed' : ''),
    'compliant-clusters': counts ? String(counts.compliant) : '',
    'total-clusters': counts ? String(counts.total) : '',
    'compliant-configurations': verdict ? String(verdict.counts.compliant) : '',
    'total-configurations': verdict ? String(verdict.counts.total) : '',
    'next-environment': nextEnvironment,
    dispatched: String(next?.kind === 'dispatched' || next?.kind === 'notified'),
    'promotion-complete': String(next?.kind === 'complete'),
  };
}
