// Hostile inputs to `kalypso render`: the CLI writes only below --out (resolved with realpath),
// never writes through a symbolic link, refuses planned paths that leave the tree, reads workload
// sources only inside their clone, and fetches workload repositories over https:// only unless
// --allow-local-workloads is given. Each refused run exits 1 and leaves --out and everything
// outside it exactly as they were.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planOutDir } from '../../packages/cli/src/gitops-dir.ts';
import { kalypso, snapshot, World, write } from '../support/cli-world.ts';

let world: World;
beforeEach(() => {
  world = new World();
});
afterEach(() => world.dispose());

/** Runs render, expects exit 1 with `message`, and nothing changed anywhere in the world. */
async function refused(args: string[], message: string | RegExp): Promise<string> {
  const before = snapshot(world.dir);
  const result = await kalypso('render', ...args);
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toMatch(message);
  expect(snapshot(world.dir)).toEqual(before);
  return result.stderr;
}

describe('--out: links are never written through', () => {
  it('a cluster-type folder that is a link to a folder outside --out', async () => {
    symlinkSync(world.outside, join(world.out, 'hq-primary'));
    await refused(
      world.args(...world.workloadArgs(), '--out', world.out),
      /out\/hq-primary' is a symbolic link where kalypso writes GitOps files/,
    );
  });

  it('a generated file that is a link to a file outside --out', async () => {
    mkdirSync(join(world.out, 'hq-primary', 'inventory-api-qa'), { recursive: true });
    symlinkSync(
      join(world.outside, 'precious.yaml'),
      join(world.out, 'hq-primary', 'inventory-api-qa', 'reconciler.yaml'),
    );
    await refused(
      world.args(...world.workloadArgs(), '--out', world.out),
      /reconciler\.yaml' is a symbolic link/,
    );
  });

  it('the tracking folder .github that is a link outside --out', async () => {
    symlinkSync(world.outside, join(world.out, '.github'));
    await refused(
      world.args(...world.workloadArgs(), '--out', world.out),
      /out\/\.github' is a symbolic link/,
    );
  });

  it('a stale link inside a scheduler-owned folder', async () => {
    mkdirSync(join(world.out, 'dc-backup', 'old-target'), { recursive: true });
    symlinkSync(
      join(world.outside, 'precious.yaml'),
      join(world.out, 'dc-backup', 'old-target', 'x.yaml'),
    );
    await refused(
      world.args(...world.workloadArgs(), '--out', world.out),
      /old-target\/x\.yaml' is a symbolic link/,
    );
  });

  it('--out itself given as a link is resolved with realpath and written inside its target', async () => {
    const real = join(world.dir, 'real-out');
    mkdirSync(real);
    const link = join(world.dir, 'out-link');
    symlinkSync(real, link);
    const result = await kalypso('render', ...world.args(...world.workloadArgs(), '--out', link));
    expect(result.code, result.stderr).toBe(0);
    expect(snapshot(real).get('hq-primary/README.md')).toContain('This folder contains');
    expect(snapshot(world.outside).size).toBe(1);
  });

  it('a link in a dot folder (not owned by the scheduler) is left alone', async () => {
    symlinkSync(world.outside, join(world.out, '.docs-link'));
    writeFileSync(join(world.out, 'notes.md'), 'kept\n');
    const result = await kalypso(
      'render',
      ...world.args(...world.workloadArgs(), '--out', world.out),
    );
    expect(result.code, result.stderr).toBe(0);
    const after = snapshot(world.out);
    expect(after.get('.docs-link')).toBe(`link → ${world.outside}`);
    expect(after.get('notes.md')).toContain('kept');
    expect(snapshot(world.outside).size).toBe(1);
  });
});

