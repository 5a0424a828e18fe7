// The `kalypso` npm package as a user gets it: `npm pack` of packages/cli, installed into an empty
// folder outside the repository, run through node_modules/.bin/kalypso on the oldest Node the
// package promises (the machine's own Node 20 when there is one, else the Node running the tests).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const sample = join(root, 'examples', 'control-plane');
const scratch = mkdtempSync(join(tmpdir(), 'kalypso-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const manifest = JSON.parse(
  readFileSync(join(root, 'packages', 'cli', 'package.json'), 'utf8'),
) as {
  version: string;
  bin: Record<string, string>;
  engines: { node: string };
  license: string;
  files: string[];
};

/** The oldest Node ≥ 20 on PATH outside node_modules (the system's), else this one. */
function oldestNode(): { path: string; version: string } {
  const found: { path: string; version: string }[] = [];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'node');
    if (!dir || dir.includes('node_modules') || !existsSync(candidate)) continue;
    const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
    if (Number(version.slice(1).split('.')[0]) >= 20) found.push({ path: candidate, version });
  }
  found.sort(
    (a, b) => Number(a.version.slice(1).split('.')[0]) - Number(b.version.slice(1).split('.')[0]),
  );
  return found[0] ?? { path: process.execPath, version: process.version };
}

describe('the kalypso npm package', () => {
  const node = oldestNode();
  let tarball: string;
  let fresh: string;
  // The npm that comes with the chosen Node, run by it: what a user on that Node has.
  const npm = (cwd: string, ...args: string[]) =>
    run('npm', args, {
      cwd,
      env: { ...process.env, PATH: [dirname(node.path), process.env.PATH].join(delimiter) },
    });

  beforeAll(async () => {
    expect(
      existsSync(join(root, 'dist', 'cli', 'kalypso.mjs')),
      "dist/cli/kalypso.mjs is missing: run 'npm run build'",
    ).toBe(true);
    await npm(root, 'pack', '--workspace', 'packages/cli', '--pack-destination', scratch);
    tarball = join(
      scratch,
      readdirSync(scratch).find((f) => f.endsWith('.tgz'))!,
    );
    fresh = join(scratch, 'fresh');
    execFileSync('git', ['init', '--quiet', fresh]); // an unrelated project, not this repository
    writeFileSync(join(fresh, 'package.json'), '{ "name": "fresh", "private": true }\n');
    await npm(fresh, 'install', '--offline', '--no-audit', '--no-fund', tarball);
  }, 120_000);

  it('declares what npm needs to install and run it', () => {
    expect(manifest).toMatchObject({
      bin: { kalypso: 'bin/kalypso.js' },
      engines: { node: '>=20' },
      license: 'MIT',
    });
    expect(manifest).not.toHaveProperty('private');
    expect(manifest).not.toHaveProperty('dependencies'); // the bundle holds everything
  });

  it('packs the bundle, its worker, their maps and notices, the license and the launcher, and nothing else', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .sort();
    expect(files).toEqual([
      'package/LICENSE',
      'package/README.md',
      'package/bin/kalypso.js',
      'package/dist/kalypso.mjs',
      'package/dist/kalypso.mjs.map',
      'package/dist/licenses.txt',
      'package/dist/prescan-worker.mjs',
      'package/dist/prescan-worker.mjs.map',
      'package/package.json',
    ]);
    // postpack removed the copies again: the workspace has no second bundle to go stale.
    expect(existsSync(join(root, 'packages', 'cli', 'dist'))).toBe(false);
  });

  it(`prints its version on the system's Node (${node.version})`, async () => {
    const { stdout } = await run(
      node.path,
      [join(fresh, 'node_modules', '.bin', 'kalypso'), '--version'],
      {
        cwd: fresh,
      },
    );
    expect(stdout).toBe(`${manifest.version}\n`);
  });

  it('validates the sample control plane from the installed package', async () => {
    const { stdout } = await run(
      node.path,
      [
        join(fresh, 'node_modules', '.bin', 'kalypso'),
        'validate',
        '--environment',
        'prod',
        '--base',
        join(sample, 'main'),
        '--control-plane',
        join(sample, 'prod'),
        ...['lift-ops', 'guest-services', 'platform-svc'].flatMap((r) => [
          '--workload',
          `${r}=${join(sample, 'workloads', r)}`,
        ]),
      ],
      { cwd: fresh },
    );
    expect(stdout).toBe("Environment 'prod' is valid: 12 assignments on 6 cluster types.\n");
  });
});
