// `kalypso diff` and `kalypso plan` as users run them: the sample's dev rendered from a changed checkout, compared with
// a real git repository holding the GitOps branch as `kalypso render` wrote it.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'packages', 'cli', 'bin', 'kalypso.js');
const sample = join(root, 'examples', 'control-plane');
const scratch = mkdtempSync(join(tmpdir(), 'kalypso-diff-'));
const gitops = join(scratch, 'gitops');
const changed = join(scratch, 'dev');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const workloads = ['lift-ops', 'guest-services', 'platform-svc'].flatMap((r) => [
  '--workload',
  `${r}=${join(sample, 'workloads', r)}`,
]);
const args = (controlPlane: string) => [
  '--environment',
  'dev',
  '--base',
  join(sample, 'main'),
  '--control-plane',
  controlPlane,
  ...workloads,
];

async function kalypso(...argv: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...argv]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const git = (...argv: string[]) =>
  run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...argv], { cwd: gitops });

beforeAll(async () => {
  await run('git', ['init', '--quiet', '-b', 'dev', gitops]);
  expect((await kalypso('render', ...args(join(sample, 'dev')), '--out', gitops)).code).toBe(0);
  await git('add', '-A');
  await git('commit', '--quiet', '-m', 'dev as rendered');
  // The change under review: a config value, and a cluster type gone.
  cpSync(join(sample, 'dev'), changed, { recursive: true });
  const config = join(changed, 'configs', 'dev-config.yaml');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace('LOG_LEVEL: debug', 'LOG_LEVEL: trace'),
  );
  rmSync(join(changed, 'cluster-types', 'westeurope', 'gpu-westeu.yaml'));
});

describe('kalypso diff', () => {
  it('prints nothing to change against the branch it rendered', async () => {
    const same = await kalypso(
      'diff',
      ...args(join(sample, 'dev')),
      '--gitops',
      gitops,
      '--branch',
      'dev',
    );
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toBe('Environment dev\n  no change in the rendered output\n');
  });

  it('shows re-rendered targets, removals with their reason and the unified diff (text)', async () => {
    const diff = await kalypso('diff', ...args(changed), '--gitops', gitops, '--branch', 'dev');
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toContain('  cluster type gpu-westeu (removed)\n');
    expect(diff.stdout).toMatch(/^ {4}- [a-z0-9-]+: cluster type 'gpu-westeu' no longer exists$/m);
    expect(diff.stdout).toMatch(/^ {4}~ [a-z0-9-]+: re-rendered$/m);
    expect(diff.stdout).toContain("  removals:\n    cluster type 'gpu-westeu' is removed\n");
    expect(diff.stdout).toContain('-  LOG_LEVEL: debug\n+  LOG_LEVEL: trace\n');
  });

  it('--exit-code: 1 when the branch differs from the render, 0 when it does not (as git diff)', async () => {
    const differs = await kalypso(
      'diff',
      ...args(changed),
      '--gitops',
      gitops,
      '--branch',
      'dev',
      '--exit-code',
    );
    expect(differs.code, differs.stderr).toBe(1);
    expect(differs.stdout).toContain('-  LOG_LEVEL: debug\n+  LOG_LEVEL: trace\n');
    const same = await kalypso(
      'diff',
      ...args(join(sample, 'dev')),
      '--gitops',
      gitops,
      '--branch',
      'dev',
      '--exit-code',
      '--format',
      'json',
    );
    expect(same.code, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ kind: 'compared', files: [] });
  });

  it('speaks markdown and JSON', async () => {
    const markdown = await kalypso(
      'diff',
      ...args(changed),
      '--gitops',
      gitops,
      '--branch',
      'dev',
      '--format',
      'markdown',
    );
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).toContain('## Kalypso diff: environment `dev`\n');
    expect(markdown.stdout).toContain('#### Cluster type `gpu-westeu` (removed)\n');
    expect(markdown.stdout).toContain('<details><summary>Rendered diff of `dev`');
    const json = await kalypso(
      'diff',
      ...args(changed),
      '--gitops',
      gitops,
      '--branch',
      'dev',
      '--format',
      'json',
    );
    const parsed = JSON.parse(json.stdout) as { kind: string; removals: string[] };
    expect(parsed.kind).toBe('compared');
    expect(parsed.removals[0]).toBe("cluster type 'gpu-westeu' is removed");
  });

  it('rejects a missing --gitops and an unknown format as usage errors', async () => {
    expect((await kalypso('diff', ...args(changed), '--branch', 'dev')).stderr).toContain(
      '--gitops is required for diff.',
    );
    const bad = await kalypso(
      'diff',
      ...args(changed),
      '--gitops',
      gitops,
      '--branch',
      'dev',
      '--format',
      'html',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--format must be 'text' or 'markdown' or 'json', not 'html'.");
  });
});

