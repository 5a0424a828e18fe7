// `kalypso render --out` on a real folder: unchanged files are not rewritten, folders that end up
// empty are removed, files outside the scheduler's folders are kept, and the summary folds long
// target lists (all of them with --verbose); files too large for the background scan of --out
// are still compared.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESCAN_MAX_FILE_BYTES } from '../packages/cli/src/gitops-dir.ts';
import { kalypso, snapshot, World, write } from './support/cli-world.ts';

let world: World;
let workloadDir: string;
const OLD = new Date('2001-02-03T04:05:06Z');

function workloadWith(targets: number): void {
  const entries = Array.from(
    { length: targets },
    (_, i) =>
      `    - name: t${i}\n      environment: qa\n      manifests: {repo: https://git.example/w, branch: main, path: ./t${i}}`,
  );
  write(
    join(workloadDir, 'workload.yaml'),
    `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: Workload\nmetadata:\n  name: many\nspec:\n  deploymentTargets:\n${entries.join('\n')}\n`,
  );
}

function render(...extra: string[]) {
  return kalypso(
    'render',
    ...world.args(
      '--workload',
      `inventory-api=${workloadDir}`,
      ...world.labelPrinter(),
      '--out',
      world.out,
      ...extra,
    ),
  );
}

/** Sets every file's modification time below --out to OLD. */
function age(): void {
  for (const path of snapshot(world.out).keys())
    if (!path.endsWith('/')) utimesSync(join(world.out, path), OLD, OLD);
}

function modifiedFiles(): string[] {
  return [...snapshot(world.out).keys()]
    .filter((p) => !p.endsWith('/'))
    .filter((p) => statSync(join(world.out, p)).mtimeMs !== OLD.getTime())
    .sort();
}

beforeAll(() => {
  world = new World();
  workloadDir = join(world.dir, 'many');
  mkdirSync(workloadDir);
  workloadWith(8);
});
afterAll(() => world.dispose());

describe('kalypso render --out', () => {
  it('writes into an empty folder and folds long target lists', async () => {
    write(join(world.out, 'notes.md'), 'kept\n');
    const result = await render();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      '  hq-primary: 9 (label-printer-qa-smoke, many-t0, many-t1, many-t2, many-t3, … 4 more)',
    );
    expect(result.stdout).toContain('--verbose lists every target');
    expect(result.stdout).toContain('Files: 85 added, 0 changed, 0 removed');
    expect(readdirSync(join(world.out, 'hq-primary')).length).toBe(10);
  });

  it('lists every target with --verbose and rewrites nothing when nothing changed', async () => {
    age();
    const result = await render('--verbose');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      '  hq-primary: 9 (label-printer-qa-smoke, many-t0, many-t1, many-t2, many-t3, many-t4, many-t5, many-t6, many-t7)',
    );
    expect(result.stdout).not.toContain('more');
    expect(result.stdout).toContain('Files: 0 added, 0 changed, 0 removed');
    expect(modifiedFiles()).toEqual([]);
  });

  it('rewrites only the files whose bytes change', async () => {
    age();
    write(
      join(world.env, 'config.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hq-only\n  labels: {platform-config: "true", site: headquarters}\ndata:\n  REGION: north\n',
    );
    const result = await render();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Files: 0 added, 9 changed, 0 removed');
    expect(modifiedFiles()).toEqual(
      ['label-printer-qa-smoke', ...Array.from({ length: 8 }, (_, i) => `many-t${i}`)].map(
        (t) => `hq-primary/${t}/platform-config.yaml`,
      ),
    );
  });

  it('removes folders that end up empty and keeps files outside the scheduler folders', async () => {
    workloadWith(2);
    rmSync(join(world.env, 'cluster-types', 'dc-backup.yaml'));
    const result = await render();
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(world.out, 'dc-backup'))).toBe(false);
    expect(readdirSync(join(world.out, 'hq-primary')).sort()).toEqual([
      'README.md',
      'label-printer-qa-smoke',
      'many-t0',
      'many-t1',
    ]);
    const folders = [...snapshot(world.out).keys()].filter((p) => p.endsWith('/'));
    for (const folder of folders)
      expect(readdirSync(join(world.out, folder)).length, folder).toBeGreaterThan(0);
    expect(snapshot(world.out).get('notes.md')).toContain('kept');
  });

  it('compares files too large for the background scan byte by byte', async () => {
    const path = join(world.out, 'hq-primary', 'many-t0', 'platform-config.yaml');
    const rendered = readFileSync(path, 'utf8');
    write(path, `${rendered}#${'x'.repeat(PRESCAN_MAX_FILE_BYTES)}\n`);
    const changed = await render();
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('Files: 0 added, 1 changed, 0 removed');
    expect(readFileSync(path, 'utf8')).toBe(rendered);
    const again = await render();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Files: 0 added, 0 changed, 0 removed');
  });
});
