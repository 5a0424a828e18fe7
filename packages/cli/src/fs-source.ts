import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import {
  DEFAULT_INPUT_LIMITS,
  decodeSourceText,
  isManifestPath,
  SOURCE_IGNORE_FILE,
  sourceIgnoreMatcher,
  type Source,
  type SourceFile,
  type SourceOrigin,
  UserError,
} from '@kalypso/core';

/** At most this many entries (files and folders) are visited in one source tree. */
export const MAX_TREE_ENTRIES = 1_000_000;

/**
 * Reads every YAML file below `root` into a Source, as a Flux GitRepository artifact delivers it:
 * `.git` is skipped, Flux's default exclusions and every `.sourceignore` in the tree apply (each for
 * its own folder), and symbolic links are left out (Flux archives regular files only). A symbolic
 * link that points outside `root` is an error: repository content must not reach other files of
 * the machine. Paths in messages are shown as `<display>/<relative path>` so users can open them.
 */
export async function readSourceDir(
  root: string,
  origin: SourceOrigin,
  display = root,
): Promise<Source> {
  // The folder or file named on the command line is the user's choice: a link there is followed.
  const info = await stat(root).catch(() => undefined);
  if (!info) throw new UsageError(`'${display}' does not exist.`);
  if (info.isFile()) return { origin, files: [await readBounded(root, display, info.size)] };
  const real = await realpath(root);
  const shown = display.replace(/\/$/, '');
  return readSourceTree(real, '', origin, (rel) => `${shown}/${rel}`);
}

/**
 * Reads the YAML files below `subPath` of a repository checkout at `repoRoot` (a real path), with
 * the `.sourceignore` files of `subPath`'s enclosing folders applied too, as Flux applies them to
 * the whole repository before a Kustomization reads its path. `subPath` is "" or a clean relative
 * path (no `..`); a folder on the way that is a symbolic link is an error.
 */
export async function readSourceTree(
  repoRoot: string,
  subPath: string,
  origin: SourceOrigin,
  show: (path: string) => string,
): Promise<Source> {
  const ignoreFiles = new Map<string, string>();
  const parts = subPath === '' ? [] : subPath.split('/');
  for (let i = 0; i <= parts.length; i++) {
    const folder = parts.slice(0, i).join('/');
    const dir = join(repoRoot, folder);
    const info = await lstat(dir).catch(() => undefined);
    if (!info) throw new UserError(`'${show(folder)}' does not exist in the repository.`);
    if (info.isSymbolicLink()) {
      throw new UserError(
        `'${show(folder)}' is a symbolic link: Flux does not deliver symbolic links, so point the path at the real folder.`,
      );
    }
    if (!info.isDirectory()) throw new UserError(`'${show(folder)}' is not a folder.`);
    if (i < parts.length) {
      const text = await readFile(join(dir, SOURCE_IGNORE_FILE), 'utf8').catch(() => undefined);
      if (text !== undefined) ignoreFiles.set(folder === '' ? '' : `${folder}/`, text);
    }
  }
  const entries = await walkTree(repoRoot, subPath, show);
  for (const file of entries.ignoreFiles) {
    const rel = file.slice(0, -SOURCE_IGNORE_FILE.length);
    ignoreFiles.set(rel, await readFile(join(repoRoot, file), 'utf8'));
  }
  const ignored = sourceIgnoreMatcher(ignoreFiles);
  const files: { path: string; text: string }[] = [];
  for (const rel of entries.files) {
    if (!isManifestPath(rel) || ignored(rel)) continue;
    const file = join(repoRoot, rel);
    files.push(await readBounded(file, show(rel), (await stat(file)).size));
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { origin, files };
}

/**
 * A file's text, or only its size when it is over the per-file input budget: the loader reports
 * it (naming the file, its size and the limit) without it ever being read into memory.
 */
async function readBounded(file: string, path: string, size: number): Promise<SourceFile> {
  if (size > DEFAULT_INPUT_LIMITS.maxFileBytes) return { path, text: '', unreadBytes: size };
  return { path, ...decodeSourceText(await readFile(file)) };
}

interface TreeEntries {
  /** Regular files, relative to the repository root with `/`. */
  readonly files: string[];
  /** `.sourceignore` files among them. */
  readonly ignoreFiles: string[];
}

/** Regular files below `repoRoot/start` (without `.git`), refusing links that leave `repoRoot`. */
async function walkTree(
  repoRoot: string,
  start: string,
  show: (path: string) => string,
): Promise<TreeEntries> {
  const out: TreeEntries = { files: [], ignoreFiles: [] };
  const pending = [start];
  let visited = 0;
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for (const entry of await readdir(join(repoRoot, folder), { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      if (++visited > MAX_TREE_ENTRIES) {
        throw new UserError(
          `'${show(start)}' holds more than ${MAX_TREE_ENTRIES} files and folders: point the registration at a smaller folder or exclude the rest with a .sourceignore.`,
        );
      }
      const rel = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) await checkLink(repoRoot, rel, show);
      else if (entry.isDirectory()) pending.push(rel);
      else if (entry.isFile()) {
        out.files.push(rel);
        if (entry.name === SOURCE_IGNORE_FILE) out.ignoreFiles.push(rel);
      }
    }
  }
  return out;
}

/** A link inside the tree is left out; one that resolves outside it is an error. */
async function checkLink(
  repoRoot: string,
  rel: string,
  show: (path: string) => string,
): Promise<void> {
  const target = await realpath(join(repoRoot, rel)).catch(() => undefined);
  if (target === undefined) return; // dangling: nothing to read
  const inside = relative(repoRoot, target);
  if (
    inside === '' ||
    (!inside.startsWith(`..${sep}`) && inside !== '..' && !inside.startsWith(sep))
  )
    return;
  throw new UserError(
    `'${show(rel)}' is a symbolic link to a file outside the repository: remove the link (Flux does not deliver symbolic links).`,
  );
}

/** Every regular file below `dir`, without `.git` (symbolic links are not followed). */
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

/** A mistake in how the command was called (exit status 2). */
export class UsageError extends UserError {
  override name = 'UsageError';
}
