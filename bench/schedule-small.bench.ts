// The schedule action on the small fleet most control planes are: 1,000 assignments (3,011 files)
// from 50 workload repositories, the committed bundle (rebuilt first) run as the runner runs it
// against the local GitHub. Scenarios: `schedule-small-create` (the first run, opens the pull
// request), `schedule-small-nochange` and `schedule-small-onechange` (one ConfigMap value: 100
// files). For each: wall seconds and CPU seconds — the action's own (user + system) and its git
// processes' (the children it waited for, /proc/self/stat cutime + cstime at exit).
// Floors, measured in the same run: `git add -A && git commit && git push` of the same tree (the
// same change) to a local bare repository (seconds and CPU seconds of its git processes); the
// start-up of the action — Node with the bundle loaded, stopping at its first input check (an
// environment that does not exist: no read, no render) — and of a bare `node -e 0`, each the
// median of STARTUP_RUNS, so the share of a no-change run that is start-up shows. Figures, not
// assertions.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LocalGitHub } from '../test/support/github-server/client.ts';
import { startGitHubServerProcess } from '../test/support/github-server/process.ts';
import { defaultToken } from '../test/support/github-server/server-state.ts';
import {
  changeValue,
  FLEET_ENVIRONMENT,
  renderFleet,
  seedFleet,
  SMALL_FLEET,
} from '../test/support/fleet-fixture.ts';
import { runAction } from '../test/support/run-action.ts';
import { cpuOfStat, processCpu } from './support/process-cpu.ts';

const root = join(import.meta.dirname, '..');

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('bench/schedule-small: npm run build failed');

/** Start-up runs (and bare Node runs) whose median is reported. */
const STARTUP_RUNS = 5;

/** This process's CPU seconds and those of the children it waited for (Linux only). */
function cpuOfSelf(): { own: number; children: number } {
  const cpu = processCpu('self');
  if (!cpu) throw new Error('bench/schedule-small: no /proc/self/stat (Linux only)');
  return cpu;
}

