// The preview of a pull request into `main` whose promotion chain has the maximum length
// (MAX_CHAIN_ENVIRONMENTS, 32 environment branches of the sample control plane): the committed
// bundle (rebuilt first) run as the runner runs it against the local GitHub. The floor, measured in
// the same run, is the same preview with a chain of one environment; the figures are the time, the
// peak RSS and the git requests the control-plane repository served, which the one listing of the
// chain's branches keeps from growing with the chain (docs/decisions/deadline-rule.md).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_CHAIN_ENVIRONMENTS } from '@kalypso/core';
import { groomingRegistration, groomingWorkload } from '../test/e2e/scenario-data.ts';
import { LocalGitHub } from '../test/support/github-server/client.ts';
import { seedSample } from '../test/support/github-server/control-plane-fixture.ts';
import { startGitHubServerProcess } from '../test/support/github-server/process.ts';
import { defaultToken } from '../test/support/github-server/server-state.ts';
import { runAction } from '../test/support/run-action.ts';

const root = join(import.meta.dirname, '..');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('bench/preview: npm run build failed');

const scratch = await mkdtemp(join(tmpdir(), 'bench-preview-'));
const server = await startGitHubServerProcess({ root: join(scratch, 'github') });
try {
  const github = new LocalGitHub(server.url);
  const rssFile = join(scratch, 'rss');
  const preload = join(scratch, 'report-rss.mjs');
  await writeFile(
    preload,
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`,
  );

  /** A pull request into main that registers a workload in every environment of a chain of `n`. */
  async function pullRequestWithChain(n: number) {
    const sample = await seedSample(github, { environments: ['dev'] });
    const environments = ['dev', ...Array.from({ length: n - 1 }, (_, i) => `env-${i + 2}`)];
    for (const env of environments.slice(1))
      await github.commit(sample.controlPlane, {
        branch: env,
        from: 'refs/heads/dev',
        files: { 'README.md': `${env}\n` },
      });
    await github.commit(sample.workloads.liftOps, {
      branch: 'main',
      files: { 'grooming/workload.yaml': groomingWorkload(github.url, sample.owner) },
    });
    await github.commit(sample.controlPlane, {
      branch: 'register-grooming',
      from: 'refs/heads/main',
      files: {
        '.github/promotion-chain.yaml': `environments:\n${environments.map((e) => `  - ${e}\n`).join('')}`,
        'workloads/snow-grooming.yaml': groomingRegistration(github.url, sample.owner),
      },
    });
    const response = await fetch(`${server.url}/repos/${sample.controlPlane}/pulls`, {
      method: 'POST',
      headers: { authorization: `token ${defaultToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Register grooming', head: 'register-grooming', base: 'main' }),
    });
    if (!response.ok) throw new Error(`bench/preview: ${response.status} ${await response.text()}`);
    const { number } = (await response.json()) as { number: number };
    return { sample, number };
  }

  /** One preview run of the bundle: seconds, peak RSS and the git requests the control plane served. */
  async function previewRun(n: number) {
    const { sample, number } = await pullRequestWithChain(n);
    const before = (await github.state(sample.controlPlane)).requests.length;
    const started = performance.now();
    const run = await runAction('preview', {
      github: {
        url: server.url,
        repository: sample.controlPlane,
        token: defaultToken,
        eventName: 'pull_request',
        runId: '1',
      },
      inputs: { 'pull-request': String(number) },
      env: { NODE_OPTIONS: `--import=${preload}` },
    });
    const seconds = (performance.now() - started) / 1000;
    if (run.exitCode !== 0 || run.outputs.changed !== 'true')
      throw new Error(`bench/preview: the preview of a chain of ${n} failed:\n${run.log}`);
    const requests = (await github.state(sample.controlPlane)).requests.slice(before);
    return {
      seconds,
      peakRssMiB: Math.round(Number(await readFile(rssFile, 'utf8')) / 1024),
      gitRequests: requests.filter((r) => r.kind === 'git').length,
    };
  }

  const floor = await previewRun(1);
  const longest = await previewRun(MAX_CHAIN_ENVIRONMENTS);
  console.log(
    JSON.stringify({
      scenario: 'preview-longest-chain',
      environments: MAX_CHAIN_ENVIRONMENTS,
      seconds: round(longest.seconds),
      floorSeconds: round(floor.seconds),
      ratio: round(longest.seconds / floor.seconds),
      secondsPerEnvironment: round(longest.seconds / MAX_CHAIN_ENVIRONMENTS),
      gitRequests: longest.gitRequests,
      floorGitRequests: floor.gitRequests,
      peakRssMiB: longest.peakRssMiB,
      floorPeakRssMiB: floor.peakRssMiB,
    }),
  );
} finally {
  await server.close();
  await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
