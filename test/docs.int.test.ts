// Docs that are executed: every fenced block that README.md or a page of docs/ marks with
// `<!-- executed by test/docs.int.test.ts … -->` runs here with bash (`-euo pipefail`, so any
// command that fails fails the test), against the demo's sample repositories served as github.com
// by test/e2e/serve.ts, exactly as the e2e workflow serves them: a proxy for github.com with a
// throw-away certificate, the control plane with dev, stage and prod, the platform GitOps repository
// holding what each environment runs, the teams' workload repositories, and one more commit on main
// that no environment runs yet. git reads them with the proxy, the certificate and a token in an
// extra header (a user's own credentials); `kalypso` is the built CLI (dist/cli/kalypso.mjs).
// A block changes only where the marker says so (placeholders filled in, optional parts left out).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'kalypso-docs-')));
const MARKER = /^<!-- executed by test\/docs\.int\.test\.ts (.*?) -->\n```bash\n([\s\S]*?)\n```/gm;

/** Every executed block of a markdown file: what its marker says, and its code. */
function executedBlocks(file: string): { says: string; code: string }[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(MARKER)].map((m) => ({ says: m[1]!, code: m[2]! }));
}

/** The one executed block of `file` whose marker says `says`. */
function block(file: string, says: string): string {
  const found = executedBlocks(file).filter((b) => b.says === says);
  expect(
    found,
    `${file}: one block marked "executed by test/docs.int.test.ts ${says}"`,
  ).toHaveLength(1);
  return found[0]!.code;
}

const WORKFLOWS_REPO = 'in a repository holding the example workflows in .github/workflows';
const FOLLOW = `${WORKFLOWS_REPO}, to follow v1`;
const PIN = `${WORKFLOWS_REPO}, to pin a release`;

const RECORDED =
  'with az and gh replaced by recorders that check each command against their documented options';
const MIRROR =
  'in an empty folder, with <owner> and acme replaced by two organisations of the local GitHub and gh recorded';

const markdownFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f.split('\\').join('/')}`),
];

let server: ChildProcess;
let e2e: Record<string, string> = {};
/** The local GitHub's own URL (its control API), which serve.ts answers github.com with. */
let localGitHub: string;
/** The environment of every command: proxy, certificate, credentials, `kalypso` on PATH. */
let shellEnv: Record<string, string>;
const work = join(scratch, 'work');

function sh(code: string, cwd: string): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync('bash', ['-euo', 'pipefail', '-c', code], {
      cwd,
      env: shellEnv,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status ?? 1, stdout: e.stdout, stderr: e.stderr };
  }
}

interface RecorderSpec {
  [command: string]: {
    options: string[];
    flags?: string[];
    repeatable?: string[];
    required?: string[];
    positionals?: number;
    values?: Record<string, string[]>;
    json?: string[];
  };
}

interface RecordedCall {
  tool: string;
  command: string;
  arguments: string[];
  options: Record<string, unknown>;
}

/**
 * Runs blocks of a guide in one bash session in `cwd`, with `az` and `gh` replaced by
 * test/support/command-recorder.mjs checking each call against `spec`; the calls it recorded.
 */
function recorded(
  codes: string[],
  cwd: string,
  spec: RecorderSpec,
  extraEnv: Record<string, string> = {},
): { status: number; stdout: string; stderr: string; calls: RecordedCall[] } {
  const bin = mkdtempSync(join(scratch, 'recorders-'));
  for (const tool of ['az', 'gh']) {
    writeFileSync(
      join(bin, tool),
      `#!/bin/sh\nRECORDED_TOOL=${tool} exec '${process.execPath}' '${join(root, 'test', 'support', 'command-recorder.mjs')}' "$@"\n`,
    );
    chmodSync(join(bin, tool), 0o755);
  }
  const log = join(bin, 'calls.jsonl');
  writeFileSync(log, '');
  let status = 0;
  let stdout = '';
  let stderr = '';
  try {
    stdout = execFileSync('bash', ['-euo', 'pipefail', '-c', codes.join('\n')], {
      cwd,
      encoding: 'utf8',
      env: {
        ...(shellEnv ?? process.env),
        PATH: [bin, (shellEnv ?? process.env).PATH].join(delimiter),
        RECORDER_LOG: log,
        RECORDER_SPEC: JSON.stringify(spec),
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 300_000,
    });
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    ({ status, stdout, stderr } = { status: e.status ?? 1, stdout: e.stdout, stderr: e.stderr });
  }
  const calls = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RecordedCall);
  return { status, stdout, stderr, calls };
}

