import {
  code,
  codeBlock,
  commitLink,
  environmentStatusContext,
  factsTable,
  heldStatus,
  messageOf,
  promotedStatus,
  supersededStatus,
  text,
  type ChainGateOutcome,
  type EnvironmentPromotionReport,
  type PolicyHold,
  type PromotionResult,
  type StatusText,
} from '@kalypso/core';
import { lockSummaryOf } from './lock-summary.ts';
import { sweepSummaryOf } from './sweep-summary.ts';

/** The job summary of a cd-promote run, success or failure: a pure function of the report. */
export function summaryOf(report: EnvironmentPromotionReport): string {
  const { serverUrl, repository, environment, commit: promotedCommit, promotion } = report;
  const repoUrl = `${serverUrl}/${repository}`;
  const link = (sha: string) => commitLink(repoUrl, sha);
  const env = code(environment);
  if (report.sweep) return sweepSummaryOf(repoUrl, report.sweep);
  if (report.lock) return lockSummaryOf(report);
  const promoted = /^[0-9a-f]{40}$/.test(promotedCommit)
    ? link(promotedCommit)
    : code(promotedCommit);
  if (report.error === undefined && report.held)
    return heldSummary(report, report.held, `${promoted} to ${env}`);
  if (report.error !== undefined || !promotion)
    return [
      `## ❌ Promotion of ${promoted} to ${env} failed`,
      '',
      codeBlock(messageOf(report.error)),
      '',
    ].join('\n');
  const { dryRun } = report;
  const dry = dryRun ? 'Dry run: ' : '';
  const verdict = promotion.supersededBy
    ? `## ⏭️ ${dry}${env} already promotes the newer ${link(promotion.supersededBy)}: ${promoted} is superseded`
    : !promotion.changed
      ? `## ⏭️ ${dry}${env} already promotes ${promoted}: nothing to commit`
      : dryRun
        ? `## ⏭️ Dry run: would promote ${promoted} to ${env} (nothing pushed)`
        : `## ✅ Promoted ${promoted} to ${env}`;
  const rows: [string, string][] = [
    ['Environment branch', `[${env}](${repoUrl}/tree/${encodeURIComponent(environment)})`],
    ['Branch commit', `${link(promotion.branchCommit)}${branchNote(promotion.changed, dryRun)}`],
    ['Promoted before', promotion.previousCommit ? link(promotion.previousCommit) : 'none'],
    ['Commit status', statusCell(environment, dryRun, promotion)],
    ['Schedule', scheduleCell(report, promotion)],
  ];
  if (promotion.attempts > 1)
    rows.push(['Attempts', `${promotion.attempts} (the branch moved meanwhile)`]);
  if (promotion.breakGlass) rows.push(['Break-glass', text(promotion.breakGlass.description)]);
  if (report.chain) rows.push(['Promotion chain', chainCell(report.chain)]);
  return [verdict, '', ...chainWarning(report.chain), ...factsTable(rows), ''].join('\n');
}

/** The chain check in one cell (docs/decisions/gate-checks.md). */
export function chainCell(chain: ChainGateOutcome): string {
  switch (chain.kind) {
    case 'no-chain':
      return `not checked: no ${code(chain.file)} on the default branch`;
    case 'satisfied':
      return `✅ ${text(chain.evidence)}${chain.unusedSkip ? ' (break-glass not needed for the chain: not skipped)' : ''}`;
    case 'skipped':
      return `⚠️ skipped by ${code(chain.skip.actor)}: ${code(chain.skip.reason)}`;
  }
}

/** A skipped chain is a visible warning block above the facts: who, why, and what was missing. */
export function chainWarning(chain: ChainGateOutcome | undefined): string[] {
  if (chain?.kind !== 'skipped') return [];
  return [
    '> [!WARNING]',
    `> **The promotion chain was skipped** by ${code(chain.skip.actor)}, although ${text(chain.missing)}.`,
    `> Reason: ${code(chain.skip.reason)}`,
    '',
  ];
}

/** The policy held the promotion: why, until when, and that nothing was written. */
function heldSummary(report: EnvironmentPromotionReport, held: PolicyHold, what: string): string {
  const dry = report.dryRun ? 'Dry run: ' : '';
  const status = heldStatus(held);
  const rows: [string, string][] = [
    ['Reason', text(held.reason)],
    [
      'Until',
      held.until
        ? `${code(held.until)} (${text(whenOf(held.description))})`
        : `${text(whenOf(held.description))}: not a time; the sweeper releases it once lifted`,
    ],
    [
      'Commit status',
      report.dryRun
        ? 'not set (dry run)'
        : report.heldStatusSet
          ? `${code(environmentStatusContext(report.environment))}: ${status.state}, ${status.description}`
          : 'not set (`status: false`)',
    ],
    ['Schedule', 'not started (nothing promoted)'],
    ['Release', 'the sweeper promotes the newest held commit once the policy lets it go'],
  ];
  return [
    `## ⏸️ ${dry}The promotion policy holds ${what}: nothing written`,
    '',
    ...factsTable(rows),
    '',
  ].join('\n');
}

/** `opens Mon 4 Jan 09:00 Europe/Berlin` out of `Held: … (opens Mon 4 Jan 09:00 Europe/Berlin)`. */
function whenOf(description: string): string {
  return /\(([^()]*)\)$/.exec(description)?.[1] ?? 'until lifted';
}

function branchNote(changed: boolean, dryRun: boolean): string {
  if (dryRun) return changed ? ' (dry run: unchanged, a commit would go on top)' : ' (unchanged)';
  return changed ? '' : ' (unchanged)';
}

function scheduleCell(report: EnvironmentPromotionReport, promotion: PromotionResult): string {
  if (report.schedule.trigger === 'dispatch') {
    const workflow = code(report.schedule.workflow);
    return report.dryRun ? `dry run: would dispatch ${workflow}` : `dispatched ${workflow}`;
  }
  if (report.dryRun) return 'not started (dry run: no push)';
  return promotion.changed
    ? `the push to ${code(report.environment)} starts it`
    : 'not started (no push)';
}

/** `` `<env> environment`: <state>, <description> ``, or why no status was set. */
function statusCell(environment: string, dryRun: boolean, promotion: PromotionResult): string {
  if (dryRun) return 'not set (dry run)';
  if (!promotion.statusSet) return 'not set (`status: false`)';
  const status: StatusText = promotion.supersededBy
    ? supersededStatus(promotion.supersededBy)
    : promotedStatus();
  return `${code(environmentStatusContext(environment))}: ${status.state}, ${status.description}`;
}
