#!/usr/bin/env node
// `kalypso`: the bundled CLI (Node 20 or newer) when installed from npm; the TypeScript sources
// (Node 24's type stripping) in a clone of kalypso-actions, falling back to the committed bundle
// dist/cli/kalypso.mjs when the Node running this is older than 24.
import { existsSync } from 'node:fs';

const here = (path) => new URL(path, import.meta.url);
const major = Number(process.versions.node.split('.')[0]);
const sources = here('../src/main.ts');
const bundles = [here('../dist/kalypso.mjs'), here('../../../dist/cli/kalypso.mjs')];

if (major >= 24 && existsSync(sources)) {
  await import(sources.href);
} else {
  const bundle = bundles.find((b) => existsSync(b));
  if (major >= 20 && bundle) {
    await import(bundle.href);
  } else {
    console.error(
      `kalypso needs Node 20 or newer${bundle ? '' : ' and its bundle (npm run build)'}; this is Node ${process.version}. Install a current Node from https://nodejs.org/en/download.`,
    );
    process.exit(2);
  }
}
