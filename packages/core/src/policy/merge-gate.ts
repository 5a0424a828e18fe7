// The merge gate (docs/decisions/policy-merge-gate.md): the `kalypso/policy` commit status on the
// head of a GitOps pull request, so that branch protection refuses a human merge while the
// environment is frozen or locked.
import { frozenStatus, policyOpenStatus, type StatusText } from '../status/vocabulary.ts';
import { evaluatePolicy, type PolicyEvaluationInput } from './evaluate.ts';
import type { PolicyConfig } from './types.ts';

/** What the merge gate is evaluated from: the policy, the environment's locks and the time. */
export type MergeGateInput = Pick<
  PolicyEvaluationInput,
  'environment' | 'policy' | 'locks' | 'now'
>;

/**
 * `pending` "Frozen: <reasons> (<when>)" while a freeze, a closed allow window or a lock holds the
 * environment; `success` "Open" (or "Open (locked: <cluster types>)") otherwise. Soak and trains
 * are left out: they decide when a promotion starts, and its pull request exists only once it has.
 */
export function mergeGateStatus(input: MergeGateInput): StatusText {
  const evaluation = evaluatePolicy({ ...input, policy: withoutStartRules(input.policy) });
  return evaluation.verdict === 'held'
    ? frozenStatus(
        evaluation.reasons.map((r) => r.text),
        evaluation.when,
      )
    : policyOpenStatus(evaluation.description);
}

function withoutStartRules(policy: PolicyConfig): PolicyConfig {
  return {
    ...policy,
    environments: policy.environments.map(({ soak: _soak, train: _train, ...rest }) => rest),
  };
}

// What the sweeper's refresh of the gates did (refreshMergeGates, publish/refresh-merge-gates.ts).
/** One gate set: the pull request, the status it had (if any) and the one set. */
export interface RefreshedGate {
  environment: string;
  pullRequest: number;
  before?: StatusText;
  after: StatusText;
}

export interface MergeGateRefreshReport {
  refreshed: RefreshedGate[];
  /** Environments whose gate was already right. */
  unchanged: string[];
  /** Environments whose gate could not be refreshed, with why (warnings, never failures). */
  failed: { environment: string; message: string }[];
}
