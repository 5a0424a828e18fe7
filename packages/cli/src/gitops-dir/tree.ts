// The tree behind `--out` as the main thread sees it, and the safety rules every plan passes
// before anything is written: where `--out` really is, which paths may be written, no link
// written through, no kept file in a new folder's way.
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '@kalypso/core';
import { UsageError } from '../fs-source.ts';
import { listTree, MAX_OUT_ENTRIES, tooManyEntries } from './walk.ts';

export interface Scan {
  readonly files: Set<string>;
  readonly folders: Set<string>;
  readonly links: Set<string>;
}

/** Files, folders and links below `root` (without `.git`), links not followed. */
export function scanTree(root: string): Scan {
  const listing = listTree(root, MAX_OUT_ENTRIES);
  if (!listing) throw new UserError(tooManyEntries(MAX_OUT_ENTRIES));
  return {
    files: new Set(listing.files),
    folders: new Set(listing.folders),
    links: new Set(listing.links),
  };
}

export function emptyScan(): Scan {
  return { files: new Set(), folders: new Set(), links: new Set() };
}

/** `--out` resolved with realpath (or, when it does not exist yet, its nearest existing parent). */
export function realOut(out: string): { path: string; exists: boolean } {
  const absolute = resolve(out);
  let info;
  try {
    info = lstatSync(absolute);
  } catch {
    let parent = absolute;
    const rest: string[] = [];
    for (;;) {
      const up = dirname(parent);
      rest.unshift(parent.slice(up === '/' ? 1 : up.length + 1));
      parent = up;
      try {
        return { path: join(realpathSync(parent), ...rest), exists: false };
      } catch {
        // not there either: climb (the root always resolves)
      }
    }
  }
  const path = realpathSync(absolute);
  if (!info.isDirectory() && !lstatSync(path).isDirectory())
    throw new UsageError(`--out '${out}' is not a folder.`);
  return { path, exists: true };
}

/** Refuses a planned repository path that could leave the tree or touch git's own folder. */
export function checkPlannedPath(path: string): void {
  if (
    path === '' ||
    /^[A-Za-z]:/.test(path) ||
    path.includes('\\') ||
    path.includes('\0') ||
    !segmentsOk(path)
  ) {
    throw new UserError(
      `refusing to write '${path}': a GitOps path must be relative, inside the repository, without '..', '.', empty or '.git' segments. Fix the names (cluster types, deployment targets, GitOpsRepo spec.path) that make it up.`,
    );
  }
}

/** No empty, `.`, `..` or `.git` (any case) segment; a leading `/` is an empty segment. */
function segmentsOk(path: string): boolean {
  let start = 0;
  for (;;) {
    let end = path.indexOf('/', start);
    if (end < 0) end = path.length;
    const n = end - start;
    if (n === 0) return false;
    if (path.charCodeAt(start) === 46 /* . */) {
      if (n === 1 || (n === 2 && path.charCodeAt(start + 1) === 46)) return false;
      if (n === 4 && path.slice(start, end).toLowerCase() === '.git') return false;
    }
    if (end === path.length) return true;
    start = end + 1;
  }
}

/** Refuses a path that is, or passes through, a symbolic link of `scan`. */
export function checkNoLink(scan: Scan, path: string, out: string): void {
  if (scan.links.size === 0) return;
  for (let p = path; p !== ''; p = parentOf(p)) if (scan.links.has(p)) throw linkError(p, out);
}

export function linkError(link: string, out: string): Error {
  return new Error(
    `'${join(out, link)}' is a symbolic link where kalypso writes GitOps files: links are never written through. Replace it with a real folder or file (or remove it) and run again.`,
  );
}

/** A planned file whose folder would have to replace a kept file is refused before writing. */
export function checkFoldersFree(
  scan: Scan,
  toWrite: readonly string[],
  removed: readonly string[],
  out: string,
): void {
  const gone = new Set(removed);
  const seen = new Set<string>();
  for (const path of toWrite) {
    for (let d = parentOf(path); d !== '' && !seen.has(d); d = parentOf(d)) {
      seen.add(d);
      if (scan.files.has(d) && !gone.has(d)) {
        throw new UserError(
          `cannot create folder '${d}' in --out '${out}': a file of that name is in the way. Move it and run again.`,
        );
      }
    }
  }
}

export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
