// The one test command (`npm test`): runs every vitest suite on Node 24 and prints the closing
// `N passed, N failed` line that CI reads (vitest's own summary is not machine-read).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

if (process.versions.node.split('.')[0] !== '24') {
  console.error(
    `npm test must run on Node 24 (from node_modules/.bin), not ${process.version}. Run 'npm ci' first.`,
  );
  process.exit(1);
}
const report = '.vitest.json';
rmSync(report, { force: true });
const run = spawnSync(
  'vitest',
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
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
