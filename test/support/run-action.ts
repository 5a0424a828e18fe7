// The runner contract: runs a committed bundle `dist/<id>/index.js` the way the Actions runner
// runs a `node24` action — INPUT_* (with `action.yml` defaults), GITHUB_* and the file commands —
// and hands back what the runner would see. The environment holds PATH and HOME and nothing else
// from this machine, so a bundle that leans on an undeclared variable fails here as it would there.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const repositoryRoot = resolve(import.meta.dirname, '..', '..');

export interface RunActionOptions {
  /** Action inputs by their `action.yml` names; missing ones get the `action.yml` default. */
  inputs?: Record<string, string>;
  /** The `github` context the runner would provide. */
  github: {
    /** Base URL of the (local) GitHub: API, server and GraphQL all live there. */
    url: string;
    repository: string;
    token: string;
    sha?: string;
    ref?: string;
    eventName?: string;
    workflow?: string;
    runId?: string;
    actor?: string;
  };
  /** Extra environment variables, as a workflow's `env:` would set them. */
  env?: Record<string, string>;
  /**
   * A runner that breaks its contract: these file-command variables are not set (`unset`), or
   * name a file that does not exist (`missing`).
   */
  brokenRunner?: {
    unset?: readonly FileCommand[];
    missing?: readonly FileCommand[];
  };
}

export type FileCommand =
  'GITHUB_OUTPUT' | 'GITHUB_ENV' | 'GITHUB_STATE' | 'GITHUB_PATH' | 'GITHUB_STEP_SUMMARY';

export interface ActionRun {
  exitCode: number;
  outputs: Record<string, string>;
  /** What the action appended to `GITHUB_ENV` and `GITHUB_STATE`. */
  env: Record<string, string>;
  state: Record<string, string>;
  summary: string;
  /** stdout and stderr interleaved, as the runner's log shows them. */
  log: string;
}

/** Parses a file-command file: `name=value` lines and `name<<DELIMITER` heredocs. */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter = ''] = heredoc;
      const end = lines.indexOf(delimiter, i + 1);
      if (end < 0) throw new Error(`Unterminated file command '${name}' (delimiter ${delimiter})`);
      values[name] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) values[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return values;
}

/** Evaluates the `${{ github.* }}` expressions that input defaults use. */
function evaluateDefault(value: string, context: Record<string, string>): string {
  return value.replace(/\$\{\{\s*github\.(\w+)\s*\}\}/g, (whole, key: string) => {
    const found = context[key];
    if (found === undefined)
      throw new Error(`run-action: no value for ${whole} in the github context`);
    return found;
  });
}

/** `foo bar` → `INPUT_FOO_BAR`; hyphens stay, as the runner keeps them. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

export async function runAction(id: string, options: RunActionOptions): Promise<ActionRun> {
  const metadata = parse(await readFile(join(repositoryRoot, id, 'action.yml'), 'utf8')) as {
    inputs?: Record<string, { default?: string | number | boolean }>;
  };
  const gh = options.github;
  const context: Record<string, string> = {
    token: gh.token,
    server_url: gh.url,
    api_url: gh.url,
    graphql_url: `${gh.url}/graphql`,
    repository: gh.repository,
    repository_owner: gh.repository.split('/')[0] ?? '',
    sha: gh.sha ?? '0'.repeat(40),
    ref: gh.ref ?? 'refs/heads/main',
    ref_name: (gh.ref ?? 'refs/heads/main').replace(/^refs\/(heads|tags)\//, ''),
    event_name: gh.eventName ?? 'workflow_dispatch',
    workflow: gh.workflow ?? 'test',
    run_id: gh.runId ?? '1',
    actor: gh.actor ?? 'octocat',
  };

  const temp = await mkdtemp(join(tmpdir(), 'run-action-'));
  try {
    const workspace = join(temp, 'workspace');
    const runnerTemp = join(temp, 'runner-temp');
    await mkdir(workspace);
    await mkdir(runnerTemp);
    const files: Record<FileCommand, string> = {
      GITHUB_OUTPUT: join(temp, 'output'),
      GITHUB_ENV: join(temp, 'env'),
      GITHUB_STATE: join(temp, 'state'),
      GITHUB_PATH: join(temp, 'path'),
      GITHUB_STEP_SUMMARY: join(temp, 'summary'),
    };
    const broken = options.brokenRunner ?? {};
    for (const [name, file] of Object.entries(files) as [FileCommand, string][])
      if (!broken.missing?.includes(name)) await writeFile(file, '');
    const fileVariables = Object.fromEntries(
      Object.entries(files).filter(([name]) => !broken.unset?.includes(name as FileCommand)),
    );

    const inputs: Record<string, string> = {};
    for (const [name, spec] of Object.entries(metadata.inputs ?? {})) {
      const given = options.inputs?.[name];
      if (given !== undefined) inputs[inputVariable(name)] = given;
      else if (spec.default !== undefined)
        inputs[inputVariable(name)] = evaluateDefault(String(spec.default), context);
    }
    for (const [name, value] of Object.entries(options.inputs ?? {})) {
      if (!(name in (metadata.inputs ?? {})))
        throw new Error(`run-action: '${id}' has no input '${name}'`);
      inputs[inputVariable(name)] = value;
    }

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_API_URL: context.api_url!,
      GITHUB_SERVER_URL: context.server_url!,
      GITHUB_GRAPHQL_URL: context.graphql_url!,
      GITHUB_REPOSITORY: context.repository!,
      GITHUB_REPOSITORY_OWNER: context.repository_owner!,
      GITHUB_SHA: context.sha!,
      GITHUB_REF: context.ref!,
      GITHUB_REF_NAME: context.ref_name!,
      GITHUB_EVENT_NAME: context.event_name!,
      GITHUB_WORKFLOW: context.workflow!,
      GITHUB_RUN_ID: context.run_id!,
      GITHUB_RUN_NUMBER: '1',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_ACTOR: context.actor!,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: runnerTemp,
      ...fileVariables,
      ...options.env,
      ...inputs,
    };

    const child = spawn(process.execPath, [join(repositoryRoot, 'dist', id, 'index.js')], {
      cwd: workspace,
      env,
    });
    let log = '';
    // Decoded per stream, keeping a UTF-8 character that straddles two chunks whole.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (log += chunk));
    child.stderr.on('data', (chunk: string) => (log += chunk));
    const exitCode = await new Promise<number>((done) =>
      child.on('close', (code) => done(code ?? 1)),
    );
    const written = (file: string) => readFile(file, 'utf8').catch(() => '');
    return {
      exitCode,
      outputs: parseFileCommands(await written(files.GITHUB_OUTPUT)),
      env: parseFileCommands(await written(files.GITHUB_ENV)),
      state: parseFileCommands(await written(files.GITHUB_STATE)),
      summary: await written(files.GITHUB_STEP_SUMMARY),
      log,
    };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
