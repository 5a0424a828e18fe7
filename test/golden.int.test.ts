// Runs every case of the compatibility corpus (test/golden, copied from the reference
// implementation's output) through the `kalypso` CLI as a process and compares byte for byte.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const run = promisify(execFile);
const corpus = join(import.meta.dirname, 'golden');
const cli = join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'kalypso.js');
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface GoldenCase {
  description: string;
  environment: string;
  workloads?: Record<string, string>;
  expect: 'success' | 'error';
  errorContains?: string[];
}

function filesBelow(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (!existsSync(root)) return out;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else out.set(relative(root, full).split(sep).join('/'), readFileSync(full));
    }
  };
  visit(root);
  return out;
}

async function kalypso(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const cases = readdirSync(corpus).filter((name) => existsSync(join(corpus, name, 'case.yaml')));

/** Cases the original accepts although they are probably mistakes: they succeed with a warning. */
const WARNED: Record<string, string> = {
  'forbidden-fn-unused-template': `Template 'unused': manifest 1 does not parse`,
  'missing-template-unscheduled-ct': `ClusterType 'unused': Template 'nope' (spec.reconciler) not found`,
  // What the operator's sprig 2.22 cannot render (docs/decisions/sprig3-function-set.md).
  'utf8-byte-ops': '`trunc` renders here but fails on the Kalypso operator',
  'duration-int-arg': 'calls `duration`',
  'template-sprig-functions': 'calls `get` (3 times in this Template)',
};

describe('golden corpus', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(30));

  it.each(cases)('%s', async (name) => {
    const dir = join(corpus, name);
    const spec = parse(readFileSync(join(dir, 'case.yaml'), 'utf8')) as GoldenCase;
    const out = mkdtempSync(join(tmpdir(), `golden-${name}-`));
    temps.push(out);
    if (existsSync(join(dir, 'gitops-before')))
      cpSync(join(dir, 'gitops-before'), out, { recursive: true });
    const seeded = filesBelow(out);
    const args = [
      'render',
      '--environment',
      spec.environment,
      '--base',
      join(dir, 'base'),
      '--control-plane',
      join(dir, 'env'),
    ];
    for (const [registration, path] of Object.entries(spec.workloads ?? {}))
      args.push('--workload', `${registration}=${join(dir, path)}`);
    const result = await kalypso([...args, '--out', out]);

    if (spec.expect === 'error') {
      expect(result.code, result.output).not.toBe(0);
      for (const fragment of spec.errorContains ?? []) expect(result.output).toContain(fragment);
      expect(filesBelow(out)).toEqual(seeded); // a failed run publishes nothing
      return;
    }
    expect(result.code, result.output).toBe(0);
    if (WARNED[name]) expect(result.output).toMatch(/^warning: .+:\d+: /m);
    if (WARNED[name]) expect(result.output).toContain(WARNED[name]);
    const actual = filesBelow(out);
    const expected = filesBelow(join(dir, 'expected'));
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [path, bytes] of expected) {
      expect(actual.get(path)?.toString('utf8'), `${name}: ${path}`).toBe(bytes.toString('utf8'));
      expect(Buffer.compare(actual.get(path)!, bytes), `${name}: ${path} bytes`).toBe(0);
    }
  });
});
