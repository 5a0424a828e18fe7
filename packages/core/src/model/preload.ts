// Control-plane files parsed ahead into the load cache, a step at a time: the schedule parses the
// environment's own files while it waits for the workload repositories
// (docs/decisions/incremental-render.md), and the load that follows takes them from the cache.
import type { LoadCache } from './load-cache.ts';
import { chunkStarts, splittable } from './load-documents.ts';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from './limits.ts';
import { loadFile, reloadFrom, withinBudget, type InputBudget } from './load.ts';
import { ProblemList } from './problem.ts';
import { isManifestPath, type Source, type SourceFile } from './source.ts';

/** About how much text one step of `preloadSources` parses before it gives the thread back. */
const PRELOAD_SLICE_CHARS = 32 * 1024;

/**
 * Parses the manifest files of `sources` into `cache`, so that a later `loadSource` with the same
 * cache and limits takes them from it (the schedule does this while it waits for the workload
 * repositories: docs/decisions/incremental-render.md). A step at a time, `pause` awaited between
 * steps so that the thread still answers what it waits for (and ends it when it says so): a large
 * file is loaded as growing prefixes cut at document starts, each loaded from the one before
 * (`loadChangedDocuments`, whose result equals the whole file's load), then whole. Reports
 * nothing: what is wrong is found again by the load. Stops where the load would (`withinBudget`:
 * a file over the file limit is skipped, the total budget ends it).
 */
export async function preloadSources(
  sources: readonly Source[],
  cache: LoadCache,
  /** Awaited between steps; false ends the preload there. */
  pause: () => Promise<boolean>,
  options: {
    /** The limits the later load takes (the cache keeps a file per alias budget). */
    limits?: InputLimits;
    /** About how much text one step parses (`PRELOAD_SLICE_CHARS`). */
    sliceChars?: number;
  } = {},
): Promise<void> {
  const limits = options.limits ?? DEFAULT_INPUT_LIMITS;
  const slice = options.sliceChars ?? PRELOAD_SLICE_CHARS;
  // The load's own checks, its problems left unsaid.
  const budget: InputBudget = { remaining: limits.maxTotalBytes };
  const unsaid = new ProblemList();
  for (const source of sources) {
    const reload = reloadFrom(source.origin, limits.maxAliasCount);
    for (const file of source.files) {
      if (!isManifestPath(file.path) || file.blobId !== undefined) continue;
      // Parsed already (by an earlier preload of the same file): nothing to do, no prefix again.
      if (cache.holds(file, source.origin, limits.maxAliasCount)) continue;
      if (!withinBudget(file, limits, budget, unsaid)) {
        if (budget.exceeded) return;
        continue;
      }
      for (const end of prefixEnds(file, slice)) {
        const part = { path: file.path, text: file.text.slice(0, end) };
        const loaded = cache.load(part, source.origin, limits.maxAliasCount, loadFile, reload);
        if (!(await pause())) return;
        // A prefix that could not be split (a syntax error) would make every next one whole.
        if (loaded.marks?.clean !== true) break;
      }
      cache.load(file, source.origin, limits.maxAliasCount, loadFile, reload);
      if (!(await pause())) return;
    }
  }
}

/**
 * Where `preloadSources` cuts a file: document starts about `slice` characters apart (none for a
 * small file, or one whose documents `loadChangedDocuments` would not split).
 */
function prefixEnds(file: SourceFile, slice: number): number[] {
  if (file.text.length <= slice || !splittable(file)) return [];
  const ends: number[] = [];
  let last = 0;
  for (const start of chunkStarts(file.text)) {
    if (start - last < slice) continue;
    ends.push(start);
    last = start;
  }
  return ends;
}
