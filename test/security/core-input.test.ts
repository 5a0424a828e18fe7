// Hostile control-plane content through the `kalypso` CLI as a process: names and spec.path that
// would leave --out, unknown kinds, input budgets, bytes Kubernetes rejects, and warnings for what
// the original accepts. Every failure exits 1, names the file, and leaves --out exactly as it was.
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'kalypso.js');
const fixture = join(root, 'test', 'golden', 'gitops-path-not-cleaned');
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * A fresh copy of a small valid control plane (one cluster type, one Workload, one policy) in
 * `<world>/cp`, and a seeded GitOps checkout in `<world>/parent/out`, so that a write outside
 * --out would land in `<world>/parent`.
 */
function world() {
  const dir = mkdtempSync(join(tmpdir(), 'kalypso-security-'));
  temps.push(dir);
  const cp = join(dir, 'cp');
  for (const part of ['base', 'env', 'workloads'])
    cpSync(join(fixture, part), join(cp, part), { recursive: true });
  const out = join(dir, 'parent', 'out');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'README.md'), 'seeded');
  mkdirSync(join(out, 'small', 'old'), { recursive: true });
  writeFileSync(join(out, 'small', 'old', 'reconciler.yaml'), 'old');
  const write = (path: string, text: string | Buffer) => {
    mkdirSync(join(cp, path, '..'), { recursive: true });
    writeFileSync(join(cp, path), text);
  };
  const edit = (path: string, from: string, to: string) => {
    const text = readFileSync(join(cp, path), 'utf8');
    expect(text).toContain(from);
    writeFileSync(join(cp, path), text.replace(from, to));
  };
  const args = (command: string) => [
    command,
    '--environment',
    'dev',
    '--base',
    join(cp, 'base'),
    '--control-plane',
    join(cp, 'env'),
    '--workload',
    `app=${join(cp, 'workloads', 'app')}`,
    ...(command === 'validate' ? [] : ['--out', out]),
  ];
  return { dir, cp, out, parent: join(dir, 'parent'), write, edit, args };
}

function filesBelow(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) visit(full);
      else found[relative(dir, full).split(sep).join('/')] = readFileSync(full, 'utf8');
    }
  };
  visit(dir);
  return found;
}

