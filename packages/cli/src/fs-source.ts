import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import {
  isManifestPath,
  SOURCE_IGNORE_FILE,
  sourceIgnoreFilter,
  type Source,
  type SourceOrigin,
} from '@kalypso/core';

/**
 * Reads every YAML file below `root` (recursively, skipping `.git` and whatever the root's
 * `.sourceignore` excludes, as Flux would) into a Source. Paths in messages are shown as
 * `<display>/<relative path>` so that users can open them.
 */
export async function readSourceDir(
  root: string,
  origin: SourceOrigin,
  display = root,
): Promise<Source> {
  const info = await stat(root).catch(() => undefined);
  if (!info) throw new UsageError(`'${display}' does not exist.`);
  if (info.isFile()) {
    return { origin, files: [{ path: display, text: await readFile(root, 'utf8') }] };
  }
  const ignore = await readSourceIgnore(root);
  const files: { path: string; text: string }[] = [];
  for (const path of await walk(root)) {
    const rel = relative(root, path).split(sep).join('/');
    if (!isManifestPath(rel) || ignore(rel)) continue;
    files.push({
      path: `${display.replace(/\/$/, '')}/${rel}`,
      text: await readFile(path, 'utf8'),
    });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { origin, files };
}

/** Every regular file below `dir`, without `.git`. */
export async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** The root's `.sourceignore` as a predicate over relative paths (core's filter). */
async function readSourceIgnore(root: string): Promise<(path: string) => boolean> {
  const text = await readFile(join(root, SOURCE_IGNORE_FILE), 'utf8').catch(() => '');
  return sourceIgnoreFilter(text);
}

/** A mistake in how the command was called (exit status 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}
