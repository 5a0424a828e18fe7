import {
  chainView as chainLine,
  clusterTypeOfPath,
  code,
  codeBlock,
  commitLink,
  count,
  factsTable,
  folded,
  shortSha,
  summaryLine,
  supersededDescription,
  table,
  tableCell,
  text,
  formatFailingObject,
  messageOf,
  type ConfigurationState,
  type ConfigurationVerdict,
  type DeploymentReport,
  type NextStep,
  thresholdsText,
} from '@kalypso/core';

/** Rows in the visible table, and at most this many more inside <details>. */
const VISIBLE_ROWS = 20;
const FOLDED_ROWS = 200;
/** The longest verdict paragraph (a table cell is at most 240: `tableCell`). */
const PARAGRAPH_LIMIT = 2000;

/**
 * The job summary of a check-promote run, success or failure: a pure function of the report,
 * bounded in size (at most 220 configuration rows of bounded width) whatever the fleet.
 */
export function summaryOf(report: DeploymentReport): string {
  const lines = [heading(report), ''];
  const verdict = report.compliance?.verdict;
  if (verdict) lines.push(summaryLine(verdict.summary.trim(), PARAGRAPH_LIMIT), '');
  if (report.error !== undefined) lines.push(codeBlock(messageOf(report.error)), '');
  lines.push(...factsTable(facts(report)), '');
  lines.push(...thresholdLines(report), ...onFailureLines(report));
  if (verdict && verdict.configurations.length > 0)
    lines.push(
      ...configurationTables(verdict.configurations, verdict.counts.total, report.gitops?.path),
    );
  return lines.join('\n');
}

/** Why the run fails: what stopped it, or the verdict of a check that did not succeed. */
export function failureOf(report: DeploymentReport): string | undefined {
  if (report.error !== undefined) return messageOf(report.error);
  const verdict = report.compliance?.verdict;
  // Superseded before the wait (the gate, docs/decisions/gate-checks.md): the step fails as after
  // it, so that no post-deployment step runs for a promotion that will not go on.
  if (report.mode === 'check' && report.state === 'superseded' && !verdict && report.supersededBy)
    return `${supersededDescription(report.supersededBy)}: '${report.environment}' promotes a newer commit and its GitOps branch has moved on; nothing to check, nothing started.`;
  const judged = report.failures?.result;
  if (report.mode === 'check' && report.state !== 'succeeded' && judged?.verdict === 'failed')
    return [
      `Failure thresholds of '${report.environment}' exceeded: ${judged.reasons.join('; ')}.`,
      ...(verdict ? [verdict.summary] : []),
    ].join(' ');
  return report.mode === 'check' && report.state !== 'succeeded' && verdict
    ? verdict.summary
    : undefined;
}

/** What `onFailure` did: the auto-hold lock and the revert pull request, or why not. */
function onFailureLines(report: DeploymentReport): string[] {
  const done = report.onFailure;
  if (!done) return [];
  const lines = [`### On failure: \`${done.policy}\``, ''];
  const hold = done.hold;
  if (hold && 'reason' in hold)
    lines.push(
      `- 🔒 ${code(report.environment)} is locked: ${text(hold.reason)}. Its next promotion is held until the lock is removed (\`kalypso unlock\`).`,
    );
  else if (hold) lines.push(`- ⚠️ The lock could not be added: ${text(hold.error)}`);
  const revert = done.revert;
  if (revert && 'number' in revert)
    lines.push(
      `- ↩️ Revert pull request [#${revert.number}](${revert.url}) ${revert.created ? 'opened' : 'refreshed'}: puts back the GitOps tree of ${code(shortSha(revert.gitopsCommit))}, the last successful deployment (control-plane commit ${commitLink(report.controlPlaneUrl, revert.restoredCommit)}). Review and merge it to roll back.`,
    );
  else if (revert && 'skipped' in revert)
    lines.push(`- No revert pull request: ${text(revert.skipped)}.`);
  else if (revert)
    lines.push(`- ⚠️ The revert pull request could not be opened: ${text(revert.error)}`);
  lines.push('');
  return lines;
}

