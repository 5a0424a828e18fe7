// What a preview may show of a workload repository: its rendered content only when everyone who
// reads the pull request can read that repository too (docs/decisions/inert-output.md). Pure but
// for the visibility questions, which the reads answer.
import type { RenderedEnvironment } from '../render/render-environment.ts';
import type { EnvironmentPreview, FileDiff } from '../render/compare.ts';

import type { RepositoryVisibility } from '../ports.ts';

export type { RepositoryVisibility };

/** What the preview shows for a file rendered from a private workload repository. */
export const HIDDEN_CONTENT = 'changed, content hidden (private repository)';

/** How visible a registration's repository is in one read (undefined: no source of it there). */
export type RegistrationVisibility = (
  registration: string,
) => Promise<RepositoryVisibility | undefined>;

/**
 * The WorkloadRegistrations whose content the preview hides: every one whose repository is not
 * known to be public in either read, unless `show` (the preview's
 * `show-private-workload-content` input). Asked only of the registrations that delivered a target
 * in whose folder a file of `preview` changes (in either render): `hidePrivateContent` looks at
 * no other, so the preview is the same as with every registration asked, for a request per
 * repository the diff shows instead of one per registration of the environment.
 */
export async function hiddenRegistrations(
  preview: EnvironmentPreview,
  renders: readonly (RenderedEnvironment | undefined)[],
  reads: readonly (RegistrationVisibility | undefined)[],
  show: boolean,
): Promise<ReadonlySet<string>> {
  const hidden = new Set<string>();
  if (show || preview.kind !== 'compared' || preview.files.length === 0) return hidden;
  const changed = new Set(preview.files.map((f) => folderOf(f.path)));
  const asked = new Set<string>();
  for (const render of renders) {
    const prefix = render === undefined || render.gitopsPath === '' ? '' : `${render.gitopsPath}/`;
    for (const a of render?.assignments ?? []) {
      const source = a.target.workload.origin.source;
      if (source.kind !== 'workload' || asked.has(source.registration)) continue;
      if (changed.has(`${prefix}${a.clusterType.name}/${a.target.name}/`))
        asked.add(source.registration);
    }
  }
  // Each read in turn is asked of every registration still shown, all at once: the adapter puts
  // questions asked together in one request (and bounds what it sends).
  let open = [...asked];
  for (const visibilityOf of reads) {
    if (visibilityOf === undefined || open.length === 0) continue;
    const answers = await Promise.all(open.map((registration) => visibilityOf(registration)));
    open = open.filter((registration, i) => {
      const visibility = answers[i];
      if (visibility === undefined || visibility === 'public') return true;
      hidden.add(registration);
      return false;
    });
  }
  return hidden;
}

/** The folder a generated file lies in, with its trailing slash. */
function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
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
  const isHidden = (f: FileDiff) => folders.has(folderOf(f.path));
  return {
    ...preview,
    files: preview.files.map((f) => (isHidden(f) ? { ...f, patch: '', hidden: true } : f)),
  };
}
