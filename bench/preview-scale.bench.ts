// The preview of a pull request into the environment branch of the synthetic fleet: the committed
// bundle (rebuilt first) run as the runner runs it against the local GitHub and the local artifact
// service, on the medium fleet (10,000 assignments) by default and the large one (100,000) with
// `--large`. Scenarios: `preview-onechange` (one ConfigMap value of one cluster type: 100 files)
// and `preview-manychange` (two values that together reach every cluster type: every assignment's
// config, 10,000 or 100,000 files, past the comment and the summary: the full diff is uploaded as
// an artifact). Floor, measured in the same run: the engine's render of the same fleet in this
// process (`renderFleet`), in CPU seconds; `engineRenders` is the run's CPU over that floor (a
// preview renders the head; both changes touch only ConfigMaps, so the base is the head's files
// with the folders they reach rendered again: docs/decisions/preview-base-from-head.md). Figures,
// not assertions. Also against the cold floor (`coldEngineRenders`): the same render in a fresh
// process (bench/support/cold-render.ts), as the action's run renders it, without a warm-up.
// `--repeat=N` takes the least CPU of N runs (and of N floors) on a noisy machine;
// `--scenario=NAME` runs one scenario. `BENCH_CPU_PROFILE=<folder>`: a CPU profile of each run
// there, of the cold floor in `<folder>/cold` and of the reads floor in `<folder>/reads`, to set
// one against the other.
// The start-up, measured in the same run: a preload (`--import`, as the CPU at exit is read) takes
// the process's CPU (every thread, as at exit) when the first HTTP request is created (undici's
// `undici:request:create` diagnostics channel, which the bundle's npm undici publishes like
// Node's own; `net.client.socket` too, should a connection come first). The preview's first
// step is reading the pull request over REST, so everything before it is the bundle's load
// (main.js and its static chunks, compiled), the inputs and the clients' construction: nothing
// that depends on the fleet. `startupCpuSeconds` is that figure of the run whose CPU is reported;
// `engineRendersAfterStartup` and `coldEngineRendersAfterStartup` are `engineRenders` and
// `coldEngineRenders` with it taken off the run's CPU (the floors exclude their process's start
// and imports too). `nodeStartupCpuSeconds` is bare Node's (`node -e 0`, the same preload, the
// least of three or `--repeat`): the physical floor of any action's start-up. `httpRequests`
// counts the run's HTTP requests (the same channel). Lazily loaded chunks (the artifact upload's)
// load after the first request, and V8 compiles a function when it is first called: both count as
// the run's work, so the figure is the least the start-up costs, not all the loading.
// The reads floor, measured in the same run: the render floors are handed the fleet's sources in
// memory, while a preview has to read them — the environment at the pull request's head and at
// its base, the control plane over git and every workload repository over the API — before it
// renders anything. `coldReadsCpuSeconds` is those two reads through the preview's own adapters
// in a fresh process (bench/support/cold-reads.ts; the least of `repeat` runs);
// `coldRenderAfterReadsCpuSeconds` the head's render in that process after them (the cold floor's
// render, but with the YAML parser warmed and the files parsed by the reads in the cache, as in
// the preview's process); `coldEngineRendersAfterStartupAndReads` the run's CPU with the start-up
// and the reads taken off, over that render: what the preview does beyond what any preview must
// do, in renders.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startArtifactService } from '../test/support/artifact-service.ts';
import { LocalGitHub } from '../test/support/github-server/client.ts';
import { startGitHubServerProcess } from '../test/support/github-server/process.ts';
import { defaultToken } from '../test/support/github-server/server-state.ts';
import {
  FLEET_ENVIRONMENT,
  LARGE_FLEET,
  MEDIUM_FLEET,
  renderFleet,
  seedFleet,
} from '../test/support/fleet-fixture.ts';
import { runAction } from '../test/support/run-action.ts';

const root = join(import.meta.dirname, '..');
const large = process.argv.includes('--large');
/** `--scenario=NAME`: only that scenario. */
const only = process.argv.find((a) => a.startsWith('--scenario='))?.slice('--scenario='.length);
/** `--repeat=N`: each figure is the least CPU of N runs (the floor too), against a noisy machine. */
const repeat = Math.max(
  1,
  Number(
    /^--repeat=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--repeat=')) ?? '')?.[1] ?? 1,
  ),
);
const shape = large ? LARGE_FLEET : MEDIUM_FLEET;

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('bench/preview-scale: npm run build failed');

