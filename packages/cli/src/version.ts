import { readFileSync } from 'node:fs';

declare global {
  /** Set by scripts/build.mjs in the bundled CLI (dist/cli/kalypso.mjs). */
  var KALYPSO_VERSION: string | undefined;
}

/** The CLI's version: from the bundle, else from packages/cli/package.json next to the sources. */
export function cliVersion(): string {
  if (typeof globalThis.KALYPSO_VERSION === 'string') return globalThis.KALYPSO_VERSION;
  const manifest = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { version?: string };
  return manifest.version ?? '0.0.0';
}
