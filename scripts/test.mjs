// The test commands: `npm test` runs every vitest suite, `npm run test:unit` only the pure ones
// (vitest.unit.config.ts: no local GitHub or Resource Graph). Both print the closing
// `N passed, N failed` line that CI reads (vitest's own summary is not machine-read).
// Started through scripts/node.mjs, so this runs on Node 24 or newer.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `The tests need Node 24 or newer, not ${process.version}. Run them with 'npm test' (scripts/node.mjs picks a Node 24).`,
  );
  process.exit(1);
}
const args = process.argv.slice(2);
const unit = args[0] === '--unit';
if (unit) args.shift();
const report = '.vitest.json';
rmSync(report, { force: true });
// vitest's own entry run by this Node: works the same on Windows, where `vitest` is a .cmd shim.
const run = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...(unit ? ['--config', 'vitest.unit.config.ts'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ],
  { stdio: 'inherit', cwd: root },
);
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const r = JSON.parse(readFileSync(join(root, report), 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped = r.numPendingTests + r.numTodoTests;
} catch {
  failed += 1;
}
const exit = run.status ?? 1;
if (exit !== 0 && failed === 0) failed = 1; // a suite that crashed before reporting still fails the run
console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
process.exit(exit);
