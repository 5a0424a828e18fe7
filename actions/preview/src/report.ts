// Outputs, job summary, annotations and verdict of a preview run: pure functions of its report.
import {
  codeBlock,
  messageOf,
  previewMarkdown,
  SUMMARY_LIMIT,
  type PreviewReport,
  type Problem,
} from '@kalypso/core';

/** A problem the lint marks as a warning (annotated, never failing the check). */
export function isWarning(problem: Problem): boolean {
  return problem.severity === 'warning';
}

/**
 * The outputs of a run. A run that stopped early knows nothing of the change: only
 * `comment-url` (empty) is set, the others stay unset rather than claim "no change".
 */
export function outputsOf(report: PreviewReport): Record<string, string> {
  if (report.error !== undefined) return { 'comment-url': '' };
  return {
    changed: String(report.changed),
    removals: String(report.removals.length),
    blocked: String(report.blocked),
    problems: String(report.annotations.filter((p) => !isWarning(p)).length),
    'comment-url': 'url' in report.comment ? report.comment.url : '',
  };
}

/** Every problem and warning, at its file and line (none when the run stopped early). */
export function annotationsOf(report: PreviewReport): readonly Problem[] {
  return report.error === undefined ? report.annotations : [];
}

/** The job summary: the whole preview (up to the summary's size), or what went wrong. */
export function summaryOf(report: PreviewReport): string {
  if (report.error !== undefined)
    return ['## ❌ The preview failed', '', codeBlock(messageOf(report.error)), ''].join('\n');
  return previewMarkdown(report, { limit: SUMMARY_LIMIT, marker: false });
}

/** Why the check fails, or undefined when it passes. */
export function failureOf(report: PreviewReport): string | undefined {
  if (report.error !== undefined) return messageOf(report.error);
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
