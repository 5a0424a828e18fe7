// One process of the huge sharded bench (bench/schedule-sharded.bench.ts), on the synthetic fleet
// of 1,000 cluster types × BENCH_HUGE_TARGETS targets, with git writes into the bare repository
// BENCH_SHARD_DIR/gitops.git through the action's own code (core's plan and render steps, the
// GitHub package's shard store):
//   plan <K>           the plan step; writes its output to BENCH_SHARD_DIR/plan-<K>.json
//   render <K> <shard> the render step of one shard: schedules and renders its cluster types a few
//                      at a time, streams the files into fast-import, pushes refs/kalypso/shards/…
//   join <K>           the join's git work: schedules the environment (as the join does), fetches
//                      the shard refs trees-only, checks them a shard and a cluster type at a time
//                      and composes the folders by tree id (`check*` figures), then builds the
//                      listing the publish path compares, writes the commit from the subtrees,
//                      pushes it to a branch and deletes the shard refs
//   single <targets>   the single-runner engine and write (render, one fast-import, push) of
//                      1,000 cluster types × <targets>, for comparison
// Each prints one JSON line with its seconds and peak RSS.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkAndCompose,
  composedListing,
  planShards,
  renderEnvironment,
  renderShard,
  shardExpectation,
  shardRef,
  TRACKING_FILE,
  type Reporter,
  type ShardStepPorts,
} from '../../packages/core/src/index.ts';
import { syntheticFleet } from '../../packages/core/bench/fleet.ts';
import { scheduleEnvironmentSources } from '../../packages/core/src/render/render-environment.ts';
import { createShardStore, GitWorkspace, sha256Parts } from '../../packages/github/src/index.ts';

const [mode = '', kText = '1', shardText = '0'] = process.argv.slice(2);
const k = Number(kText);
const targets = Number(process.env.BENCH_HUGE_TARGETS ?? '2000');
const folder = process.env.BENCH_SHARD_DIR ?? '.';
const bare = join(folder, 'gitops.git');
const started = performance.now();
const seconds = () => Number(((performance.now() - started) / 1000).toFixed(2));
const peakMiB = () => Math.round(process.resourceUsage().maxRSS / 1024);
const fleet = (n: number) =>
  syntheticFleet({ clusterTypes: 1000, targets: n, policies: 20, regions: 1, configMaps: 50 });
const reporter: Reporter = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  group: (_title, work) => work(),
};
const sources = mode === 'single' ? undefined : fleet(targets);
const ports: ShardStepPorts = {
  sources: {
    readEnvironment: (environment: string) =>
      Promise.resolve({
        environment,
        environmentHead: undefined,
        baseCommit: undefined,
        sources,
        problems: [],
      }),
  } as unknown as ShardStepPorts['sources'],
  digest: sha256Parts,
  reporter,
};
const workspace = () =>
  GitWorkspace.create(mkdtempSync(join(folder, `scratch-${mode}-`)), {
    url: bare,
    token: '',
    repository: 'bench/gitops',
    tokenInput: 'bench',
  });
const request = {
  environment: 'bench',
  repository: 'bench/control-plane',
  serverUrl: 'https://git.example',
  gitopsRepository: 'bench/gitops',
  gitopsBranch: 'bench',
  runId: '1',
};

if (mode === 'plan') {
  const report = await planShards({ ...request, shards: k }, ports);
  if (report.kind !== 'planned') throw new Error(`plan: ${JSON.stringify(report)}`);
  writeFileSync(join(folder, `plan-${k}.json`), JSON.stringify(report.plan));
  print({ assignmentsTotal: report.plan.assignments });
} else if (mode === 'render') {
  const shard = Number(shardText);
  const store = createShardStore(await workspace());
  const report = await renderShard(
    {
      ...request,
      plan: readFileSync(join(folder, `plan-${k}.json`), 'utf8'),
      shard,
      runId: String(k),
      dryRun: false,
    },
    {
      ...ports,
      openGitOps: () => Promise.resolve({ shards: store } as never),
    },
  );
  if (report.kind !== 'shard-rendered')
    throw new Error(
      `render: ${report.kind === 'error' ? String(report.error) : JSON.stringify(report)}`,
    );
  print({ shard, assignments: report.assignments, files: report.files });
} else if (mode === 'join') {
  const scheduled = scheduleEnvironmentSources(sources!);
  const expected = shardExpectation(scheduled, k);
  const refs = Array.from({ length: k }, (_, i) => shardRef(String(k), 'bench', i));
  const ws = await workspace();
  const store = createShardStore(ws);
  const read = await store.read(refs, expected.gitopsPath);
  const folders = await checkAndCompose('bench', refs, read, expected);
  const checkSeconds = seconds();
  const checkPeakRssMiB = peakMiB();
  const listing = await composedListing(refs, read);
  const commit = await ws.writeCommit({
    parent: undefined,
    message: `Kalypso join of ${k} shards`,
    tree: new Map([[TRACKING_FILE, '0123456789abcdef0123456789abcdef01234567']]),
    subtrees: { folders, files: listing },
  });
  const pushed = await ws.push({ commit, branch: `kalypso/bench-${k}` });
  if (pushed !== 'pushed') throw new Error(`join: push ${pushed}`);
  await store.remove(new Map(refs.map((ref) => [ref, read.get(ref)!.commit])));
  print({
    assignmentsTotal: scheduled.assignments.length,
    files: listing.size + 1,
    checkSeconds,
    checkPeakRssMiB,
    tree: (await ws.commitInfo(commit)).tree as never,
  });
} else if (mode === 'single') {
  const outcome = renderEnvironment(fleet(k));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems.slice(0, 3)));
  const renderSeconds = seconds();
  const ws = await workspace();
  const { files } = outcome.rendered;
  const commit = await ws.writeCommit({ parent: undefined, message: 'single', tree: files });
  const pushed = await ws.push({ commit, branch: `kalypso/single-${k}` });
  if (pushed !== 'pushed') throw new Error(`single: push ${pushed}`);
  print({
    assignmentsTotal: outcome.rendered.assignments.length,
    files: files.size,
    renderSeconds,
    tree: (await ws.commitInfo(commit)).tree as never,
  });
} else throw new Error(`shard-worker: unknown mode '${mode}'`);

function print(fields: Record<string, number>): void {
  console.log(JSON.stringify({ ...fields, seconds: seconds(), peakRssMiB: peakMiB() }));
}
