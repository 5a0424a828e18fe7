// The GitOps working tree behind `--out`: the plan of a render against it and its writer. The
// jobs live in gitops-dir/: the background scan (prescan.ts, its worker prescan-worker.ts, and
// walk.ts which both threads share), the tree and its safety rules (tree.ts), the writer
// (apply.ts).
import { hash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { diffTrees, isOwnedPath, UserError, type Plan } from '@kalypso/core';
import { applyChange } from './gitops-dir/apply.ts';
import type { OutPrescan } from './gitops-dir/prescan.ts';
import {
  checkFoldersFree,
  checkNoLink,
  checkPlannedPath,
  emptyScan,
  linkError,
  realOut,
  scanTree,
  type Scan,
} from './gitops-dir/tree.ts';

export { IO_CONCURRENCY } from './gitops-dir/apply.ts';
export { startOutPrescan, type OutPrescan } from './gitops-dir/prescan.ts';
export { checkPlannedPath } from './gitops-dir/tree.ts';
export { MAX_OUT_ENTRIES, PRESCAN_MAX_FILE_BYTES } from './gitops-dir/walk.ts';

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

/** Placeholder contents for the plan: equal tokens mean "same bytes". */
const SAME = new Uint8Array([0]);
const DIFFERENT = new Uint8Array([1]);

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
  const early = root.exists && prescan ? await prescan.finish(generated) : undefined;
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
    const known = early?.same.get(path);
    if (known !== undefined) {
      if (!known) differs.add(path);
      continue;
    }
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
