// `npm run demo -- --help` and mistyped options: the usage, before anything starts (no servers,
// no repositories), with exit 0 for --help and 2 for a usage error.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const demo = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'test', 'e2e', 'demo.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm run demo', () => {
  it.each(['--help', '-h'])('prints its usage for %s', (flag) => {
    const result = demo(flag);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run demo -- \[--failure\] /);
    expect(result.stdout).toContain('--failure');
    expect(result.stdout).toContain('--evidence <source>');
    expect(result.stdout).not.toContain('Local GitHub at');
  });

  it.each([
    [['--fail'], "demo: Unknown option '--fail'"],
    [['--out'], "demo: Option '--out <value>' argument missing"],
    [['stage'], "demo: Unexpected argument 'stage'"],
    [
      ['--evidence', 'flux'],
      "demo: --evidence must be one of azure-resource-graph, commit-statuses, not 'flux'",
    ],
  ])('refuses %j with the usage and exit 2', (args, message) => {
    const result = demo(...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stderr).toContain('\nUsage: npm run demo --');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
