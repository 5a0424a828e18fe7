// What a preview may show of a workload repository: its rendered content only when everyone who
// reads the pull request can read that repository too (docs/decisions/inert-output.md). Pure.
import type { RenderedEnvironment } from '../render/render-environment.ts';
import type { EnvironmentPreview, FileDiff } from '../render/compare.ts';

import type { RepositoryVisibility } from '../ports.ts';

export type { RepositoryVisibility };

/** What the preview shows for a file rendered from a private workload repository. */
export const HIDDEN_CONTENT = 'changed, content hidden (private repository)';

/**
 * The WorkloadRegistrations whose content the preview hides: every one whose repository is not
 * known to be public, unless `show` (the preview's `show-private-workload-content` input).
 */
export function hiddenRegistrations(
  visibility: Readonly<Record<string, RepositoryVisibility>> | undefined,
  show: boolean,
): ReadonlySet<string> {
  if (show || visibility === undefined) return new Set();
  return new Set(
    Object.entries(visibility)
      .filter(([, v]) => v !== 'public')
      .map(([registration]) => registration),
  );
}

/**
 * The preview without the content of hidden registrations: the diff of every file in the folder of
 * a deployment target whose Workload one of them delivered (in either render) is left out and
 * marked `hidden` (shown as HIDDEN_CONTENT). Names, counts, config values (platform config of the
 * control plane, which the readers can read) and the removal guard stay as they are.
 */
export function hidePrivateContent(
  preview: EnvironmentPreview,
  renders: readonly (RenderedEnvironment | undefined)[],
  hidden: ReadonlySet<string>,
): EnvironmentPreview {
  if (hidden.size === 0 || preview.kind !== 'compared') return preview;
  const folders = new Set<string>();
  for (const render of renders) {
    for (const a of render?.assignments ?? []) {
      const source = a.target.workload.origin.source;
      if (source.kind !== 'workload' || !hidden.has(source.registration)) continue;
      const prefix = render!.gitopsPath === '' ? '' : `${render!.gitopsPath}/`;
      folders.add(`${prefix}${a.clusterType.name}/${a.target.name}/`);
    }
  }
  if (folders.size === 0) return preview;
  // Generated files lie directly in their target's folder: one lookup per file.
  const isHidden = (f: FileDiff) => folders.has(f.path.slice(0, f.path.lastIndexOf('/') + 1));
  return {
    ...preview,
    files: preview.files.map((f) => (isHidden(f) ? { ...f, patch: '', hidden: true } : f)),
  };
}
