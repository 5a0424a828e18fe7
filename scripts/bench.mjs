// `npm run bench [-- --large]`: runs every `bench/*.bench.ts` in name order, each in its own Node
// process (so that peak RSS is its own), forwarding the arguments; each prints one JSON line per
// scenario with its floor measured in the same run. Figures, not assertions.
//
// First the `bundles` line: the size of every committed bundle (dist/<id>/main.js, dist/cli/
// kalypso.mjs; run `npm run build` first to see the current sources), and what the stubs of
// scripts/bundle-stubs/stubs.mjs keep out of each: the same entry bundled in memory with and
// without them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { stubs } from './bundle-stubs/stubs.mjs';

const root = join(import.meta.dirname, '..');
const directory = join(root, 'bench');
console.log(JSON.stringify(await bundles()));
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

/** Bytes of each bundle in dist/, and the bytes the stubs save per entry point. */
async function bundles() {
  const entries = readdirSync(join(root, 'actions'))
    .filter((id) => existsSync(join(root, 'actions', id, 'src', 'main.ts')))
    .sort()
    .map((id) => ({
      id,
      entry: `actions/${id}/src/main.ts`,
      file: `dist/${id}/main.js`,
      target: 'node24',
    }));
  entries.push({
    id: 'cli',
    entry: 'packages/cli/src/main.ts',
    file: 'dist/cli/kalypso.mjs',
    target: 'node20',
  });
  const bytes = {};
  const withoutStubs = {};
  const withStubs = {};
  for (const { id, entry, file, target } of entries) {
    bytes[id] = existsSync(join(root, file)) ? statSync(join(root, file)).size : null;
    const size = async (alias) => {
      const result = await build({
        bundle: true,
        platform: 'node',
        format: 'esm',
        target,
        legalComments: 'none',
        logLevel: 'silent',
        absWorkingDir: root,
        entryPoints: [entry],
        outfile: join(root, 'dist', 'bench-bundle.js'),
        write: false,
        alias,
      });
      return result.outputFiles.find((f) => f.path.endsWith('.js')).contents.length;
    };
    withStubs[id] = await size(stubs);
    withoutStubs[id] = await size({});
  }
  const saved = Object.fromEntries(
    Object.keys(withStubs).map((id) => [id, withoutStubs[id] - withStubs[id]]),
  );
  return { scenario: 'bundles', bytes, withoutStubs, withStubs, savedByStubs: saved };
}