describe('--out: planned paths stay inside the tree', () => {
  it.each([
    // Refused at load (spec.path cleaning) or, failing that, by the writer: either way exit 1.
    ['../escape', /spec\.path|refusing to write '\.\.\/escape\//],
    [
      '/tmp/kalypso-absolute-escape',
      /spec\.path|refusing to write '\/tmp\/kalypso-absolute-escape\//,
    ],
    ['clusters/../../escape', /refusing to write|leaves|spec\.path/],
  ])('GitOpsRepo spec.path %j is refused', async (path, message) => {
    write(
      join(world.env, 'gitops-repo.yaml'),
      `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: GitOpsRepo\nmetadata:\n  name: qa\nspec:\n  repo: https://github.com/fabrikam/fleet-gitops\n  branch: qa\n  path: ${path}\n`,
    );
    await refused(world.args(...world.workloadArgs(), '--out', world.out), message);
  });

  it.each([
    '../outside/x.yaml',
    'a/../../x.yaml',
    '/etc/x.yaml',
    'a//b.yaml',
    './a.yaml',
    '.git/hooks/post-checkout',
    'a/.GIT/config',
    'a\\..\\x.yaml',
  ])('the writer refuses the planned path %j before writing anything', async (path) => {
    const before = snapshot(world.dir);
    const generated = new Map([
      ['ok/fine/a.yaml', new TextEncoder().encode('a')],
      [path, new TextEncoder().encode('x')],
    ]);
    await expect(planOutDir(world.out, generated, '')).rejects.toThrow(/refusing to write/);
    expect(snapshot(world.dir)).toEqual(before);
  });
});

describe('workload sources: only inside the clone', () => {
  it("'..' in spec.workload.path is an error naming the registration", async () => {
    const url = world.repo('inventory', { 'kalypso/w.yaml': 'x: 1\n' });
    world.register('inventory-api', url, '../../etc');
    const stderr = await refused(
      world.args(...world.labelPrinter(), '--allow-local-workloads', '--out', world.out),
      /WorkloadRegistration 'inventory-api': spec\.workload\.path '\.\.\/\.\.\/etc' leaves the repository/,
    );
    expect(stderr).toMatch(/inventory-api\.yaml:1:/);
  });

  it('an absolute spec.workload.path is an error', async () => {
    const url = world.repo('inventory', { 'kalypso/w.yaml': 'x: 1\n' });
    world.register('inventory-api', url, '/etc');
    await refused(
      world.args(...world.labelPrinter(), '--allow-local-workloads', '--out', world.out),
      /spec\.workload\.path '\/etc' leaves the repository/,
    );
  });

  it('a file in the workload repository that links outside the clone is an error', async () => {
    const url = world.repo(
      'inventory',
      { 'kalypso/readme.md': 'hi\n' },
      { 'kalypso/workload.yaml': join(world.outside, 'precious.yaml') },
    );
    world.register('inventory-api', url, './kalypso');
    await refused(
      world.args(...world.labelPrinter(), '--allow-local-workloads', '--out', world.out),
      /kalypso\/workload\.yaml' is a symbolic link to a file outside the repository/,
    );
  });

  it('a folder in the workload repository that links outside the clone is an error', async () => {
    const url = world.repo(
      'inventory',
      { 'kalypso/readme.md': 'hi\n' },
      { 'kalypso/more': world.outside },
    );
    world.register('inventory-api', url, './kalypso');
    await refused(
      world.args(...world.labelPrinter(), '--allow-local-workloads', '--out', world.out),
      /kalypso\/more' is a symbolic link to a file outside the repository/,
    );
  });

  it('a registered path that is itself a link is an error', async () => {
    const url = world.repo('inventory', { 'real/w.yaml': 'x: 1\n' }, { kalypso: 'real' });
    world.register('inventory-api', url, './kalypso');
    await refused(
      world.args(...world.labelPrinter(), '--allow-local-workloads', '--out', world.out),
      /kalypso' is a symbolic link: Flux does not deliver symbolic links/,
    );
  });

  it('a --workload folder with a link leaving it is an error', async () => {
    const dir = join(world.dir, 'local-workload');
    mkdirSync(dir);
    symlinkSync(join(world.outside, 'precious.yaml'), join(dir, 'w.yaml'));
    await refused(
      world.args('--workload', `inventory-api=${dir}`, ...world.labelPrinter(), '--out', world.out),
      /w\.yaml' is a symbolic link to a file outside the repository/,
    );
  });
});

describe('workload repositories: https:// only unless --allow-local-workloads', () => {
  it.each([
    ['http://git.example/inventory.git', /is not an https:\/\/ URL/],
    ['ssh://git@git.example/inventory.git', /is not an https:\/\/ URL/],
    ['git@git.example:inventory.git', /is not an https:\/\/ URL/],
    ['ext::sh -c touch% /tmp/kalypso-ext-pwned', /is not an https:\/\/ URL/],
    ['--upload-pack=touch /tmp/kalypso-pwned', /is not an https:\/\/ URL|is a local repository/],
  ])('%j is refused before anything is fetched', async (repo, message) => {
    world.register('inventory-api', repo, './kalypso');
    await refused(
      world.args(...world.labelPrinter(), '--allow-local-workloads', '--out', world.out),
      message,
    );
  });

  it('a file:// URL needs --allow-local-workloads', async () => {
    const url = world.repo('inventory', { 'kalypso/w.yaml': 'x: 1\n' });
    world.register('inventory-api', url, './kalypso');
    await refused(
      world.args(...world.labelPrinter(), '--out', world.out),
      /is a local repository: pass --allow-local-workloads/,
    );
  });

  it('a local path needs --allow-local-workloads', async () => {
    world.register('inventory-api', join(world.dir, 'repos', 'nowhere'), './kalypso');
    await refused(
      world.args(...world.labelPrinter(), '--out', world.out),
      /is a local repository: pass --allow-local-workloads/,
    );
  });
});