/** Rows of the tolerated (or counted) failures shown at most. */
const THRESHOLD_ROWS = 50;

/**
 * The failure thresholds' verdict: the thresholds, the verdict line, every exceeded threshold,
 * and the clusters it tolerated (or counted as failures), bounded.
 */
function thresholdLines(report: DeploymentReport): string[] {
  if (!report.failures) return [];
  const { thresholds, result } = report.failures;
  const lines = [
    `### Failure thresholds: ${result.verdict === 'deployed' ? '✅ within' : '❌ exceeded'}`,
    '',
    `${text(thresholdsText(thresholds))}: ${text(result.summary)}.`,
    '',
  ];
  if (result.verdict === 'failed' && result.reasons.length > 1)
    lines.push(...result.reasons.map((r) => `- ${text(r)}`), '');
  const clusters = result.verdict === 'deployed' ? result.tolerated : result.failures;
  if (clusters.length > 0) {
    lines.push(
      result.verdict === 'deployed'
        ? `Tolerated failures (${clusters.length}):`
        : `Clusters counted as failed (${clusters.length}):`,
      '',
      ...table(
        ['Cluster', 'Cluster type', 'Outcome'],
        clusters
          .slice(0, THRESHOLD_ROWS)
          .map((c) => [tableCell(c.cluster), tableCell(c.clusterType), c.outcome]),
      ),
    );
    if (clusters.length > THRESHOLD_ROWS)
      lines.push('', `and ${clusters.length - THRESHOLD_ROWS} more.`);
    lines.push('');
  }
  if (result.ignored.length > 0)
    lines.push(
      `Unreachable and left out (\`unreachable: ignore\`): ${text(
        result.ignored
          .slice(0, THRESHOLD_ROWS)
          .map((c) => c.cluster)
          .join(', '),
      )}${result.ignored.length > THRESHOLD_ROWS ? ` and ${result.ignored.length - THRESHOLD_ROWS} more` : ''}.`,
      '',
    );
  return lines;
}

function heading(report: DeploymentReport): string {
  const env = code(report.environment);
  const commit = report.gitops ? ` ${code(shortSha(report.gitops.commit))}` : '';
  if (report.mode === 'mark-failed') {
    switch (report.failedStep) {
      case 'post-deployment-steps':
        return `## ❌ ${env}: post-deployment steps failed`;
      case 'deployment-check':
        return `## ❌ ${env}: the deployment check failed`;
      default:
        return `## ❌ ${env}: a step failed`;
    }
  }
  if (report.error !== undefined) return `## ❌ ${env}: ${report.mode} failed`;
  if (report.next?.kind === 'already-deployed')
    return `## ↩️ ${env}: already deployed${report.promotedCommit ? ` ${code(shortSha(report.promotedCommit))}` : ''} (a replay: nothing set, nothing started)`;
  if (report.mode === 'promote-next') return `## ✅ ${env}: post-deployment steps passed`;
  switch (report.state) {
    case 'succeeded':
      return `## ✅ ${env} deployed${commit}`;
    case 'timed-out':
      return report.compliance?.verdict.evidence === 'unavailable'
        ? `## ⚠️ ${env}: no evidence from the clusters for${commit}`
        : `## ❌ ${env}: timed out waiting for${commit}`;
    case 'superseded':
      return `## ⏭️ ${env}:${commit} superseded by ${code(shortSha(report.supersededBy ?? ''))} (nothing failed)`;
    default:
      return `## ❌ ${env} failed to deploy${commit}`;
  }
}

