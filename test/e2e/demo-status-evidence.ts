// `npm run demo -- --evidence commit-statuses`: the same promotion, with no Azure in the loop. Each
// simulated cluster's Flux notification-controller posts a commit status on the GitOps commit it
// applied (test/e2e/status-fleet.ts); check-promote reads them (`evidence: commit-statuses`, the
// example workflow's KALYPSO_EVIDENCE variable) against the inventory on each GitOps branch. This
// module holds what the demo says about it: the opening lines, and per environment what the
// clusters reported on the GitOps commit they run.
import type { LocalGitHub } from '../support/github-server/client.ts';
import type { PromotionWorld } from './promotion-world.ts';
import { INVENTORY_FILE } from './status-fleet.ts';

export const EVIDENCE_CHOICES = ['azure-resource-graph', 'commit-statuses'] as const;
export type DemoEvidence = (typeof EVIDENCE_CHOICES)[number];

/** The option's value, or the error message naming the choices. */
export function demoEvidence(value: string): { evidence: DemoEvidence } | { error: string } {
  return (EVIDENCE_CHOICES as readonly string[]).includes(value)
    ? { evidence: value as DemoEvidence }
    : {
        error: `--evidence must be one of ${EVIDENCE_CHOICES.join(', ')}, not '${value.replace(/[^\w.-]/g, '?')}'`,
      };
}

/** What the demo says before the promotion starts. */
export function evidenceIntroduction(world: PromotionWorld): string[] {
  return [
    `Evidence: commit statuses. Each cluster's Flux notification-controller posts \`kalypso/<cluster type>/<cluster>/kustomization/workloads\` on the GitOps commit it applied; check-promote reads them with the GitOps token against ${INVENTORY_FILE} on each GitOps branch of ${world.gitops}. No Azure variable is set: Resource Graph is not asked.`,
  ];
}

/**
 * Per environment, the commit statuses on the GitOps branch head: how many clusters reported it
 * deployed, and which failed, with their description.
 */
export async function evidenceReport(local: LocalGitHub, world: PromotionWorld): Promise<string[]> {
  const state = await local.state(world.gitops);
  const lines = ['What the clusters reported on the GitOps commit each environment runs:'];
  for (const env of world.environments) {
    const head = (await local.log(world.gitops, env))[0]!.sha;
    // The newest status of each context (the local GitHub lists them oldest first).
    const newest = new Map<string, { state: string; description: string }>();
    const onHead = state.statuses
      .filter((s) => s.sha === head && s.context.startsWith('kalypso/'))
      .sort((a, b) => a.id - b.id);
    for (const s of onHead)
      newest.set(s.context, { state: s.state, description: s.description ?? '' });
    const reports = [...newest];
    const ok = reports.filter(([, s]) => s.state === 'success').length;
    const failed = reports.filter(([, s]) => s.state !== 'success');
    lines.push(
      `  ${env.padEnd(6)} ${head.slice(0, 7)}  ${ok} of ${reports.length} commit statuses success${failed.length > 0 ? `; ${failed.map(([context, s]) => `${context}: ${s.state} (${s.description})`).join('; ')}` : ''}`,
    );
  }
  return lines;
}
