// Files loaded once per process: the preview loads the base and the head of a pull request, which
// share most of their files (the workload repositories, `main` when the pull request is into an
// environment branch). A file is a function of its origin, path and bytes (and the alias budget):
// the same file gives the same objects, notes and problems, so the second load takes the first's.
import type { Problem } from './problem.ts';
import type { SourceFile, SourceOrigin } from './source.ts';
import type { ControlPlaneObject } from './types.ts';

/**
 * Where a document of a loaded file lies (`start`, `end`: offsets in the text, as the `yaml`
 * package's document range) and where its output starts in the file's lists (their lengths
 * before it).
 */
export interface DocumentMark {
  readonly start: number;
  readonly end: number;
  readonly objects: number;
  readonly notes: number;
  readonly unreadable: number;
  readonly problems: number;
  readonly warnings: number;
}

/** The documents of a loaded file; `clean` when none had a YAML syntax error. */
export interface DocumentMarks {
  readonly clean: boolean;
  readonly documents: readonly DocumentMark[];
}

/**
 * What one file gives (\`loadSource\`, file by file): its objects, notes and unreadable objects, and
 * the problems and warnings it adds, in the order it finds them. A function of the file, its
 * origin and the alias budget only (the input budgets are applied before).
 */
export interface LoadedFile {
  readonly objects: readonly ControlPlaneObject[];
  readonly notes: readonly string[];
  readonly unreadable: readonly string[];
  readonly problems: readonly Problem[];
  readonly warnings: readonly Problem[];
  /** Where its documents lie, for loading a later version by its changed documents. */
  readonly marks?: DocumentMarks;
}

/** The largest number of files kept (a bound on memory; the rest is loaded as usual). */
const MAX_KEPT_FILES = 100_000;
/**
 * Versions kept per origin and path (the oldest goes first): the preview reads the head and the
 * base (each file once by the sources reader, once by a render), so both versions of a file the
 * pull request changes are kept, in whatever order they are loaded.
 */
const MAX_VERSIONS = 2;

interface Kept {
  readonly file: SourceFile;
  readonly maxAliasCount: number;
  readonly loaded: LoadedFile;
}

/**
 * Loaded files by origin and path. The objects a kept file gave are shared by every load that
 * takes it: loading never changes them afterwards (they are read-only by type).
 */
export class LoadCache {
  private readonly kept = new Map<string, Kept[]>();
  /** Files taken from the cache instead of parsed (for tests and logs). */
  hits = 0;
  /** Files loaded from a kept version by parsing only the documents that differ (`reload`). */
  partial = 0;
  private subsetCache: LoadCache | undefined;

  /**
   * A cache of its own for the parts of files that `objectsIn` parses (only the documents that
   * name a kind): kept apart, so that they never take the place of a whole file's versions here.
   * The base and the head of a preview read the same parts, parsed once.
   */
  get subsets(): LoadCache {
    return (this.subsetCache ??= new LoadCache());
  }

  /** Whether this very file (origin, path, text and alias budget) is kept. */
  holds(file: SourceFile, origin: SourceOrigin, maxAliasCount: number): boolean {
    return (
      this.kept
        .get(keyOf(origin, file))
        ?.some((v) => v.maxAliasCount === maxAliasCount && sameFile(v.file, file)) ?? false
    );
  }

  load(
    file: SourceFile,
    origin: SourceOrigin,
    maxAliasCount: number,
    load: (file: SourceFile, origin: SourceOrigin, maxAliasCount: number) => LoadedFile,
    /**
     * The file loaded from a kept version of the same origin and path (the latest loaded with
     * the same alias budget), or undefined to load it whole.
     */
    reload?: (
      file: SourceFile,
      previous: { file: SourceFile; loaded: LoadedFile },
    ) => LoadedFile | undefined,
  ): LoadedFile {
    const id = keyOf(origin, file);
    const versions = this.kept.get(id);
    const kept = versions?.find((v) => v.maxAliasCount === maxAliasCount && sameFile(v.file, file));
    if (kept !== undefined) {
      this.hits += 1;
      return kept.loaded;
    }
    const previous = versions?.findLast((v) => v.maxAliasCount === maxAliasCount);
    const reloaded = previous === undefined ? undefined : reload?.(file, previous);
    if (reloaded !== undefined) this.partial += 1;
    const loaded = reloaded ?? load(file, origin, maxAliasCount);
    if (versions !== undefined) {
      if (versions.length >= MAX_VERSIONS) versions.shift();
      versions.push({ file, maxAliasCount, loaded });
    } else if (this.kept.size < MAX_KEPT_FILES)
      this.kept.set(id, [{ file, maxAliasCount, loaded }]);
    return loaded;
  }
}

function keyOf(origin: SourceOrigin, file: SourceFile): string {
  return `${origin.kind}\u0000${origin.kind === 'workload' ? origin.registration : ''}\u0000${file.path}`;
}

function sameFile(a: SourceFile, b: SourceFile): boolean {
  if (a === b) return true;
  if (a.text !== b.text || a.unreadBytes !== b.unreadBytes) return false;
  if ((a.linesBefore ?? 0) !== (b.linesBefore ?? 0)) return false;
  const x = a.invalidUtf8Lines ?? [];
  const y = b.invalidUtf8Lines ?? [];
  return x.length === y.length && x.every((line, i) => line === y[i]);
}
