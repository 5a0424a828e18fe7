import {
  loadSource,
  ProblemList,
  type RenderOutcome,
  type EnvironmentSources,
  type Problem,
  type Source,
  type WorkloadRegistration,
} from '@kalypso/core';
import { renderEnvironment } from '@kalypso/core/render';
import { checkChain, checkNamed, readChain, type ChainEnvironments } from './environment-check.ts';
import { cloneProgress, renderProgress } from './progress-messages.ts';
import type { Terminal } from './terminal.ts';
import { readSourceDir, UsageError } from './fs-source.ts';
import { fetchWorkloadSources, type FetchProgress } from './workload-fetch.ts';

export interface EnvironmentArgs {
  readonly environment: string;
  readonly base: string;
  readonly controlPlane: string;
  /** registration name → folder or file given with --workload. */
  readonly workloads: ReadonlyMap<string, string>;
  /** Accept local paths and `file://` URLs as workload repositories (`--allow-local-workloads`). */
  readonly allowLocalWorkloads?: boolean;
}

/**
 * Reads main, the environment branch and every registered workload. Registrations without
 * `--workload` are fetched from their repositories with git, once per repository and branch.
 * An environment that main's promotion chain does not list is a usage error, found before any
 * repository is cloned.
 */
export async function readEnvironmentSources(
  args: EnvironmentArgs,
  options: { readonly onProgress?: (progress: FetchProgress) => void } = {},
): Promise<{
  sources: EnvironmentSources;
  problems: Problem[];
  /** main's promotion chain, when --base has one. */
  chain: ChainEnvironments | undefined;
}> {
  const [base, controlPlane, chain] = await Promise.all([
    readSourceDir(args.base, { kind: 'base' }),
    readSourceDir(args.controlPlane, { kind: 'environment' }),
    readChain(args.base),
  ]);
  checkChain(args.environment, chain);
  const registrations = registrationsIn([base, controlPlane]);
  for (const name of args.workloads.keys()) {
    if (!registrations.some((r) => r.name === name)) {
      throw new UsageError(
        `--workload ${name}=…: there is no WorkloadRegistration named '${name}' in --base or --control-plane (known: ${registrations.map((r) => r.name).join(', ') || 'none'}).`,
      );
    }
  }
  const toFetch = registrations.filter((r) => !args.workloads.has(r.name));
  const fetched = await fetchWorkloadSources(toFetch, {
    allowLocal: args.allowLocalWorkloads ?? false,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const workloads: Source[] = [];
  for (const registration of registrations) {
    const dir = args.workloads.get(registration.name);
    workloads.push(
      dir !== undefined
        ? await readSourceDir(dir, { kind: 'workload', registration: registration.name })
        : fetched[toFetch.indexOf(registration)]!,
    );
  }
  return {
    sources: { environment: args.environment, base, controlPlane, workloads },
    problems: [],
    chain,
  };
}

/**
 * The sources read and rendered, with progress on the terminal. Without a promotion chain,
 * `--environment` is checked against the environments the sources name.
 */
export async function readAndRender(
  args: EnvironmentArgs,
  terminal: Terminal,
): Promise<RenderOutcome> {
  const { sources, chain } = await readEnvironmentSources(args, {
    onProgress: (p) => terminal.progress.update(cloneProgress(p)),
  });
  terminal.progress.update(renderProgress(args.environment));
  const outcome = renderEnvironment(sources);
  terminal.progress.clear();
  if (outcome.ok && chain === undefined)
    checkNamed(args.environment, outcome.rendered.view, outcome.rendered.assignments.length);
  return outcome;
}

/** The WorkloadRegistrations among some sources (problems are reported later by the full load). */
export function registrationsIn(sources: Source[]): WorkloadRegistration[] {
  const scratch = new ProblemList();
  const found = new Map<string, WorkloadRegistration>();
  for (const source of sources) {
    for (const object of loadSource(source, scratch).objects) {
      if (object.kind === 'WorkloadRegistration' && !found.has(object.name))
        found.set(object.name, object);
    }
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}
