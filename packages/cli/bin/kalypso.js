#!/usr/bin/env node
// The CLI is TypeScript run by Node 24's type stripping; `npm ci` brings Node 24 into
// node_modules/.bin, which `npx kalypso` and npm scripts put first on PATH.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `kalypso needs Node 24 or newer (this is ${process.version}). Run it with 'npx kalypso' after 'npm ci'.`,
  );
  process.exit(2);
}
await import('../src/main.ts');
