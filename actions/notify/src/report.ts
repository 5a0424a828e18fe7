// The outputs and the job summary of a notify run: pure functions of its report.
import { code, codeBlock, factsTable, messageOf, shortSha, type NotifyReport } from '@kalypso/core';

/** Every output, also when the run stopped early. */
export function outputsOf(report: NotifyReport): Record<string, string> {
  return {
    'promoted-commit': report.promotedCommit ?? '',
    dispatched: String(report.dispatched !== undefined && !report.dryRun),
  };
}

/** Why the run fails: what stopped it, if anything. */
export function failureOf(report: NotifyReport): string | undefined {
  return report.error === undefined ? undefined : messageOf(report.error);
}

/** The job summary of a notify run, success or failure. */
export function summaryOf(report: NotifyReport): string {
  const env = code(report.environment);
  const gitopsCommit = report.gitops.commit ? code(shortSha(report.gitops.commit)) : '';
  const commit = gitopsCommit ? ` ${gitopsCommit}` : '';
  const promoted = report.promotedCommit ? code(shortSha(report.promotedCommit)) : undefined;
  const what = promoted ? `promotion of ${promoted}` : 'merge';
  const lines: string[] = [];
  if (report.error !== undefined) {
    const message = messageOf(report.error);
    lines.push(`## ❌ ${env}${commit}: could not start check-promote`, '', codeBlock(message), '');
  } else if (report.dryRun) {
    lines.push(`## ✅ ${env}${commit}: dry run: would start check-promote for this ${what}`, '');
  } else {
    lines.push(`## ✅ ${env}${commit}: started check-promote for this ${what}`, '');
  }
  const rows: [string, string][] = [];
  if (gitopsCommit)
    rows.push([
      'GitOps commit',
      `${gitopsCommit} on ${code(report.gitops.branch)} of ${report.gitops.repository}`,
    ]);
  rows.push(['Promoted commit', promoted ?? 'none (not a promotion)']);
  const dispatched = report.dispatched;
  if (dispatched)
    rows.push([
      'Next',
      `${report.dryRun ? 'would start' : 'started'} ${code(dispatched.workflow)} on ${code(dispatched.ref)} in ${dispatched.repository}`,
    ]);
  return [...lines, ...factsTable(rows), ''].join('\n');
}
