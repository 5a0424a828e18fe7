// One process of the huge sharded bench (bench/schedule-sharded.bench.ts): `render <K> <shard>`
// renders one shard of the synthetic fleet (the engine's share of a render job: schedule, split,
// render its cluster types, blob ids) and writes its listing to a file; `join <K>` reads the K
// listings and runs the join's checks and composition. Each prints one JSON line with its seconds
// and peak RSS.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkShards,
  shardExpectation,
  composeShards,
  TRACKING_FILE,
} from '../../packages/core/src/index.ts';
import { syntheticFleet } from '../../packages/core/bench/fleet.ts';
import {
  renderScheduled,
  scheduleEnvironmentSources,
} from '../../packages/core/src/render/render-environment.ts';

const [mode = '', kText = '1', shardText = '0'] = process.argv.slice(2);
const k = Number(kText);
const targets = Number(process.env.BENCH_HUGE_TARGETS ?? '2000');
const folder = process.env.BENCH_SHARD_DIR ?? '.';
const started = performance.now();
const sources = syntheticFleet({
  clusterTypes: 1000,
  targets,
  policies: 20,
  regions: 1,
  configMaps: 50,
});
const scheduled = scheduleEnvironmentSources(sources);
const expected = shardExpectation(scheduled, k);
const blobId = (bytes: Uint8Array) =>
  createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

if (mode === 'render') {
  const shard = Number(shardText);
  const mine = new Set(expected.groups[shard]);
  const outcome = renderScheduled({
    ...scheduled,
    view: {
      ...scheduled.view,
      clusterTypes: scheduled.view.clusterTypes.filter((c) => mine.has(c.name)),
    },
    assignments: scheduled.assignments.filter((a) => mine.has(a.clusterType.name)),
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems.slice(0, 3)));
  const lines: string[] = [];
  for (const [path, bytes] of outcome.rendered.files)
    if (path !== TRACKING_FILE) lines.push(`${path}\t100644 ${blobId(bytes)}`);
  writeFileSync(join(folder, `shard-${k}-${shard}.txt`), lines.join('\n'));
  report({ shard, assignments: outcome.rendered.assignments.length, files: lines.length });
} else if (mode === 'join') {
  const listings = Array.from({ length: k }, (_, index) => {
    const files = new Map<string, string>();
    for (const line of readFileSync(join(folder, `shard-${k}-${index}.txt`), 'utf8').split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) files.set(line.slice(0, tab), line.slice(tab + 1));
    }
    return { index, ref: `refs/kalypso/shards/0/bench/${index}`, files };
  });
  const problems = checkShards(listings, expected);
  if (problems.length > 0) throw new Error(JSON.stringify(problems.slice(0, 3)));
  const composed = composeShards(
    listings.map((l) => ({ files: l.files, folders: new Map<string, string>() })),
    expected,
  );
  report({ files: composed.listing.size });
} else throw new Error(`shard-worker: unknown mode '${mode}'`);

function report(fields: Record<string, number>): void {
  console.log(
    JSON.stringify({
      ...fields,
      assignmentsTotal: scheduled.assignments.length,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}
