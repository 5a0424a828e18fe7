// Walking and reading `--out` with Node's file system only: shared by the main thread and the
// background scan's worker (prescan-worker.ts), so it imports nothing else.
import { closeSync, constants, openSync, readdirSync, readSync } from 'node:fs';

/** At most this many entries (files, folders, links) below `--out` are visited. */
export const MAX_OUT_ENTRIES = 5_000_000;

/** Files up to this size are read and hashed by the background scan; larger ones are compared later. */
export const PRESCAN_MAX_FILE_BYTES = 1024 * 1024;

/** What `--out` holds, relative paths with `/`, in the order the walk found them. */
export interface Listing {
  readonly files: string[];
  readonly folders: string[];
  readonly links: string[];
}

/** Why a walk stopped early. */
export function tooManyEntries(limit: number): string {
  return `--out holds more than ${limit} entries: point it at the GitOps working tree.`;
}

/**
 * Files, folders and links below `root` (without `.git`), links listed, never followed; undefined
 * when there are more than `limit` entries (see `tooManyEntries`).
 */
export function listTree(root: string, limit: number): Listing | undefined {
  const listing: Listing = { files: [], folders: [], links: [] };
  const pending = [''];
  let visited = 0;
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for (const entry of readdirSync(folder === '' ? root : `${root}/${folder}`, {
      withFileTypes: true,
    })) {
      if (entry.name === '.git') continue;
      if (++visited > limit) return undefined;
      const rel = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) listing.links.push(rel);
      else if (entry.isDirectory()) {
        listing.folders.push(rel);
        pending.push(rel);
      } else if (entry.isFile()) listing.files.push(rel);
    }
  }
  return listing;
}

/**
 * Reads the file at `path` (never through a symbolic link) into `scratch`, at most its length, and
 * returns how many bytes were read: one more than a cap tells that the file is larger.
 */
export function readCapped(path: string, scratch: Buffer): number {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  let size = 0;
  try {
    for (
      let n;
      size < scratch.length && (n = readSync(fd, scratch, size, scratch.length - size, null)) > 0;
    )
      size += n;
  } finally {
    closeSync(fd);
  }
  return size;
}
