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
  outcome:
    | {
        ok: true;
        /** Read and reported only: nothing pushed, no status, no dispatch. */
        dryRun: boolean;
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
  const { serverUrl, repository, environment, promotedCommit, outcome } = report;
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
  const { dryRun } = outcome;
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
    ['Commit status', statusCell(environment, outcome)],
    ['Schedule', scheduleCell(report, outcome)],
  ];
  if (outcome.attempts > 1)
    rows.push(['Attempts', `${outcome.attempts} (the branch moved meanwhile)`]);
  return [verdict, '', ...factsTable(rows), ''].join('\n');
}

function branchNote(changed: boolean, dryRun: boolean): string {
  if (dryRun) return changed ? ' (dry run: unchanged, a commit would go on top)' : ' (unchanged)';
  return changed ? '' : ' (unchanged)';
}

type Promoted = Extract<PromotionReport['outcome'], { ok: true }>;

function scheduleCell(report: PromotionReport, outcome: Promoted): string {
  const workflow = code(report.scheduleWorkflow);
  if (report.schedule === 'dispatch')
    return outcome.dryRun ? `dry run: would dispatch ${workflow}` : `dispatched ${workflow}`;
  if (outcome.dryRun) return 'not started (dry run: no push)';
  return outcome.changed
    ? `the push to ${code(report.environment)} starts it`
    : 'not started (no push)';
}

/** `` `<env> environment`: <state>, <description> ``, or why no status was set. */
function statusCell(environment: string, outcome: Promoted): string {
  if (outcome.dryRun) return 'not set (dry run)';
  if (!outcome.statusSet) return 'not set (`status: false`)';
  const status: StatusText = outcome.supersededBy
    ? supersededStatus(outcome.supersededBy)
    : promotedStatus();
  return `${code(environmentStatusContext(environment))}: ${status.state}, ${status.description}`;
}
