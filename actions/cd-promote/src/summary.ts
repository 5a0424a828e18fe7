import {
  code,
  codeBlock,
  commitLink,
  environmentStatusContext,
  factsTable,
  promotedStatus,
  supersededStatus,
  type StatusText,
} from '@kalypso/core';
import type { ScheduleTrigger } from './inputs.ts';

export interface PromotionReport {
  serverUrl: string;
  repository: string;
  environment: string;
  promotedCommit: string;
  schedule: ScheduleTrigger;
  scheduleWorkflow: string;
  dryRun: boolean;
  outcome:
    | {
        ok: true;
        /** Under a dry run: whether a commit would be pushed. */
        changed: boolean;
        branchCommit: string;
        previousCommit: string | undefined;
        attempts: number;
        statusSet: boolean;
        supersededBy?: string;
      }
    | { ok: false; message: string };
}

/** The job summary of a cd-promote run, success or failure: a pure function of the report. */
export function promotionSummary(report: PromotionReport): string {
  const { serverUrl, repository, environment, promotedCommit, outcome, dryRun } = report;
  const repoUrl = `${serverUrl}/${repository}`;
  const link = (sha: string) => commitLink(repoUrl, sha);
  const env = code(environment);
  const promoted = /^[0-9a-f]{40}$/.test(promotedCommit)
    ? link(promotedCommit)
    : code(promotedCommit);
  if (!outcome.ok)
    return [
      `## ❌ Promotion of ${promoted} to ${env} failed`,
      '',
      codeBlock(outcome.message),
      '',
    ].join('\n');
  const dry = dryRun ? 'Dry run: ' : '';
  const verdict = outcome.supersededBy
    ? `## ⏭️ ${dry}${env} already promotes the newer ${link(outcome.supersededBy)}: ${promoted} is superseded`
    : !outcome.changed
      ? `## ⏭️ ${dry}${env} already promotes ${promoted}: nothing to commit`
      : dryRun
        ? `## ⏭️ Dry run: would promote ${promoted} to ${env} (nothing pushed)`
        : `## ✅ Promoted ${promoted} to ${env}`;
  const rows: [string, string][] = [
    ['Environment branch', `[${env}](${repoUrl}/tree/${encodeURIComponent(environment)})`],
    ['Branch commit', `${link(outcome.branchCommit)}${branchNote(outcome.changed, dryRun)}`],
    ['Promoted before', outcome.previousCommit ? link(outcome.previousCommit) : 'none'],
    ['Commit status', statusCell(report, outcome.statusSet, outcome.supersededBy)],
    ['Schedule', scheduleCell(report, outcome.changed)],
  ];
  if (outcome.attempts > 1)
    rows.push(['Attempts', `${outcome.attempts} (the branch moved meanwhile)`]);
  return [verdict, '', ...factsTable(rows), ''].join('\n');
}

function branchNote(changed: boolean, dryRun: boolean): string {
  if (dryRun) return changed ? ' (dry run: unchanged, a commit would go on top)' : ' (unchanged)';
  return changed ? '' : ' (unchanged)';
}

function scheduleCell(report: PromotionReport, changed: boolean): string {
  const env = code(report.environment);
  if (report.schedule === 'dispatch')
    return report.dryRun
      ? `dry run: would dispatch ${code(report.scheduleWorkflow)}`
      : `dispatched ${code(report.scheduleWorkflow)}`;
  if (report.dryRun) return 'not started (dry run: no push)';
  return changed ? `the push to ${env} starts it` : 'not started (no push)';
}

/** `` `<env> environment`: <state>, <description> ``, or why no status was set. */
function statusCell(
  report: PromotionReport,
  set: boolean,
  supersededBy: string | undefined,
): string {
  if (report.dryRun) return 'not set (dry run)';
  if (!set) return 'not set (`status: false`)';
  const status: StatusText = supersededBy ? supersededStatus(supersededBy) : promotedStatus();
  return `${code(environmentStatusContext(report.environment))}: ${status.state}, ${status.description}`;
}
