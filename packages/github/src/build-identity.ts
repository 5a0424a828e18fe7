// The identity of the code that runs: a digest of the bundle's own files, so that anything a
// run notes for the next one (docs/decisions/unchanged-inputs.md) holds only for the same build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let identity: string | undefined;

/** The scripts of a folder, by name (`.js`, `.mjs`, `.cjs`), in name order. */
function scriptsIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => /\.(?:js|mjs|cjs)$/.test(name))
    .sort();
}

/**
 * SHA-256 over every script of the bundle that runs — `dist/<action>/*.js` and its code-split
 * `chunks/` (scripts/build.mjs) — or this source file when run from the sources, in name order:
 * a new release, or any rebuild that changes a byte, gives another identity.
 */
export function buildIdentity(): string {
  identity ??= bundleIdentity(
    dirname(fileURLToPath(import.meta.url)),
    fileURLToPath(import.meta.url),
  );
  return identity;
}

/** The digest of the scripts of a bundle folder (and its `chunks/`); `alone` when it has none. */
export function bundleIdentity(folder: string, alone: string): string {
  const files = [
    ...scriptsIn(folder),
    ...scriptsIn(join(folder, 'chunks')).map((name) => join('chunks', name)),
  ];
  const hash = createHash('sha256');
  for (const name of files.length > 0 ? files : [alone]) {
    const bytes = readFileSync(files.length > 0 ? join(folder, name) : name);
    hash.update(`${name}\n${bytes.length}\n`).update(bytes);
  }
  return hash.digest('hex');
}
