import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { EnvironmentSources, Source, SourceFile, SourceOrigin } from '../src/index.ts';

const SAMPLE = join(import.meta.dirname, '..', '..', '..', 'examples', 'control-plane');

/** The embedded sample's dev environment, read from examples/control-plane. */
export async function sampleSources(environment = 'dev'): Promise<EnvironmentSources> {
  const workloadRoot = join(SAMPLE, 'workloads');
  const workloads: Source[] = [];
  for (const registration of (await readdir(workloadRoot)).sort()) {
    workloads.push(
      await read(join(workloadRoot, registration), { kind: 'workload', registration }),
    );
  }
  return {
    environment,
    base: await read(join(SAMPLE, 'main'), { kind: 'base' }),
    controlPlane: await read(join(SAMPLE, environment), { kind: 'environment' }),
    workloads,
  };
}

async function read(root: string, origin: SourceOrigin): Promise<Source> {
  const files: SourceFile[] = [];
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.')) await visit(full);
      else if (entry.isFile() && /\.ya?ml$/.test(entry.name))
        files.push({ path: relative(SAMPLE, full), text: await readFile(full, 'utf8') });
    }
  };
  await visit(root);
  return { origin, files };
}
