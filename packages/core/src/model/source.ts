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
  /**
   * The lines (1-based) that hold bytes that are not valid UTF-8, decoded as U+FFFD in `text`;
   * absent when the file is valid UTF-8. A U+FFFD on any other line is the character itself.
   */
  readonly invalidUtf8Lines?: readonly number[];
  /**
   * Set while the file's bytes are not read yet (a read asked to defer them:
   * docs/decisions/unchanged-inputs.md): its git blob id, a hash of those bytes. `text` is then
   * empty; the loader refuses such a file, the read's `readDeferred` gives its text.
   */
  readonly blobId?: string;
  /**
   * Set on a part of a file (the documents a load parses again, or looks up: load-documents.ts,
   * objects-in.ts): how many of the file's lines come before `text`, so that what the part gives
   * is on the file's lines without parsing those lines as blank ones. Absent for a whole file.
   */
  readonly linesBefore?: number;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/**
 * A file's bytes as text: UTF-8, with bytes that are not valid UTF-8 decoded as U+FFFD and their
 * lines listed, so that a literal U+FFFD (valid UTF-8, which Kubernetes stores) is told apart from
 * a replaced byte.
 */
export function decodeSourceText(bytes: Uint8Array): Pick<SourceFile, 'text' | 'invalidUtf8Lines'> {
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    // A newline is one byte that no multi-byte sequence holds: each line decodes on its own.
    const invalidUtf8Lines: number[] = [];
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      const part = bytes.subarray(start, i);
      if (part.some((b) => b >= 0x80)) {
        try {
          strictUtf8.decode(part);
        } catch {
          invalidUtf8Lines.push(line);
        }
      }
      line += 1;
      start = i + 1;
    }
    return { text: lenientUtf8.decode(bytes), invalidUtf8Lines };
  }
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
