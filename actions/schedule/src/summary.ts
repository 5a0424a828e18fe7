import {
  code,
  codeBlock,
  commitLink,
  count,
  factsTable,
  folded,
  formatProblem,
  shortSha,
  summaryLine,
  planMarkdown,
  type EnvironmentScheduleReport,
  type Problem,
  type PublishResult,
} from '@kalypso/core';

/** What the run found: the use case's report (or the error that stopped it). */
export type ScheduleOutcome = EnvironmentScheduleReport;

export interface ScheduleReport {
  serverUrl: string;
  repository: string;
  environment: string;
  dryRun: boolean;
  outcome: ScheduleOutcome;
}

/** Problems shown before the rest goes into a collapsed list. */
const SHOWN_PROBLEMS = 10;

/** The job summary of a schedule run, success or failure: a pure function of the report. */
export function scheduleSummary(report: ScheduleReport): string {
  const { outcome, environment } = report;
  const env = code(environment);
  if (outcome.kind === 'error')
    return [`## ❌ Scheduling ${env} failed`, '', codeBlock(outcome.message), ''].join('\n');
  if (outcome.kind === 'problems') return problemsSummary(report, outcome);
  const { result, gitops } = outcome;
  const pr = result.pullRequest
    ? `[#${result.pullRequest.number}](${result.pullRequest.url})`
    : undefined;
  const verdict = report.dryRun
    ? `## ⏭️ Dry run for ${env}: ${dryRunVerdict(result.wouldDo, pr)}`
    : {
        created: `## ✅ Scheduled ${env}: opened pull request ${pr}`,
        updated: `## ✅ Scheduled ${env}: updated pull request ${pr}`,
        closed: `## ✅ Scheduled ${env}: nothing left to propose, closed pull request ${pr}`,
        none: pr
          ? `## ⏭️ Scheduled ${env}: pull request ${pr} already proposes this content`
          : `## ⏭️ Scheduled ${env}: the GitOps branch already holds the rendered environment`,
      }[result.operation];
  const gitopsUrl = `${report.serverUrl}/${gitops.repository}`;
  const cpUrl = `${report.serverUrl}/${report.repository}`;
  const plan = result.plan;
  const rows: [string, string][] = [
    [
      'GitOps branch',
      `[${code(`${gitops.repository}@${gitops.base}`)}](${gitopsUrl}/tree/${gitops.base}) at ${code(shortSha(result.baseHead))}`,
    ],
    ['Pull request branch', code(gitops.branch)],
    [
      'Promoted commit',
      outcome.promotedCommit
        ? `${commitLink(cpUrl, outcome.promotedCommit)}${plan.promoted ? ' (new: label `promoted`)' : ''}`
        : 'none',
    ],
    ['Assignments', String(outcome.assignments)],
    [
      'Files',
      `${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed`,
    ],
  ];
  const details = planMarkdown(plan);
  return [
    verdict,
    '',
    ...factsTable(rows),
    ...(details ? ['', details] : []),
    ...warningLines(outcome.warnings ?? []),
    '',
  ].join('\n');
}

/** The warnings of a run, collapsed: shown, never failing it. */
function warningLines(warnings: readonly Problem[]): string[] {
  if (warnings.length === 0) return [];
  return [
    '',
    ...folded(
      `⚠️ ${count(warnings.length, 'warning')} (not failing the run)`,
      warnings.map((w) => `- ${summaryLine(problemLine(w))}`),
    ),
  ];
}

function dryRunVerdict(would: PublishResult['wouldDo'], pr: string | undefined): string {
  if (would === 'created') return 'would open a pull request';
  if (would === 'updated') return `would update pull request ${pr}`;
  if (would === 'closed') return `would close pull request ${pr}`;
  return 'nothing to propose';
}

function problemsSummary(
  report: ScheduleReport,
  outcome: Extract<ScheduleOutcome, { kind: 'problems' }>,
): string {
  const problems = outcome.problems.length;
  const lines = outcome.problems.map((p) => `- ${summaryLine(problemLine(p))}`);
  const cpUrl = `${report.serverUrl}/${report.repository}`;
  const status = outcome.statusSetOn
    ? `Commit status ${code(`${report.environment} environment`)} = failure on ${commitLink(cpUrl, outcome.statusSetOn)}. No pull request was opened or changed.`
    : 'No commit status set. No pull request was opened or changed.';
  const shown = lines.slice(0, SHOWN_PROBLEMS);
  const rest = lines.slice(SHOWN_PROBLEMS);
  return [
    `## ❌ ${code(report.environment)} cannot be scheduled: ${count(problems, 'problem')} in the control plane`,
    '',
    status,
    '',
    ...shown,
    ...(rest.length > 0 ? ['', ...folded(`and ${rest.length} more`, rest)] : []),
    ...warningLines(outcome.warnings ?? []),
    '',
  ].join('\n');
}

/** `file:line` in code style, then the object and message. */
function problemLine(problem: Problem): string {
  if (!problem.file) return formatProblem(problem);
  const where = code(`${problem.file}${problem.line ? `:${problem.line}` : ''}`);
  const { file: _file, line: _line, ...rest } = problem;
  // inert: the caller wraps it (summaryLine)
  return `${where} ${formatProblem(rest)}`;
}
