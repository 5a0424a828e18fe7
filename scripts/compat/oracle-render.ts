// The one way the compatibility scripts run a reference binary (the Go oracle, either build) over
// a generated case folder: `render --environment dev` of `<dir>/base`, `<dir>/env` and the one
// workload `app`, into `<dir>/out-<name>`. Used by run.ts (whole cases) and functions.ts (one
// expression per case).
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `binary render …` over the case in `dir`; resolves with the output folder, rejects with the process error. */
export async function renderCaseWith(binary: string, dir: string, name: string): Promise<string> {
  const out = join(dir, `out-${name}`);
  mkdirSync(out);
  await run(
    binary,
    [
      'render',
      '--environment',
      'dev',
      '--base',
      join(dir, 'base'),
      '--control-plane',
      join(dir, 'env'),
      '--workload',
      `app=${join(dir, 'workloads', 'app')}`,
      '--out',
      out,
    ],
    { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return out;
}
