// `node bench/cli-startup.bench.ts`: how long the bundled `kalypso` (dist/cli/kalypso.mjs, as the
// npm package runs it) takes to answer, one JSON line per command (scenario cli-startup):
// - --version and --help, which the launcher answers without importing kalypso-engine.mjs;
// - validate of the sample's dev, which loads the engine, for comparison.
// Floor: `node -e 0`, the same Node starting and doing nothing, measured in the same run and
// interleaved with the CLI runs so that both see the same load. Wall time of whole processes,
// median and minimum of RUNS each. Needs `npm run build`. Figures, not assertions.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

main();
