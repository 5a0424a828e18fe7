// Writing a plan into `--out`: removals, emptied folders, new folders (each once), changed files.
import { closeSync, constants, mkdirSync, openSync, writeSync } from 'node:fs';
import { rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { mapBounded } from '@kalypso/core';
import { parentOf, type Scan } from './tree.ts';

/** File operations in flight at once (the disk, not the CPU, is what they wait for). */
export const IO_CONCURRENCY = 16;

/**
 * Removes `removed` (and the folders that end up empty), creates the missing folders and writes
 * `toWrite` from `generated`, below `root`. The caller has checked every path against `scan`.
 */
export async function applyChange(
  root: string,
  scan: Scan,
  removed: readonly string[],
  toWrite: readonly string[],
  generated: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const emptied = new Set<string>();
  await mapBounded(removed, IO_CONCURRENCY, (path) => unlink(join(root, path)));
  for (const path of removed)
    for (let d = parentOf(path); d !== '' && !emptied.has(d); d = parentOf(d)) emptied.add(d);
  // Remove folders that ended up empty, deepest first; a folder that still holds anything stays.
  for (const level of byDepth(emptied, -1)) {
    await mapBounded(level, IO_CONCURRENCY, async (folder) => {
      try {
        await rmdir(join(root, folder));
        scan.folders.delete(folder);
      } catch {
        // not empty: kept
      }
    });
  }
  // Create each missing folder once, parents first (one level at a time).
  const missing = new Set<string>();
  for (const path of toWrite) {
    for (
      let d = parentOf(path);
      d !== '' && !scan.folders.has(d) && !missing.has(d);
      d = parentOf(d)
    )
      missing.add(d);
  }
  for (const level of byDepth(missing, 1))
    for (const folder of level) mkdirSync(join(root, folder));
  // Synchronous writes, one file at a time: for many small files this is what the disk does
  // fastest (no thread-pool round trips per open, write and close), and the process has nothing
  // else to do meanwhile. Memory stays bounded: the bytes are already in `generated`.
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
  for (const path of toWrite) {
    const fd = openSync(join(root, path), flags, 0o644);
    try {
      const bytes = generated.get(path)!;
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    } finally {
      closeSync(fd);
    }
  }
}

/** Folders grouped by depth: shallowest level first (order 1) or deepest first (order -1). */
function byDepth(folders: Iterable<string>, order: 1 | -1): string[][] {
  const levels = new Map<number, string[]>();
  for (const folder of folders) {
    const d = depth(folder);
    const level = levels.get(d) ?? [];
    level.push(folder);
    levels.set(d, level);
  }
  return [...levels.keys()].sort((a, b) => (a - b) * order).map((d) => levels.get(d)!);
}

function depth(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}
