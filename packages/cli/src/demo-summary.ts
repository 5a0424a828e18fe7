import { formatProblem, type Problem } from '@kalypso/core';

/** The parts of a rendered environment the demo reports (a RenderedEnvironment fits). */
export interface RenderedForSummary {
  readonly view: { readonly clusterTypes: readonly { readonly name: string }[] };
  readonly assignments: readonly {
    readonly clusterType: { readonly name: string };
    readonly target: { readonly name: string };
    readonly policies: readonly string[];
  }[];
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly baseRepo: { readonly commit: string } | undefined;
}

/** What the demo did for one environment. */
export type EnvironmentOutcome =
  | {
      readonly environment: string;
      readonly ok: true;
      /** Where the GitOps tree was written, as shown to the user. */
      readonly outDir: string;
      readonly clusterTypes: readonly ClusterTypeSummary[];
      readonly assignments: number;
      readonly filesWritten: number;
      /** The promoted `main` commit ("" when the BaseRepo has none). */
      readonly promotedCommit: string;
    }
  | { readonly environment: string; readonly ok: false; readonly problems: readonly Problem[] };

export interface ClusterTypeSummary {
  readonly name: string;
  /** Deployment targets scheduled here, each with the policies that selected it. */
  readonly assignments: readonly {
    readonly target: string;
    readonly policies: readonly string[];
  }[];
}

/** Groups the assignments of a rendered environment by cluster type, in cluster type order. */
export function summariseRendered(
  environment: string,
  rendered: RenderedForSummary,
  outDir: string,
): EnvironmentOutcome {
  const byType = new Map<string, { target: string; policies: readonly string[] }[]>();
  for (const a of rendered.assignments) {
    const list = byType.get(a.clusterType.name) ?? [];
    list.push({ target: a.target.name, policies: a.policies });
    byType.set(a.clusterType.name, list);
  }
  return {
    environment,
    ok: true,
    outDir,
    clusterTypes: rendered.view.clusterTypes.map((c) => ({
      name: c.name,
      assignments: byType.get(c.name) ?? [],
    })),
    assignments: rendered.assignments.length,
    filesWritten: rendered.files.size,
    promotedCommit: rendered.baseRepo?.commit ?? '',
  };
}

/** The block the demo prints for one environment: its assignments, or every problem. */
export function formatEnvironmentOutcome(outcome: EnvironmentOutcome): string {
  if (!outcome.ok) {
    const count = outcome.problems.length;
    return [
      `❌ ${outcome.environment}: ${plural(count, 'problem')}, nothing written`,
      ...outcome.problems.map((p) => `  ${formatProblem(p).replaceAll('\n', '\n    ')}`),
    ].join('\n');
  }
  const commit = outcome.promotedCommit
    ? `, Promoted_Commit_Id ${outcome.promotedCommit.slice(0, 7)}`
    : '';
  const lines = [
    `✅ ${outcome.environment} → ${outcome.outDir}`,
    `  ${plural(outcome.assignments, 'assignment')} on ${plural(outcome.clusterTypes.length, 'cluster type')}, ${plural(outcome.filesWritten, 'file')} written${commit}`,
  ];
  const width = Math.max(
    0,
    ...outcome.clusterTypes.flatMap((c) => c.assignments.map((a) => a.target.length)),
  );
  for (const clusterType of outcome.clusterTypes) {
    const count = clusterType.assignments.length;
    lines.push(`  ${clusterType.name} (${count === 0 ? 'nothing scheduled' : count})`);
    for (const a of clusterType.assignments)
      lines.push(`    ${a.target.padEnd(width)}  by ${a.policies.join(', ')}`);
  }
  return lines.join('\n');
}

/** The closing line: how many environments rendered, and where to look. */
export function formatDemoFooter(outcomes: readonly EnvironmentOutcome[], outRoot: string): string {
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.environment);
  const rendered = outcomes.length - failed.length;
  if (failed.length === 0) {
    return `Rendered ${plural(rendered, 'environment')} into ${outRoot}: each gitops-<env> folder is what the scheduler would propose to that GitOps branch.`;
  }
  return `${failed.length} of ${plural(outcomes.length, 'environment')} failed (${failed.join(', ')}); fix the problems above. ${rendered} rendered into ${outRoot}.`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
