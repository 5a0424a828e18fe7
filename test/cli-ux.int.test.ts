// The `kalypso` command's user interface: --version, help per command, "did you mean", exit codes,
// --format json, and `validate --repo <clone> --all-environments`, which reads main and every
// environment branch of a real git clone without checking anything out.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'packages', 'cli', 'bin', 'kalypso.js');
const sample = join(root, 'examples', 'control-plane');
const scratch = mkdtempSync(join(tmpdir(), 'kalypso-cli-ux-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const workloads = ['lift-ops', 'guest-services', 'platform-svc'].flatMap((r) => [
  '--workload',
  `${r}=${join(sample, 'workloads', r)}`,
]);
const environmentArgs = [
  '--environment',
  'dev',
  '--base',
  join(sample, 'main'),
  '--control-plane',
  join(sample, 'dev'),
  ...workloads,
];

async function kalypso(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  });

/** A control-plane repository made of the sample: main plus one orphan branch per environment. */
function sampleRepository(name: string): string {
  const dir = join(scratch, name);
  git(scratch, 'init', '--quiet', '--initial-branch=main', dir);
  cpSync(join(sample, 'main'), dir, { recursive: true });
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'main');
  for (const environment of ['dev', 'stage', 'prod']) {
    git(dir, 'checkout', '--quiet', '--orphan', environment);
    git(dir, 'rm', '-r', '--quiet', '--cached', '.');
    git(dir, 'clean', '-fdq');
    cpSync(join(sample, environment), dir, { recursive: true });
    git(dir, 'add', '-A');
    git(dir, 'commit', '--quiet', '-m', environment);
  }
  git(dir, 'checkout', '--quiet', 'main');
  return dir;
}

