// `npm run bench -- --huge` (not in CI): the sharded schedule's engine work on a dense synthetic
// fleet (1,000 cluster types × BENCH_HUGE_TARGETS targets, default 2,000: 2,000,000 assignments),
// in K = 8 and K = 20 shards run one after another, each shard and the join a process of its own
// (bench/support/shard-worker.ts): per-shard seconds and peak RSS, the join's, and the projected
// wall time with the shards in parallel (the slowest shard plus the join). Without --huge it
// prints that it was skipped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.argv.includes('--huge')) {
  console.log(JSON.stringify({ scenario: 'schedule-sharded', skipped: 'run with --huge' }));
  process.exit(0);
}
const worker = join(import.meta.dirname, 'support', 'shard-worker.ts');
const folder = mkdtempSync(join(tmpdir(), 'bench-shards-'));
const run = (args: string[]) => {
  const child = spawnSync(process.execPath, [worker, ...args], {
    env: { ...process.env, BENCH_SHARD_DIR: folder },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`shard-worker ${args.join(' ')}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as Record<string, number>;
};
try {
  for (const k of [8, 20]) {
    const shards = Array.from({ length: k }, (_, shard) =>
      run(['render', String(k), String(shard)]),
    );
    const joined = run(['join', String(k)]);
    const slowest = Math.max(...shards.map((s) => s.seconds!));
    console.log(
      JSON.stringify({
        scenario: `schedule-sharded-${k}`,
        assignments: joined.assignmentsTotal,
        files: joined.files,
        shardSeconds: shards.map((s) => s.seconds),
        shardPeakRssMiB: shards.map((s) => s.peakRssMiB),
        maxShardPeakRssMiB: Math.max(...shards.map((s) => s.peakRssMiB!)),
        joinSeconds: joined.seconds,
        joinPeakRssMiB: joined.peakRssMiB,
        projectedWallSeconds: Number((slowest + joined.seconds!).toFixed(2)),
      }),
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