function facts(report: DeploymentReport): [string, string][] {
  const rows: [string, string][] = [];
  const { gitops, compliance, promotedCommit } = report;
  if (gitops) {
    const url = gitops.url.replace(/\.git$/, '').replace(/\/+$/, '');
    const link = /^https?:\/\//.test(url)
      ? commitLink(url, gitops.commit)
      : code(shortSha(gitops.commit));
    rows.push(['GitOps commit', `${link} on ${code(gitops.branch)} of ${tableCell(url)}`]);
  }
  rows.push([
    'Promoted commit',
    promotedCommit ? commitLink(report.controlPlaneUrl, promotedCommit) : 'none (not a promotion)',
  ]);
  if (compliance) {
    const { counts, clusters } = compliance.verdict;
    rows.push([
      'Duration',
      `${duration(compliance.elapsedSeconds)} (${count(compliance.polls, 'poll')})`,
    ]);
    const unknown = compliance.verdict.evidence === 'unavailable' && counts.total === 0;
    rows.push([
      'Clusters',
      unknown
        ? 'unknown: Azure Resource Graph never answered'
        : `${clusters.compliant} of ${clusters.total} compliant (${counts.compliant} of ${counts.total} configurations)`,
    ]);
    rows.push([
      // Named after the source that was asked: no Resource Graph request with commit statuses.
      compliance.evidenceSource === 'commit-statuses'
        ? 'Commit status requests'
        : compliance.evidenceSource === 'both'
          ? 'Resource Graph + commit status requests'
          : 'Resource Graph requests',
      `${compliance.requests} (at most ${compliance.maxRequestsPerPoll} per poll)`,
    ]);
  }
  const statuses = report.statuses.map((s) => `${s.state} ${s.description}`).join(' → ');
  if (statuses)
    rows.push([
      report.dryRun ? 'Commit status (dry run: not set)' : 'Commit status',
      `${code(`${report.environment} environment`)}: ${statuses}`,
    ]);
  else if (report.mode === 'mark-failed' && report.previousStatus)
    rows.push([
      'Commit status',
      `${code(`${report.environment} environment`)}: left at ${report.previousStatus.state} ${report.previousStatus.description} (not a deployment in progress)`,
    ]);
  if (report.next) rows.push(['Next', nextText(report.next, report.dryRun)]);
  const chain = chainView(report);
  if (chain) rows.push(['Promotion chain', chain]);
  if (report.runUrl) rows.push(['Run', `[logs](${report.runUrl})`]);
  return rows;
}

/**
 * The chain around this environment: `dev ✅ → stage ❌ → prod not started`. Environments before
 * this one deployed (the chain only moves on after a deployment); the next one is started or not.
 */
export function chainView(report: DeploymentReport): string | undefined {
  const chain = report.chain;
  const at = chain?.indexOf(report.environment) ?? -1;
  if (!chain || at < 0 || !report.promotedCommit) return undefined;
  const next = report.next;
  const here =
    next?.kind === 'dispatched' || next?.kind === 'complete' || next?.kind === 'already-deployed'
      ? '✅'
      : next?.kind === 'awaiting-steps'
        ? '⏳ post-deployment steps'
        : next?.kind === 'held'
          ? '✅'
          : report.compliance?.verdict.evidence === 'unavailable'
            ? '⚠️ unknown'
            : report.state === 'failed' || report.state === 'timed-out'
              ? '❌'
              : report.state === 'superseded'
                ? '⏭️ superseded'
                : '⏳';
  return chainLine(
    chain.map((environment, i) => {
      if (i < at) return `${environment} ✅`;
      if (i === at) return `**${environment}** ${here}`;
      if (i === at + 1 && next?.kind === 'dispatched')
        return `${environment} ${report.dryRun ? 'would start' : 'started'}`;
      if (i === at + 1 && next?.kind === 'held') return `${environment} ⏸️ held`;
      return `${environment} not started`;
    }),
  );
}

