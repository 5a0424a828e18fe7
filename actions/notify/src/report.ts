// The outputs and the job summary of a notify run: pure functions of its report.
import type { NotifyReport } from '@kalypso/core';
import { codeBlock } from '@kalypso/github';

const short = (sha: string) => sha.slice(0, 7);

export function outputsOf(report: NotifyReport): Record<string, string> {
  return {
    'promoted-commit': report.promotedCommit ?? '',
    dispatched: String(report.dispatched !== undefined && !report.dryRun),
  };
}

export function notifySummary(report: NotifyReport): string {
  const env = `\`${report.environment}\``;
  const commit = report.gitops.commit ? ` \`${short(report.gitops.commit)}\`` : '';
  const what = report.promotedCommit ? `promotion of \`${short(report.promotedCommit)}\`` : 'merge';
  const lines: string[] = [];
  if (report.error !== undefined) {
    const message =
      report.error instanceof Error ? report.error.message : String(report.error as string);
    lines.push(`## ❌ ${env}${commit}: could not start check-promote`, '', codeBlock(message), '');
  } else if (report.dryRun) {
    lines.push(`## ✅ ${env}${commit}: dry run: would start check-promote for this ${what}`, '');
  } else {
    lines.push(`## ✅ ${env}${commit}: started check-promote for this ${what}`, '');
  }
  lines.push('| | |', '| --- | --- |');
  if (report.gitops.commit)
    lines.push(
      `| GitOps commit | \`${short(report.gitops.commit)}\` on \`${report.gitops.branch}\` of ${report.gitops.repository} |`,
    );
  lines.push(
    `| Promoted commit | ${report.promotedCommit ? `\`${short(report.promotedCommit)}\`` : 'none (not a promotion)'} |`,
  );
  const dispatched = report.dispatched;
  if (dispatched)
    lines.push(
      `| Next | ${report.dryRun ? 'would start' : 'started'} \`${dispatched.workflow}\` on \`${dispatched.ref}\` in ${dispatched.repository} |`,
    );
  return [...lines, ''].join('\n');
}
