// The one commit-status vocabulary of the actions: every context and description they set or read
// back, with constructors and predicates. The texts are Kalypso-compatible and branch protections
// depend on them, so they are spelled out here and nowhere else (see
// docs/decisions/status-vocabulary.md and docs/kalypso-compatibility.md).
import type { CommitState } from '../ports.ts';

/** A commit status without its commit, context and link: what the actions decide and compare. */
export interface StatusText {
  readonly state: CommitState;
  readonly description: string;
}

/** ci-gate's default context (the `status-context` input), on the validated `main` commit. */
export const CI_STATUS_CONTEXT = 'Kalypso CI';

/** Status context of an environment, as Kalypso's branch protections expect it. */
export function environmentStatusContext(environment: string): string {
  return `${environment} environment`;
}

/** The fixed descriptions; `Superseded by <commit>` and `<n> problem(s)` come from functions. */
export const STATUS_DESCRIPTIONS = {
  /** cd-promote (and schedule clearing a failure): the environment branch names the commit. */
  promoted: 'Promoted',
  /** check-promote: the merged GitOps commit is being checked on the clusters. */
  deploying: 'Deploying',
  /** check-promote: every cluster runs it (pending while post-deployment steps decide). */
  deployed: 'Deployed',
  /** check-promote: a cluster failed, the check timed out or failed, or a later step failed. */
  failedToDeploy: 'Failed to deploy',
  /** schedule: the environment did not render or could not be proposed. */
  failedToSchedule: 'Failed to schedule',
  /**
   * check-promote: the clusters' state could not be read, so nothing says they failed. Names no
   * evidence source: the same text whichever source the `evidence` input chose.
   */
  deploymentUnknown: 'Deployment unknown: no evidence from the clusters',
  /** ci-gate: validation started. */
  validating: 'Validating the control plane',
  /** ci-gate: no problem found. */
  valid: 'Valid',
  /** ci-gate: the run stopped before a verdict (a read or the dispatch failed); see its log. */
  validationInterrupted: 'Validation did not finish: see the workflow run',
} as const;

/** What check-promote set before the evidence became source-neutral (read back, never set). */
const LEGACY_DEPLOYMENT_UNKNOWN = 'Deployment unknown: no evidence from Azure Resource Graph';

const SUPERSEDED_PREFIX = 'Superseded by ';
/** Every held description starts with this (the policy engine builds the rest: policy/evaluate.ts). */
export const HELD_PREFIX = 'Held: ';
/** GitHub keeps at most this many characters of a status description. */
export const STATUS_DESCRIPTION_LIMIT = 140;
/** The context of the promotion policy's status on GitOps pull request heads (the merge gate). */
export const POLICY_STATUS_CONTEXT = 'kalypso/policy';
/** The merge gate's pending description starts with this. */
export const FROZEN_PREFIX = 'Frozen: ';

/** `Superseded by <commit>`, with the 7-digit short id of the newer promoted commit. */
export function supersededDescription(newer: string): string {
  return `${SUPERSEDED_PREFIX}${newer.slice(0, 7)}`;
}

/** ci-gate's failure description: `1 problem`, `<n> problems`. */
export function problemsDescription(count: number): string {
  return `${count} problem${count === 1 ? '' : 's'}`;
}

/**
 * `Held: <reasons> (<when>)`, e.g. `Held: holiday-2026 freeze (opens Mon 4 Jan 08:00
 * Europe/Berlin)` or `Held: locked: INC-4211 (alice) (until unlocked)`: the promotion policy holds
 * the step into this environment. Reasons that do not fit in 140 characters become `+N more`
 * (docs/decisions/promotion-holds.md).
 */
export function heldDescription(reasons: readonly string[], when: string): string {
  return fitDescription(HELD_PREFIX, reasons, ` (${when})`);
}

/** `pending` "Held: …": the policy holds the promotion into this environment. */
export function heldStatus(hold: { readonly description: string }): StatusText {
  return { state: 'pending', description: clipDescription(hold.description) };
}

/**
 * The merge gate (`kalypso/policy` on a GitOps pull request head): `pending` "Frozen: <reasons>
 * (<when>)" while the policy closes the environment, so branch protection refuses the merge.
 */
