// The job summary and outputs of `mode: lock` / `unlock`: what was locked or unlocked, the commit
// that records it, and the locks of the environment now. Pure functions of the run's report.
import {
  code,
  codeBlock,
  commitLink,
  describeScope,
  factsTable,
  isoSeconds,
  messageOf,
  text,
  type EnvironmentPromotionReport,
  type Lock,
} from '@kalypso/core';

/** `environment: INC-4211 (alice, since …, until …)`, for the summary. */
function lockText(lock: Lock): string {
  const facts = [
    lock.by,
    lock.since ? `since ${isoSeconds(lock.since)}` : undefined,
    lock.until ? `until ${isoSeconds(lock.until)}` : 'until unlocked',
  ].filter((f) => f !== undefined);
  return `${describeScope(lock.scope)}: ${code(lock.reason)} (${text(facts.join(', '))})`;
}

/** The summary of `mode: lock` / `unlock` (`report.lock` is set). */
export function lockSummaryOf(report: EnvironmentPromotionReport): string {
  const { environment } = report;
  const action = report.lock?.action ?? 'lock';
  const result = report.lock?.result;
  const repoUrl = `${report.serverUrl}/${report.repository}`;
  const env = code(environment);
  if (report.error !== undefined || !result)
    return [
      `## ❌ ${action === 'lock' ? 'Locking' : 'Unlocking'} ${env} failed: nothing changed`,
      '',
      codeBlock(messageOf(report.error)),
      '',
    ].join('\n');
  const of =
    result.scope.type === 'environment' ? env : `${env} (${text(describeScope(result.scope))})`;
  const title = result.nothingToUnlock
    ? `## ⏭️ Nothing to unlock in ${of}: ${text(result.nothingToUnlock)}`
    : result.action === 'lock'
      ? `## 🔒 Locked ${of}: its promotions are held`
      : `## 🔓 Unlocked ${of}`;
  const rows: [string, string][] = [
    [
      result.action === 'lock' ? 'Lock' : 'Removed',
      result.locks.length === 0 ? 'none' : result.locks.map(lockText).join('<br>'),
    ],
    [
      'Branch commit',
      `${commitLink(repoUrl, result.branchCommit)}${result.changed ? ` (${code('.kalypso/locks.yaml')}, with ${code('Kalypso-Lock:')} trailers)` : ' (unchanged)'}`,
    ],
    [
      `Locks of ${env} now`,
      result.remaining.length === 0 ? 'none' : result.remaining.map(lockText).join('<br>'),
    ],
    [
      'Release',
      result.action === 'lock'
        ? 'held promotions wait until the lock expires or is removed; the sweeper then releases the newest'
        : 'the sweeper releases the newest held promotion at its next run (or run it now)',
    ],
  ];
  if (result.attempts > 1)
    rows.push(['Attempts', `${result.attempts} (the branch moved meanwhile)`]);
  return [title, '', ...factsTable(rows), ''].join('\n');
}

/** The outputs of `mode: lock` / `unlock`: the branch commit, and whether one was pushed. */
export function lockOutputsOf(
  report: EnvironmentPromotionReport,
): Record<string, string | boolean> {
  const result = report.lock?.result;
  return result && report.error === undefined
    ? { 'commit-sha': result.branchCommit, changed: result.changed }
    : { 'commit-sha': '', changed: false };
}
