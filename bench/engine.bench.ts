// The engine in memory: renders the synthetic fleets (packages/core/bench/fleet.ts) and prints one
// JSON line per scenario. Each scenario runs in its own process so that peak RSS is its own.
// Floor: serialising the same output strings to bytes, with no scheduling or templating.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { renderEnvironment } from '../packages/core/src/render.ts';
import { syntheticFleet, type FleetShape } from '../packages/core/bench/fleet.ts';

const SCENARIOS: Record<string, FleetShape> = {
  'engine-medium': { clusterTypes: 100, targets: 1000, policies: 10, regions: 10, configMaps: 50 },
  'engine-large': { clusterTypes: 1000, targets: 2000, policies: 20, regions: 20, configMaps: 50 },
};

function runScenario(name: string): void {
  const sources = syntheticFleet(SCENARIOS[name]!);
  const started = performance.now();
  const outcome = renderEnvironment(sources);
  const seconds = (performance.now() - started) / 1000;
  if (!outcome.ok)
    throw new Error(
      `scenario ${name} failed to render:\n${outcome.problems.map((p) => p.message).join('\n')}`,
    );
  const { rendered } = outcome;
  let bytes = 0;
  for (const content of rendered.files.values()) bytes += content.length;
  const decoder = new TextDecoder();
  const texts = [...rendered.files.values()].map((bytes) => decoder.decode(bytes));
  const floorStart = performance.now();
  const encoder = new TextEncoder();
  let floorBytes = 0;
  for (const text of texts) floorBytes += encoder.encode(text).length;
  const floorSeconds = (performance.now() - floorStart) / 1000;
  console.log(
    JSON.stringify({
      scenario: name,
      assignments: rendered.assignments.length,
      files: rendered.files.size,
      seconds: round(seconds),
      floorSeconds: round(floorSeconds),
      ratio: round(seconds / floorSeconds),
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      clusterTypes: rendered.view.clusterTypes.length,
      targets: rendered.targets.length,
      bytes,
      floorBytes,
      microsecondsPerAssignment: rendered.assignments.length
        ? round((seconds * 1e6) / rendered.assignments.length)
        : 0,
    }),
  );
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

const only = process.argv.slice(2).find((arg) => arg in SCENARIOS);
if (only) {
  runScenario(only);
} else {
  for (const name of Object.keys(SCENARIOS)) {
    const child = spawnSync(
      process.execPath,
      ['--max-old-space-size=4096', fileURLToPath(import.meta.url), name],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) process.exitCode = 1;
  }
}
