import type { Reporter } from '@kalypso/core';
import { reportProblems, setOutputs } from '@kalypso/github';
import type { ScheduleOutcome } from './summary.ts';

/** Every output, empty (or 0 / none / false) when the run did not get that far. */
const EMPTY: Record<string, string> = {
  'pull-request-number': '',
  'pull-request-url': '',
  'pull-request-operation': 'none',
  assignments: '0',
  'files-changed': '0',
  promoted: 'false',
  'promoted-commit': '',
  'gitops-repository': '',
  'gitops-branch': '',
};

/**
 * Sets every step output (so later steps can always read them), annotates every warning, and
 * every problem of a failed run.
 */
export function reportOutcome(outcome: ScheduleOutcome, reporter: Reporter): void {
  if (outcome.kind !== 'published') {
    setOutputs(EMPTY);
  } else {
    const { result, gitops } = outcome;
    const { added, changed, removed } = result.plan;
    setOutputs({
      'pull-request-number': result.pullRequest?.number ?? '',
      'pull-request-url': result.pullRequest?.url ?? '',
      'pull-request-operation': result.operation,
      assignments: outcome.assignments,
      'files-changed': added.length + changed.length + removed.length,
      promoted: result.plan.promoted,
      'promoted-commit': outcome.promotedCommit,
      'gitops-repository': gitops.repository,
      'gitops-branch': gitops.base,
    });
  }
  if (outcome.kind !== 'error') reportProblems(outcome.warnings ?? [], reporter);
  if (outcome.kind === 'problems') reportProblems(outcome.problems, reporter);
}