async function kalypso(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      maxBuffer: 64 << 20,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Runs render and checks the failure contract: exit 1, every fragment, nothing written anywhere. */
async function expectRefused(w: ReturnType<typeof world>, fragments: (string | RegExp)[]) {
  const before = filesBelow(w.parent);
  const result = await kalypso(w.args('render'));
  expect(result.code, result.stderr).toBe(1);
  for (const fragment of fragments) {
    if (typeof fragment === 'string') expect(result.stderr).toContain(fragment);
    else expect(result.stderr).toMatch(fragment);
  }
  expect(result.stderr).toMatch(/problems? found; nothing was written\.\n$/);
  expect(filesBelow(w.parent)).toEqual(before);
  return result;
}

describe('kalypso render refuses names and paths that would leave --out', () => {
  it('a cluster type named ../../pwned: exit 1 with file:line, nothing written inside or outside --out', async () => {
    const w = world();
    w.edit('env/cluster-type.yaml', 'name: small', 'name: "../../pwned"');
    await expectRefused(w, [
      `${join(w.cp, 'env', 'cluster-type.yaml')}:4: ClusterType '../../pwned': metadata.name '../../pwned' is invalid`,
    ]);
    expect(existsSync(join(w.dir, 'pwned'))).toBe(false);
  });

  it('a deployment-target entry named ../../../escape: exit 1 naming the Workload file and line', async () => {
    const w = world();
    w.edit('workloads/app/workload.yaml', 'name: func', 'name: ../../../escape');
    await expectRefused(w, [
      `${join(w.cp, 'workloads', 'app', 'workload.yaml')}:7: Workload 'app-wl': spec.deploymentTargets[0].name: deployment target name '../../../escape' makes the target 'app-wl-../../../escape', which is not a valid Kubernetes name`,
    ]);
    expect(existsSync(join(w.dir, 'escape'))).toBe(false);
  });

  it.each([
    ['../up', "spec.path '../up' leaves the GitOps repository"],
    ['clusters/../../../up', "spec.path 'clusters/../../../up' leaves the GitOps repository"],
    ['/tmp/abs', "spec.path '/tmp/abs' is absolute"],
  ])('GitOpsRepo spec.path %s: exit 1 naming the file, line and field', async (path, message) => {
    const w = world();
    w.edit('env/gitops-repo.yaml', '"clusters//dev"', JSON.stringify(path));
    await expectRefused(w, [
      `${join(w.cp, 'env', 'gitops-repo.yaml')}:8: GitOpsRepo 'dev': ${message}`,
    ]);
    expect(existsSync(join(w.dir, 'up'))).toBe(false);
  });
});

describe('kalypso render refuses what Kubernetes would reject', () => {
  it('kind: ClusterTyp is an error listing the known kinds', async () => {
    const w = world();
    w.edit('env/cluster-type.yaml', 'kind: ClusterType', 'kind: ClusterTyp');
    await expectRefused(w, [
      `${join(w.cp, 'env', 'cluster-type.yaml')}:2: ClusterTyp 'small': kind 'ClusterTyp' does not exist in scheduler.kalypso.io (Kubernetes would reject it); did you mean 'ClusterType'? Use one of Environment, BaseRepo, GitOpsRepo, ClusterType, Template, WorkloadRegistration, Workload, SchedulingPolicy, ConfigSchema, DeploymentTarget.`,
    ]);
  });

  it('a ConfigMap value with bytes that are not UTF-8, and one with NUL: both reported, with lines', async () => {
    const w = world();
    const head =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels:\n    platform-config: "true"\ndata:\n  NAME: "caf';
    w.write(
      'env/config.yaml',
      Buffer.concat([
        Buffer.from(head),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"\n  TOKEN: "a\\0b"\n'),
      ]),
    );
    const file = join(w.cp, 'env', 'config.yaml');
    await expectRefused(w, [
      `${file}:8: ConfigMap 'cm': 'data.NAME' holds bytes that are not valid UTF-8`,
      `${file}:9: ConfigMap 'cm': 'data.TOKEN' holds a NUL character`,
    ]);
  });
});

describe('kalypso render is never stricter than Kubernetes on valid UTF-8', () => {
  it('a ConfigMap value holding the character U+FFFD renders, as Kubernetes and the original accept it', async () => {
    const w = world();
    w.write(
      'env/config.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels:\n    platform-config: "true"\ndata:\n  NAME: "caf\u{fffd}"\n',
    );
    const result = await kalypso(w.args('render'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('not valid UTF-8');
  });
});

describe('kalypso render keeps to its input budgets', () => {
  it('a file above 8 MiB: exit 1 naming the file, the size and the limit', async () => {
    const w = world();
    w.write('env/huge.yaml', `# ${'x'.repeat(9 * 1024 * 1024)}\n`);
    await expectRefused(w, [
      `${join(w.cp, 'env', 'huge.yaml')}: the file is 9437187 bytes, more than the 8 MiB a control-plane file may have`,
    ]);
  });

  it('a 3 GiB file (sparse): refused by its size before it is read, with the same message', async () => {
    // Reading it would fail (Node reads at most 2 GiB into one buffer): the refusal must come first.
    const w = world();
    w.write('env/sparse.yaml', '');
    truncateSync(join(w.cp, 'env', 'sparse.yaml'), 3 * 1024 * 1024 * 1024);
    w.write('workloads/app/sparse.yaml', '');
    truncateSync(join(w.cp, 'workloads', 'app', 'sparse.yaml'), 9 * 1024 * 1024);
    await expectRefused(w, [
      `${join(w.cp, 'env', 'sparse.yaml')}: the file is 3072 MiB, more than the 8 MiB a control-plane file may have; nothing from it was read. Split it or remove what does not belong in the control plane.`,
      `${join(w.cp, 'workloads', 'app', 'sparse.yaml')}: the file is 9 MiB, more than the 8 MiB a control-plane file may have`,
    ]);
  });

  it('a YAML alias bomb: exit 1 naming the file (maxAliasCount)', async () => {
    const w = world();
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 12; i++) {
      const [prev, cur] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
      lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    w.write(
      'env/bomb.yaml',
      `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: SchedulingPolicy\nmetadata: {name: bomb}\nspec:\n  deploymentTargetSelector: {labelSelector: {}}\n  clusterTypeSelector: {labelSelector: {}}\n  laughs:\n${lines.map((l) => `    ${l}`).join('\n')}\n`,
    );
    await expectRefused(w, [
      `${join(w.cp, 'env', 'bomb.yaml')}: YAML aliases in this document expand too much (more than maxAliasCount 100)`,
    ]);
  });

  it('an 8,000-key ConfigMap validates (validation is linear; see bench/validation.bench.ts)', async () => {
    const w = world();
    const keys = Array.from({ length: 8000 }, (_, i) => `  KEY_${i}: "value-${i}"`).join('\n');
    w.write(
      'env/big.yaml',
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\n  labels:\n    platform-config: "true"\ndata:\n${keys}\n`,
    );
    const result = await kalypso(w.args('validate'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("Environment 'dev' is valid: 1 assignments on 1 cluster types.\n");
  });
});

describe('all problems at once', () => {
  it('a ClusterType naming a missing Template and a failing config template of another cluster type are reported together', async () => {
    const w = world();
    w.write(
      'env/large.yaml',
      `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: large}
spec: {reconciler: reconciler, namespaceService: empty, configType: missing-config}
`,
    );
    w.edit('env/cluster-type.yaml', 'configType: empty', 'configType: failing');
    w.write(
      'base/failing.yaml',
      `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: failing}
spec:
  type: config
  manifests: ['{{ fail "small config is broken" }}']
`,
    );
    const result = await expectRefused(w, [
      `${join(w.cp, 'env', 'large.yaml')}:1: ClusterType 'large': Template 'missing-config' (spec.configType) not found`,
      /Template 'failing': rendering the config for deployment target 'app-wl-func' on cluster type 'small' failed: .*small config is broken/,
    ]);
    expect(result.stderr).toContain('2 problems found; nothing was written.');
  });
});

describe('warnings: shown on stderr, never failing the run', () => {
  it('a registration whose folder holds no Workload, and an unused Template that does not parse', async () => {
    const w = world();
    rmSync(join(w.cp, 'workloads', 'app', 'workload.yaml'));
    w.write(
      'base/unused.yaml',
      `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: unused}
spec:
  type: reconciler
  manifests: ['{{ env "GITHUB_TOKEN" }}']
`,
    );
    const registration = `warning: ${join(w.cp, 'base', 'registration.yaml')}:1: WorkloadRegistration 'app': no Workload was found at spec.workload.path 'deploy' of https://github.com/contoso/app (branch main), so this registration deploys nothing.`;
    const template = `warning: ${join(w.cp, 'base', 'unused.yaml')}:6: Template 'unused': manifest 1 does not parse (its line 1): function "env" not defined.`;
    for (const command of ['validate', 'plan', 'render']) {
      const result = await kalypso(w.args(command));
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(registration);
      expect(result.stderr).toContain(template);
    }
    // The render went ahead: the stale folder of the cluster type was pruned, its README written.
    expect(filesBelow(w.out)).toMatchObject({ 'clusters/dev/small/README.md': expect.any(String) });
  });
});
