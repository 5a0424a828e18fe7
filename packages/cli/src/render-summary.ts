import type { PairExplanation, Plan, RenderedEnvironment } from '@kalypso/core';

/** The short summary `kalypso render` prints: assignments per cluster type, files changed. */
export function formatRenderSummary(
  environment: string,
  rendered: RenderedEnvironment,
  plan: Plan,
): string {
  const lines = [
    `Rendered environment '${environment}': ${rendered.assignments.length} assignment${rendered.assignments.length === 1 ? '' : 's'} on ${rendered.view.clusterTypes.length} cluster type${rendered.view.clusterTypes.length === 1 ? '' : 's'}.`,
  ];
  const perType = new Map<string, string[]>();
  for (const a of rendered.assignments)
    perType.set(a.clusterType.name, [...(perType.get(a.clusterType.name) ?? []), a.target.name]);
  for (const clusterType of rendered.view.clusterTypes) {
    const targets = perType.get(clusterType.name) ?? [];
    lines.push(
      `  ${clusterType.name}: ${targets.length}${targets.length ? ` (${targets.join(', ')})` : ''}`,
    );
  }
  lines.push(
    `Files: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed${plan.promoted ? '; Promoted_Commit_Id updated' : ''}.`,
  );
  return lines.join('\n');
}

/** One (deployment target, cluster type) explanation, policy by policy. */
export function formatExplanation(explanation: PairExplanation): string {
  const head = `${explanation.target} on ${explanation.clusterType}: ${explanation.scheduled ? 'scheduled' : 'not scheduled'}`;
  if (explanation.policies.length === 0) return `${head} (no SchedulingPolicy in this environment)`;
  return [
    head,
    ...explanation.policies.map((p) => `  ${p.selected ? '✓' : '✗'} ${p.policy}: ${p.reason}`),
  ].join('\n');
}
