import { codeBlock, summaryLine } from '@kalypso/github';
import { formatProblem, type MainCommitReport, type Problem } from '@kalypso/core';

/** What the run found: the use case's report, or the error that stopped it. */
export type GateOutcome =
  ({ kind: 'checked' } & MainCommitReport) | { kind: 'error'; message: string };

export interface GateReport {
  serverUrl: string;
  repository: string;
  commit: string;
  cdWorkflow: string;
  checkEnvironments: boolean;
  dryRun: boolean;
  outcome: GateOutcome;
}

const SHOWN_PROBLEMS = 10;

/** The job summary of a ci-gate run, success or failure: a pure function of the report. */
export function gateSummary(report: GateReport): string {
  const { outcome } = report;
  const sha = report.commit.slice(0, 7);
  const link = `[\`${sha}\`](${report.serverUrl}/${report.repository}/commit/${report.commit})`;
  if (outcome.kind === 'error')
    return [`## ❌ Checking ${link} failed`, '', codeBlock(outcome.message), ''].join('\n');
  const count = outcome.problems.length;
  const verdict =
    count === 0
      ? `## ✅ ${link} is valid`
      : `## ❌ ${link} has ${count} problem${count === 1 ? '' : 's'}`;
  const cd = outcome.dispatched
    ? `dispatched \`${report.cdWorkflow}\` for \`${outcome.firstEnvironment}\``
    : report.dryRun
      ? 'not started (dry run)'
      : 'not started';
  const envs = !report.checkEnvironments
    ? 'not checked (`check-environments: false`)'
    : outcome.environments.length === 0
      ? 'none'
      : outcome.environments
          .map((e) => `\`${e}\` ${outcome.broken.includes(e) ? '❌' : '✅'}`)
          .join(', ');
  const lines = outcome.problems.map((p) => `- ${summaryLine(formatProblem(p))}`);
  const rest = lines.slice(SHOWN_PROBLEMS);
  return [
    verdict,
    '',
    '| | |',
    '| --- | --- |',
    `| Environments rendered with this main | ${envs} |`,
    `| CD | ${cd} |`,
    '',
    ...lines.slice(0, SHOWN_PROBLEMS),
    ...(rest.length > 0
      ? [
          '',
          `<details><summary>and ${rest.length} more</summary>`,
          '',
          ...rest,
          '',
          '</details>',
          '',
        ]
      : []),
    ...warningLines(outcome.warnings ?? []),
  ].join('\n');
}

/** The warnings section of a summary: what the original accepts but is probably a mistake. */
function warningLines(warnings: readonly Problem[]): string[] {
  if (warnings.length === 0) return [];
  const count = `${warnings.length} warning${warnings.length === 1 ? '' : 's'}`;
  return [
    '',
    `<details><summary>⚠️ ${count} (not failing the run)</summary>`,
    '',
    ...warnings.map((w) => `- ${formatProblem(w)}`),
    '',
    '</details>',
    '',
  ];
}