const scratch = await mkdtemp(join(tmpdir(), 'bench-schedule-small-'));
const server = await startGitHubServerProcess({ root: join(scratch, 'github') });
try {
  const github = new LocalGitHub(server.url);
  let fleet = await seedFleet(github, SMALL_FLEET);
  const usageFile = join(scratch, 'usage');
  const preload = join(scratch, 'report-usage.mjs');
  await writeFile(
    preload,
    [
      "import { readFileSync, writeFileSync } from 'node:fs';",
      "process.on('exit', () => {",
      '  const u = process.resourceUsage();',
      "  const stat = readFileSync('/proc/self/stat', 'utf8');",
      `  writeFileSync(${JSON.stringify(usageFile)}, JSON.stringify({ cpu: (u.userCPUTime + u.systemCPUTime) / 1e6, stat, rss: u.maxRSS }));`,
      '});',
      '',
    ].join('\n'),
  );

  /** One schedule run of the bundle: wall seconds, CPU seconds (own, git) and peak RSS. */
  async function scheduleRun(expected: string, environment = FLEET_ENVIRONMENT) {
    const started = performance.now();
    const run = await runAction('schedule', {
      github: { url: server.url, repository: fleet.controlPlane, token: defaultToken },
      inputs: { environment },
      env: {
        NODE_OPTIONS: [
          `--import=${preload}`,
          ...(process.env.BENCH_CPU_PROFILE
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
            : []),
        ].join(' '),
      },
    });
    const seconds = (performance.now() - started) / 1000;
    if (run.outputs['pull-request-operation'] !== expected && expected !== 'start-up')
      throw new Error(
        `bench/schedule-small: expected '${expected}', got '${run.outputs['pull-request-operation']}':\n${run.log}`,
      );
    if (expected === 'start-up' && run.exitCode === 0)
      throw new Error(`bench/schedule-small: the start-up run did not stop:\n${run.log}`);
    const usage = JSON.parse(await readFile(usageFile, 'utf8')) as {
      cpu: number;
      stat: string;
      rss: number;
    };
    const children = cpuOfStat(usage.stat)?.children;
    if (children === undefined) throw new Error('bench/schedule-small: an unreadable /proc stat');
    return {
      seconds,
      // Whether the run took the last proposal whole (docs/decisions/unchanged-inputs.md).
      tookLastProposal: run.log.includes('Took the last proposal'),
      cpuSeconds: usage.cpu,
      gitCpuSeconds: children,
      peakRssMiB: Math.round(usage.rss / 1024),
    };
  }

  // The start-up floors: the bundle loaded and stopped at its first check, and a bare Node, each
  // the median of STARTUP_RUNS interleaved runs (one run on a shared machine varies by a third).
  const bareRun = () => {
    const before = cpuOfSelf().children;
    const started = performance.now();
    execFileSync(process.execPath, [`--import=${preload}`, '-e', '0']);
    return {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuOfSelf().children - before,
    };
  };
  const startups: Awaited<ReturnType<typeof scheduleRun>>[] = [];
  const bares: ReturnType<typeof bareRun>[] = [];
  for (let i = 0; i < STARTUP_RUNS; i++) {
    startups.push(await scheduleRun('start-up', 'no-such-environment'));
    bares.push(bareRun());
  }
  const byCpu = <T extends { cpuSeconds: number }>(runs: T[]): T =>
    [...runs].sort((a, b) => a.cpuSeconds - b.cpuSeconds)[Math.floor(runs.length / 2)]!;
  const startup = byCpu(startups);
  const bare = byCpu(bares);

  // The floor's working tree and its bare remote.
  const work = join(scratch, 'floor');
  const remote = join(scratch, 'floor.git');
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: work,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'bench',
        GIT_AUTHOR_EMAIL: 'bench@example.com',
        GIT_COMMITTER_NAME: 'bench',
        GIT_COMMITTER_EMAIL: 'bench@example.com',
        GIT_CONFIG_COUNT: '2',
        GIT_CONFIG_KEY_0: 'gc.auto',
        GIT_CONFIG_VALUE_0: '0',
        GIT_CONFIG_KEY_1: 'maintenance.auto',
        GIT_CONFIG_VALUE_1: 'false',
      },
    });
  await mkdir(work, { recursive: true });
  execFileSync('git', ['init', '--quiet', '--bare', remote]);
  git('init', '--quiet');
  git('remote', 'add', 'origin', remote);
  const writeFiles = async (files: Iterable<[string, Uint8Array]>) => {
    const made = new Set<string>();
    for (const [path, bytes] of files) {
      const folder = dirname(join(work, path));
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      await writeFile(join(work, path), bytes);
    }
  };
  const floor = (message: string) => {
    const before = cpuOfSelf().children;
    const started = performance.now();
    git('add', '-A');
    git('commit', '--quiet', '--allow-empty', '-m', message);
    git('push', '--quiet', 'origin', 'HEAD:refs/heads/bench');
    return {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuOfSelf().children - before,
    };
  };

  const report = (
    scenario: string,
    filesChanged: number,
    run: Awaited<ReturnType<typeof scheduleRun>>,
    floorOf: { seconds: number; cpuSeconds: number },
  ) => {
    const cpu = run.cpuSeconds + run.gitCpuSeconds;
    console.log(
      JSON.stringify({
        scenario,
        fleet: 'small',
        assignments: rendered.assignments.length,
        workloadRepositories: fleet.sources.workloads.length,
        files: rendered.files.size,
        filesChanged,
        tookLastProposal: run.tookLastProposal,
        seconds: round(run.seconds),
        floorSeconds: round(floorOf.seconds),
        ratio: round(run.seconds / floorOf.seconds),
        cpuSeconds: round(cpu),
        actionCpuSeconds: round(run.cpuSeconds),
        gitCpuSeconds: round(run.gitCpuSeconds),
        floorCpuSeconds: round(floorOf.cpuSeconds),
        startupCpuSeconds: round(startup.cpuSeconds + startup.gitCpuSeconds),
        nodeStartCpuSeconds: round(bare.cpuSeconds),
        startupShare: round((startup.cpuSeconds + startup.gitCpuSeconds) / cpu),
        peakRssMiB: run.peakRssMiB,
      }),
    );
  };

  let rendered = renderFleet(fleet);
  await writeFile(join(work, 'README.md'), '# GitOps\n');
  await writeFiles(rendered.files);
  const createFloor = floor('first');
  report('schedule-small-create', rendered.files.size, await scheduleRun('created'), createFloor);

  const nochangeFloor = floor('again');
  report('schedule-small-nochange', 0, await scheduleRun('none'), nochangeFloor);

  const before = rendered.files;
  fleet = await changeValue(github, fleet);
  rendered = renderFleet(fleet);
  const changed = [...rendered.files].filter(([path, bytes]) => {
    const old = before.get(path);
    return old === undefined || Buffer.compare(old, bytes) !== 0;
  });
  await writeFiles(changed);
  const onechangeFloor = floor('one change');
  report('schedule-small-onechange', changed.length, await scheduleRun('updated'), onechangeFloor);
} finally {
  await server.close();
  await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