describe('kalypso plan: the same preview against a GitOps working tree', () => {
  const plan = (format: string) =>
    kalypso('plan', ...args(changed), '--out', gitops, '--format', format);
  const diff = (format: string) =>
    kalypso('diff', ...args(changed), '--gitops', gitops, '--branch', 'dev', '--format', format);

  it('text: assignments, reasons, config keys and the unified diff, as diff prints them', async () => {
    const [planned, diffed] = await Promise.all([
      kalypso('plan', ...args(changed), '--out', gitops),
      diff('text'),
    ]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toContain('  cluster type gpu-westeu (removed)\n');
    expect(planned.stdout).toMatch(
      /^ {4}- [a-z0-9-]+: cluster type 'gpu-westeu' no longer exists$/m,
    );
    expect(planned.stdout).toContain('-  LOG_LEVEL: debug\n+  LOG_LEVEL: trace\n');
    expect(planned.stdout).toBe(diffed.stdout);
  });

  it('markdown: the preview comment’s sections under a plan heading', async () => {
    const [planned, diffed] = await Promise.all([plan('markdown'), diff('markdown')]);
    expect(planned.code, planned.stderr).toBe(0);
    const [heading, , description, ...rest] = planned.stdout.split('\n');
    expect(heading).toBe('## Kalypso plan: environment `dev`');
    expect(description).toBe(
      'The environment rendered from the local checkouts, compared with the GitOps working tree in `--out`.',
    );
    expect(rest.join('\n')).toBe(diffed.stdout.split('\n').slice(3).join('\n'));
    expect(planned.stdout).toMatch(
      /^\| `dev` \| ⚠️ removes \| 0 \| [1-9]\d* \| [1-9]\d* \| 0 \| [1-9]\d* \|$/m,
    );
    expect(planned.stdout).toContain('> [!NOTE]\n> This change removes deployments.\n>\n');
    expect(planned.stdout).toContain('#### Cluster type `gpu-westeu` (removed)\n');
    expect(planned.stdout).toContain('<details><summary>Rendered diff of `dev`');
    // The lint warnings of the render (the policies that now select nothing), folded.
    expect(planned.stdout).toMatch(
      /^<details><summary>⚠️ Warnings: [1-9]\d* \(they do not fail the check\)<\/summary>$/m,
    );
  });

  it('json: the structured comparison, the same as diff’s but for the command', async () => {
    const [planned, diffed] = await Promise.all([plan('json'), diff('json')]);
    expect(planned.code, planned.stderr).toBe(0);
    const p = JSON.parse(planned.stdout) as Record<string, unknown>;
    const d = JSON.parse(diffed.stdout) as Record<string, unknown>;
    expect(p).toMatchObject({ command: 'plan', environment: 'dev', kind: 'compared' });
    expect(d.command).toBe('diff');
    expect({ ...p, command: 'diff' }).toEqual(d);
    expect(p.removals).toContain("cluster type 'gpu-westeu' is removed");
    // The lint warnings (the policies that now select nothing), each also as the line printed.
    const warnings = p.warnings as { file: string; line: number; text: string }[];
    expect(warnings.length).toBeGreaterThan(0);
    for (const w of warnings) expect(w.text.startsWith(`${w.file}:${w.line}: `)).toBe(true);
  });

  it('a broken control plane: the problems, exit 1, in every format', async () => {
    const broken = mkdtempSync(join(scratch, 'broken-'));
    cpSync(changed, broken, { recursive: true });
    const file = join(broken, 'configs', 'dev-config.yaml');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n---\nkind: [unclosed\n`);
    const text = await kalypso('plan', ...args(broken), '--out', gitops);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^Environment dev\n {2}problem: \S*configs\/dev-config\.yaml:\d+: /,
    );
    expect(text.stderr).toMatch(/problems? found; nothing was compared\.\n$/);
    const json = await kalypso('plan', ...args(broken), '--out', gitops, '--format', 'json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ command: 'plan', kind: 'problems' });
  });
});