function nextText(next: NextStep, dryRun: boolean): string {
  switch (next.kind) {
    case 'dispatched':
      return dryRun
        ? `dry run: would start \`${next.environment}\` (dispatched nothing)`
        : `started \`${next.environment}\` (dispatched \`${next.workflow}\`)`;
    case 'held':
      return `⏸️ \`${next.environment}\` held by the promotion policy: ${text(next.reason)}${next.until ? ` (until ${code(next.until)})` : ''}; nothing dispatched`;
    case 'awaiting-steps':
      return `post-deployment steps (\`cd-workflow\` is empty), then \`mode: promote-next\` ${next.environment ? `starts \`${next.environment}\`` : 'completes the promotion'}`;
    case 'complete':
      return '⏭️ last environment: promotion complete';
    case 'already-deployed':
      return `nothing: already Deployed here, a replay starts nothing again${next.supersededBy ? ` (superseded since by ${code(shortSha(next.supersededBy))})` : ''}`;
    case 'not-promotion':
      return 'nothing (a merge that is not a promotion)';
    case 'stopped':
      return 'nothing: the promotion stops here (this environment did not deploy)';
  }
}

const ORDER: Record<ConfigurationState, number> = {
  failed: 0,
  progressing: 1,
  behind: 2,
  compliant: 3,
};
const ICON: Record<ConfigurationState, string> = {
  failed: '❌ failed',
  progressing: '⏳ progressing',
  behind: '⏳ behind',
  compliant: '✅ compliant',
};

/** `total`: every configuration, listed or not (a large fleet is listed only in part). */
function configurationTables(
  configurations: readonly ConfigurationVerdict[],
  total: number,
  gitopsPath: string | undefined,
): string[] {
  const sorted = [...configurations].sort((a, b) => ORDER[a.state] - ORDER[b.state]);
  const visible = sorted.slice(0, VISIBLE_ROWS);
  const folded_ = sorted.slice(VISIBLE_ROWS, VISIBLE_ROWS + FOLDED_ROWS);
  const all = Math.max(total, sorted.length);
  const omitted = all - visible.length - folded_.length;
  const lines = ['### Flux configurations', '', ...configurationTable(visible, gitopsPath), ''];
  if (folded_.length > 0) {
    lines.push(
      ...folded(`and ${all - visible.length} more`, [
        ...configurationTable(folded_, gitopsPath),
        ...(omitted > 0 ? ['', `and ${omitted} more, not listed.`] : []),
      ]),
      '',
    );
  } else if (omitted > 0) {
    lines.push(`and ${omitted} more, not listed.`, '');
  }
  return lines;
}

function configurationTable(
  rows: readonly ConfigurationVerdict[],
  gitopsPath: string | undefined,
): string[] {
  return table(
    ['cluster', 'cluster type', 'configuration', 'state', 'synced commit', 'message'],
    rows.map((c) => [
      tableCell(c.cluster.name),
      tableCell(clusterTypes(c, gitopsPath)),
      tableCell(c.configuration),
      ICON[c.state],
      c.syncedCommit ? code(shortSha(c.syncedCommit)) : '—',
      tableCell(message(c)),
    ]),
  );
}

/**
 * The cluster type(s) a configuration deploys, from its kustomizations' paths in the GitOps
 * layout `<cluster-type>/<deployment-target>/…` (packages/core/src/gitops/tree.ts); `—` unknown.
 */
function clusterTypes(c: ConfigurationVerdict, gitopsPath: string | undefined): string {
  const types = new Set(
    (c.kustomizationPaths ?? []).map((p) => clusterTypeOfPath(p, gitopsPath)).filter(Boolean),
  );
  return types.size > 0 ? [...types].join(', ') : '—';
}

/** For a failure, the object and condition that say why; otherwise where the configuration is. */
function message(c: ConfigurationVerdict): string {
  const object =
    c.state === 'failed' ? c.failingObjects.find((o) => o.reason || o.message) : undefined;
  // inert: the caller wraps it (tableCell)
  return object ? `${c.detail}: ${formatFailingObject(object)}` : c.detail;
}

function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}
