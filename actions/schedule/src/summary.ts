import {
  code,
  codeBlock,
  commitLink,
  count,
  factsTable,
  folded,
  formatProblem,
  messageOf,
  shortSha,
  summaryLine,
  planCounts,
  planMarkdown,
  table,
  text,
  warningLines,
  type EnvironmentScheduleReport,
  type Problem,
  type ScheduleRunReport,
  type ShardStepReport,
  type PublishResult,
} from '@kalypso/core';

/** Problems shown before the rest goes into a collapsed list. */
const SHOWN_PROBLEMS = 10;

/** The job summary of a schedule run, success or failure: a pure function of the report. */
export function summaryOf(report: ScheduleRunReport): string {
  const { environment } = report;
  const env = code(environment);
  if (report.kind === 'error')
    return [`## ❌ Scheduling ${env} failed`, '', codeBlock(messageOf(report.error)), ''].join(
      '\n',
    );
  if (report.kind === 'problems') return problemsSummary(report);
  if (report.kind === 'planned' || report.kind === 'shard-rendered') return shardSummary(report);
  const { result, gitops } = report;
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
      report.promotedCommit
        ? `${commitLink(cpUrl, report.promotedCommit)}${plan.promoted ? ' (new: label `promoted`)' : ''}`
        : 'none',
    ],
    ['Assignments', String(report.assignments)],
    ...(result.autoMerge
      ? ([
          [
            'Auto-merge',
            result.autoMerge.enabled
              ? `on (${result.autoMerge.method})`
              : '⚠️ not enabled (why, below)',
          ],
        ] as [string, string][])
      : []),
    [
      'Files',
      `${planCounts(plan).added} added, ${planCounts(plan).changed} changed, ${planCounts(plan).removed} removed`,
    ],
  ];
  const details = planMarkdown(plan);
  const refused =
    result.autoMerge && !result.autoMerge.enabled
      ? [
          '',
          `⚠️ **Auto-merge is not enabled** on ${pr ?? 'the pull request'}: ${text(result.autoMerge.reason)}`,
        ]
      : [];
  if ('joined' in report && report.joined)
    rows.push([
      'Shards',
      `${report.joined.shards} joined; their refs ${report.joined.removed ? 'deleted' : '⚠️ not deleted (see the log)'}`,
    ]);
  return [
    verdict,
    '',
    ...factsTable(rows),
    ...refused,
    ...(details ? ['', details] : []),
    ...warningLines(report.warnings ?? [], problemLine),
    '',
  ].join('\n');
}

function dryRunVerdict(would: PublishResult['wouldDo'], pr: string | undefined): string {
  if (would === 'created') return 'would open a pull request';
  if (would === 'updated') return `would update pull request ${pr}`;
  if (would === 'closed') return `would close pull request ${pr}`;
  return 'nothing to propose';
}

function problemsSummary(
  report: Extract<EnvironmentScheduleReport | ShardStepReport, { kind: 'problems' }>,
): string {
  const problems = report.problems.length;
  const lines = report.problems.map((p) => `- ${summaryLine(problemLine(p))}`);
  const cpUrl = `${report.serverUrl}/${report.repository}`;
  const status = report.statusSetOn
    ? `Commit status ${code(`${report.environment} environment`)} = failure on ${commitLink(cpUrl, report.statusSetOn)}. No pull request was opened or changed.`
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
    ...warningLines(report.warnings ?? [], problemLine),
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

/** The summary of a sharded schedule's plan or render step (docs/sharded-schedule.md). */
function shardSummary(
  report: Extract<ShardStepReport, { kind: 'planned' } | { kind: 'shard-rendered' }>,
): string {
  const env = code(report.environment);
  if (report.kind === 'planned') {
    const { plan } = report;
    const rows = report.shards.map((s, i) => [
      String(i),
      String(s.clusterTypes),
      s.assignments.toLocaleString('en-US'),
    ]);
    return [
      `## ✅ Planned ${env} in ${count(plan.shards, 'shard')}`,
      '',
      `${plan.assignments.toLocaleString('en-US')} assignments on ${count(plan.clusterTypes, 'cluster type')}. Plan ${code(plan.fingerprint.slice(0, 12))}.`,
      '',
      ...folded('Shards', table(['Shard', 'Cluster types', 'Assignments'], rows)),
      ...warningLines(report.warnings ?? [], problemLine),
      '',
    ].join('\n');
  }
  const pushed = report.commit
    ? `pushed to ${code(report.ref)} at ${code(shortSha(report.commit))}`
    : `dry run: not pushed to ${code(report.ref)}`;
  return [
    `## ✅ Rendered shard ${report.shard} of ${report.of} of ${env}`,
    '',
    `${report.assignments.toLocaleString('en-US')} assignments on ${count(report.clusterTypes, 'cluster type')}, ${count(report.files, 'file')}, ${pushed}.`,
    ...warningLines(report.warnings ?? [], problemLine),
    '',
  ].join('\n');
}
