// The schedule action end to end: the committed bundle (rebuilt first, so the figures are this
// source's) run as the runner runs it against the local GitHub, on the synthetic fleet — medium
// (10,000 assignments, 30,101 files) by default, large (100,000, 301,001 files) with `--large`.
// Scenarios: the first run (opens the pull request), a run with no change, a run after one
// ConfigMap value changed (100 files) while that pull request is open, and one after it was
// merged and the same value changed again (`schedule-onechange-merged`: the steady state, where
// the base holds the last proposed tree and its render index; three times, each after the last
// pull request merged, then their median, `schedule-onechange-merged-median`). Floor, measured in the same run: `git add -A && git commit
// && git push` of the same tree (the same change) to a local bare repository. `cpuSeconds`: the
// action's own CPU (user + system, not its git processes'), steadier than the wall clock on a
// loaded machine. Beside it, where the run's CPU went on this machine's shared cores (Linux only:
// bench/support/process-cpu.ts): `gitCpuSeconds`, the action's git processes; `githubCpuSeconds`,
// the local GitHub's process and its git processes during the run (on a hosted runner GitHub's
// own machines do that work); `floorCpuSeconds`, git's for the floor. For the one-value run,
// `readFloorSeconds`: the reads a run cannot skip, alone, through the action's adapters in a
// process of its own (bench/support/read-floor.ts: the environment branch, `main`, every workload
// repository's listing and files, the GitOps tips), which git's floor never does (its inputs are
// on the disk); and `scheduleFloorSeconds`: what that process then spends loading and scheduling
// them (every file parsed, the view built, every assignment scheduled), before anything could be
// rendered. BENCH_CPU_PROFILE=<folder>
// writes a CPU profile of each run there, BENCH_GIT_TRACE=<file> appends a GIT_TRACE2_EVENT trace
// of the action's git processes to it. `--latency=<ms>`: the local GitHub takes up every request
// that much later (a round trip between a hosted runner and GitHub), so that what the action
// overlaps shows as it would there.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LocalGitHub } from '../test/support/github-server/client.ts';
import { startGitHubServerProcess } from '../test/support/github-server/process.ts';
import { defaultToken } from '../test/support/github-server/server-state.ts';
import {
  CHANGED_VALUE,
  changeValue,
  FLEET_ENVIRONMENT,
  LARGE_FLEET,
  MEDIUM_FLEET,
  renderFleet,
  seedFleet,
} from '../test/support/fleet-fixture.ts';
import { restOf } from '../test/support/rest-seed.ts';
import { runAction } from '../test/support/run-action.ts';
import { cpuOfStat, processCpu, treeCpuSeconds } from './support/process-cpu.ts';

const root = join(import.meta.dirname, '..');
const large = process.argv.includes('--large');
// `--latency=<ms>`: the local GitHub takes up every request that much later (a network's round
// trip between a hosted runner and GitHub; none by default).
const latencyArg = process.argv.find((a) => a.startsWith('--latency='));
const latencyMs = latencyArg ? Number(latencyArg.slice('--latency='.length)) : 0;
if (!Number.isInteger(latencyMs) || latencyMs < 0)
  throw new Error(`bench/schedule: --latency takes milliseconds, not '${latencyArg}'`);
const shape = large ? LARGE_FLEET : MEDIUM_FLEET;
/** Runs of the steady state (one value after the merge), of which the median is printed. */
const MERGED_RUNS = 3;

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('bench/schedule: npm run build failed');