export function frozenStatus(reasons: readonly string[], when: string): StatusText {
  return { state: 'pending', description: fitDescription(FROZEN_PREFIX, reasons, ` (${when})`) };
}

/** The merge gate open: `success` "Open", "Open (locked: drone)" or the break-glass that passed. */
export function policyOpenStatus(description: string): StatusText {
  return { state: 'success', description: clipDescription(description) };
}

/** `prefix` + as many `parts` as fit (`; `-separated, then `+N more`) + `suffix`, ≤ 140. */
export function fitDescription(prefix: string, parts: readonly string[], suffix: string): string {
  const room = STATUS_DESCRIPTION_LIMIT - prefix.length - suffix.length;
  for (let count = parts.length; count >= 1; count--) {
    const more = count < parts.length ? ` +${parts.length - count} more` : '';
    const text = parts.slice(0, count).join('; ') + more;
    if (text.length <= room) return prefix + text + suffix;
  }
  const more = parts.length > 1 ? ` +${parts.length - 1} more` : '';
  return prefix + clipText(parts[0] ?? '', room - more.length) + more + suffix;
}

/** `text` cut to the 140 characters a description holds, with `…` when cut. */
export function clipDescription(text: string): string {
  return clipText(text, STATUS_DESCRIPTION_LIMIT);
}

