// The full diff of a preview, kept as a workflow artifact of the run when it does not fit the
// comment or the job summary (docs/decisions/preview-diff-artifact.md): one unified diff per
// environment and the plan as JSON, within a documented budget.
import { messageOf } from '../model/problem.ts';
import { utf8Length } from '../model/limits.ts';
import { MAX_DIFFED_FILE, MAX_EDIT_LENGTH, type EnvironmentPreview } from '../render/compare.ts';
import type { PreviewArtifactContent, PreviewArtifactOutcome, PreviewArtifacts } from './ports.ts';

/**
 * The largest unified diff (UTF-8 bytes, before compression, all environments) kept as an
 * artifact: 256 MiB, some 800,000 changed files of a one-line change. Past it the preview says
 * so with the counts; a change that large is better previewed in parts.
 */
export const MAX_ARTIFACT_DIFF_BYTES = 256 * 1024 * 1024;

/** The diff of each compared environment, file by file, and the plan. */
export function artifactContent(
  name: string,
  pullRequest: { number: number; baseCommit: string; headCommit: string },
  environments: readonly EnvironmentPreview[],
): PreviewArtifactContent & { diffBytes: number; files: number } {
  let diffBytes = 0;
  let files = 0;
  const diffs: { environment: string; patches: string[] }[] = [];
  for (const e of environments) {
    if (e.kind !== 'compared' || e.files.length === 0) continue;
    const patches: string[] = [];
    for (const f of e.files) {
      const patch = f.hidden
        ? `# kalypso: ${f.path} (${f.status}): content hidden (private workload repository)\n`
        : f.patch === ''
          ? `# kalypso: ${f.path} (${f.status}): not diffed line by line (over ${MAX_DIFFED_FILE} bytes or ${MAX_EDIT_LENGTH} changed lines)\n`
          : f.patch;
      diffBytes += utf8Length(patch);
      files++;
      patches.push(patch);
    }
    diffs.push({ environment: e.environment, patches });
  }
  const plan = {
    pullRequest,
    environments: environments.map((e) =>
      e.kind === 'compared'
        ? {
            environment: e.environment,
            kind: e.kind,
            baseBroken: e.baseBroken,
            clusterTypes: e.clusterTypes,
            removals: e.removals,
            files: e.files.map((f) => ({
              path: f.path,
              status: f.status,
              ...(f.hidden ? { hidden: true } : {}),
              ...(f.patch === '' && !f.hidden ? { diffed: false } : {}),
            })),
          }
        : e,
    ),
  };
  return { name, diffs, plan, diffBytes, files };
}

/** Keeps the full diff through the port, within the budget; never throws. */
export async function keepFullDiff(
  artifacts: PreviewArtifacts,
  content: ReturnType<typeof artifactContent>,
  budget = MAX_ARTIFACT_DIFF_BYTES,
): Promise<PreviewArtifactOutcome> {
  if (content.diffBytes > budget)
    return { kind: 'too-large', diffBytes: content.diffBytes, budget, files: content.files };
  try {
    return await artifacts.keep(content);
  } catch (error) {
    return { kind: 'failed', error: messageOf(error) };
  }
}
