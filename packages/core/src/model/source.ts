/** One file read from a repository: its display path (for messages) and its text. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
  /**
   * Set instead of reading the file: its size in bytes, over the per-file input budget
   * (`maxFileBytes` in model/limits.ts), found before reading it. `text` is then empty, and the
   * loader reports the file as too large.
   */
  readonly unreadBytes?: number;
}

/**
 * Where a set of files comes from. In the original every source syncs into the environment
 * namespace, so objects may come from any of them; the origin matters for the workspace of
 * Workloads (docs/decisions/workspace-from-registration.md) and for messages.
 */
export type SourceOrigin =
  | { readonly kind: 'base' }
  | { readonly kind: 'environment' }
  | { readonly kind: 'workload'; readonly registration: string };

export interface Source {
  readonly origin: SourceOrigin;
  readonly files: readonly SourceFile[];
}

/** True for the files the original syncs: every `*.yaml` / `*.yml`. */
export function isManifestPath(path: string): boolean {
  return path.endsWith('.yaml') || path.endsWith('.yml');
}
