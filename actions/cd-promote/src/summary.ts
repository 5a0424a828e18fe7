import {
  environmentStatusContext,
  promotedStatus,
  supersededStatus,
  type StatusText,
} from '@kalypso/core';
import { codeBlock } from '@kalypso/github';
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
        changed: boolean;
        branchCommit: string;
        previousCommit: string | undefined;
        attempts: number;
        statusSet: boolean;
        supersededBy?: string;
      }
    | { ok: false; message: string };
}

const short = (sha: string) => sha.slice(0, 7);

/** The job summary of a cd-promote run, success or failure: a pure function of the report. */
export function promotionSummary(report: PromotionReport): string {
  const { serverUrl, repository, environment, promotedCommit, outcome } = report;
  const repoUrl = `${serverUrl}/${repository}`;
  const commitLink = (sha: string) => `[\`${short(sha)}\`](${repoUrl}/commit/${sha})`;
  const promoted = /^[0-9a-f]{40}$/.test(promotedCommit)
    ? commitLink(promotedCommit)
    : `\`${promotedCommit}\``;
  if (!outcome.ok) {
    return [
      `## ❌ Promotion of ${promoted} to \`${environment}\` failed`,
      '',
      codeBlock(outcome.message),
      '',
    ].join('\n');
  }
  const verdict = outcome.supersededBy
    ? `## ⏭️ \`${environment}\` already promotes the newer ${commitLink(outcome.supersededBy)}: ${promoted} is superseded`
    : outcome.changed
      ? `## ✅ Promoted ${promoted} to \`${environment}\``
      : `## ⏭️ \`${environment}\` already promotes ${promoted}: nothing to commit`;
  const schedule =
    report.schedule === 'dispatch'
      ? `dispatched \`${report.scheduleWorkflow}\``
      : outcome.changed
        ? `the push to \`${environment}\` starts it`
        : 'not started (no push)';
  const rows = [
    [
      'Environment branch',
      `[\`${environment}\`](${repoUrl}/tree/${encodeURIComponent(environment)})`,
    ],
    [
      'Branch commit',
      `${commitLink(outcome.branchCommit)}${outcome.changed ? '' : ' (unchanged)'}`,
    ],
    ['Promoted before', outcome.previousCommit ? commitLink(outcome.previousCommit) : 'none'],
    [
      'Commit status',
      !outcome.statusSet
        ? 'not set (`status: false`)'
        : statusCell(
            environmentStatusContext(environment),
            outcome.supersededBy ? supersededStatus(outcome.supersededBy) : promotedStatus(),
          ),
    ],
    ['Schedule', schedule],
  ];
  if (outcome.attempts > 1)
    rows.push(['Attempts', `${outcome.attempts} (the branch moved meanwhile)`]);
  return [
    verdict,
    '',
    '| | |',
    '| --- | --- |',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    '',
  ].join('\n');
}

/** `` `<env> environment`: <state>, <description> `` for the commit status row. */
function statusCell(context: string, status: StatusText): string {
  return `\`${context}\`: ${status.state}, ${status.description}`;
}
