// `npm run bench`: renders synthetic fleets in memory and prints one JSON line per scenario.
// Each scenario runs in its own process so that peak RSS is its own. Figures, not assertions.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { renderEnvironment } from '../src/index.ts';
import { syntheticFleet, type FleetShape } from './fleet.ts';
import { sampleSources } from './sample.ts';

const SCENARIOS: Record<string, FleetShape | 'sample'> = {
  sample: 'sample',
  medium: { clusterTypes: 100, targets: 1000, policies: 10, regions: 10, configMaps: 50 },
  large: { clusterTypes: 1000, targets: 2000, policies: 20, regions: 20, configMaps: 50 },
};

async function runScenario(name: string): Promise<void> {
  const shape = SCENARIOS[name]!;
  const sources = shape === 'sample' ? await sampleSources() : syntheticFleet(shape);
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
  // The floor: serialising the same output strings to bytes, with no scheduling or templating.
  const texts = rendered.packages.flatMap((p) => [p.reconciler, p.namespace, p.config]);
  const floorStart = performance.now();
  const encoder = new TextEncoder();
  let floorBytes = 0;
  for (const text of texts) floorBytes += encoder.encode(text).length;
  const floorSeconds = (performance.now() - floorStart) / 1000;
  const line = {
    scenario: name,
    clusterTypes: rendered.view.clusterTypes.length,
    targets: rendered.targets.length,
    policies: rendered.view.policies.length,
    assignments: rendered.assignments.length,
    files: rendered.files.size,
    bytes,
    seconds: round(seconds),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    floorSeconds: round(floorSeconds),
    floorBytes,
    microsecondsPerAssignment: rendered.assignments.length
      ? round((seconds * 1e6) / rendered.assignments.length)
      : 0,
  };
  console.log(JSON.stringify(line));
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

const only = process.argv[2];
if (only) {
  await runScenario(only);
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
