// `npm run demo`: renders every environment of the embedded sample control plane
// (examples/control-plane) in-process and writes each GitOps tree to demo-output/gitops-<env>/.
import { readdir, readFile, rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  applyGeneratedFiles,
  diffTrees,
  parsePromotionChain,
  promotionChainPath,
  type Source,
} from '@kalypso/core';
import { renderEnvironment } from '@kalypso/core/render';
import {
  formatDemoFooter,
  formatEnvironmentOutcome,
  summariseRendered,
  type EnvironmentOutcome,
} from './demo-summary.ts';
import { readSourceDir } from './fs-source.ts';
import { writePlan } from './gitops-dir.ts';

const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..');

/** Paths below where the demo was started are shown relative to it, others absolute. */
function display(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/** The environments in promotion order, from main's `.github/promotion-chain.yaml`. */
async function environmentsOf(sample: string): Promise<readonly string[]> {
  const file = join(sample, 'main', promotionChainPath);
  return parsePromotionChain(await readFile(file, 'utf8'), display(file)).environments;
}

/** Each folder under `workloads/` stands in for the repository of the registration it is named after. */
async function workloadSources(sample: string): Promise<Source[]> {
  const dir = join(sample, 'workloads');
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  return Promise.all(
    names
      .sort()
      .map((registration) =>
        readSourceDir(
          join(dir, registration),
          { kind: 'workload', registration },
          display(join(dir, registration)),
        ),
      ),
  );
}

async function renderSample(
  sample: string,
  environment: string,
  out: string,
): Promise<EnvironmentOutcome> {
  const base = await readSourceDir(
    join(sample, 'main'),
    { kind: 'base' },
    display(join(sample, 'main')),
  );
  const envDir = join(sample, environment);
  const controlPlane = await readSourceDir(envDir, { kind: 'environment' }, display(envDir));
  const workloads = await workloadSources(sample);
  const outcome = renderEnvironment({ environment, base, controlPlane, workloads });
  if (!outcome.ok) return { environment, ok: false, problems: outcome.problems };

  const { rendered } = outcome;
  const before = new Map<string, Uint8Array>();
  const after = applyGeneratedFiles(before, rendered.files, rendered.gitopsPath);
  await writePlan(out, diffTrees(before, after, rendered.gitopsPath), after);
  return summariseRendered(environment, rendered, `${display(out)}/`);
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { sample: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  const sample = resolve(values.sample ?? join(repositoryRoot, 'examples', 'control-plane'));
  const outRoot = resolve(values.out ?? join(repositoryRoot, 'demo-output'));
  const outcomes: EnvironmentOutcome[] = [];
  for (const environment of await environmentsOf(sample)) {
    const out = join(outRoot, `gitops-${environment}`);
    await rm(out, { recursive: true, force: true }); // a fresh tree every run
    const outcome = await renderSample(sample, environment, out);
    console.log(`${formatEnvironmentOutcome(outcome)}\n`);
    outcomes.push(outcome);
  }
  console.log(formatDemoFooter(outcomes, `${display(outRoot)}/`));
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
