import { goStringBytes } from '../go/values.ts';
import type { AssignmentPackage } from '../render/assignment-package.ts';

/** A GitOps repository tree: repository-relative path → file bytes (all regular 100644 blobs). */
export type GitOpsTree = ReadonlyMap<string, Uint8Array>;

export const README_TEXT = 'This folder contains deployment targets scheduled on the cluster type';
export const TRACKING_FILE = '.github/tracking/Promoted_Commit_Id';

const encoder = new TextEncoder();

/** `GitOpsRepo.spec.path` normalised (D4): leading `./` and trailing `/` stripped, `.` = root (""). */
export function normaliseGitOpsPath(path: string): string {
  let p = path.trim();
  while (p.startsWith('./')) p = p.slice(2);
  while (p.endsWith('/')) p = p.slice(0, -1);
  return p === '.' ? '' : p;
}

export interface GeneratedContent {
  /** Every ClusterType of the environment (each gets its folder and README, even when empty). */
  readonly clusterTypes: readonly string[];
  readonly packages: readonly AssignmentPackage[];
  /** The `main` BaseRepo's spec.commit; "" leaves the tracking file alone. */
  readonly promotedCommit: string;
  /** Normalised GitOpsRepo spec.path. */
  readonly path: string;
}

/** The files the scheduler owns and writes (§7.3 with D4/D5), keyed by repository path. */
export function generatedFiles(content: GeneratedContent): Map<string, Uint8Array> {
  const prefix = content.path === '' ? '' : `${content.path}/`;
  const files = new Map<string, Uint8Array>();
  const readme = encoder.encode(README_TEXT);
  for (const clusterType of content.clusterTypes)
    files.set(`${prefix}${clusterType}/README.md`, readme);
  for (const pkg of content.packages) {
    const folder = `${prefix}${pkg.clusterType}/${pkg.target}/`;
    // Rendered text is a Go string: raw non-UTF-8 bytes are written back as bytes.
    files.set(`${folder}reconciler.yaml`, goStringBytes(pkg.reconciler));
    files.set(`${folder}namespace.yaml`, goStringBytes(pkg.namespace));
    if (pkg.config !== '') files.set(`${folder}${pkg.configFileName}`, goStringBytes(pkg.config));
  }
  if (content.promotedCommit !== '')
    files.set(TRACKING_FILE, encoder.encode(content.promotedCommit));
  return files;
}

/** True when the scheduler owns `path` (D4): inside a non-dot top-level folder below spec.path. */
export function isOwnedPath(path: string, gitopsPath: string): boolean {
  let rest = path;
  if (gitopsPath !== '') {
    if (!path.startsWith(`${gitopsPath}/`)) return false;
    rest = path.slice(gitopsPath.length + 1);
  }
  const slash = rest.indexOf('/');
  return slash > 0 && !rest.startsWith('.');
}

/**
 * The tree after a run (D4): every owned file of `before` is dropped, the generated files are
 * added; files directly in spec.path, its dot-folders and everything outside it are kept, and the
 * tracking file is replaced only when a promoted commit is known.
 */
export function applyGeneratedFiles(
  before: GitOpsTree,
  generated: ReadonlyMap<string, Uint8Array>,
  gitopsPath: string,
): Map<string, Uint8Array> {
  const after = new Map<string, Uint8Array>();
  for (const [path, bytes] of before) {
    if (!isOwnedPath(path, gitopsPath)) after.set(path, bytes);
  }
  for (const [path, bytes] of generated) after.set(path, bytes);
  return after;
}
