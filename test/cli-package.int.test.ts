// The `kalypso` npm package as a user gets it: `npm pack` of packages/cli, installed into an empty
// folder outside the repository, run through node_modules/.bin/kalypso on the oldest Node the
// package promises (the machine's own Node 20 when there is one, else the Node running the tests).
// Then the README's install commands as written: from a release's tarball URL (served locally at
// the path GitHub serves release assets from) and from a clone, each into its own global prefix.
import { execFile, execFileSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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
  name: string;
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

  it('packs the bundles, the prescan worker, their maps and notices, the license and the launcher, and nothing else', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .sort();
    expect(files).toEqual([
      'package/LICENSE',
      'package/README.md',
      'package/bin/kalypso.js',
      'package/dist/kalypso-engine.mjs',
      'package/dist/kalypso-engine.mjs.map',
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

  it('names its repository, home page, issue tracker and keywords, also as packed', () => {
    const packed = JSON.parse(
      execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    ) as Record<string, unknown>;
    for (const shown of [manifest as unknown as Record<string, unknown>, packed]) {
      const repository = shown.repository as { type: string; url: string; directory: string };
      expect(repository).toMatchObject({ type: 'git', directory: 'packages/cli' });
      const url = /^git\+(https:\/\/[^/]+\/[\w.-]+\/[\w.-]+)\.git$/.exec(repository.url)?.[1];
      expect(url, repository.url).toBeDefined();
      expect(shown.homepage).toBe(`${url}/tree/HEAD/packages/cli#readme`);
      expect(shown.bugs).toEqual({ url: `${url}/issues` });
      expect(shown.keywords).toEqual(expect.arrayContaining(['kalypso', 'gitops', 'flux']));
    }
  });
});

describe("the README's install commands", () => {
  const node = oldestNode();
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const marker = '<!-- executed by test/cli-package.int.test.ts -->\n```bash\n';
  const block = readme.slice(readme.indexOf(marker) + marker.length).split('\n```')[0]!;
  const commands = block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
  let server: Server;
  let origin: string;
  let tarball: string;

  /** Runs one README command with bash, global installs going to `prefix`, no npm registry. */
  const install = (command: string, cwd: string, prefix: string) =>
    run('bash', ['-euo', 'pipefail', '-c', command], {
      cwd,
      env: {
        ...process.env,
        PATH: [dirname(node.path), process.env.PATH].join(delimiter),
        npm_config_prefix: prefix,
        npm_config_registry: 'http://127.0.0.1:9/', // nothing may come from a registry
        npm_config_audit: 'false',
        npm_config_fund: 'false',
      },
    });
  const installedVersion = (prefix: string) =>
    run(node.path, [join(prefix, 'bin', 'kalypso'), '--version']).then((r) => r.stdout);

  beforeAll(async () => {
    expect(block, 'README.md lost the executed install block').not.toBe('');
    const packs = join(scratch, 'release-assets');
    mkdirSync(packs);
    await run('npm', ['pack', '--workspace', 'packages/cli', '--pack-destination', packs], {
      cwd: root,
      env: { ...process.env, PATH: [dirname(node.path), process.env.PATH].join(delimiter) },
    });
    tarball = join(packs, `kalypso-cli-${manifest.version}.tgz`);
    // Exactly where GitHub serves a release asset: /<owner>/<repo>/releases/download/<tag>/<file>
    const asset = `/your-org/kalypso-actions/releases/download/v${manifest.version}/kalypso-cli-${manifest.version}.tgz`;
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== asset) {
        response.writeHead(404).end('Not Found');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      createReadStream(tarball).pipe(response);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('are the three this test knows', () => {
    expect(commands).toEqual([
      'npm install --global https://github.com/<owner>/kalypso-actions/releases/download/v<version>/kalypso-cli-<version>.tgz',
      'npm pack --workspace packages/cli && npm install --global ./kalypso-cli-*.tgz',
      `npm install --global ${manifest.name}`,
    ]);
  });

  it("installs from a release's tarball URL", async () => {
    const command = commands[0]!
      .replace('https://github.com', origin)
      .replace('<owner>', 'your-org')
      .replaceAll('<version>', manifest.version);
    const prefix = join(scratch, 'global-from-release');
    const cwd = join(scratch, 'anywhere');
    mkdirSync(cwd, { recursive: true });
    await install(command, cwd, prefix);
    expect(await installedVersion(prefix)).toBe(`${manifest.version}\n`);
  }, 120_000);

  it('installs from a clone of the repository', async () => {
    const clone = join(scratch, 'clone');
    execFileSync('git', ['clone', '--quiet', '--depth', '1', pathToFileURL(root).href, clone]);
    const prefix = join(scratch, 'global-from-clone');
    await install(commands[1]!, clone, prefix);
    expect(await installedVersion(prefix)).toBe(`${manifest.version}\n`);
    expect(execFileSync('git', ['-C', clone, 'status', '--porcelain'], { encoding: 'utf8' })).toBe(
      `?? kalypso-cli-${manifest.version}.tgz\n`,
    );
  }, 180_000);
});
