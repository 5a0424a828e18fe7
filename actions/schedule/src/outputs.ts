import * as core from '@actions/core';
import { formatProblem, type Reporter } from '@kalypso/core';
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
    for (const [name, value] of Object.entries(EMPTY)) core.setOutput(name, value);
  } else {
    const { result, gitops } = outcome;
    const { added, changed, removed } = result.plan;
    core.setOutput('pull-request-number', result.pullRequest?.number ?? '');
    core.setOutput('pull-request-url', result.pullRequest?.url ?? '');
    core.setOutput('pull-request-operation', result.operation);
    core.setOutput('assignments', outcome.assignments);
    core.setOutput('files-changed', added.length + changed.length + removed.length);
    core.setOutput('promoted', result.plan.promoted);
    core.setOutput('promoted-commit', outcome.promotedCommit);
    core.setOutput('gitops-repository', gitops.repository);
    core.setOutput('gitops-branch', gitops.base);
  }
  if (outcome.kind !== 'error') {
    for (const warning of outcome.warnings ?? []) {
      const where = warning.file
        ? { file: warning.file, ...(warning.line ? { line: warning.line } : {}) }
        : undefined;
      reporter.warning(formatProblem(warning), where);
    }
  }
  if (outcome.kind !== 'problems') return;
  for (const problem of outcome.problems) {
    const where = problem.file
      ? { file: problem.file, ...(problem.line ? { line: problem.line } : {}) }
      : undefined;
    reporter.error(formatProblem(problem), where);
  }
}
