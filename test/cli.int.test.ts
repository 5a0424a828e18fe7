// The `kalypso` command as users run it: usage errors, plan (no writes) and explain.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'packages', 'cli', 'bin', 'kalypso.js');
const sample = join(root, 'examples', 'control-plane');
const out = mkdtempSync(join(tmpdir(), 'kalypso-cli-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const environmentArgs = [
  '--environment',
  'dev',
  '--base',
  join(sample, 'main'),
  '--control-plane',
  join(sample, 'dev'),
  ...['lift-ops', 'guest-services', 'platform-svc'].flatMap((r) => [
    '--workload',
    `${r}=${join(sample, 'workloads', r)}`,
  ]),
];

async function kalypso(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('kalypso CLI', () => {
  it.each([
    [['render', '--environment', 'dev'], '--base is required.'],
    [['render', ...environmentArgs], '--out is required for render.'],
    [['launch'], "unknown command 'launch'."],
    [['render', '--colour', 'red'], "Unknown option '--colour'"],
    [
      ['render', ...environmentArgs, '--workload', 'nobody=/tmp', '--out', out],
      "there is no WorkloadRegistration named 'nobody'",
    ],
  ])('exits 2 with usage for %j', async (args, message) => {
    const result = await kalypso(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Usage:');
  });

  it('plans without writing anything', async () => {
    const result = await kalypso('plan', ...environmentArgs, '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('Environment dev\n')).toBe(true);
    expect(result.stdout).toContain('\n  cluster type hub-eastus (added)\n');
    expect(result.stdout).toMatch(
      /^ {4}\+ lift-control-integration: selected by policy '[a-z-]+'$/m,
    );
    expect(result.stdout).toContain('+++ b/.github/tracking/Promoted_Commit_Id');
    expect(readdirSync(out)).toEqual([]);
  });

  it('explains, policy by policy, why a target is or is not scheduled on a cluster type', async () => {
    const result = await kalypso(
      'explain',
      ...environmentArgs,
      '--target',
      'ticketing-web-dev',
      '--cluster-type',
      'web-eastus',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^ticketing-web-dev on web-eastus: scheduled, by policy 'ticketing-web-on-argo'\.\n/,
    );
    expect(result.stdout).toContain('✓ ticketing-web-on-argo: both selectors match');
    expect(result.stdout).toContain(
      "✗ lift-control-on-cloud: workspace 'lift-ops-team' does not match the target's workspace 'guest-team'",
    );
  });

  it('names the known targets when asked about an unknown one', async () => {
    const result = await kalypso('explain', ...environmentArgs, '--target', 'nope');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "no deployment target 'nope' in this environment (known: lift-control-functional-test",
    );
  });
});
