import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Plan } from '@kalypso/core';
import { walk } from './fs-source.ts';

/** Reads a GitOps working tree (without `.git`) as repository path → bytes. */
export async function readTree(root: string): Promise<Map<string, Uint8Array>> {
  const tree = new Map<string, Uint8Array>();
  const files = await walk(root).catch(() => [] as string[]);
  for (const file of files)
    tree.set(relative(root, file).split(sep).join('/'), new Uint8Array(await readFile(file)));
  return tree;
}

/** Writes a plan into a working tree: removes deleted files (and emptied folders), writes the rest. */
export async function writePlan(
  root: string,
  plan: Plan,
  after: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  for (const path of plan.removed) {
    await rm(join(root, path), { force: true });
    await pruneEmptyParents(root, dirname(path));
  }
  for (const path of [...plan.added, ...plan.changed]) {
    const target = join(root, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, after.get(path)!);
  }
}

async function pruneEmptyParents(root: string, dir: string): Promise<void> {
  for (let d = dir; d !== '.' && d !== ''; d = dirname(d)) {
    try {
      await rm(join(root, d), { recursive: false });
    } catch {
      return; // not empty (or already gone): stop climbing
    }
  }
}
