import { hash } from 'node:crypto';
import { constants, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, open, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { diffTrees, isOwnedPath, UserError, type Plan } from '@kalypso/core';
import { UsageError } from './fs-source.ts';

/**
 * The GitOps working tree behind `--out`, as the CLI reads and writes it. Safety rules:
 * - `--out` is resolved with realpath once; everything is written below that folder.
 * - A planned path must be relative, with no empty, `.`, `..` or `.git` segment.
 * - A symbolic link is never written through, replaced or followed: when a path the run would
 *   write or remove, or a folder the scheduler owns, is (or passes through) a link, the run fails
 *   before anything is written, naming the link.
 * - Everything is checked before the first write, so a refused run leaves `--out` as it was.
 */
export interface OutDirChange {
  /** The real path of `--out` (it may not exist yet). */
  readonly root: string;
  readonly plan: Plan;
  /** Applies the plan: removals, emptied folders, new folders (each once), changed files only. */
  readonly apply: () => Promise<void>;
}

/** File operations in flight at once (the disk, not the CPU, is what they wait for). */
export const IO_CONCURRENCY = 16;

/** At most this many entries (files, folders, links) below `--out` are visited. */
export const MAX_OUT_ENTRIES = 5_000_000;

/** Placeholder contents for the plan: equal tokens mean "same bytes". */
const SAME = new Uint8Array([0]);
const DIFFERENT = new Uint8Array([1]);

interface Scan {
  readonly files: Set<string>;
  readonly folders: Set<string>;
  readonly links: Set<string>;
}

/** Files up to this size are read and hashed by the background scan; larger ones are compared later. */
export const PRESCAN_MAX_FILE_BYTES = 1024 * 1024;

/** What the background scan of `--out` found: the tree, and a SHA-256 per small existing file. */
interface Prescan {
  readonly scan: Scan;
  /** Path → SHA-256 (base64) of the file's bytes when it was read (files larger than the cap are absent). */
  readonly digests: ReadonlyMap<string, string>;
}

/**
 * A scan of `--out` started before rendering, in a worker thread, so that walking the working tree
 * and reading its files overlaps with the (CPU-bound) render. It follows the same rules as
 * `scanTree` (links are listed, never followed; `.git` skipped; at most MAX_OUT_ENTRIES entries).
 */
export interface OutPrescan {
  /** Stops the worker when its result will not be used (a failed render, an early error). */
  readonly cancel: () => void;
  /** @internal */
  readonly result: Promise<Prescan | undefined>;
}

// Plain JavaScript evaluated by the worker (a separate file would not survive bundling).
const PRESCAN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, constants, openSync, readdirSync, readSync } = require('node:fs');
const { hash } = require('node:crypto');
const { root, maxEntries, maxFileBytes } = workerData;
try {
  const files = [], folders = [], links = [], digests = [];
  const pending = [''];
  let visited = 0;
  while (pending.length > 0) {
    const folder = pending.pop();
    for (const entry of readdirSync(folder === '' ? root : root + '/' + folder, { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      if (++visited > maxEntries) throw new UserError('--out holds more than ' + maxEntries + ' entries: point it at the GitOps working tree.');
      const rel = folder === '' ? entry.name : folder + '/' + entry.name;
      if (entry.isSymbolicLink()) links.push(rel);
      else if (entry.isDirectory()) { folders.push(rel); pending.push(rel); }
      else if (entry.isFile()) files.push(rel);
    }
  }
  // One reused buffer (one byte over the cap to notice larger files), never one per file.
  const scratch = Buffer.allocUnsafe(maxFileBytes + 1);
  for (const rel of files) {
    let digest = null;
    try {
      const fd = openSync(root + '/' + rel, constants.O_RDONLY | constants.O_NOFOLLOW);
      let size = 0;
      try {
        for (let n; size < scratch.length && (n = readSync(fd, scratch, size, scratch.length - size)) > 0; ) size += n;
      } finally {
        closeSync(fd);
      }
      if (size <= maxFileBytes) digest = hash('sha256', scratch.subarray(0, size), 'base64');
    } catch {
      // unreadable here: compared (and reported) on the main thread
    }
    digests.push(digest ?? '');
  }
  // One string per list (names cannot hold NUL): far cheaper to pass than a string per entry.
  const nul = String.fromCharCode(0);
  parentPort.postMessage({ files: files.join(nul), folders: folders.join(nul), links: links.join(nul), digests: digests.join(nul) });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
`;

/**
 * Starts scanning `--out` in the background. A refusal (for example `--out` is a file) is not
 * thrown here: it is reported by `planOutDir`, after the render, as without a prescan.
 */
export function startOutPrescan(out: string): OutPrescan {
  let root;
  try {
    root = realOut(out);
  } catch {
    return { cancel: () => {}, result: Promise.resolve(undefined) };
  }
  if (!root.exists) return { cancel: () => {}, result: Promise.resolve(undefined) };
  const worker = new Worker(PRESCAN_WORKER, {
    eval: true,
    workerData: {
      root: root.path,
      maxEntries: MAX_OUT_ENTRIES,
      maxFileBytes: PRESCAN_MAX_FILE_BYTES,
    },
  });
  const result = new Promise<Prescan | undefined>((settle, reject) => {
    worker.once('message', (message: PrescanMessage) => {
      void worker.terminate();
      if ('error' in message) {
        reject(new Error(message.error));
        return;
      }
      const files = splitNul(message.files);
      const listed = splitNul(message.digests);
      const digests = new Map<string, string>();
      files.forEach((path, i) => {
        const digest = listed[i];
        if (digest) digests.set(path, digest);
      });
      settle({
        scan: {
          files: new Set(files),
          folders: new Set(splitNul(message.folders)),
          links: new Set(splitNul(message.links)),
        },
        digests,
      });
    });
    worker.once('error', reject);
    worker.once('exit', () => settle(undefined));
  });
  // A cancelled scan's rejection is never awaited.
  result.catch(() => {});
  return { cancel: () => void worker.terminate(), result };
}

/** Each list as one string, entries separated by NUL (digests: '' when a file was not read). */
type PrescanMessage =
  { error: string } | { files: string; folders: string; links: string; digests: string };

function splitNul(joined: string): string[] {
  return joined === '' ? [] : joined.split('\0');
}

/**
 * Compares the generated files with the working tree at `out` (reading each existing file once
 * and keeping no copy of it) and returns the plan with a writer for it. Files outside the
 * scheduler's folders are kept; owned files that are not generated any more are removed.
 */
export async function planOutDir(
  out: string,
  generated: ReadonlyMap<string, Uint8Array>,
  gitopsPath: string,
  prescan?: OutPrescan,
): Promise<OutDirChange> {
  const root = realOut(out);
  for (const path of generated.keys()) checkPlannedPath(path);
  // The background scan, when one was started and finished; otherwise a scan here.
  const early = root.exists && prescan ? await prescan.result : undefined;
  const scan = early ? early.scan : root.exists ? scanTree(root.path) : emptyScan();
  const digests = early?.digests;

  const toCompare: string[] = [];
  for (const path of generated.keys()) {
    checkNoLink(scan, path, out);
    if (scan.folders.has(path)) {
      throw new UserError(
        `cannot write '${path}' in --out '${out}': a folder of that name is in the way. Remove it, or point --out at the GitOps working tree.`,
      );
    }
    if (scan.files.has(path)) toCompare.push(path);
  }
  // Compare before writing: each existing file is read once and dropped after the comparison
  // (synchronously: reading a working tree is served from the page cache, where the overhead of
  // asynchronous calls costs more than it saves). Files the background scan read are compared by
  // SHA-256 of their bytes, as git compares blobs by id.
  const differs = new Set<string>();
  for (const path of toCompare) {
    const bytes = generated.get(path)!;
    const digest = digests?.get(path);
    if (digest !== undefined) {
      if (hash('sha256', bytes, 'base64') !== digest) differs.add(path);
      continue;
    }
    const existing = readFileSync(join(root.path, path));
    if (Buffer.compare(existing, bytes) !== 0) differs.add(path);
  }
  const toWrite: string[] = [];
  if (toCompare.length < generated.size || differs.size > 0)
    for (const path of generated.keys())
      if (!scan.files.has(path) || differs.has(path)) toWrite.push(path);
  for (const link of scan.links) {
    if (isOwnedPath(link, gitopsPath) || isOwnedPath(`${link}/x`, gitopsPath))
      throw linkError(link, out);
  }
  const plan = planOf(scan, generated, differs, toWrite.length > 0, gitopsPath);
  checkFoldersFree(scan, toWrite, plan.removed, out);
  return {
    root: root.path,
    plan,
    apply: async () => {
      await mkdir(root.path, { recursive: true });
      await applyChange(root.path, scan, plan.removed, toWrite, generated);
    },
  };
}

/**
 * The plan of a run: `diffTrees` of the tree before (every file found) and after (kept files and
 * the generated ones), with `differs` standing for the byte comparison. When nothing is added,
 * changed or removed, the plan is empty without building either tree (the common no-change run).
 */
function planOf(
  scan: Scan,
  generated: ReadonlyMap<string, Uint8Array>,
  differs: ReadonlySet<string>,
  anyWritten: boolean,
  gitopsPath: string,
): Plan {
  let anyRemoved = false;
  if (!anyWritten) {
    for (const path of scan.files) {
      if (!generated.has(path) && isOwnedPath(path, gitopsPath)) {
        anyRemoved = true;
        break;
      }
    }
    if (!anyRemoved)
      return { added: [], changed: [], removed: [], promoted: false, clusterTypes: [] };
  }
  const before = new Map<string, Uint8Array>();
  const after = new Map<string, Uint8Array>();
  for (const path of scan.files) {
    before.set(path, differs.has(path) ? DIFFERENT : SAME);
    if (!isOwnedPath(path, gitopsPath)) after.set(path, SAME);
  }
  for (const path of generated.keys()) after.set(path, SAME);
  return diffTrees(before, after, gitopsPath);
}

/**
 * Writes a plan into a fresh or existing working tree (the demo's writer): the same rules and
 * the same writer as `kalypso render`, with `after` as the generated content.
 */
export async function writePlan(
  root: string,
  plan: Plan,
  after: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const written = [...plan.added, ...plan.changed];
  for (const path of [...written, ...plan.removed]) checkPlannedPath(path);
  const real = realOut(root);
  await mkdir(real.path, { recursive: true });
  const scan = scanTree(real.path);
  for (const path of [...written, ...plan.removed]) checkNoLink(scan, path, root);
  const generated = new Map(written.map((p) => [p, after.get(p)!]));
  await applyChange(real.path, scan, plan.removed, written, generated);
}

async function applyChange(
  root: string,
  scan: Scan,
  removed: readonly string[],
  toWrite: readonly string[],
  generated: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const emptied = new Set<string>();
  await forEachBounded(removed, IO_CONCURRENCY, (path) => unlink(join(root, path)));
  for (const path of removed)
    for (let d = parentOf(path); d !== '' && !emptied.has(d); d = parentOf(d)) emptied.add(d);
  // Remove folders that ended up empty, deepest first; a folder that still holds anything stays.
  for (const level of byDepth(emptied, -1)) {
    await forEachBounded(level, IO_CONCURRENCY, async (folder) => {
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
    await forEachBounded(level, IO_CONCURRENCY, (folder) => mkdir(join(root, folder)));
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
  await forEachBounded(toWrite, IO_CONCURRENCY, async (path) => {
    const file = await open(join(root, path), flags, 0o644);
    try {
      await file.writeFile(generated.get(path)!);
    } finally {
      await file.close();
    }
  });
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

/** Runs `task` over `items` with at most `limit` in flight; the first failure wins. */
async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(workers);
}

/** `--out` resolved with realpath (or, when it does not exist yet, its nearest existing parent). */
function realOut(out: string): { path: string; exists: boolean } {
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

function checkNoLink(scan: Scan, path: string, out: string): void {
  if (scan.links.size === 0) return;
  for (let p = path; p !== ''; p = parentOf(p)) if (scan.links.has(p)) throw linkError(p, out);
}

function linkError(link: string, out: string): Error {
  return new Error(
    `'${join(out, link)}' is a symbolic link where kalypso writes GitOps files: links are never written through. Replace it with a real folder or file (or remove it) and run again.`,
  );
}

/** A planned file whose folder would have to replace a kept file is refused before writing. */
function checkFoldersFree(
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

/** Files, folders and links below `root` (without `.git`), links not followed. */
function scanTree(root: string): Scan {
  const scan = emptyScan();
  const pending = [''];
  let visited = 0;
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      if (++visited > MAX_OUT_ENTRIES)
        throw new UserError(
          `--out holds more than ${MAX_OUT_ENTRIES} entries: point it at the GitOps working tree.`,
        );
      const rel = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) scan.links.add(rel);
      else if (entry.isDirectory()) {
        scan.folders.add(rel);
        pending.push(rel);
      } else if (entry.isFile()) scan.files.add(rel);
    }
  }
  return scan;
}

function emptyScan(): Scan {
  return { files: new Set(), folders: new Set(), links: new Set() };
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function depth(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}

/**
 * Reads a GitOps working tree (without `.git`) as repository path → bytes. Symbolic links are
 * not followed (they are left out); a missing folder reads as an empty tree.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- callers await a tree
export async function readTree(root: string): Promise<Map<string, Uint8Array>> {
  const tree = new Map<string, Uint8Array>();
  let real: string;
  try {
    real = realpathSync(root);
  } catch {
    return tree;
  }
  for (const path of scanTree(real).files) tree.set(path, readFileSync(join(real, path)));
  return tree;
}
