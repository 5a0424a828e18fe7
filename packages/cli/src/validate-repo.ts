import {
  ControlPlaneError,
  type Problem,
  type Source,
  type WorkloadRegistration,
} from '@kalypso/core';
import { renderEnvironment } from '@kalypso/core/render';
import { closest } from './commands.ts';
import { registrationsIn } from './environment-input.ts';
import { readSourceDir, UsageError } from './fs-source.ts';
import { ControlPlaneRepo } from './repo-source.ts';
import { renderProgress } from './progress-messages.ts';
import { printable, type Progress } from './terminal.ts';
import { fetchWorkloadSource } from './workload-fetch.ts';

/** The verdict on one environment, as `kalypso validate` prints it (text or JSON). */
export interface EnvironmentVerdict {
  readonly environment: string;
  /** The environment branch's commit, when read from a clone. */
  readonly commit?: string;
  readonly valid: boolean;
  readonly assignments: number;
  readonly clusterTypes: number;
  readonly problems: readonly Problem[];
  /** What the original accepts but is probably a mistake (never makes it invalid). */
  readonly warnings: readonly Problem[];
}

export interface RepoVerdict {
  readonly main: string;
  /** Where the list of environments came from. */
  readonly from: string;
  readonly environments: readonly EnvironmentVerdict[];
}

/**
 * `kalypso validate --repo <clone> --all-environments`: renders every environment of a
 * control-plane clone from its git objects (main + each environment branch), with the workloads
 * given by --workload or read from their repositories once for all environments.
 */
export async function validateRepo(
  dir: string,
  workloadDirs: ReadonlyMap<string, string>,
  options: {
    readonly progress?: Progress;
    /** Told each environment's warnings as soon as it is rendered. */
    readonly warnings?: (warnings: readonly Problem[], environment: string) => void;
  } = {},
): Promise<RepoVerdict> {
  const progress = options.progress;
  const repo = await ControlPlaneRepo.open(dir);
  const mainRef = await repo.resolveBranch('main');
  if (!mainRef) throw new UsageError(`--repo '${dir}' has no branch 'main' (nor 'origin/main').`);
  const base = await repo.readSource(mainRef, 'main', { kind: 'base' });
  const { environments, from } = await repo.environments(mainRef);
  // Each registration's source, or the problems of reading it (an unreachable repository is
  // reported in every environment that registers it, and the others are still validated).
  const fetched = new Map<string, Source | readonly Problem[]>();
  const workloadOf = async (
    registration: WorkloadRegistration,
  ): Promise<Source | readonly Problem[]> => {
    const dirOrFile = workloadDirs.get(registration.name);
    const key = JSON.stringify([registration.name, registration.workload]);
    let source = fetched.get(key);
    if (!source) {
      if (dirOrFile === undefined)
        progress?.update(`Cloning ${printable(registration.workload.repo)}…`);
      source =
        dirOrFile !== undefined
          ? await readSourceDir(dirOrFile, { kind: 'workload', registration: registration.name })
          : await fetchWorkloadSource(registration).catch((error: unknown) => {
              if (error instanceof ControlPlaneError) return error.problems;
              throw error;
            });
      fetched.set(key, source);
    }
    return source;
  };
  const verdicts: EnvironmentVerdict[] = [];
  for (const environment of environments) {
    const ref = await repo.resolveBranch(environment);
    if (!ref) {
      verdicts.push({
        environment,
        valid: false,
        assignments: 0,
        clusterTypes: 0,
        problems: [
          {
            ...(from.startsWith('main:') ? { file: from } : {}),
            message: `environment '${environment}' has no branch in ${dir} (neither '${environment}' nor 'origin/${environment}'); fetch it or remove it from the chain.`,
          },
        ],
        warnings: [],
      });
      continue;
    }
    const controlPlane = await repo.readSource(ref, environment, { kind: 'environment' });
    const registrations = registrationsIn([base, controlPlane]);
    const workloads: Source[] = [];
    const unreadable: Problem[] = [];
    for (const registration of registrations) {
      const source = await workloadOf(registration);
      if (Array.isArray(source)) unreadable.push(...(source as readonly Problem[]));
      else workloads.push(source as Source);
    }
    const commit = await repo.commitOf(ref);
    if (unreadable.length > 0) {
      verdicts.push({ ...invalid(environment, unreadable), commit });
      continue;
    }
    progress?.update(renderProgress(environment));
    const outcome = renderEnvironment({ environment, base, controlPlane, workloads });
    progress?.clear();
    options.warnings?.(outcome.warnings, environment);
    verdicts.push(
      outcome.ok
        ? {
            environment,
            commit,
            valid: true,
            assignments: outcome.rendered.assignments.length,
            clusterTypes: outcome.rendered.view.clusterTypes.length,
            problems: [],
            warnings: outcome.warnings,
          }
        : { ...invalid(environment, outcome.problems), commit, warnings: outcome.warnings },
    );
  }
  progress?.clear();
  const registered = [...fetched.keys()].map((key) => (JSON.parse(key) as string[])[0]!);
  for (const name of workloadDirs.keys()) {
    if (!registered.includes(name)) {
      const guess = closest(name, registered);
      throw new UsageError(
        `--workload ${name}=…: no environment has a WorkloadRegistration named '${name}'.${guess ? ` Did you mean '${guess}'?` : ''}`,
      );
    }
  }
  return { main: await repo.commitOf(mainRef), from, environments: verdicts };
}

function invalid(environment: string, problems: readonly Problem[]): EnvironmentVerdict {
  return { environment, valid: false, assignments: 0, clusterTypes: 0, problems, warnings: [] };
}
