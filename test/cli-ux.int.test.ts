// The `kalypso` command's user interface: --version, help per command, "did you mean", exit codes,
// --format json, and `validate --repo <clone> --all-environments`, which reads main and every
// environment branch of a real git clone without checking anything out. Then what a person at a
// terminal sees (run under a pseudo-terminal with util-linux `script`): an unknown environment,
// an --out that does not exist, colours and progress, alike problems folded, explain's answer.
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { World } from './support/cli-world.ts';

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
        {
          environment: 'dev',
          valid: true,
          assignments: 13,
          clusterTypes: 6,
          problems: [],
          warnings: [],
        },
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

/** The sample's main and dev copied, for a test that edits them. */
function sampleCopy(name: string): { main: string; dev: string; args: string[] } {
  const dir = join(scratch, name);
  for (const part of ['main', 'dev'])
    cpSync(join(sample, part), join(dir, part), { recursive: true });
  const main = join(dir, 'main');
  const dev = join(dir, 'dev');
  return {
    main,
    dev,
    args: ['--environment', 'dev', '--base', main, '--control-plane', dev, ...workloads],
  };
}

/** A command line for `sh -c`, every word quoted. */
function shellLine(words: readonly string[]): string {
  return words.map((w) => `'${w.replaceAll("'", "'\\''")}'`).join(' ');
}

/**
 * The CLI under a pseudo-terminal (util-linux `script`): stdin, stdout and stderr are a terminal,
 * as for a person typing. `input` is typed in; the output is what the terminal shows.
 */
function onTerminal(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; input?: string } = {},
): { output: string; code: number } {
  const env: Record<string, string | undefined> = { ...process.env, TERM: 'xterm' };
  for (const name of ['CI', 'NO_COLOR', 'FORCE_COLOR', 'NODE_DISABLE_COLORS']) delete env[name];
  Object.assign(env, options.env ?? {});
  const command = `${shellLine([process.execPath, cli, ...args])}; echo "EXIT=$?"`;
  const output = execFileSync('script', ['-qec', command, '/dev/null'], {
    encoding: 'utf8',
    env,
    input: options.input ?? '',
  });
  const code = /EXIT=(\d+)/.exec(output);
  return { output: output.replace(/EXIT=\d+\s*$/, ''), code: Number(code?.[1] ?? -1) };
}

const ESC = '\x1b[';

describe('an unknown --environment', () => {
  it("is a usage error naming main's promotion chain, with a suggestion, before anything is read", async () => {
    const out = mkdtempSync(join(scratch, 'deev-'));
    const args = environmentArgs.map((a) => (a === 'dev' ? 'deev' : a));
    for (const command of [
      ['validate', ...args],
      ['render', ...args, '--out', out],
      ['plan', ...args, '--out', out],
      ['explain', ...args, '--target', 'ticketing-web-dev'],
    ]) {
      const result = await kalypso(...command);
      expect(result.code, command[0]).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        `kalypso: environment 'deev' is not in the promotion chain ${join(sample, 'main', '.github', 'promotion-chain.yaml')} (known: dev, stage, prod). Did you mean 'dev'?`,
      );
    }
    expect(readdirSync(out)).toEqual([]);
  });

  it('without a promotion chain: is an error when no deployment target nor the GitOpsRepo names it', async () => {
    const world = new World();
    try {
      const typo = await kalypso(
        'validate',
        ...world.args(...world.workloadArgs()).map((a) => (a === 'qa' ? 'qaa' : a)),
      );
      expect(typo.code).toBe(2);
      expect(typo.stderr).toContain(
        "environment 'qaa' is not named by any deployment target nor by the GitOpsRepo of --control-plane (known: prod, qa). Did you mean 'qa'?",
      );
      expect(typo.stderr).toContain("Did you mean 'qa'?");
      const right = await kalypso('validate', ...world.args(...world.workloadArgs()));
      expect(right).toMatchObject({ code: 0 });
    } finally {
      world.dispose();
    }
  });
});

