// One process of the huge sharded bench (bench/schedule-sharded.bench.ts), on the synthetic fleet
// of 1,000 cluster types × BENCH_HUGE_TARGETS targets, with git writes into the bare repository
// BENCH_SHARD_DIR/gitops.git through the action's own code (core's plan and render steps, the
// GitHub package's shard store):
//   plan <K>           the plan step; writes its output to BENCH_SHARD_DIR/plan-<K>.json
//   render <K> <shard> the render step of one shard: schedules and renders its cluster types a few
//                      at a time, streams the files into fast-import, pushes refs/kalypso/shards/…
//   join <K>           the action's join (`joinShards`, what `mode: join` runs) with the action's
//                      GitOps adapters over the bare repository (its branch `bench` is created
//                      with one file when missing) and in-memory statuses, records and pull
//                      requests: schedules the environment, fetches the shard refs trees-only,
//                      checks them a shard and a cluster type at a time and composes the folders
//                      by tree id (`check*` figures: up to the end of that step), compares the
//                      composed folders with the GitOps branch by tree id, writes the commit from
//                      the folders' trees, pushes it to `kalypso/bench-<K>`, opens the pull
//                      request and deletes the shard refs (`seconds`, `peakRssMiB`: the whole
//                      join; also the joined tree id and the body's SHA-256). Its steps are
//                      logged to stderr.
//   single <targets>   the single-runner engine and write (render, one fast-import, push) of
//                      1,000 cluster types × <targets>, for comparison
// Each prints one JSON line with its seconds and peak RSS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_BODY_TEMPLATE,
  DEFAULT_COMMIT_TEMPLATE,
  DEFAULT_TITLE_TEMPLATE,
  planCounts,
  type Reporter,
  type ShardStepPorts,
} from '../../packages/core/src/index.ts';
import {
  joinShards,
  planShards,
  renderEnvironment,
  renderShard,
} from '../../packages/core/src/render.ts';
import { syntheticFleet } from '../../packages/core/bench/fleet.ts';
import { memoryPullRequests } from '../../packages/core/src/publish/memory-gitops.test-support.ts';
import {
  createGitOpsRepository,
  createShardStore,
  GitWorkspace,
  sha256Parts,
} from '../../packages/github/src/index.ts';

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
/** When the join's check and composition ended (the reporter's group "Joining the shards …"). */
const joinGroup = { seconds: 0, peakRssMiB: 0 };
const reporter: Reporter = {
  debug: () => undefined,
  info: (message) => console.error(`${seconds()} s: ${message.slice(0, 300)}`),
  warning: (message) => console.error(`${seconds()} s: warning: ${message.slice(0, 300)}`),
  error: () => undefined,
  group: async (title, work) => {
    console.error(`${seconds()} s: ${title} (peak RSS ${peakMiB()} MiB)`);
    const result = await work();
    if (title.startsWith('Joining the shards'))
      Object.assign(joinGroup, { seconds: seconds(), peakRssMiB: peakMiB() });
    return result;
  },
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
  // The action's join (`joinShards`, as `mode: join` runs it), with the GitOps ports of the
  // action's wiring over this bare repository (the same workspace for the repository and the
  // shard refs) and in-memory statuses, records and pull requests.
  ensureBaseBranch();
  const ws = await workspace();
  const pulls = memoryPullRequests();
  const report = await joinShards(
    {
      ...request,
      plan: readFileSync(join(folder, `plan-${k}.json`), 'utf8'),
      runId: String(k),
      pullRequestBranch: `kalypso/bench-${k}`,
      templates: {
        title: DEFAULT_TITLE_TEMPLATE,
        body: DEFAULT_BODY_TEMPLATE,
        commit: DEFAULT_COMMIT_TEMPLATE,
      },
      labels: [],
      reviewers: [],
      teamReviewers: [],
      draft: false,
      autoMerge: undefined,
      setStatus: false,
      dryRun: false,
    },
    {
      ...ports,
      statuses: {
        setStatus: () => Promise.resolve(),
        latestStatus: () => Promise.resolve(undefined),
      },
      records: { record: () => Promise.resolve() },
      openGitOps: () =>
        Promise.resolve({
          repository: createGitOpsRepository(ws),
          pullRequests: pulls.service,
          shards: createShardStore(ws),
        }),
    },
  );
  if (report.kind !== 'published' || report.joined?.removed !== true)
    throw new Error(
      `join: ${report.kind === 'error' ? String(report.error) : JSON.stringify(report).slice(0, 2000)}`,
    );
  const head = execFileSync('git', [
    `--git-dir=${bare}`,
    'rev-parse',
    `refs/heads/kalypso/bench-${k}^{tree}`,
  ]);
  print({
    assignmentsTotal: report.assignments,
    filesChanged: planCounts(report.result.plan).added + planCounts(report.result.plan).changed,
    checkSeconds: joinGroup.seconds,
    checkPeakRssMiB: joinGroup.peakRssMiB,
    bodyBytes: Buffer.byteLength(pulls.pulls[0]?.body ?? ''),
    bodySha256: sha256Parts([pulls.pulls[0]?.body ?? '']) as never,
    tree: head.toString('utf8').trim() as never,
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

/** The GitOps branch the join proposes to: created with one file when the bare repository has none. */
function ensureBaseBranch(): void {
  const git = (args: string[], input?: string) =>
    execFileSync('git', [`--git-dir=${bare}`, ...args], { input, encoding: 'utf8' }).trim();
  try {
    git(['rev-parse', '--verify', '--quiet', 'refs/heads/bench']);
    return;
  } catch {
    const blob = git(['hash-object', '-w', '--stdin'], 'The bench GitOps repository.\n');
    const tree = git(['mktree'], `100644 blob ${blob}\tREADME.md\n`);
    const commit = execFileSync(
      'git',
      [`--git-dir=${bare}`, 'commit-tree', tree, '-m', 'bench: the GitOps branch'],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'bench',
          GIT_AUTHOR_EMAIL: 'bench@example.invalid',
          GIT_COMMITTER_NAME: 'bench',
          GIT_COMMITTER_EMAIL: 'bench@example.invalid',
        },
      },
    ).trim();
    git(['update-ref', 'refs/heads/bench', commit]);
  }
}

function print(fields: Record<string, number>): void {
  console.log(JSON.stringify({ ...fields, seconds: seconds(), peakRssMiB: peakMiB() }));
}