function clipText(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** `pending` "Promoted": the environment branch's BaseRepo names the commit. */
export function promotedStatus(): StatusText {
  return { state: 'pending', description: STATUS_DESCRIPTIONS.promoted };
}

/** `error` "Superseded by <newer>": a promotion replaced before it was deployed. */
export function supersededStatus(newer: string): StatusText {
  return { state: 'error', description: supersededDescription(newer) };
}

/** `failure` "Failed to schedule". */
export function scheduleFailureStatus(): StatusText {
  return { state: 'failure', description: STATUS_DESCRIPTIONS.failedToSchedule };
}

/** `pending` "Deploying". */
export function deployingStatus(): StatusText {
  return { state: 'pending', description: STATUS_DESCRIPTIONS.deploying };
}

/**
 * "Deployed": `success` when the next environment was started or this is the last one, `pending`
 * while post-deployment steps still decide.
 */
export function deployedStatus(settled: boolean): StatusText {
  return { state: settled ? 'success' : 'pending', description: STATUS_DESCRIPTIONS.deployed };
}

/** `failure` "Failed to deploy". */
export function deployFailureStatus(): StatusText {
  return { state: 'failure', description: STATUS_DESCRIPTIONS.failedToDeploy };
}

/**
 * `error` "Deployment unknown: …": the clusters' state could not be read (Resource Graph down,
 * throttled past the timeout, sign-in or permission failures), so nothing says they failed.
 */
export function deploymentUnknownStatus(): StatusText {
  return { state: 'error', description: STATUS_DESCRIPTIONS.deploymentUnknown };
}

/** ci-gate: `pending` "Validating the control plane". */
export function validatingStatus(): StatusText {
  return { state: 'pending', description: STATUS_DESCRIPTIONS.validating };
}

/** ci-gate's verdict: `success` "Valid" or `failure` "<n> problem(s)". */
export function validationStatus(problems: number): StatusText {
  return problems === 0
    ? { state: 'success', description: STATUS_DESCRIPTIONS.valid }
    : { state: 'failure', description: problemsDescription(problems) };
}

/**
 * ci-gate: `error` "Validation did not finish": replaces its own pending status when the run
 * fails before a verdict, so no commit is left pending by a run that has ended.
 */
export function validationInterruptedStatus(): StatusText {
  return { state: 'error', description: STATUS_DESCRIPTIONS.validationInterrupted };
}

type MaybeStatus = StatusText | undefined;

/** Pending "Promoted": promoted but not (yet) deployed, so a newer promotion supersedes it. */
export function isUndeployedPromotion(status: MaybeStatus): boolean {
  return status?.state === 'pending' && status.description === STATUS_DESCRIPTIONS.promoted;
}

/** Failure "Failed to schedule": a later successful schedule puts it back to "Promoted". */
export function isScheduleFailure(status: MaybeStatus): boolean {
  return status?.state === 'failure' && status.description === STATUS_DESCRIPTIONS.failedToSchedule;
}

/** Pending "Deploying" or "Deployed": a deployment check-promote's `mark-failed` may fail. */
export function isDeploymentInProgress(status: MaybeStatus): boolean {
  return (
    status?.state === 'pending' &&
    (status.description === STATUS_DESCRIPTIONS.deploying ||
      status.description === STATUS_DESCRIPTIONS.deployed)
  );
}

/** Pending "Held: …": the promotion policy held the step into the environment. */
export function isHeld(status: MaybeStatus): boolean {
  return status?.state === 'pending' && status.description.startsWith(HELD_PREFIX);
}

/** Error "Superseded by <commit>". */
export function isSuperseded(status: MaybeStatus): boolean {
  return status?.state === 'error' && status.description.startsWith(SUPERSEDED_PREFIX);
}

/**
 * A status check-promote set: the promotion's GitOps pull request was merged and its deployment
 * is being or was checked ("Deploying", "Deployed", "Failed to deploy", "Deployment unknown").
 */
export function isDeploymentChecked(status: MaybeStatus): boolean {
  const d = STATUS_DESCRIPTIONS;
  return (
    status !== undefined &&
    [
      d.deploying,
      d.deployed,
      d.failedToDeploy,
      d.deploymentUnknown,
      LEGACY_DEPLOYMENT_UNKNOWN,
    ].includes(status.description)
  );
}

/** "Deployed", whatever its state: the clusters of the environment run the commit. */
export function isDeployedStatus(status: MaybeStatus): boolean {
  return status?.description === STATUS_DESCRIPTIONS.deployed;
}

/** A successful ci-gate verdict ("Valid"): the commit may enter the first environment. */
export function isValidated(status: MaybeStatus): boolean {
  return status?.state === 'success';
}

/**
 * The break-glass record of cd-promote (docs/decisions/gate-checks.md): a status of its own on the
 * promoted commit, which no later step overwrites, so schedule's pull request can show it.
 */
export function chainSkipContext(environment: string): string {
  return `${environmentStatusContext(environment)}: chain skipped`;
}

const CHAIN_SKIP_PREFIX = 'Chain skipped by ';

/**
 * `success` "Chain skipped by <actor>: <reason>" (the reason cut to what a description holds):
 * the promotion was let in without the previous environment's "Deployed", deliberately.
 */
export function chainSkippedStatus(actor: string, reason: string): StatusText {
  const text = `${CHAIN_SKIP_PREFIX}${actor}: ${reason}`;
  return {
    state: 'success',
    description:
      text.length <= STATUS_DESCRIPTION_LIMIT
        ? text
        : `${text.slice(0, STATUS_DESCRIPTION_LIMIT - 1)}…`,
  };
}

/** Who skipped the chain and why, read back from `chainSkippedStatus`; undefined for anything else. */
export function chainSkipOf(status: MaybeStatus): { actor: string; reason: string } | undefined {
  if (!status?.description.startsWith(CHAIN_SKIP_PREFIX)) return undefined;
  const rest = status.description.slice(CHAIN_SKIP_PREFIX.length);
  const colon = rest.indexOf(': ');
  return colon < 1 ? undefined : { actor: rest.slice(0, colon), reason: rest.slice(colon + 2) };
}

/**
 * The failure thresholds' verdict on the promoted commit, next to `<env> environment` (which keeps
 * Kalypso's exact "Deployed" / "Failed to deploy"): docs/decisions/failure-thresholds-in-check-promote.md.
 */
export function failureThresholdContext(environment: string): string {
  return `${environmentStatusContext(environment)}: failure threshold`;
}

/**
 * `success` "3 of 400 clusters failed (threshold 5%)" when the thresholds tolerated the failures,
 * `failure` with the first exceeded threshold otherwise.
 */
export function failureThresholdStatus(tolerated: boolean, summary: string): StatusText {
  return { state: tolerated ? 'success' : 'failure', description: clipDescription(summary) };
}
