// Bundles every action (actions/<id>/src/main.ts) into dist/<id>/index.js: one self-contained ESM
// file per action plus a package.json marking it as a module, as the runner's node24 loads it.
// esbuild rather than ncc: a single file per action, deterministic output, a fraction of a second.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ids = existsSync('actions')
  ? readdirSync('actions').filter((id) => existsSync(join('actions', id, 'src', 'main.ts')))
  : [];
for (const id of ids) {
  const outdir = join('dist', id);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: [join('actions', id, 'src', 'main.ts')],
    outfile: join(outdir, 'index.js'),
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS dependencies inside an ESM bundle still call require().
    banner: {
      js: "import { createRequire as __kalypsoCreateRequire } from 'node:module'; const require = __kalypsoCreateRequire(import.meta.url);",
    },
  });
  writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
  console.log(`built dist/${id}/index.js`);
}