describe('render --out that does not exist', () => {
  it('is refused without --create (nothing is created), rendered into with it', async () => {
    const out = join(scratch, 'new-gitops');
    const refused = await kalypso('render', ...environmentArgs, '--out', out);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `kalypso: --out '${out}' does not exist; nothing was written. Check the path, or pass --create to render into a new folder.`,
    );
    expect(existsSync(out)).toBe(false);
    const created = await kalypso('render', ...environmentArgs, '--out', out, '--create');
    expect(created.code).toBe(0);
    expect(readdirSync(out)).toContain('web-eastus');
  });

  it('plan: is an error (plan compares with what is there)', async () => {
    const out = join(scratch, 'no-such-gitops');
    const result = await kalypso('plan', ...environmentArgs, '--out', out);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--out '${out}' does not exist: plan compares the render`);
  });

  it('on a terminal: asks, and renders only on yes', () => {
    const yes = join(scratch, 'asked-yes');
    const no = join(scratch, 'asked-no');
    const created = onTerminal(['render', ...environmentArgs, '--out', yes], { input: 'y\n' });
    expect(created.output).toContain(`--out '${yes}' does not exist. Create it? [y/N]`);
    expect(created.code).toBe(0);
    expect(readdirSync(yes)).toContain('web-eastus');
    const declined = onTerminal(['render', ...environmentArgs, '--out', no], { input: 'n\n' });
    expect(declined.code).toBe(2);
    expect(declined.output).toContain('pass --create to render into a new folder');
    expect(existsSync(no)).toBe(false);
  });
});

describe('colour and progress', () => {
  const planArgs = () => ['plan', ...environmentArgs, '--out', mkdtempSync(join(scratch, 'tty-'))];

  it('a pipe gets plain text; FORCE_COLOR colours it; --no-color wins over FORCE_COLOR', async () => {
    const plain = await kalypso(...planArgs());
    expect(plain.code).toBe(0);
    expect(plain.stdout + plain.stderr).not.toContain('\x1b');
    const forced = await runWith({ FORCE_COLOR: '1' }, planArgs());
    expect(forced.stdout).toContain(`${ESC}32m    + lift-control-integration: selected by policy`);
    expect(forced.stdout).toContain(`${ESC}1mEnvironment dev${ESC}22m`);
    const off = await runWith({ FORCE_COLOR: '1' }, [...planArgs(), '--no-color']);
    expect(off.stdout).not.toContain('\x1b');
  });

  it('a terminal gets colours and a progress line that is erased; NO_COLOR, CI and --quiet turn them off', () => {
    const shown = onTerminal(planArgs());
    expect(shown.code).toBe(0);
    expect(shown.output).toContain(`\r${ESC}2KRendering environment 'dev'…\r${ESC}2K`);
    expect(shown.output).toContain(`${ESC}32m    + lift-control-integration`);
    const noColor = onTerminal(planArgs(), { env: { NO_COLOR: '1' } });
    expect(noColor.output).toContain('Rendering environment');
    expect(noColor.output).not.toContain(`${ESC}32m`);
    for (const quiet of [
      onTerminal(planArgs(), { env: { CI: 'true' } }),
      onTerminal([...planArgs(), '--quiet']),
    ]) {
      expect(quiet.code).toBe(0);
      expect(quiet.output).not.toContain('Rendering environment');
      expect(quiet.output).toContain(`${ESC}32m    + lift-control-integration`);
    }
  });

  it('shows how many workload repositories are cloned', () => {
    const world = new World();
    try {
      const repo = world.repo('inventory', {
        'workload.yaml': readFileSync(
          join(
            root,
            'test',
            'golden',
            'selector-empty-matches-all',
            'workloads',
            'inventory-api',
            'inventory-api.yaml',
          ),
          'utf8',
        ),
      });
      world.register('inventory-api', repo, '.');
      const result = onTerminal([
        'validate',
        ...world.args(...world.labelPrinter(), '--allow-local-workloads'),
      ]);
      // The line is cut to the terminal's width (80 columns when it does not say).
      expect(result.output).toContain(
        `Cloning workload repositories: 0 of 1 done (${repo}@main)…`.slice(0, 78),
      );
      expect(result.output).toContain('Cloning workload repositories: 1 of 1 done…');
      expect(result.code).toBe(0);
    } finally {
      world.dispose();
    }
  });
});

async function runWith(env: Record<string, string>, args: readonly string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('problems and warnings', () => {
  it('a ConfigMap label typo: the 13 schema errors it causes are printed as 2, with counts and places', async () => {
    const copy = sampleCopy('label-typo');
    const config = join(copy.dev, 'configs', 'dev-config.yaml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('platform-config: "true"', 'platfrom-config: "true"'),
    );
    const text = await kalypso('validate', ...copy.args);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(
      `warning: ${config}:7: ConfigMap 'dev-config': label 'platfrom-config'`,
    );
    expect(text.stderr.match(/Config data validation failed/g)).toHaveLength(2);
    expect(text.stderr).toContain('    (×11 in all; also at:\n');
    expect(text.stderr).toContain('      and 6 more)\n');
    expect(text.stderr).toContain('    (×2 in all; also at:\n');
    expect(text.stderr).toMatch(/13 problems found \(2 different\); nothing was written\.\n$/);
    const json = await kalypso('validate', ...copy.args, '--format', 'json');
    const verdict = JSON.parse(json.stdout) as {
      environments: { problems: unknown[]; warnings: { file: string; message: string }[] }[];
    };
    expect(verdict.environments[0]!.problems).toHaveLength(13);
    expect(verdict.environments[0]!.warnings).toEqual([
      expect.objectContaining({ file: config, severity: 'warning' }),
    ]);
  });

  it('--format json carries the warnings of validate and explain', async () => {
    const copy = sampleCopy('warning-only');
    writeFileSync(
      join(copy.dev, 'configs', 'extra.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  labels:\n    platfrom-config: "true"\ndata:\n  EXTRA: "1"\n',
    );
    const validate = await kalypso('validate', ...copy.args, '--format', 'json');
    expect(validate.code).toBe(0);
    const verdict = JSON.parse(validate.stdout) as {
      valid: boolean;
      environments: { warnings: { object: string; message: string }[] }[];
    };
    expect(verdict.valid).toBe(true);
    expect(verdict.environments[0]!.warnings).toEqual([
      expect.objectContaining({ object: "ConfigMap 'extra'", severity: 'warning' }),
    ]);
    const explain = await kalypso(
      'explain',
      ...copy.args,
      '--target',
      'ticketing-web-dev',
      '--format',
      'json',
    );
    expect((JSON.parse(explain.stdout) as { warnings: { object: string }[] }).warnings).toEqual([
      expect.objectContaining({ object: "ConfigMap 'extra'" }),
    ]);
  });

  it('every unreachable workload repository is reported, not only the first', async () => {
    const world = new World();
    try {
      const missing = ['alpha', 'beta', 'gamma'].map((name) => {
        const url = pathToFileURL(join(world.dir, 'gone', name)).href;
        world.register(`${name}-api`, url, '.');
        return url;
      });
      world.register('inventory-api', missing[0]!, '.'); // the same clone: reported once
      const result = await kalypso(
        'validate',
        ...world.args(...world.labelPrinter(), '--allow-local-workloads'),
      );
      expect(result.code).toBe(1);
      for (const [i, name] of ['alpha', 'beta', 'gamma'].entries())
        expect(result.stderr).toContain(
          `WorkloadRegistration '${name}-api': cannot read ${missing[i]} (branch 'main')`,
        );
      expect(result.stderr).toMatch(/\n3 problems found; nothing was written\.\n$/);
    } finally {
      world.dispose();
    }
  });
});

describe('explain', () => {
  it('answers on the first line, and says once what fails the same way on every cluster type', async () => {
    const result = await kalypso('explain', ...environmentArgs, '--target', 'ticketing-web-dev');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      "ticketing-web-dev is scheduled on 1 of 6 cluster types (web-eastus), by policy 'ticketing-web-on-argo'.",
    );
    expect(lines).toContain(
      'Not scheduled on edge-alps, gpu-westeu, hub-eastus, hub-westeu, lift-gateway:',
    );
    expect(lines).toContain('6 policies fail the same way on every cluster type:');
    expect(result.stdout.match(/gpu-batch/g)).toHaveLength(1);
    expect(lines.length).toBeLessThan(16);
  });
});

describe('--version and --help without the engine', () => {
  it('the launcher answers them alone; a command needs kalypso-engine.mjs next to it', async () => {
    const alone = mkdtempSync(join(scratch, 'launcher-'));
    cpSync(join(root, 'dist', 'cli', 'kalypso.mjs'), join(alone, 'kalypso.mjs'));
    const launcher = (...args: string[]) =>
      run(process.execPath, [join(alone, 'kalypso.mjs'), ...args]).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const { version } = JSON.parse(
      readFileSync(join(root, 'packages', 'cli', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(await launcher('--version')).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect((await launcher('--help')).stdout).toContain('Usage: kalypso <command> [options]');
    expect((await launcher('plan', '--help')).stdout).toContain('Usage: kalypso plan ');
    const command = await launcher('validate', '--environment', 'dev');
    expect(command.code).not.toBe(0);
    expect(command.stderr).toContain('kalypso-engine.mjs');
  });
});