beforeAll(async () => {
  const githubEnv = join(scratch, 'github-env');
  writeFileSync(githubEnv, '');
  server = spawn(
    process.execPath,
    [join(root, 'test', 'e2e', 'serve.ts'), '--github-env', githubEnv],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((done, fail) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (/^serving/m.test(log)) {
        localGitHub = /^local GitHub (\S+) as /m.exec(log)![1]!;
        done();
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.on('exit', (code) => fail(new Error(`serve.ts ended (${code}):\n${log}`)));
  });
  e2e = Object.fromEntries(
    readFileSync(githubEnv, 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'kalypso'),
    `#!/bin/sh\nexec '${process.execPath}' '${join(root, 'dist', 'cli', 'kalypso.mjs')}' "$@"\n`,
  );
  chmodSync(join(bin, 'kalypso'), 0o755);
  const auth = Buffer.from(`x-access-token:${e2e.E2E_GITHUB_TOKEN}`).toString('base64');
  shellEnv = {
    ...(process.env as Record<string, string>),
    PATH: [bin, process.env.PATH].join(delimiter),
    HTTPS_PROXY: e2e.E2E_HTTPS_PROXY!,
    https_proxy: e2e.E2E_HTTPS_PROXY!,
    NO_PROXY: e2e.E2E_NO_PROXY!,
    no_proxy: e2e.E2E_NO_PROXY!,
    GIT_SSL_CAINFO: e2e.E2E_CA_BUNDLE!,
    NODE_EXTRA_CA_CERTS: e2e.E2E_CA_BUNDLE!,
    GIT_TERMINAL_PROMPT: '0',
    // The user's own credentials for github.com, as a credential helper would give them.
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'http.https://github.com/.extraHeader',
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${auth}`,
  };
  mkdirSync(work);
  for (const [repo, folder] of [
    [e2e.E2E_CONTROL_PLANE!, 'control-plane'],
    [e2e.E2E_GITOPS!, 'gitops'],
  ] as const) {
    const cloned = sh(`git clone --quiet https://github.com/${repo} ${folder}`, work);
    expect(cloned.status, cloned.stderr).toBe(0);
  }
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(scratch, { recursive: true, force: true });
});

describe('executed docs', () => {
  it('are the blocks this test runs, and no others', () => {
    const marked = markdownFiles.flatMap((file) =>
      executedBlocks(file).map((b) => `${file}: ${b.says}`),
    );
    expect(marked.sort()).toEqual(
      [
        'README.md: with each <placeholder> filled in and each [optional part] left out',
        'docs/migrating-from-the-operator.md: in a folder holding the clones ./control-plane and ./gitops',
        `docs/use-in-your-organisation.md: ${FOLLOW}`,
        `docs/use-in-your-organisation.md: ${PIN}`,
        ...Array.from({ length: 5 }, () => `docs/azure-setup.md: ${RECORDED}`),
        ...Array.from({ length: 4 }, () => `docs/use-in-your-organisation.md: ${MIRROR}`),
      ].sort(),
    );
  });

  it('docs/migrating-from-the-operator.md: proves every environment renders what its GitOps branch holds', () => {
    const guide = readFileSync(join(root, 'docs', 'migrating-from-the-operator.md'), 'utf8');
    const promise = /Each `plan` should print `([^`]+)`/.exec(guide.replace(/\n/g, ' '))?.[1];
    expect(promise, 'the guide says what each plan prints').toBeDefined();
    const code = block(
      'docs/migrating-from-the-operator.md',
      'in a folder holding the clones ./control-plane and ./gitops',
    );
    const result = sh(code, work);
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    // one plan per environment, each without a change
    const environments = /for env in ([\w -]+); do/.exec(code)![1]!.trim().split(/\s+/);
    expect(environments).toEqual(['dev', 'stage', 'prod']);
    expect(result.stdout.split(promise!).length - 1, result.stdout).toBe(environments.length);
    // the clones are as they were: no worktree, no change
    for (const clone of ['control-plane', 'gitops']) {
      expect(
        sh('git worktree list --porcelain | grep -c ^worktree', join(work, clone)).stdout,
      ).toBe('1\n');
      expect(sh('git status --porcelain', join(work, clone)).stdout).toBe('');
    }
  }, 600_000);

  it("README.md: the kalypso CLI's examples run against the sample", () => {
    const code = block(
      'README.md',
      'with each <placeholder> filled in and each [optional part] left out',
    );
    const checkouts = join(scratch, 'checkouts');
    mkdirSync(checkouts);
    const prepared = sh(
      [
        `git -C ${work}/control-plane worktree add --quiet --detach ${checkouts}/main origin/main`,
        `git -C ${work}/control-plane worktree add --quiet --detach ${checkouts}/dev origin/dev`,
        `git -C ${work}/gitops worktree add --quiet --detach ${checkouts}/gitops-dev origin/dev`,
      ].join('\n'),
      work,
    );
    expect(prepared.status, prepared.stderr).toBe(0);
    const values: Record<string, string> = {
      '<control-plane clone>': `${work}/control-plane`,
      '<main checkout>': `${checkouts}/main`,
      '<main>': `${checkouts}/main`,
      '<dev branch checkout>': `${checkouts}/dev`,
      '<dev>': `${checkouts}/dev`,
      '<gitops checkout>': `${checkouts}/gitops-dev`,
      '<deployment target>': 'lift-control-functional-test',
      '<url-or-path>': `https://github.com/${e2e.E2E_GITOPS}`,
    };
    const filled = code
      .split('\n')
      .map((line) => {
        let out = line.replace(/\s+#.*$/, '').replace(/\s*\[[^\]]*\](\.\.\.)?/g, '');
        for (const [placeholder, value] of Object.entries(values))
          out = out.replaceAll(placeholder, value);
        expect(
          out,
          `README.md: '${line.trim()}' has a placeholder this test does not fill`,
        ).not.toMatch(/[<>[\]]/);
        return out;
      })
      .join('\n');
    const commands = filled.split('\n').filter((l) => /^npx kalypso /.test(l));
    expect(commands.map((c) => c.split(/\s+/)[2])).toEqual([
      'validate',
      'render',
      'validate',
      'plan',
      'explain',
      'diff',
    ]);
    // `npx kalypso` as in a clone of this repository: the workspace's own bin
    const result = sh(filled, root);
    expect(result.status, `${filled}\n${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/valid/);
  }, 600_000);

  describe('docs/use-in-your-organisation.md: pointing the example workflows at your copy', () => {
    const examples = join(root, 'workflows-examples', 'control-plane');
    /** A control-plane repository with the example workflows copied into .github/workflows. */
    const repository = (name: string) => {
      const dir = join(scratch, name);
      mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
      for (const file of readdirSync(examples))
        writeFileSync(
          join(dir, '.github', 'workflows', file),
          readFileSync(join(examples, file), 'utf8'),
        );
      return dir;
    };
    const workflows = (dir: string) =>
      Object.fromEntries(
        readdirSync(join(dir, '.github', 'workflows')).map((f) => [
          f,
          readFileSync(join(dir, '.github', 'workflows', f), 'utf8'),
        ]),
      );
    const original = () => workflows(repository(`original-${Math.random().toString(36).slice(2)}`));
    const usesLines = (files: Record<string, string>) =>
      Object.values(files).flatMap((text) =>
        text.split('\n').filter((l) => /^\s*(- )?uses: /.test(l)),
      );

    it('follows v1 from your organisation', () => {
      const code = block('docs/use-in-your-organisation.md', FOLLOW);
      expect(code.split('\n')[0]).toBe('org=acme');
      const dir = repository('follow');
      const result = sh(code, dir);
      expect(result.status, result.stderr).toBe(0);
      const after = workflows(dir);
      const uses = usesLines(after);
      expect(uses.length).toBeGreaterThan(5);
      for (const line of uses) expect(line).toMatch(/uses: acme\/kalypso-actions\/[\w-]+@v1$/);
      // nothing else changed
      const before = original();
      for (const [file, text] of Object.entries(after))
        expect(text.replaceAll('acme/kalypso-actions/', 'your-org/kalypso-actions/')).toBe(
          before[file],
        );
    });

    it('pins every action to the commit of a release, found with git ls-remote', async () => {
      const code = block('docs/use-in-your-organisation.md', PIN);
      expect(code.split('\n')[0]).toBe('org=acme');
      const version = /^version=(v\d+\.\d+\.\d+)$/m.exec(code)![1]!;
      // An organisation on the local GitHub (as github.com) with a kalypso-actions repository
      // whose release tag is annotated, as `npm run release` makes it.
      const owner = `acme-${process.pid}-${Date.now().toString(36)}`;
      const created = await fetch(`${localGitHub}/_control/repos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          owner,
          name: 'kalypso-actions',
          files: { 'README.md': '# kalypso-actions\n' },
        }),
      });
      expect(created.status, await created.text()).toBeLessThan(300);
      const tagged = sh(
        [
          `git clone --quiet https://github.com/${owner}/kalypso-actions release`,
          'cd release',
          `git -c user.name=Release -c user.email=release@example.com tag --annotate ${version} --message ${version}`,
          `git push --quiet origin ${version}`,
          'git rev-parse HEAD',
        ].join('\n'),
        scratch,
      );
      expect(tagged.status, tagged.stderr).toBe(0);
      const commit = tagged.stdout.trim();

      const dir = repository('pin');
      const result = sh(code.replace(/^org=acme$/m, `org=${owner}`), dir);
      expect(result.status, result.stderr).toBe(0);
      const after = workflows(dir);
      const uses = usesLines(after);
      expect(uses.length).toBeGreaterThan(5);
      for (const line of uses)
        expect(line).toMatch(
          new RegExp(`uses: ${owner}/kalypso-actions/[\\w-]+@${commit} # ${version}$`),
        );
      const before = original();
      for (const [file, text] of Object.entries(after))
        expect(
          text.replace(
            new RegExp(`${owner}/kalypso-actions/([\\w-]+)@${commit} # ${version}`, 'g'),
            'your-org/kalypso-actions/$1@v1',
          ),
        ).toBe(before[file]);
    }, 120_000);
  });

  describe('docs/use-in-your-organisation.md: mirroring into your organisation', () => {
    // gh as its manual documents these commands (`gh repo create`, `gh api`, `gh workflow run`).
    const spec: RecorderSpec = {
      'repo create': {
        options: [],
        flags: ['--internal', '--private', '--public'],
        positionals: 1,
      },
      api: {
        options: ['--method', '-f'],
        repeatable: ['-f'],
        positionals: 1,
        values: { '--method': ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      },
      'workflow run': {
        options: ['--repo', '-f'],
        repeatable: ['-f'],
        required: ['--repo'],
        positionals: 1,
      },
    };
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    const upstream = `upstream-${stamp}`;
    const mirror = `acme-${stamp}`;
    /** Tag name → commit, as `git ls-remote` lists a repository on the local GitHub. */
    const tags = (owner: string) => {
      const listed = sh(
        `git ls-remote --tags https://github.com/${owner}/kalypso-actions`,
        scratch,
      );
      expect(listed.status, listed.stderr).toBe(0);
      const out: Record<string, string> = {};
      for (const line of listed.stdout.trim().split('\n')) {
        const [sha, ref] = line.split('\t');
        const name = ref!.replace(/^refs\/tags\//, '');
        if (name.endsWith('^{}')) out[name.slice(0, -3)] = sha!;
        else out[name] ??= sha!;
      }
      return out;
    };
    const fill = (code: string) =>
      code.replaceAll('<owner>', upstream).replaceAll('acme/', `${mirror}/`);

    it('copies branches and tags, opens the actions to the organisation, and publishes the release; then brings a new release over', async () => {
      const found = executedBlocks('docs/use-in-your-organisation.md').filter(
        (b) => b.says === MIRROR,
      );
      expect(found).toHaveLength(4);
      const [copy, access, publish, update] = found.map((b) => b.code);
      expect(copy).toContain('https://github.com/<owner>/kalypso-actions.git');
      // The upstream repository: a release v1.2.3 (annotated, as `npm run release` tags) and v1.
      const created = await fetch(`${localGitHub}/_control/repos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          owner: upstream,
          name: 'kalypso-actions',
          files: { 'README.md': '# kalypso-actions\n' },
        }),
      });
      expect(created.status, await created.text()).toBeLessThan(300);
      const git = 'git -c user.name=Release -c user.email=release@example.com';
      const released = sh(
        [
          `git clone --quiet https://github.com/${upstream}/kalypso-actions upstream`,
          'cd upstream',
          `${git} tag --annotate v1.2.3 --message v1.2.3`,
          'git tag v1 "v1.2.3^{commit}"',
          'git push --quiet origin v1.2.3 v1',
        ].join('\n'),
        scratch,
      );
      expect(released.status, released.stderr).toBe(0);

      const folder = mkdtempSync(join(scratch, 'mirror-'));
      const first = recorded([fill(copy!), fill(access!), fill(publish!)], folder, spec, {
        RECORDER_GITHUB: localGitHub,
      });
      expect(first.status, first.stderr).toBe(0);
      expect(tags(mirror)).toEqual(tags(upstream));
      expect(Object.keys(tags(mirror)).sort()).toEqual(['v1', 'v1.2.3']);
      expect(first.calls.map((c) => [c.command, c.arguments, c.options])).toEqual([
        ['repo create', [`${mirror}/kalypso-actions`], { '--internal': true }],
        [
          'api',
          [`repos/${mirror}/kalypso-actions/actions/permissions/access`],
          { '--method': 'PUT', '-f': ['access_level=organization'] },
        ],
        [
          'workflow run',
          ['release.yaml'],
          { '--repo': `${mirror}/kalypso-actions`, '-f': ['version=1.2.3'] },
        ],
      ]);

      // Upstream releases v1.3.0 and moves v1 to it.
      const next = sh(
        [
          'cd upstream',
          'echo "1.3.0" > VERSION',
          'git add VERSION',
          `${git} commit --quiet --message "Release v1.3.0"`,
          `${git} tag --annotate v1.3.0 --message v1.3.0`,
          'git tag --force v1 "v1.3.0^{commit}"',
          'git push --quiet origin HEAD v1.3.0',
          'git push --quiet --force origin v1',
        ].join('\n'),
        scratch,
      );
      expect(next.status, next.stderr).toBe(0);
      const second = recorded([fill(update!)], folder, spec, { RECORDER_GITHUB: localGitHub });
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/^[0-9a-f]{7,} Release v1\.3\.0$/m);
      const after = tags(mirror);
      expect(after).toEqual(tags(upstream));
      expect(after.v1).toBe(after['v1.3.0']);
      expect(second.calls.map((c) => [c.command, c.options['-f']])).toEqual([
        ['workflow run', ['version=1.3.0']],
      ]);
    }, 300_000);
  });

  describe('docs/azure-setup.md: the az and gh commands', () => {
    // The options each command takes, as the Azure CLI's own help documents them (`az <command>
    // --help`: the help and parameter files of its role, profile and identity modules; `--query`
    // and `--output` are its global arguments) and the GitHub CLI's manual (`gh variable set`).
    // Anything else is refused, so a mistyped or invented option fails here.
    const global = ['--query', '--output'];
    const output = { '--output': ['json', 'jsonc', 'none', 'table', 'tsv', 'yaml', 'yamlc'] };
    const spec: RecorderSpec = {
      'ad app create': {
        options: ['--display-name', ...global],
        required: ['--display-name'],
        values: output,
      },
      'ad sp create': { options: ['--id', ...global], required: ['--id'], values: output },
      'account show': { options: global, values: output },
      'ad app federated-credential create': {
        options: ['--id', '--parameters'],
        required: ['--id', '--parameters'],
        json: ['--parameters'],
      },
      'ad app federated-credential list': {
        options: ['--id', ...global],
        required: ['--id'],
        values: output,
      },
      'role assignment create': {
        options: ['--assignee-object-id', '--assignee-principal-type', '--role', '--scope'],
        required: ['--role', '--scope'],
        values: {
          '--assignee-principal-type': ['User', 'Group', 'ServicePrincipal', 'ForeignGroup'],
        },
      },
      'role definition create': {
        options: ['--role-definition'],
        required: ['--role-definition'],
        json: ['--role-definition'],
      },
      'variable set': {
        options: ['--repo', '--body'],
        required: ['--repo', '--body'],
        positionals: 1,
      },
    };
    const answers = {
      'ad app create appId': '11111111-1111-1111-1111-111111111111',
      'ad sp create id': '22222222-2222-2222-2222-222222222222',
      'account show tenantId': '33333333-3333-3333-3333-333333333333',
      'ad app federated-credential list [].subject': '<subjects>',
    };
    const runRecorded = (codes: string[]) => {
      const dir = mkdtempSync(join(scratch, 'azure-'));
      const result = recorded(codes, dir, spec, { RECORDER_ANSWERS: JSON.stringify(answers) });
      expect(result.status, result.stderr).toBe(0);
      return result;
    };
    const blocks = () => {
      const found = executedBlocks('docs/azure-setup.md').filter((b) => b.says === RECORDED);
      expect(found).toHaveLength(5);
      return found.map((b) => b.code);
    };

    it('register the application, one federated credential per environment, Reader and the variables', () => {
      const [setUp, credentials, reader, , variables] = blocks();
      const { calls, stdout } = runRecorded([setUp!, credentials!, reader!, variables!]);
      const appId = '11111111-1111-1111-1111-111111111111';
      expect(calls.map((c) => c.command)).toEqual([
        'ad app create',
        'ad sp create',
        'account show',
        'ad app federated-credential create',
        'ad app federated-credential create',
        'ad app federated-credential create',
        'ad app federated-credential list',
        'role assignment create',
        'variable set',
        'variable set',
        'variable set',
      ]);
      expect(calls[1]!.options['--id']).toBe(appId);
      const credentialsCreated = calls.filter(
        (c) => c.command === 'ad app federated-credential create',
      );
      expect(credentialsCreated.map((c) => c.options['--parameters'])).toEqual(
        ['dev', 'stage', 'prod'].map((env) => ({
          name: `github-acme-control-plane-${env}`,
          issuer: 'https://token.actions.githubusercontent.com',
          subject: `repo:acme/control-plane:environment:${env}`,
          audiences: ['api://AzureADTokenExchange'],
          description: `kalypso-actions check-promote in the GitHub Environment ${env}`,
        })),
      );
      for (const c of credentialsCreated) expect(c.options['--id']).toBe(appId);
      expect(stdout).toBe(
        ['dev', 'stage', 'prod'].map((e) => `repo:acme/control-plane:environment:${e}\n`).join(''),
      );
      expect(calls.find((c) => c.command === 'role assignment create')!.options).toEqual({
        '--assignee-object-id': '22222222-2222-2222-2222-222222222222',
        '--assignee-principal-type': 'ServicePrincipal',
        '--role': 'Reader',
        '--scope': '/subscriptions/00000000-0000-0000-0000-000000000000',
      });
      expect(
        calls.filter((c) => c.tool === 'gh').map((c) => [c.arguments[0], c.options['--body']]),
      ).toEqual([
        ['AZURE_TENANT_ID', '33333333-3333-3333-3333-333333333333'],
        ['AZURE_CLIENT_ID', appId],
        ['AZURE_SUBSCRIPTION_IDS', '00000000-0000-0000-0000-000000000000'],
      ]);
    });

    it('or define and assign a role that reads only Flux configurations', () => {
      const [setUp, , , customRole] = blocks();
      const { calls } = runRecorded([setUp!, customRole!]);
      const definition = calls.find((c) => c.command === 'role definition create')!.options[
        '--role-definition'
      ] as Record<string, unknown>;
      expect(definition).toEqual({
        Name: 'Kalypso Flux configuration reader',
        Description:
          'Reads the Flux configurations of Kubernetes clusters (kalypso-actions check-promote).',
        Actions: ['Microsoft.KubernetesConfiguration/fluxConfigurations/read'],
        NotActions: [],
        AssignableScopes: ['/subscriptions/00000000-0000-0000-0000-000000000000'],
      });
      expect(
        calls.filter((c) => c.command === 'role assignment create').map((c) => c.options),
      ).toEqual([
        {
          '--assignee-object-id': '22222222-2222-2222-2222-222222222222',
          '--assignee-principal-type': 'ServicePrincipal',
          '--role': 'Kalypso Flux configuration reader',
          '--scope': '/subscriptions/00000000-0000-0000-0000-000000000000',
        },
      ]);
      // with two subscriptions (the one line a reader edits): both scopes, both assignments
      const two = '00000000-0000-0000-0000-000000000001 00000000-0000-0000-0000-000000000002';
      const edited = setUp!.replace(/^subscriptions="[^"]*"/m, `subscriptions="${two}"`);
      expect(edited).not.toBe(setUp);
      const again = runRecorded([edited, customRole!]).calls;
      const scopes = two.split(' ').map((id) => `/subscriptions/${id}`);
      expect(
        (
          again.find((c) => c.command === 'role definition create')!.options[
            '--role-definition'
          ] as { AssignableScopes: string[] }
        ).AssignableScopes,
      ).toEqual(scopes);
      expect(
        again
          .filter((c) => c.command === 'role assignment create')
          .map((c) => c.options['--scope']),
      ).toEqual(scopes);
    });
  });
});
