// What .github/workflows/e2e.yaml does on a runner, here: test/e2e/serve.ts started as the workflow
// starts it, then the committed bundles of ci-gate, cd-promote and schedule with the runner's
// production URLs (https://github.com, https://api.github.com, which a workflow cannot change) and
// the step environment of e2e.yaml (HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS, GIT_SSL_CAINFO).
// The promotion must reach the local GitHub, and the proxy must refuse any other host.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runAction } from '../support/run-action.ts';

const root = resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'kalypso-serve-'));
const githubEnv = join(scratch, 'github-env');
let server: ChildProcess;
let env: Record<string, string>;

beforeAll(async () => {
  writeFileSync(githubEnv, '');
  server = spawn(
    process.execPath,
    [join(root, 'test', 'e2e', 'serve.ts'), '--github-env', githubEnv],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((done, fail) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (/^serving/m.test(log)) done();
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.on('exit', (code) => fail(new Error(`serve.ts ended (${code}):\n${log}`)));
  });
  env = Object.fromEntries(
    readFileSync(githubEnv, 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(scratch, { recursive: true, force: true });
});

/** The step environment of e2e.yaml's action steps, with the runner's own GitHub variables. */
function stepEnvironment(): Record<string, string> {
  const workflow = parse(readFileSync(join(root, '.github', 'workflows', 'e2e.yaml'), 'utf8')) as {
    jobs: Record<string, { steps: { uses?: string; env?: Record<string, string> }[] }>;
  };
  const step = Object.values(workflow.jobs)[0]!.steps.find((s) => s.uses === './schedule')!;
  const resolved = Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => [
      name,
      value.replace(/\$\{\{\s*env\.(\w+)\s*\}\}/g, (_, key: string) => env[key] ?? ''),
    ]),
  );
  return {
    ...resolved,
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_GRAPHQL_URL: 'https://api.github.com/graphql',
  };
}

describe('test/e2e/serve.ts as the e2e workflow uses it', () => {
  it('promotes the new main commit into dev through github.com URLs', async () => {
    const runner = stepEnvironment();
    expect(runner.HTTPS_PROXY).toBe(env.E2E_HTTPS_PROXY);
    const github = {
      url: 'https://github.com',
      repository: 'your-org/kalypso-actions',
      token: 'not-the-local-token',
      sha: env.E2E_MAIN_COMMIT,
    };
    const token = env.E2E_GITHUB_TOKEN!;
    const ciGate = await runAction('ci-gate', {
      inputs: {
        'github-token': token,
        repository: env.E2E_CONTROL_PLANE!,
        commit: env.E2E_MAIN_COMMIT!,
      },
      github,
      env: runner,
    });
    expect(ciGate.exitCode, ciGate.log).toBe(0);
    expect(ciGate.outputs).toMatchObject({ valid: 'true', 'first-environment': 'dev' });

    const cdPromote = await runAction('cd-promote', {
      inputs: {
        environment: 'dev',
        'promoted-commit': env.E2E_MAIN_COMMIT!,
        'base-repo-url': `https://github.com/${env.E2E_CONTROL_PLANE}`,
        'github-token': token,
        repository: env.E2E_CONTROL_PLANE!,
      },
      github,
      env: runner,
    });
    expect(cdPromote.exitCode, cdPromote.log).toBe(0);
    expect(cdPromote.outputs.changed).toBe('true');

    const schedule = await runAction('schedule', {
      inputs: {
        environment: 'dev',
        'github-token': token,
        'gitops-token': token,
        repository: env.E2E_CONTROL_PLANE!,
        'gitops-repository': env.E2E_GITOPS!,
      },
      github,
      env: runner,
    });
    expect(schedule.exitCode, schedule.log).toBe(0);
    expect(schedule.outputs).toMatchObject({
      'pull-request-operation': 'created',
      promoted: 'true',
      'promoted-commit': env.E2E_MAIN_COMMIT,
    });
  }, 180_000);

  it('refuses to tunnel to any other host', async () => {
    const proxy = new URL(env.E2E_HTTPS_PROXY!);
    const status = await new Promise<number>((done, fail) => {
      const req = request({
        host: proxy.hostname,
        port: proxy.port,
        method: 'CONNECT',
        path: 'registry.npmjs.org:443',
      });
      req.on('connect', (res, socket) => {
        socket.destroy();
        done(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(403);
  });
});
