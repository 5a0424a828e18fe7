// `npm pack` / `npm publish` of packages/cli: copies the committed bundles (dist/cli/, built by
// scripts/build.mjs) and the LICENSE into the package before packing, and removes them after.
//   node scripts/pack-cli.mjs prepare | clean
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'packages', 'cli');
const copies = [
  [join(root, 'dist', 'cli', 'kalypso.mjs'), join(cli, 'dist', 'kalypso.mjs')],
  [join(root, 'dist', 'cli', 'kalypso.mjs.map'), join(cli, 'dist', 'kalypso.mjs.map')],
  [join(root, 'dist', 'cli', 'kalypso-engine.mjs'), join(cli, 'dist', 'kalypso-engine.mjs')],
  [
    join(root, 'dist', 'cli', 'kalypso-engine.mjs.map'),
    join(cli, 'dist', 'kalypso-engine.mjs.map'),
  ],
  [join(root, 'dist', 'cli', 'prescan-worker.mjs'), join(cli, 'dist', 'prescan-worker.mjs')],
  [
    join(root, 'dist', 'cli', 'prescan-worker.mjs.map'),
    join(cli, 'dist', 'prescan-worker.mjs.map'),
  ],
  [join(root, 'dist', 'cli', 'licenses.txt'), join(cli, 'dist', 'licenses.txt')],
  [join(root, 'LICENSE'), join(cli, 'LICENSE')],
];

const step = process.argv[2];
if (step === 'prepare') {
  const missing = copies.filter(([from]) => !existsSync(from)).map(([from]) => from);
  if (missing.length) {
    console.error(
      `missing ${missing.join(', ')}: run 'npm run build' at the repository root first.`,
    );
    process.exit(1);
  }
  mkdirSync(join(cli, 'dist'), { recursive: true });
  for (const [from, to] of copies) copyFileSync(from, to);
} else if (step === 'clean') {
  rmSync(join(cli, 'dist'), { recursive: true, force: true });
  rmSync(join(cli, 'LICENSE'), { force: true });
} else {
  console.error('usage: node scripts/pack-cli.mjs prepare|clean');
  process.exit(2);
}
