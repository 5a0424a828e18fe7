// The outputs, annotations and verdict of a schedule run: pure functions of its report.
import {
  encodeShardPlan,
  messageOf,
  planCounts,
  type Problem,
  type ScheduleRunReport,
} from '@kalypso/core';

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
  shards: '[]',
  plan: '',
  'shard-ref': '',
};

/** Every step output, so later steps can always read them. */
export function outputsOf(report: ScheduleRunReport): Record<string, string | number | boolean> {
  if (report.kind === 'planned')
    return {
      ...EMPTY,
      assignments: report.plan.assignments,
      shards: JSON.stringify(Array.from({ length: report.plan.shards }, (_, i) => i)),
      plan: encodeShardPlan(report.plan),
    };
  if (report.kind === 'shard-rendered')
    return { ...EMPTY, assignments: report.assignments, 'shard-ref': report.ref };
  if (report.kind !== 'published') return EMPTY;
  const { result, gitops } = report;
  const { added, changed, removed } = planCounts(result.plan);
  return {
    'pull-request-number': result.pullRequest?.number ?? '',
    'pull-request-url': result.pullRequest?.url ?? '',
    'pull-request-operation': result.operation,
    assignments: report.assignments,
    'files-changed': added + changed + removed,
    promoted: result.plan.promoted,
    'promoted-commit': report.promotedCommit,
    'gitops-repository': gitops.repository,
    'gitops-branch': gitops.base,
    shards: '[]',
    plan: '',
    'shard-ref': '',
  };
}

/** Every warning, and every problem of a run the control plane stopped (none after an error). */
export function annotationsOf(report: ScheduleRunReport): readonly Problem[] {
  if (report.kind === 'error') return [];
  return [...(report.warnings ?? []), ...(report.kind === 'problems' ? report.problems : [])];
}

/** Why the run fails: what stopped it, or the problems of the control plane. */
export function failureOf(report: ScheduleRunReport): string | undefined {
  if (report.kind === 'error') return messageOf(report.error);
  if (report.kind === 'problems')
    return `'${report.environment}' cannot be scheduled: ${report.problems.length} problem(s) in the control plane (listed above and in the job summary).`;
  return undefined;
}