const scratch = await mkdtemp(join(tmpdir(), 'bench-preview-scale-'));
const server = await startGitHubServerProcess({ root: join(scratch, 'github') });
const artifacts = await startArtifactService();
try {
  const github = new LocalGitHub(server.url);
  const port = new URL(server.url).port;
  // `@actions/artifact` uploads only from github.com, *.ghe.com or *.localhost
  // (test/preview-scale.int.test.ts): git reaches `github.localhost` through curloptResolve.
  const serverUrl = `http://github.localhost:${port}`;
  const gitConfig = join(scratch, 'gitconfig');
  await writeFile(gitConfig, `[http]\n\tcurloptResolve = github.localhost:${port}:127.0.0.1\n`);
  const fleet = await seedFleet(github, shape, serverUrl);
  const usage = join(scratch, 'usage');
  const preload = join(scratch, 'report-usage.mjs');
  await writeFile(
    preload,
    [
      `import { writeFileSync } from 'node:fs';`,
      `import { subscribe } from 'node:diagnostics_channel';`,
      `const cpu = () => { const u = process.resourceUsage(); return (u.userCPUTime + u.systemCPUTime) / 1e6; };`,
      `let startup; let requests = 0;`,
      `const first = () => { startup ??= cpu(); };`,
      `subscribe('undici:request:create', () => { requests++; first(); });`,
      `subscribe('net.client.socket', first);`,
      `process.on('exit', () => { writeFileSync(${JSON.stringify(usage)}, JSON.stringify({ cpu: cpu(), rss: process.resourceUsage().maxRSS, startup: startup ?? null, requests })); });`,
      '',
    ].join('\n'),
  );
  // Bare Node's start-up, the physical floor of an action's: `node -e 0` with the same preload.
  let nodeStartupCpu = Infinity;
  for (let i = 0; i < Math.max(3, repeat); i++) {
    const child = spawnSync(process.execPath, [`--import=${preload}`, '-e', '0'], {
      stdio: 'ignore',
    });
    if (child.status !== 0) throw new Error('bench/preview-scale: node -e 0 failed');
    const bare = JSON.parse(await readFile(usage, 'utf8')) as { cpu: number };
    nodeStartupCpu = Math.min(nodeStartupCpu, bare.cpu);
  }

  // The floor: the engine's render of the fleet in this process, in CPU seconds.
  renderFleet(fleet); // warm-up: the first render also compiles the engine's code
  let floorCpu = Infinity;
  let rendered = renderFleet(fleet);
  for (let i = 0; i < repeat; i++) {
    const cpu = process.cpuUsage();
    rendered = renderFleet(fleet);
    const u = process.cpuUsage(cpu);
    floorCpu = Math.min(floorCpu, (u.user + u.system) / 1e6);
  }
  // The cold floor: the same render in a fresh process, as the action's run does it (no warm-up).
  const sourcesFile = join(scratch, 'fleet-sources.json');
  await writeFile(sourcesFile, JSON.stringify(fleet.sources));
  const coldFloorCpu = Math.min(
    ...coldRuns<{ cpu: number }>('cold-render.ts', 'cold', [sourcesFile]).map((run) => run.cpu),
  );

  /**
   * `repeat` runs of a bench/support script in fresh processes, each one's last line of output
   * (JSON). BENCH_CPU_PROFILE=<folder>: their profiles too, in `<folder>/<profiles>`, to set the
   * preview's profile against the floors it is measured by.
   */
  function coldRuns<T>(script: string, profiles: string, args: string[]): T[] {
    const runs: T[] = [];
    for (let i = 0; i < repeat; i++) {
      const child = spawnSync(
        process.execPath,
        [
          ...(process.env.BENCH_CPU_PROFILE
            ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROFILE, profiles)}`]
            : []),
          join(root, 'bench', 'support', script),
          ...args,
        ],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, GIT_CONFIG_GLOBAL: gitConfig },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      if (child.status !== 0)
        throw new Error(`bench/preview-scale: bench/support/${script} failed`);
      runs.push(JSON.parse(child.stdout.trimEnd().split('\n').at(-1) ?? '') as T);
    }
    return runs;
  }

  let prs = 0;
  async function previewOf(scenario: string, changes: [string, string][]) {
    if (only !== undefined && only !== scenario) return;
    let text = fleet.environmentText;
    for (const [from, to] of changes) {
      if (!text.includes(from))
        throw new Error(`bench/preview-scale: '${from}' is not in the fleet`);
      text = text.replace(from, to);
    }
    const branch = `change-${++prs}`;
    await github.commit(fleet.controlPlane, {
      branch,
      from: `refs/heads/${FLEET_ENVIRONMENT}`,
      files: { 'objects.yaml': text },
    });
    const response = await fetch(`${server.url}/repos/${fleet.controlPlane}/pulls`, {
      method: 'POST',
      headers: { authorization: `token ${defaultToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: scenario, head: branch, base: FLEET_ENVIRONMENT }),
    });
    if (!response.ok) throw new Error(`bench/preview-scale: ${response.status}`);
    const { number } = (await response.json()) as { number: number };
    // The reads floor: the environment at the head and at the base read through the preview's
    // own adapters in a fresh process, then the head rendered there (bench/support/cold-reads.ts);
    // each the least of `repeat` runs.
    const readsRequest = join(scratch, `reads-${prs}.json`);
    await writeFile(
      readsRequest,
      JSON.stringify({
        serverUrl,
        apiUrl: server.url,
        token: defaultToken,
        repository: fleet.controlPlane,
        pullRequest: number,
        environment: FLEET_ENVIRONMENT,
      }),
    );
    const readsRuns = coldRuns<{ reads: number; render: number }>('cold-reads.ts', 'reads', [
      readsRequest,
    ]);
    const coldReadsCpu = Math.min(...readsRuns.map((run) => run.reads));
    const renderAfterReadsCpu = Math.min(...readsRuns.map((run) => run.render));
    const uploadedBefore = artifacts.artifacts().length;
    type Usage = { cpu: number; rss: number; startup: number | null; requests: number };
    let best: (Usage & { seconds: number }) | undefined;
    let run: Awaited<ReturnType<typeof runAction>> | undefined;
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      run = await runAction('preview', {
        github: {
          url: server.url,
          repository: fleet.controlPlane,
          token: defaultToken,
          eventName: 'pull_request',
          runId: `${prs}-${i}`,
        },
        inputs: { 'pull-request': String(number) },
        env: {
          GITHUB_SERVER_URL: serverUrl,
          GIT_CONFIG_GLOBAL: gitConfig,
          ACTIONS_RUNTIME_TOKEN: artifacts.runtimeToken(),
          ACTIONS_RESULTS_URL: `${artifacts.url}/`,
          NODE_OPTIONS: [
            `--import=${preload}`,
            ...(process.env.BENCH_CPU_PROFILE
              ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
              : []),
          ].join(' '),
        },
      });
      const seconds = (performance.now() - started) / 1000;
      if (run.exitCode !== 0 || run.outputs.changed !== 'true')
        throw new Error(`bench/preview-scale: ${scenario} failed:\n${run.log.slice(-4000)}`);
      const measured = JSON.parse(await readFile(usage, 'utf8')) as Usage;
      if (measured.startup === null)
        throw new Error(`bench/preview-scale: ${scenario} made no HTTP request`);
      if (best === undefined || measured.cpu < best.cpu) best = { ...measured, seconds };
    }
    if (best === undefined || run === undefined) throw new Error('bench/preview-scale: no run');
    const measured = best;
    const startup = measured.startup ?? 0;
    const comments = (await (
      await fetch(`${server.url}/repos/${fleet.controlPlane}/issues/${number}/comments`, {
        headers: { authorization: `token ${defaultToken}` },
      })
    ).json()) as { body: string }[];
    const artifact = artifacts.artifacts()[uploadedBefore];
    const filesChanged = /\| ✏️ changes \| \d+ \| \d+ \| \d+ \| \d+ \| (\d+) \|/.exec(
      comments[0]?.body ?? '',
    )?.[1];
    console.log(
      JSON.stringify({
        scenario,
        fleet: large ? 'large' : 'medium',
        assignments: rendered.assignments.length,
        files: rendered.files.size,
        filesChanged: Number(filesChanged),
        seconds: round(measured.seconds),
        cpuSeconds: round(measured.cpu),
        floorCpuSeconds: round(floorCpu),
        engineRenders: round(measured.cpu / floorCpu),
        coldFloorCpuSeconds: round(coldFloorCpu),
        coldEngineRenders: round(measured.cpu / coldFloorCpu),
        startupCpuSeconds: round(startup),
        engineRendersAfterStartup: round((measured.cpu - startup) / floorCpu),
        coldEngineRendersAfterStartup: round((measured.cpu - startup) / coldFloorCpu),
        nodeStartupCpuSeconds: round(nodeStartupCpu),
        coldReadsCpuSeconds: round(coldReadsCpu),
        coldRenderAfterReadsCpuSeconds: round(renderAfterReadsCpu),
        coldEngineRendersAfterStartupAndReads: round(
          (measured.cpu - startup - coldReadsCpu) / renderAfterReadsCpu,
        ),
        httpRequests: measured.requests,
        peakRssMiB: Math.round(measured.rss / 1024),
        commentBytes: Buffer.byteLength(comments[0]?.body ?? ''),
        summaryBytes: Buffer.byteLength(run.summary),
        artifactBytes: artifact?.size ?? 0,
      }),
    );
  }

  await previewOf('preview-onechange', [['KEY_3: value-3\n', 'KEY_3: value-3-changed\n']]);
  await previewOf('preview-manychange', [
    ['KEY_1: value-1\n', 'KEY_1: value-1-changed\n'],
    ['KEY_5: value-5\n', 'KEY_5: value-5-changed\n'],
  ]);
} finally {
  await artifacts.close();
  await server.close();
  await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
