// What .github/workflows/e2e.yaml does on a runner, here: test/e2e/serve.ts started as the workflow
// starts it, then every later step of the workflow as written — the committed bundles of the six
// actions with the runner's production URLs (https://github.com, https://api.github.com, which a
// workflow cannot change), each step's environment and inputs (HTTPS_PROXY, NO_PROXY,
// NODE_EXTRA_CA_CERTS, GIT_SSL_CAINFO, `env.*` and `steps.*.outputs.*` resolved), and the `run:`
// steps with bash. The preview, the promotion into dev and its deployment check must succeed against
// the local servers, and the proxy must refuse any other host.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseFileCommands, runAction } from '../support/run-action.ts';

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

interface WorkflowStep {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string | number>;
}

/**
 * Resolves the expressions e2e.yaml uses: `env.*` (the E2E_* variables serve.ts appended to
 * GITHUB_ENV) and `steps.<id>.outputs.<name>`; any other expression fails the test.
 */
function resolve$(value: string | number, outputs: Record<string, Record<string, string>>): string {
  return String(value).replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (whole, expression: string) => {
    const fromEnv = /^env\.(\w+)$/.exec(expression);
    if (fromEnv) return env[fromEnv[1]!] ?? '';
    const fromStep = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (fromStep) return outputs[fromStep[1]!]?.[fromStep[2]!] ?? '';
    throw new Error(`e2e.yaml: this test does not evaluate ${whole}`);
  });
}

describe('test/e2e/serve.ts as the e2e workflow uses it', () => {
  it("runs e2e.yaml's steps after the servers start, as the runner would", async () => {
    const workflow = parse(
      readFileSync(join(root, '.github', 'workflows', 'e2e.yaml'), 'utf8'),
    ) as {
      jobs: Record<string, { steps: WorkflowStep[] }>;
    };
    const steps = Object.values(workflow.jobs)[0]!.steps;
    const start = steps.findIndex((s) => s.run?.includes('test/e2e/serve.ts'));
    expect(start).toBeGreaterThan(0);
    // After the servers started: every step that runs on success (the log and stop steps run on
    // failure or always and only look after the servers this test owns).
    const replayed = steps.slice(start + 1).filter((s) => s.if === undefined);
    expect(replayed.filter((s) => s.uses).map((s) => s.uses)).toEqual([
      './preview',
      './ci-gate',
      './cd-promote',
      './schedule',
      './notify',
      './check-promote',
    ]);
    const github = {
      url: 'https://github.com',
      repository: 'your-org/kalypso-actions',
      token: 'not-the-local-token',
      ...(env.E2E_MAIN_COMMIT ? { sha: env.E2E_MAIN_COMMIT } : {}),
      eventName: 'push',
    };
    const outputs: Record<string, Record<string, string>> = {};
    const temp = mkdtempSync(join(scratch, 'runner-'));
    for (const [index, step] of replayed.entries()) {
      const stepEnv = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([k, v]) => [k, resolve$(v, outputs)]),
      );
      const label = step.name ?? step.uses ?? `step ${index}`;
      if (step.uses) {
        // The runner's own GITHUB_* variables cannot be changed by a workflow: production URLs.
        const run = await runAction(step.uses.slice(2), {
          inputs: Object.fromEntries(
            Object.entries(step.with ?? {}).map(([k, v]) => [k, resolve$(v, outputs)]),
          ),
          github,
          env: {
            ...env,
            ...stepEnv,
            GITHUB_API_URL: 'https://api.github.com',
            GITHUB_SERVER_URL: 'https://github.com',
            GITHUB_GRAPHQL_URL: 'https://api.github.com/graphql',
          },
        });
        expect(run.exitCode, `${label}\n${run.log}`).toBe(0);
        if (step.id) outputs[step.id] = run.outputs;
      } else {
        const outputFile = join(temp, `output-${index}`);
        writeFileSync(outputFile, '');
        const result = spawnSync('bash', ['-e', '-c', step.run!], {
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? '',
            ...env,
            ...stepEnv,
            RUNNER_TEMP: temp,
            GITHUB_OUTPUT: outputFile,
          },
        });
        expect(result.status, `${label}\n${result.stdout}\n${result.stderr}`).toBe(0);
        if (step.id) outputs[step.id] = parseFileCommands(readFileSync(outputFile, 'utf8'));
      }
    }
    // what the last step checked, checked again here
    expect(outputs['check-promote']).toMatchObject({
      'deployment-state': 'succeeded',
      'next-environment': 'stage',
      dispatched: 'true',
    });
    expect(outputs.notify).toMatchObject({ 'promoted-commit': env.E2E_MAIN_COMMIT });
    expect(outputs.preview).toMatchObject({ changed: 'true', blocked: 'false' });
  }, 600_000);

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
