// `node bench/cli.bench.ts [--large]`: `kalypso render --out` on a synthetic fleet written to disk
// as a control plane (packages/core/bench/fleet.ts), one JSON line per scenario:
// - cli-create: render into an empty folder; floor: a Node script writing the same files;
// - cli-nochange: the same render again; floor: a Node script reading the same files;
// - cli-onechange: after one ConfigMap value changed; floor: the read floor again.
// The CLI and each floor run in their own process (peak RSS is the CLI's own); seconds are wall
// time of the whole CLI process, floorSeconds the floor's file operations only. Medium fleet
// (10,000 assignments) by default, large (100,000) with --large. Figures, not assertions.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntheticFleet, type FleetShape } from '../packages/core/bench/fleet.ts';

const SHAPES: Record<'medium' | 'large', FleetShape> = {
  medium: { clusterTypes: 100, targets: 1000, policies: 10, regions: 10, configMaps: 50 },
  large: { clusterTypes: 1000, targets: 2000, policies: 20, regions: 20, configMaps: 50 },
};
const self = fileURLToPath(import.meta.url);
const cli = join(dirname(self), '..', 'packages', 'cli', 'src', 'main.ts');

/** Regular files below `root`, relative, with `/`. */
function filesBelow(root: string): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else out.push(path);
    }
  };
  visit('');
  return out;
}

/** Child modes: `--cli <args…>` runs the CLI in this process; `--floor-write|--floor-read`. */
async function child(mode: string, args: string[]): Promise<void> {
  if (mode === '--cli') {
    process.argv = [process.argv[0]!, cli, ...args];
    process.on('exit', () =>
      process.stderr.write(
        `\nBENCH ${JSON.stringify({ maxRSS: process.resourceUsage().maxRSS })}\n`,
      ),
    );
    await import(cli);
    return;
  }
  const [from, to] = args as [string, string];
  const paths = filesBelow(from);
  if (mode === '--floor-write') {
    const contents = paths.map((p) => readFileSync(join(from, p)));
    const started = performance.now();
    const made = new Set<string>();
    paths.forEach((p, i) => {
      const dir = dirname(join(to, p));
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(join(to, p), contents[i]!);
    });
    console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000 }));
  } else {
    const started = performance.now();
    let bytes = 0;
    for (const p of paths) bytes += readFileSync(join(from, p)).length;
    console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, bytes }));
  }
}

function runCli(args: string[]): { seconds: number; peakRssMiB: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, [self, '--cli', 'render', ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  const marker = /BENCH (\{.*\})/.exec(result.stderr);
  if (result.status !== 0 || !marker)
    throw new Error(`kalypso render failed (${result.status}):\n${result.stderr.slice(0, 4000)}`);
  const { maxRSS } = JSON.parse(marker[1]!) as { maxRSS: number };
  return { seconds, peakRssMiB: Math.round(maxRSS / 1024), stdout: result.stdout };
}

function floor(mode: '--floor-write' | '--floor-read', from: string, to = ''): number {
  const result = spawnSync(process.execPath, [self, mode, from, to], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`floor ${mode} failed:\n${result.stderr}`);
  return (JSON.parse(result.stdout) as { seconds: number }).seconds;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function main(): void {
  const size = process.argv.includes('--large') ? 'large' : 'medium';
  const shape = SHAPES[size];
  const sources = syntheticFleet(shape);
  const assignments = (shape.targets * shape.clusterTypes) / shape.regions;
  const scratch = mkdtempSync(join(tmpdir(), `kalypso-cli-bench-${size}-`));
  try {
    const write = (path: string, text: string) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    };
    for (const file of sources.base.files) write(join(scratch, 'base', file.path), file.text);
    for (const file of sources.controlPlane.files)
      write(join(scratch, 'env', file.path), file.text);
    const workloadArgs: string[] = [];
    for (const source of sources.workloads) {
      if (source.origin.kind !== 'workload') continue;
      const dir = join(scratch, 'workloads', source.origin.registration);
      for (const file of source.files) write(join(dir, file.path), file.text);
      workloadArgs.push('--workload', `${source.origin.registration}=${dir}`);
    }
    const out = join(scratch, 'out');
    mkdirSync(out);
    const args = [
      '--environment',
      sources.environment,
      '--base',
      join(scratch, 'base'),
      '--control-plane',
      join(scratch, 'env'),
      ...workloadArgs,
      '--out',
      out,
    ];
    const line = (
      scenario: string,
      files: number,
      run: { seconds: number; peakRssMiB: number },
      floorSeconds: number,
    ) =>
      console.log(
        JSON.stringify({
          scenario,
          size,
          assignments,
          files,
          seconds: round(run.seconds),
          floorSeconds: round(floorSeconds),
          ratio: round(run.seconds / floorSeconds),
          peakRssMiB: run.peakRssMiB,
        }),
      );

    const create = runCli(args);
    const files = filesBelow(out).length;
    const floorOut = join(scratch, 'floor-out');
    const writeFloor = floor('--floor-write', out, floorOut);
    rmSync(floorOut, { recursive: true, force: true });
    line('cli-create', files, create, writeFloor);

    const readFloor = floor('--floor-read', out);
    const nochange = runCli(args);
    if (!nochange.stdout.includes('Files: 0 added, 0 changed, 0 removed'))
      throw new Error(`the no-change run changed files:\n${nochange.stdout.slice(-400)}`);
    line('cli-nochange', files, nochange, readFloor);

    const env = join(scratch, 'env', sources.controlPlane.files[0]!.path);
    writeFileSync(
      env,
      readFileSync(env, 'utf8').replace('KEY_1: value-1', 'KEY_1: value-1-changed'),
    );
    const onechange = runCli(args);
    const changed = /Files: 0 added, (\d+) changed, 0 removed/.exec(onechange.stdout);
    if (!changed || changed[1] === '0')
      throw new Error(`the one-change run did not change files:\n${onechange.stdout.slice(-400)}`);
    line('cli-onechange', files, onechange, readFloor);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === '--cli' || mode === '--floor-write' || mode === '--floor-read')
  await child(mode, process.argv.slice(3));
else main();
