import type { Plan, RenderedEnvironment } from '@kalypso/core';

/** Targets listed per cluster type in the summary before the list is folded. */
export const FOLDED_TARGETS = 5;

/** What `kalypso render` did, as data (`--format json`). */
export interface RenderSummary {
  readonly environment: string;
  readonly assignments: number;
  readonly clusterTypes: readonly { readonly name: string; readonly targets: readonly string[] }[];
  readonly files: { readonly added: number; readonly changed: number; readonly removed: number };
  readonly promoted: boolean;
}

export function renderSummary(
  environment: string,
  rendered: RenderedEnvironment,
  plan: Plan,
): RenderSummary {
  const perType = new Map<string, string[]>();
  for (const clusterType of rendered.view.clusterTypes) perType.set(clusterType.name, []);
  for (const a of rendered.assignments) perType.get(a.clusterType.name)?.push(a.target.name);
  return {
    environment,
    assignments: rendered.assignments.length,
    clusterTypes: [...perType].map(([name, targets]) => ({ name, targets })),
    files: { added: plan.added.length, changed: plan.changed.length, removed: plan.removed.length },
    promoted: plan.promoted,
  };
}

/**
 * The short summary `kalypso render` prints: assignments per cluster type (the first
 * FOLDED_TARGETS target names, all of them with `verbose`), files changed.
 */
export function formatRenderSummary(
  environment: string,
  rendered: RenderedEnvironment,
  plan: Plan,
  verbose = false,
): string {
  const summary = renderSummary(environment, rendered, plan);
  const types = summary.clusterTypes.length;
  const lines = [
    `Rendered environment '${environment}': ${summary.assignments} assignment${summary.assignments === 1 ? '' : 's'} on ${types} cluster type${types === 1 ? '' : 's'}.`,
  ];
  let folded = false;
  for (const { name, targets } of summary.clusterTypes) {
    const shown = verbose ? targets : targets.slice(0, FOLDED_TARGETS);
    const more = targets.length - shown.length;
    if (more > 0) folded = true;
    const list = shown.length ? ` (${shown.join(', ')}${more > 0 ? `, … ${more} more` : ''})` : '';
    lines.push(`  ${name}: ${targets.length}${list}`);
  }
  const { added, changed, removed } = summary.files;
  lines.push(
    `Files: ${added} added, ${changed} changed, ${removed} removed${summary.promoted ? '; Promoted_Commit_Id updated' : ''}.`,
  );
  if (folded) lines.push('(Long target lists are folded: --verbose lists every target.)');
  return lines.join('\n');
}
