// Outputs, job summary and verdict of a preview run: pure functions of its outcome.
import {
  codeBlock,
  previewMarkdown,
  SUMMARY_LIMIT,
  type PreviewReport,
  type Problem,
} from '@kalypso/core';

/** A problem the lint marks as a warning (annotated, never failing the check). */
export function isWarning(problem: Problem): boolean {
  return problem.severity === 'warning';
}

export type PreviewOutcome =
  { kind: 'previewed'; report: PreviewReport } | { kind: 'error'; message: string };

/** Every output, also when the run stopped early. */
export function previewOutputs(outcome: PreviewOutcome): Record<string, string> {
  const report = outcome.kind === 'previewed' ? outcome.report : undefined;
  return {
    changed: String(report?.changed ?? false),
    removals: String(report?.removals.length ?? 0),
    blocked: String(report?.blocked ?? false),
    problems: String(report?.annotations.filter((p) => !isWarning(p)).length ?? 0),
    'comment-url': report && 'url' in report.comment ? report.comment.url : '',
  };
}

/** The job summary: the whole preview (up to the summary's size), or what went wrong. */
export function previewSummary(outcome: PreviewOutcome): string {
  if (outcome.kind === 'error')
    return ['## ❌ The preview failed', '', codeBlock(outcome.message), ''].join('\n');
  return previewMarkdown(outcome.report, { limit: SUMMARY_LIMIT, marker: false });
}

/** Why the check fails, or undefined when it passes. */
export function previewFailure(outcome: PreviewOutcome): string | undefined {
  if (outcome.kind === 'error') return outcome.message;
  const { report } = outcome;
  const broken = report.environments.filter((e) => e.kind === 'problems').length;
  const errors = report.annotations.filter((p) => !isWarning(p)).length;
  const reasons: string[] = [];
  if (errors > 0 || broken > 0)
    reasons.push(
      `the control plane has ${errors} problem(s) with this pull request${broken > 0 ? ` (${broken} environment(s) cannot be rendered)` : ''}; they are listed above and in the job summary`,
    );
  if (report.blocked)
    reasons.push(
      `it removes deployments (${report.removals.length} removal(s)); review them in the preview and add the label '${report.allowRemovalLabel}' to the pull request to allow it`,
    );
  return reasons.length === 0 ? undefined : `The preview fails: ${reasons.join('; ')}.`;
}
