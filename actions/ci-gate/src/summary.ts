import {
  chainView,
  code,
  codeBlock,
  commitLink,
  count,
  factsTable,
  folded,
  formatProblem,
  summaryLine,
  table,
  type ClusterTypeAssignments,
  type EnvironmentPlan,
  type MainCommitReport,
  type Problem,
} from '@kalypso/core';

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
  const link = commitLink(`${report.serverUrl}/${report.repository}`, report.commit);
  if (outcome.kind === 'error')
    return [`## ❌ Checking ${link} failed`, '', codeBlock(outcome.message), ''].join('\n');
  const problems = outcome.problems.length;
  const verdict =
    problems === 0 ? `## ✅ ${link} is valid` : `## ❌ ${link} has ${count(problems, 'problem')}`;
  const cd = outcome.dispatched
    ? `dispatched ${code(report.cdWorkflow)} for ${code(outcome.firstEnvironment)}`
    : report.cdWorkflow === ''
      ? 'not started (`cd-workflow` is empty)'
      : report.dryRun
        ? 'not started (dry run)'
        : 'not started';
  const envs = !report.checkEnvironments
    ? 'not checked (`check-environments: false`)'
    : outcome.environments.length === 0
      ? 'none'
      : chainLine(outcome);
  const lines = outcome.problems.map((p) => `- ${summaryLine(formatProblem(p))}`);
  const rest = lines.slice(SHOWN_PROBLEMS);
  const plan = planLines(report.serverUrl, report.repository, outcome.plans);
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
    ...warningLines(outcome.warnings),
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
  const rows: string[][] = [];
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
    // The environment is named on its first row only.
    plan.clusterTypes.forEach((type, index) =>
      rows.push([
        index === 0 ? `${env}${promotes}` : '',
        code(type.clusterType),
        String(type.assignments),
        changeCell(type),
      ]),
    );
  }
  if (rows.length === 0 && notes.length === 0) return [];
  const rest = rows.length - SHOWN_PLAN_ROWS;
  return [
    '### What each environment gets with this main',
    '',
    ...(rows.length > 0
      ? [
          ...table(
            ['Environment', 'Cluster type', 'Assignments', 'Against the promoted commit'],
            [
              ...rows.slice(0, SHOWN_PLAN_ROWS),
              ...(rest > 0 ? [['…', `and ${rest} more rows`, '', '']] : []),
            ],
          ),
          '',
        ]
      : []),
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

/** The warnings section of a summary: what the original accepts but is probably a mistake. */
function warningLines(warnings: readonly Problem[]): string[] {
  if (warnings.length === 0) return [];
  return [
    '',
    ...folded(
      `⚠️ ${count(warnings.length, 'warning')} (not failing the run)`,
      warnings.map((w) => `- ${summaryLine(formatProblem(w))}`),
    ),
    '',
  ];
}
