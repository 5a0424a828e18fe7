// The job summary of a sweep (`mode: sweep`): per environment, what was released, superseded
// and is still held, with why and until when. A pure function of the report.
import {
  code,
  commitLink,
  factsTable,
  gateWord,
  messageOf,
  text,
  type SweepReport,
} from '@kalypso/core';

export function sweepSummaryOf(repoUrl: string, sweep: SweepReport): string {
  const link = (sha: string) => commitLink(repoUrl, sha);
  const released = sweep.environments.filter((e) => e.released).length;
  const held = sweep.environments.reduce((n, e) => n + e.held.length, 0);
  const failed = sweep.environments.filter((e) => e.error !== undefined).length;
  const title = failed
    ? `## ❌ Sweep of held promotions: ${failed} environment${failed === 1 ? '' : 's'} failed`
    : `## 🧹 Sweep of held promotions: ${released} released, ${held} still held`;
  const rows: [string, string][] = sweep.environments.map((e) => {
    const parts: string[] = [];
    if (e.error !== undefined) parts.push(`failed: ${text(messageOf(e.error))}`);
    if (e.released) {
      const result = e.released.result;
      parts.push(
        'held' in result
          ? `${link(e.released.commit)} still held when promoted`
          : `released ${link(e.released.commit)}${result.changed ? '' : ' (already promoted)'}`,
      );
    }
    if (e.superseded.length > 0)
      parts.push(`superseded ${e.superseded.map((sha) => link(sha)).join(', ')}`);
    for (const h of e.held) parts.push(`${link(h.commit)} ${text(h.description)}`);
    return [code(e.environment), parts.length === 0 ? 'nothing held' : parts.join('<br>')];
  });
  return [title, '', ...factsTable(rows), '', ...mergeGateLines(sweep), ''].join('\n');
}

/** "Merge gates refreshed: `prod` #12 Frozen → Open", or why they were not. */
function mergeGateLines(sweep: SweepReport): string[] {
  const gates = sweep.mergeGates;
  if (gates === undefined) return [];
  if (gates === 'not-refreshed')
    return [
      'Merge gates (`kalypso/policy`) not refreshed: the step has no `gitops-token`; they change when `schedule` next runs.',
    ];
  const lines = gates.refreshed.map(
    (g) =>
      `- ${code(g.environment)}: #${g.pullRequest} ${text(gateWord(g.before))} → ${text(gateWord(g.after))}`,
  );
  for (const f of gates.failed)
    lines.push(`- ⚠️ ${code(f.environment)}: not refreshed: ${text(f.message)}`);
  const unchanged = gates.unchanged.length;
  return [
    lines.length === 0
      ? `Merge gates (\`kalypso/policy\`): ${unchanged === 0 ? 'no open GitOps pull request' : `${unchanged} already right`}.`
      : `Merge gates (\`kalypso/policy\`) refreshed${unchanged ? ` (${unchanged} already right)` : ''}:`,
    ...lines,
  ];
}
