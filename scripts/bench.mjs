// `npm run bench [-- --large]`: runs every `bench/*.bench.ts` in name order, each in its own Node
// process (so that peak RSS is its own), forwarding the arguments; each prints one JSON line per
// scenario with its floor measured in the same run. Figures, not assertions.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const directory = join(import.meta.dirname, '..', 'bench');
const files = readdirSync(directory)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
let failed = 0;
for (const file of files) {
  const child = spawnSync(process.execPath, [join(directory, file), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (child.status !== 0) {
    failed += 1;
    console.error(`bench/${file} failed (exit ${child.status ?? child.signal}).`);
  }
}
process.exit(failed === 0 ? 0 : 1);