describe('kalypso --version and --help', () => {
  it('prints the version of packages/cli/package.json', async () => {
    const { version } = JSON.parse(
      readFileSync(join(root, 'packages', 'cli', 'package.json'), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-V']) {
      const result = await kalypso(flag);
      expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
    }
  });

  it('lists the commands and the exit codes', async () => {
    const result = await kalypso('--help');
    expect(result.code).toBe(0);
    for (const command of ['render', 'validate', 'plan', 'explain'])
      expect(result.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    expect(result.stdout).toContain('Exit status:');
    expect(result.stdout).toContain('2  usage error');
  });

  it.each(['render', 'validate', 'plan', 'explain'])('has help of its own for %s', async (name) => {
    const viaFlag = await kalypso(name, '--help');
    const viaHelp = await kalypso('help', name);
    expect(viaFlag.code).toBe(0);
    expect(viaFlag.stdout).toBe(viaHelp.stdout);
    expect(viaFlag.stdout).toMatch(new RegExp(`^kalypso ${name}: `));
    expect(viaFlag.stdout).toContain(`Usage: kalypso ${name} `);
    expect(viaFlag.stdout).toContain('--environment <name>');
  });

  it('without a command prints the overview and exits 2', async () => {
    const result = await kalypso();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Commands:');
  });
});

describe('did you mean', () => {
  it.each([
    [['valdate'], "unknown command 'valdate'. Did you mean 'validate'?"],
    [['rendr'], "unknown command 'rendr'. Did you mean 'render'?"],
    [
      ['validate', '--enviroment', 'dev'],
      "Unknown option '--enviroment' for validate. Did you mean '--environment'?",
    ],
    [
      ['explain', '--cluster-typ', 'x'],
      "Unknown option '--cluster-typ' for explain. Did you mean '--cluster-type'?",
    ],
    [['plan', '--format', 'yaml'], "--format must be 'text' or 'markdown' or 'json', not 'yaml'."],
    [['validate', '--format', 'markdown'], "--format must be 'text' or 'json', not 'markdown'."],
    [['validate', 'dev'], "unexpected argument 'dev'."],
  ])('%j exits 2 with a suggestion', async (args, message) => {
    const result = await kalypso(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('offers nothing when nothing is close', async () => {
    const result = await kalypso('launch');
    expect(result.stderr).toContain("unknown command 'launch'.");
    expect(result.stderr).not.toContain('Did you mean');
  });

  it('suggests the deployment target and cluster type names of the environment', async () => {
    const target = await kalypso('explain', ...environmentArgs, '--target', 'ticketing-web-de');
    expect(target.code).toBe(2);
    expect(target.stderr).toMatch(
      /^kalypso: no deployment target 'ticketing-web-de' in this environment \(known: .*\)\. Did you mean 'ticketing-web-dev'\?$/m,
    );
    const clusterType = await kalypso(
      'explain',
      ...environmentArgs,
      '--target',
      'ticketing-web-dev',
      '--cluster-type',
      'web-estus',
    );
    expect(clusterType.stderr).toContain("Did you mean 'web-eastus'?");
  });
});

describe('warnings where the operator would not render', () => {
  it('validate names the Template, file and line of a function only sprig 3 has, and still passes', async () => {
    const main = join(scratch, 'sprig3-main');
    cpSync(join(sample, 'main'), main, { recursive: true });
    writeFileSync(
      join(main, 'extra-template.yaml'),
      [
        'apiVersion: scheduler.kalypso.io/v1alpha1',
        'kind: Template',
        'metadata:',
        '  name: extra',
        'spec:',
        '  type: reconciler',
        '  manifests:',
        '    - |',
        '      owner: {{ get .Labels "owner" }}',
        '',
      ].join('\n'),
    );
    const args = environmentArgs.map((a) => (a === join(sample, 'main') ? main : a));
    const result = await kalypso('validate', ...args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toContain(
      `${join(main, 'extra-template.yaml')}:9: Template 'extra': manifest 1 calls \`get\`, a sprig 3 function the Kalypso operator's sprig 2.22 does not have`,
    );
  });
});

describe('--format json', () => {
  it('validate: one document with the verdict', async () => {
    const result = await kalypso('validate', ...environmentArgs, '--format', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      valid: true,
      environments: [
        { environment: 'dev', valid: true, assignments: 13, clusterTypes: 6, problems: [] },
      ],
    });
  });

  it('validate: problems with file and line, exit 1', async () => {
    const broken = join(scratch, 'broken-dev');
    cpSync(join(sample, 'dev'), broken, { recursive: true });
    writeFileSync(join(broken, 'gitops-repo.yaml'), 'kind: [unclosed\n');
    const args = environmentArgs.map((a) => (a === join(sample, 'dev') ? broken : a));
    const result = await kalypso('validate', ...args, '--format', 'json');
    expect(result.code).toBe(1);
    const verdict = JSON.parse(result.stdout) as {
      valid: boolean;
      environments: { valid: boolean; problems: { file?: string; line?: number }[] }[];
    };
    expect(verdict.valid).toBe(false);
    expect(verdict.environments[0]!.problems).toContainEqual(
      expect.objectContaining({ file: `${broken}/gitops-repo.yaml`, line: expect.any(Number) }),
    );
  });

  it('plan: the assignments, reasons and files that would change, nothing written (json)', async () => {
    const out = mkdtempSync(join(scratch, 'plan-'));
    const result = await kalypso('plan', ...environmentArgs, '--out', out, '--format', 'json');
    expect(result.code).toBe(0);
    const plan = JSON.parse(result.stdout) as {
      command: string;
      environment: string;
      kind: string;
      removals: string[];
      files: { path: string; status: string }[];
      clusterTypes: { clusterType: string; status: string; added: { target: string }[] }[];
    };
    expect(plan).toMatchObject({ command: 'plan', environment: 'dev', kind: 'compared' });
    expect(plan.files).toContainEqual(
      expect.objectContaining({ path: '.github/tracking/Promoted_Commit_Id', status: 'added' }),
    );
    expect(plan.removals).toEqual([]);
    expect(plan.clusterTypes.find((c) => c.clusterType === 'hub-eastus')).toMatchObject({
      status: 'added',
      added: [
        expect.objectContaining({ target: 'lift-control-integration' }),
        expect.objectContaining({ target: 'observability-metrics-dev' }),
        expect.objectContaining({ target: 'ticketing-api-dev' }),
      ],
    });
    expect(readdirSync(out)).toEqual([]);
  });

  it('explain: every cluster type, policy by policy', async () => {
    const result = await kalypso(
      'explain',
      ...environmentArgs,
      '--target',
      'ticketing-web-dev',
      '--format',
      'json',
    );
    expect(result.code).toBe(0);
    const { target, explanations } = JSON.parse(result.stdout) as {
      target: string;
      explanations: { clusterType: string; scheduled: boolean; policies: unknown[] }[];
    };
    expect(target).toBe('ticketing-web-dev');
    expect(explanations.map((e) => e.clusterType)).toHaveLength(6);
    expect(explanations.find((e) => e.clusterType === 'web-eastus')).toMatchObject({
      scheduled: true,
    });
    expect(explanations.find((e) => e.clusterType === 'hub-westeu')).toMatchObject({
      scheduled: false,
    });
  });
});

describe('kalypso validate --repo --all-environments', () => {
  let origin: string;
  let clone: string;
  beforeAll(() => {
    origin = sampleRepository('origin');
    clone = join(scratch, 'clone');
    git(scratch, 'clone', '--quiet', origin, clone);
  });

  it("reads main's chain and every environment branch of a fresh clone (remote-tracking refs)", async () => {
    // A fresh clone has only main locally; the working tree has unrelated local edits.
    writeFileSync(join(clone, 'templates', 'flux.yaml'), 'not: [valid\n');
    const result = await kalypso(
      'validate',
      '--repo',
      clone,
      '--all-environments',
      ...workloads,
      '--format',
      'json',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const verdict = JSON.parse(result.stdout) as {
      valid: boolean;
      main: string;
      environmentsFrom: string;
      environments: { environment: string; valid: boolean; assignments: number; commit: string }[];
    };
    expect(verdict.valid).toBe(true);
    expect(verdict.main).toBe(git(origin, 'rev-parse', 'main').trim());
    expect(verdict.environmentsFrom).toBe('main:.github/promotion-chain.yaml');
    expect(verdict.environments.map((e) => [e.environment, e.valid, e.assignments])).toEqual([
      ['dev', true, 13],
      ['stage', true, 10],
      ['prod', true, 12],
    ]);
    expect(verdict.environments[1]!.commit).toBe(git(origin, 'rev-parse', 'stage').trim());
    git(clone, 'checkout', '--quiet', '--', '.');
  });

  it('names the branch and file of a problem, and fails with 1', async () => {
    const broken = sampleRepository('broken');
    git(broken, 'checkout', '--quiet', 'stage');
    writeFileSync(join(broken, 'gitops-repo.yaml'), 'kind: [unclosed\n');
    git(broken, 'commit', '--quiet', '-am', 'break stage');
    git(broken, 'checkout', '--quiet', 'main');
    const result = await kalypso('validate', '--repo', broken, '--all-environments', ...workloads);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("Environment 'dev' is valid: 13 assignments");
    expect(result.stdout).toContain("Environment 'prod' is valid: 12 assignments");
    expect(result.stderr).toContain("Environment 'stage':");
    expect(result.stderr).toMatch(/^  stage:gitops-repo\.yaml:\d+: YAML syntax error/m);
    expect(result.stderr).toContain('1 of 3 environments have problems');
  });

  it('without a promotion chain, validates every branch that holds a gitops-repo.yaml', async () => {
    const noChain = sampleRepository('no-chain');
    git(noChain, 'rm', '--quiet', '.github/promotion-chain.yaml');
    git(noChain, 'commit', '--quiet', '-m', 'no chain');
    git(noChain, 'branch', 'feature');
    const result = await kalypso(
      'validate',
      '--repo',
      noChain,
      '--all-environments',
      ...workloads,
      '--format',
      'json',
    );
    expect(result.code).toBe(0);
    const verdict = JSON.parse(result.stdout) as {
      environmentsFrom: string;
      environments: { environment: string }[];
    };
    expect(verdict.environmentsFrom).toBe('the branches that hold a gitops-repo.yaml');
    expect(verdict.environments.map((e) => e.environment)).toEqual(['dev', 'prod', 'stage']);
  });

  it('suggests the registration name of a mistyped --workload', async () => {
    const result = await kalypso(
      'validate',
      '--repo',
      clone,
      '--all-environments',
      ...workloads,
      '--workload',
      `lift-opps=${join(sample, 'workloads', 'lift-ops')}`,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "--workload lift-opps=…: no environment has a WorkloadRegistration named 'lift-opps'. Did you mean 'lift-ops'?",
    );
  });

  it.each([
    [['--repo', '.'], '--repo and --all-environments go together.'],
    [
      ['--repo', '.', '--all-environments', '--environment', 'dev'],
      '--environment cannot be combined with --repo',
    ],
  ])('rejects %j with exit 2', async (args, message) => {
    const result = await kalypso('validate', ...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('says when --repo is not a git repository', async () => {
    const result = await kalypso('validate', '--repo', tmpdir(), '--all-environments');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a git repository');
  });
});

describe('errors point where the fix is', () => {
  /** The sample's main and dev copied, with one file edited. */
  function brokenCopy(name: string, file: string, from: string, to: string): string {
    const dir = join(scratch, name);
    for (const part of ['main', 'dev'])
      cpSync(join(sample, part), join(dir, part), { recursive: true });
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(from);
    writeFileSync(path, text.replace(from, to));
    return dir;
  }
  const validate = (dir: string) =>
    kalypso(
      'validate',
      '--environment',
      'dev',
      '--base',
      join(dir, 'main'),
      '--control-plane',
      join(dir, 'dev'),
      ...workloads,
    );

  it('a ConfigSchema violation: the line of the failing key in the ConfigMap that supplies it', async () => {
    const dir = brokenCopy(
      'schema-key',
      'dev/configs/edge-and-restricted.yaml',
      'OFFLINE_CACHE_MB: "2048"',
      'OFFLINE_CACHE_MB: "256"',
    );
    const result = await validate(dir);
    expect(result.code).toBe(1);
    const file = join(dir, 'dev', 'configs', 'edge-and-restricted.yaml');
    expect(result.stderr).toContain(
      `${file}:10: Assignment of deployment target 'lift-control-functional-test' on cluster type 'edge-alps': Config data validation failed:`,
    );
    expect(result.stderr).toContain(
      `OFFLINE_CACHE_MB = "256" comes from ConfigMap 'edge-config' (${file}:10)`,
    );
    expect(result.stderr).toMatch(
      /The deployment target is defined at \S+lift-control\.yaml:\d+\./,
    );
  });

  it('a template error: the Template’s file at the line inside the manifest block', async () => {
    const dir = brokenCopy(
      'template-line',
      'main/templates/namespace.yaml',
      'deployment-target: {{ .DeploymentTargetName | quote }}',
      'deployment-target: {{ .DeploymentTarget | quote }}',
    );
    const result = await validate(dir);
    expect(result.code).toBe(1);
    const file = join(dir, 'main', 'templates', 'namespace.yaml');
    // Line 17 of the file is line 9 of the manifest (its `|` block starts on line 9).
    expect(result.stderr).toContain(
      `${file}:17: Template 'namespace': rendering the namespace for deployment target `,
    );
    expect(result.stderr).toContain(
      'failed: at line 9, column 26 of the manifest: `.DeploymentTarget` is not a field of the template data',
    );
    expect(result.stderr).not.toMatch(/template: |executing "|scheduler\.dataType/);
  });

  it('a template that does not parse: the line inside the manifest block, without Go’s prefix', async () => {
    const dir = brokenCopy(
      'template-parse',
      'main/templates/namespace.yaml',
      '{{- with .Labels.purpose }}',
      '{{- with }}',
    );
    const result = await validate(dir);
    expect(result.code).toBe(1);
    const file = join(dir, 'main', 'templates', 'namespace.yaml');
    expect(result.stderr).toContain(
      `${file}:18: Template 'namespace': manifest 1 does not parse (its line 10): missing value for with. Fix the template.`,
    );
  });
});
