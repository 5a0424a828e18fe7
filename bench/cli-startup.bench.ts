// `node bench/cli-startup.bench.ts`: how long the bundled `kalypso` (dist/cli/kalypso.mjs, as the
// npm package runs it) takes to answer, one JSON line per command (scenario cli-startup):
// - --version and --help, which the launcher answers without importing kalypso-engine.mjs;
// - validate of the sample's dev, which loads the engine, for comparison.
// Floor: `node -e 0`, the same Node starting and doing nothing, measured in the same run and
// interleaved with the CLI runs so that both see the same load. Wall time of whole processes,
// median and minimum of RUNS each.
// Then one line per action (scenario action-startup): the CPU seconds of `dist/<id>/index.js` run
// as the runner runs it but without GITHUB_OUTPUT, so that it loads its bundle and stops at its
// first check (docs/decisions/startup-cost.md), next to the CPU seconds of `node -e 0`, both read
// from process.resourceUsage() at exit, interleaved, median and minimum of RUNS; with the bytes
// it loads at start-up (main.js and the chunks it imports statically) and in all.
// Needs `npm run build`. Figures, not assertions.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const RUNS = 15;
const root = join(import.meta.dirname, '..');
const launcher = join(root, 'dist', 'cli', 'kalypso.mjs');
const engine = join(root, 'dist', 'cli', 'kalypso-engine.mjs');
const sample = join(root, 'examples', 'control-plane');

/** Wall seconds of one process run to its end; throws when it fails. */
function timed(args: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return seconds;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function main(): void {
  if (!existsSync(launcher) || !existsSync(engine))
    throw new Error(`${launcher} or ${engine} is missing: run 'npm run build' first.`);
  const commands: Record<string, string[]> = {
    '--version': ['--version'],
    '--help': ['--help'],
    'validate (engine loaded)': [
      'validate',
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
    ],
  };
  for (const [command, args] of Object.entries(commands)) {
    const cli: number[] = [];
    const floor: number[] = [];
    timed([launcher, ...args]); // warm the file cache
    for (let i = 0; i < RUNS; i++) {
      floor.push(timed(['-e', '0']));
      cli.push(timed([launcher, ...args]));
    }
    console.log(
      JSON.stringify({
        scenario: 'cli-startup',
        command,
        runs: RUNS,
        seconds: round(median(cli)),
        minSeconds: round(Math.min(...cli)),
        floorSeconds: round(median(floor)),
        floorMinSeconds: round(Math.min(...floor)),
        ratio: round(median(cli) / median(floor)),
        launcherBytes: statSync(launcher).size,
        engineBytes: statSync(engine).size,
      }),
    );
  }
}

/** The files an action loads at start-up: main.js and the chunks it imports statically. */
function startupFiles(main: string): string[] {
  const seen = new Set([main]);
  const queue = [main];
  while (queue.length) {
    const file = queue.pop()!;
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/^import\s[^;]*?\sfrom\s*"(\.[^"]+)"/gm)) {
      const next = join(dirname(file), specifier!);
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** Every .js file of an action's dist folder (main.js and its chunks). */
function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') && file !== 'index.js')
    .map((file) => join(dir, file));
}

function actionStartup(): void {
  const ids = readdirSync(join(root, 'actions'))
    .filter((id) => existsSync(join(root, 'actions', id, 'src', 'main.ts')))
    .sort();
  const scratch = mkdtempSync(join(tmpdir(), 'bench-action-startup-'));
  try {
    const usage = join(scratch, 'usage');
    const preload = join(scratch, 'report-usage.mjs');
    writeFileSync(
      preload,
      `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => { const u = process.resourceUsage(); writeFileSync(${JSON.stringify(usage)}, String((u.userCPUTime + u.systemCPUTime) / 1e6)); });\n`,
    );
    const files = Object.fromEntries(
      ['GITHUB_ENV', 'GITHUB_STATE', 'GITHUB_PATH', 'GITHUB_STEP_SUMMARY'].map((name) => {
        const file = join(scratch, name);
        writeFileSync(file, '');
        return [name, file];
      }),
    );
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_API_URL: 'https://api.github.com',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'octo/control-plane',
      GITHUB_WORKSPACE: scratch,
      RUNNER_TEMP: scratch,
      ...files,
      NODE_OPTIONS: `--import=${preload}`,
    };
    /** CPU seconds of one process, from the preload's report. */
    const cpu = (args: string[], stops: boolean): number => {
      const result = spawnSync(process.execPath, args, { env, cwd: scratch, encoding: 'utf8' });
      if (stops && !result.stdout.includes('The runner did not set GITHUB_OUTPUT'))
        throw new Error(
          `node ${args.join(' ')} did not stop at its first check:\n${result.stdout}${result.stderr}`,
        );
      return Number(readFileSync(usage, 'utf8'));
    };
    for (const id of ids) {
      const dir = join(root, 'dist', id);
      const entry = join(dir, 'index.js');
      if (!existsSync(entry)) throw new Error(`${entry} is missing: run 'npm run build' first.`);
      const action: number[] = [];
      const floor: number[] = [];
      cpu([entry], true); // warm the file cache
      for (let i = 0; i < RUNS; i++) {
        floor.push(cpu(['-e', '0'], false));
        action.push(cpu([entry], true));
      }
      const bytes = (list: string[]) => list.reduce((sum, file) => sum + statSync(file).size, 0);
      console.log(
        JSON.stringify({
          scenario: 'action-startup',
          action: id,
          runs: RUNS,
          cpuSeconds: round(median(action)),
          minCpuSeconds: round(Math.min(...action)),
          floorCpuSeconds: round(median(floor)),
          floorMinCpuSeconds: round(Math.min(...floor)),
          ratio: round(median(action) / median(floor)),
          startupBytes: bytes(startupFiles(join(dir, 'main.js'))),
          bundleBytes: bytes(allFiles(dir)),
        }),
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main();
actionStartup();