const scratch = await mkdtemp(join(tmpdir(), 'bench-schedule-'));
// In a process of its own: forking this process (which holds the fleet) for every git request
// would make the local GitHub the slow side of the measurement.
const server = await startGitHubServerProcess({
  root: join(scratch, 'github'),
  ...(latencyMs > 0 ? { latencyMs } : {}),
});
try {
  const github = new LocalGitHub(server.url);
  let fleet = await seedFleet(github, shape);
  const rssFile = join(scratch, 'rss');
  const preload = join(scratch, 'report-rss.mjs');
  await writeFile(
    preload,
    // At exit: peak RSS, own CPU, and the process's /proc stat (its waited-for children: git).
    `import { readFileSync, writeFileSync } from 'node:fs';\nprocess.on('exit', () => { const u = process.resourceUsage(); let stat = ''; try { stat = readFileSync('/proc/self/stat', 'utf8'); } catch {} writeFileSync(${JSON.stringify(rssFile)}, String(u.maxRSS) + ' ' + String(u.userCPUTime + u.systemCPUTime) + '\\n' + stat); });\n`,
  );

  /** One schedule run of the bundle: seconds, the action's peak RSS and what it did. */
  async function scheduleRun(expected: string) {
    const githubBefore = treeCpuSeconds(server.pid);
    const started = performance.now();
    const run = await runAction('schedule', {
      github: { url: server.url, repository: fleet.controlPlane, token: defaultToken },
      inputs: { environment: FLEET_ENVIRONMENT },
      env: {
        ...(process.env.BENCH_GIT_TRACE ? { GIT_TRACE2_EVENT: process.env.BENCH_GIT_TRACE } : {}),
        NODE_OPTIONS: [
          `--import=${preload}`,
          // BENCH_CPU_PROFILE=<folder>: a CPU profile of each run there, to see where time goes.
          ...(process.env.BENCH_CPU_PROFILE
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
            : []),
        ].join(' '),
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const githubAfter = treeCpuSeconds(server.pid);
    if (run.exitCode !== 0 || run.outputs['pull-request-operation'] !== expected)
      throw new Error(
        `bench/schedule: expected '${expected}', got '${run.outputs['pull-request-operation']}':\n${run.log}`,
      );
    const [usage = '', stat = ''] = (await readFile(rssFile, 'utf8')).split('\n');
    const [rss, cpu] = usage.split(' ');
    const peakRssMiB = Math.round(Number(rss) / 1024);
    const cpuSeconds = Number(cpu) / 1e6;
    const gitCpuSeconds = cpuOfStat(stat)?.children;
    const githubCpuSeconds =
      githubBefore === undefined || githubAfter === undefined
        ? undefined
        : githubAfter - githubBefore;
    // Whether the run took the last proposal whole (docs/decisions/unchanged-inputs.md).
    return {
      seconds,
      cpuSeconds,
      gitCpuSeconds,
      githubCpuSeconds,
      peakRssMiB,
      tookLastProposal: run.log.includes('Took the last proposal'),
    };
  }

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
        // No background gc/maintenance: it would outlive the bench and race its cleanup.
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
    // git's processes, reaped by the synchronous calls (the local GitHub, a live child, is not).
    const cpuBefore = processCpu('self')?.children;
    const started = performance.now();
    git('add', '-A');
    git('commit', '--quiet', '--allow-empty', '-m', message);
    git('push', '--quiet', 'origin', 'HEAD:refs/heads/bench');
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = processCpu('self')?.children;
    const cpu =
      cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
    return { seconds, cpu };
  };

  const report = (
    scenario: string,
    filesChanged: number,
    run: Awaited<ReturnType<typeof scheduleRun>>,
    floor: { seconds: number; cpu: number | undefined },
    readFloor?: { seconds: number; scheduleSeconds: number },
  ) =>
    console.log(
      JSON.stringify({
        scenario,
        assignments: rendered.assignments.length,
        files: rendered.files.size,
        filesChanged,
        tookLastProposal: run.tookLastProposal,
        seconds: round(run.seconds),
        cpuSeconds: round(run.cpuSeconds),
        gitCpuSeconds: roundOrNull(run.gitCpuSeconds),
        githubCpuSeconds: roundOrNull(run.githubCpuSeconds),
        floorSeconds: round(floor.seconds),
        floorCpuSeconds: roundOrNull(floor.cpu),
        ...(readFloor === undefined
          ? {}
          : {
              readFloorSeconds: round(readFloor.seconds),
              scheduleFloorSeconds: round(readFloor.scheduleSeconds),
            }),
        ratio: round(run.seconds / floor.seconds),
        peakRssMiB: run.peakRssMiB,
        fleet: large ? 'large' : 'medium',
        ...(latencyMs > 0 ? { latencyMs } : {}),
      }),
    );

  let rendered = renderFleet(fleet);
  await writeFile(join(work, 'README.md'), '# GitOps\n');
  await writeFiles(rendered.files);
  const createFloor = floor('first');
  report('schedule-create', rendered.files.size, await scheduleRun('created'), createFloor);

  const nochangeFloor = floor('again');
  report('schedule-nochange', 0, await scheduleRun('none'), nochangeFloor);

  const before = rendered.files;
  fleet = await changeValue(github, fleet);
  rendered = renderFleet(fleet);
  const changed = changedFiles(before, rendered.files);
  await writeFiles(changed);
  const onechangeFloor = floor('one change');
  const onechange = await scheduleRun('updated');
  report(
    'schedule-onechange',
    changed.length,
    onechange,
    onechangeFloor,
    readFloor(fleet.controlPlane, fleet.gitops),
  );

  // The pull request merged (squash, as a team merges it), then another value of the same
  // ConfigMap: the steady state, where the base holds the tree the last run proposed and noted.
  const api = restOf(github, defaultToken);
  const mergeOpenPullRequest = async () => {
    const pulls = await api<{ number: number }[]>('GET', `/repos/${fleet.gitops}/pulls?state=open`);
    await api('PUT', `/repos/${fleet.gitops}/pulls/${pulls[0]!.number}/merge`, {
      merge_method: 'squash',
    });
  };
  await mergeOpenPullRequest();
  // MERGED_RUNS times, each pull request merged before the next value changes: this machine's
  // speed varies from one run to the next (a shared CPU), so each run is printed with the floor
  // measured just before it, then the medians of both and their ratio.
  let value = CHANGED_VALUE.to;
  const merged: { seconds: number; floor: number }[] = [];
  for (let run = 1; run <= MERGED_RUNS; run++) {
    if (run > 1) await mergeOpenPullRequest();
    const beforeMerged = rendered.files;
    const to = `KEY_3: value-3-after-merge-${run}\n`;
    fleet = await changeValue(github, fleet, { from: value, to });
    value = to;
    rendered = renderFleet(fleet);
    const changedMerged = changedFiles(beforeMerged, rendered.files);
    await writeFiles(changedMerged);
    const mergedFloor = floor(`one change after the merge (${run})`);
    const mergedRun = await scheduleRun('created');
    report('schedule-onechange-merged', changedMerged.length, mergedRun, mergedFloor);
    merged.push({ seconds: mergedRun.seconds, floor: mergedFloor.seconds });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const seconds = median(merged.map((m) => m.seconds));
  const floorSeconds = median(merged.map((m) => m.floor));
  console.log(
    JSON.stringify({
      scenario: 'schedule-onechange-merged-median',
      runs: merged.length,
      seconds: round(seconds),
      floorSeconds: round(floorSeconds),
      ratio: round(seconds / floorSeconds),
      ratios: merged.map((m) => round(m.seconds / m.floor)),
      fleet: large ? 'large' : 'medium',
      ...(latencyMs > 0 ? { latencyMs } : {}),
    }),
  );
} finally {
  await server.close();
  await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
}

/**
 * The seconds of the reads a run cannot skip, then of the load and the schedule of what they read
 * (bench/support/read-floor.ts), in a process of its own.
 */
function readFloor(
  controlPlane: string,
  gitops: string,
): { seconds: number; scheduleSeconds: number } {
  const script = join(import.meta.dirname, 'support', 'read-floor.ts');
  const args = [script, server.url, defaultToken, controlPlane, FLEET_ENVIRONMENT, gitops];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { seconds: number; scheduleSeconds: number };
}

/** The files of `after` that `before` does not hold with the same bytes (the floor writes them). */
function changedFiles(
  before: ReadonlyMap<string, Uint8Array>,
  after: ReadonlyMap<string, Uint8Array>,
): [string, Uint8Array][] {
  return [...after].filter(([path, bytes]) => {
    const old = before.get(path);
    return old === undefined || Buffer.compare(old, bytes) !== 0;
  });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function roundOrNull(n: number | undefined): number | null {
  return n === undefined ? null : round(n);
}
