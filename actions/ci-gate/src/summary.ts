import {
  chainView,
  code,
  codeBlock,
  commitLink,
  count,
  factsTable,
  folded,
  formatProblem,
  messageOf,
  summaryLine,
  table,
  text,
  warningLines,
  type ClusterTypeAssignments,
  type EnvironmentPlan,
  type MainCommitReport,
} from '@kalypso/core';

const SHOWN_PROBLEMS = 10;

/** The job summary of a ci-gate run, success or failure: a pure function of the report. */
export function summaryOf(report: MainCommitReport): string {
  const link = commitLink(`${report.serverUrl}/${report.repository}`, report.commit);
  if (report.error !== undefined)
    return [`## ❌ Checking ${link} failed`, '', codeBlock(messageOf(report.error)), ''].join('\n');
  const problems = report.problems.length;
  const verdict =
    problems === 0 ? `## ✅ ${link} is valid` : `## ❌ ${link} has ${count(problems, 'problem')}`;
  const cd = report.dispatched
    ? `dispatched ${code(report.cdWorkflow)} for ${code(report.firstEnvironment)}`
    : report.held
      ? `⏸️ ${code(report.held.environment)} held by the promotion policy: ${text(report.held.reason)}${report.held.until ? ` (until ${code(report.held.until)})` : ''}`
      : report.cdWorkflow === ''
        ? 'not started (`cd-workflow` is empty)'
        : report.dryRun
          ? 'not started (dry run)'
          : 'not started';
  const envs = !report.checkEnvironments
    ? 'not checked (`check-environments: false`)'
    : report.environments.length === 0
      ? 'none'
      : chainLine(report);
  const lines = report.problems.map((p) => `- ${summaryLine(formatProblem(p))}`);
  const rest = lines.slice(SHOWN_PROBLEMS);
  const plan = planLines(report.serverUrl, report.repository, report.plans);
  return [
    verdict,
    '',
    ...factsTable([
      ['Environments rendered with this main', envs],
      ['CD', cd],
    ]),
    '',
    ...lines.slice(0, SHOWN_PROBLEMS),
    ...(rest.length > 0 ? ['', ...folded(`and ${rest.length} more`, rest), ''] : []),
    ...(plan.length > 0 && lines.length > 0 && rest.length === 0 ? [''] : []),
    ...plan,
    ...warningLines(report.warnings),
    ...(report.warnings.length > 0 ? [''] : []),
  ].join('\n');
}

const STATE_ICONS: Record<EnvironmentPlan['state'], string> = {
  valid: '✅',
  broken: '❌',
  'no-branch': '➖',
  'not-checked': '⏸️',
};

/** `` `dev` ✅ → `stage` ❌ → `prod` ⏸️ ``: the chain in order, with each environment's validity. */
export function chainLine(
  outcome: Pick<MainCommitReport, 'environments' | 'broken' | 'plans'>,
): string {
  const plans = new Map(outcome.plans.map((p) => [p.environment, p]));
  return chainView(
    outcome.environments.map((e) => {
      const state = plans.get(e)?.state ?? (outcome.broken.includes(e) ? 'broken' : 'valid');
      return `${code(e)} ${STATE_ICONS[state]}`;
    }),
  );
}

/** Table rows shown before the rest is left to the run log. */
const SHOWN_PLAN_ROWS = 50;
/** Target names shown per cell before "and n more". */
const SHOWN_TARGETS = 5;

/** What each environment gets with this main: assignments per cluster type, and the change. */
function planLines(
  serverUrl: string,
  repository: string,
  plans: readonly EnvironmentPlan[],
): string[] {
  // What changes leads; the unchanged cluster types are folded below it.
  const changed: string[][] = [];
  const unchanged: string[][] = [];
  const notes: string[] = [];
  const repoUrl = `${serverUrl}/${repository}`;
  for (const plan of plans) {
    const env = code(plan.environment);
    if (plan.state === 'no-branch') notes.push(`- ${env}: no branch yet, nothing to render.`);
    if (plan.state !== 'valid') continue;
    const promotes = plan.promotedCommit
      ? ` (promotes ${commitLink(repoUrl, plan.promotedCommit)})`
      : '';
    if (plan.clusterTypes.length === 0) notes.push(`- ${env}${promotes}: no assignments.`);
    // The environment is named on its first row of each table only.
    const named = new Set<string[][]>();
    for (const type of plan.clusterTypes) {
      const rows = changeCell(type) === 'unchanged' ? unchanged : changed;
      rows.push([
        named.has(rows) ? '' : `${env}${promotes}`,
        code(type.clusterType),
        String(type.assignments),
        changeCell(type),
      ]);
      named.add(rows);
    }
  }
  if (changed.length === 0 && unchanged.length === 0 && notes.length === 0) return [];
  const header = ['Environment', 'Cluster type', 'Assignments', 'Against the promoted commit'];
  const bounded = (rows: string[][]) => {
    const rest = rows.length - SHOWN_PLAN_ROWS;
    return [
      ...rows.slice(0, SHOWN_PLAN_ROWS),
      ...(rest > 0 ? [['…', `and ${rest} more rows`, '', '']] : []),
    ];
  };
  const folds =
    unchanged.length > 0
      ? folded(
          `${count(unchanged.length, 'cluster type')} unchanged`,
          table(header, bounded(unchanged)),
        )
      : [];
  return [
    '### What each environment gets with this main',
    '',
    ...(changed.length > 0
      ? [...table(header, bounded(changed)), '']
      : unchanged.length > 0
        ? ['No cluster type gains or loses an assignment against its promoted commit.', '']
        : []),
    ...(folds.length > 0 ? [...folds, ''] : []),
    ...notes,
    ...(notes.length > 0 ? [''] : []),
  ];
}

/** `` +2 (`a`, `b`), −1 (`c`) ``, `unchanged`, or `not compared`. */
function changeCell(type: ClusterTypeAssignments): string {
  if (type.added === undefined || type.removed === undefined) return 'not compared';
  if (type.added.length === 0 && type.removed.length === 0) return 'unchanged';
  const names = (targets: readonly string[]) => {
    const shown = targets.slice(0, SHOWN_TARGETS).map(code);
    const more = targets.length - SHOWN_TARGETS;
    return ` (${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
  };
  return [
    ...(type.added.length > 0 ? [`+${type.added.length}${names(type.added)}`] : []),
    ...(type.removed.length > 0 ? [`−${type.removed.length}${names(type.removed)}`] : []),
  ].join(', ');
}
