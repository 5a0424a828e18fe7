// `npm run bench -- --huge` (not in CI): the sharded schedule on a dense synthetic fleet (1,000
// cluster types × BENCH_HUGE_TARGETS targets, default 2,000: 2,000,000 assignments, 6,001,001
// files), in K = 8 and K = 20 shards run one after another, each step a process of its own
// (bench/support/shard-worker.ts) writing through the action's code into one real bare repository:
// the plan, every render (schedule and render of its cluster types, streamed into fast-import,
// pushed to its shard ref) and the action's whole join (check and compose by tree id, the
// comparison with the GitOps branch folder by folder, the commit from the folders' trees, its push,
// the pull request, the refs deleted). It prints per shard its seconds and
// peak RSS, the join's, and the projected wall time with the shards in parallel (plan + slowest
// shard + join), next to the single-runner engine and write of 100,000 assignments (1,000 × 100)
// measured in the same run. Without --huge it prints that it was skipped.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.argv.includes('--huge')) {
  console.log(JSON.stringify({ scenario: 'schedule-sharded', skipped: 'run with --huge' }));
  process.exit(0);
}
const worker = join(import.meta.dirname, 'support', 'shard-worker.ts');
const folder = mkdtempSync(join(process.env.BENCH_SHARD_TMP ?? tmpdir(), 'bench-shards-'));
execFileSync('git', ['init', '--quiet', '--bare', join(folder, 'gitops.git')]);
const run = (args: string[]) => {
  const child = spawnSync(process.execPath, [worker, ...args], {
    env: { ...process.env, BENCH_SHARD_DIR: folder },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`shard-worker ${args.join(' ')}: ${child.stderr}`);
  const line = child.stdout.trim().split('\n').pop()!;
  console.error(`shard-worker ${args.join(' ')}: ${line}`);
  return JSON.parse(line) as Record<string, number>;
};
try {
  const single = run(['single', '100']);
  console.log(
    JSON.stringify({
      scenario: 'schedule-sharded-single-runner',
      assignments: single.assignmentsTotal,
      files: single.files,
      renderSeconds: single.renderSeconds,
      seconds: single.seconds,
      peakRssMiB: single.peakRssMiB,
    }),
  );
  for (const k of [8, 20]) {
    const plan = run(['plan', String(k)]);
    const shards = Array.from({ length: k }, (_, shard) =>
      run(['render', String(k), String(shard)]),
    );
    const joined = run(['join', String(k)]);
    const slowest = Math.max(...shards.map((s) => s.seconds!));
    console.log(
      JSON.stringify({
        scenario: `schedule-sharded-${k}`,
        assignments: joined.assignmentsTotal,
        files: joined.filesChanged,
        planSeconds: plan.seconds,
        planPeakRssMiB: plan.peakRssMiB,
        shardSeconds: shards.map((s) => s.seconds),
        shardPeakRssMiB: shards.map((s) => s.peakRssMiB),
        maxShardPeakRssMiB: Math.max(...shards.map((s) => s.peakRssMiB!)),
        joinCheckSeconds: joined.checkSeconds,
        joinCheckPeakRssMiB: joined.checkPeakRssMiB,
        joinSeconds: joined.seconds,
        joinPeakRssMiB: joined.peakRssMiB,
        projectedWallSeconds: Number((plan.seconds! + slowest + joined.seconds!).toFixed(2)),
        singleRunner100kSeconds: single.seconds,
      }),
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
