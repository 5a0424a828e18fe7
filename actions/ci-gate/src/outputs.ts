// The outputs, annotations and verdict of a ci-gate run: pure functions of its report.
import { messageOf, type MainCommitReport, type Problem } from '@kalypso/core';

/** Every output, also when the run stopped early (not valid, nothing dispatched). */
export function outputsOf(report: MainCommitReport): Record<string, string | number | boolean> {
  const checked = report.error === undefined ? report : undefined;
  return {
    valid: checked ? checked.problems.length === 0 : false,
    'first-environment': checked?.firstEnvironment ?? '',
    dispatched: checked?.dispatched ?? false,
    problems: checked?.problems.length ?? 0,
  };
}

/** Every warning and problem, at its file and line (none when the run stopped early). */
export function annotationsOf(report: MainCommitReport): readonly Problem[] {
  return report.error === undefined ? [...report.warnings, ...report.problems] : [];
}

/** Why the run fails: what stopped it, or the problems of the control plane. */
export function failureOf(report: MainCommitReport): string | undefined {
  if (report.error !== undefined) return messageOf(report.error);
  if (report.problems.length > 0)
    return `The control plane has ${report.problems.length} problem(s) (listed above and in the job summary).`;
  return undefined;
}
