// `kalypso explain` as text: the answer on the first line, then why. A policy that fails the same
// way on every cluster type is said once; the others are grouped by policy and reason, with the
// cluster types they concern.
import type { PairExplanation } from '@kalypso/core';
import { paint, type Paint } from './terminal.ts';

interface Finding {
  readonly policy: string;
  readonly selected: boolean;
  readonly reason: string;
  readonly clusterTypes: string[];
}

/** The (policy, verdict, reason) findings over the cluster types, in policy order. */
function findings(explanations: readonly PairExplanation[]): Finding[] {
  const byKey = new Map<string, Finding>();
  for (const explanation of explanations) {
    for (const p of explanation.policies) {
      const key = JSON.stringify([p.policy, p.selected, p.reason]);
      const finding = byKey.get(key);
      if (finding) finding.clusterTypes.push(explanation.clusterType);
      else byKey.set(key, { ...p, clusterTypes: [explanation.clusterType] });
    }
  }
  return [...byKey.values()];
}

function quoteList(names: readonly string[]): string {
  return names.map((n) => `'${n}'`).join(', ');
}

/** One target on one cluster type: the verdict, then every policy. */
function formatPair(explanation: PairExplanation, colors: Paint): string {
  const selecting = explanation.policies.filter((p) => p.selected).map((p) => p.policy);
  const verdict = explanation.scheduled
    ? `scheduled, by ${selecting.length === 1 ? 'policy' : 'policies'} ${quoteList(selecting)}`
    : explanation.policies.length === 0
      ? 'not scheduled: there is no SchedulingPolicy in this environment'
      : 'not scheduled: no policy selects it';
  const head = colors.bold(`${explanation.target} on ${explanation.clusterType}: ${verdict}.`);
  return [
    head,
    ...explanation.policies.map(
      (p) => `  ${p.selected ? colors.green('✓') : colors.red('✗')} ${p.policy}: ${p.reason}`,
    ),
  ].join('\n');
}

/**
 * What `kalypso explain` prints for one deployment target over some cluster types. The first line
 * answers: on which cluster types the target is scheduled and by which policies, or that it is
 * scheduled nowhere.
 */
export function formatExplanations(
  target: string,
  explanations: readonly PairExplanation[],
  colors: Paint = paint(false),
): string {
  if (explanations.length === 1) return formatPair(explanations[0]!, colors);
  const total = explanations.length;
  const scheduled = explanations.filter((e) => e.scheduled).map((e) => e.clusterType);
  const unscheduled = explanations.filter((e) => !e.scheduled).map((e) => e.clusterType);
  const all = findings(explanations);
  const selecting = [...new Set(all.filter((f) => f.selected).map((f) => f.policy))];
  const lines: string[] = [];
  if (all.length === 0) {
    lines.push(
      colors.bold(
        `${target} is not scheduled on any of the ${total} cluster types: there is no SchedulingPolicy in this environment.`,
      ),
    );
    return lines.join('\n');
  }
  lines.push(
    colors.bold(
      scheduled.length === 0
        ? `${target} is not scheduled on any of the ${total} cluster types: no policy selects it.`
        : `${target} is scheduled on ${scheduled.length} of ${total} cluster types (${scheduled.join(', ')}), by ${selecting.length === 1 ? 'policy' : 'policies'} ${quoteList(selecting)}.`,
    ),
  );
  for (const f of all.filter((f) => f.selected))
    lines.push(`  ${colors.green('✓')} ${f.policy} on ${f.clusterTypes.join(', ')}: ${f.reason}`);
  const everywhere = all.filter((f) => !f.selected && f.clusterTypes.length === total);
  const folded = new Set(everywhere);
  const elsewhere = all
    .filter((f) => !f.selected && !folded.has(f))
    .map((f) => ({ ...f, clusterTypes: f.clusterTypes.filter((c) => unscheduled.includes(c)) }))
    .filter((f) => f.clusterTypes.length > 0);
  if (scheduled.length > 0 && unscheduled.length > 0)
    lines.push(`Not scheduled on ${unscheduled.join(', ')}:`);
  for (const f of elsewhere)
    lines.push(`  ${colors.red('✗')} ${f.policy} on ${f.clusterTypes.join(', ')}: ${f.reason}`);
  if (everywhere.length > 0) {
    lines.push(
      `${everywhere.length === 1 ? 'A policy fails' : `${everywhere.length} policies fail`} the same way on every cluster type:`,
    );
    for (const f of everywhere) lines.push(`  ${colors.red('✗')} ${f.policy}: ${f.reason}`);
  }
  return lines.join('\n');
}
