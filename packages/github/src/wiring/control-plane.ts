// The control plane as the use cases read it: one ControlPlaneReader over a git workspace, opened
// on first use (so a run that stops before reading fetches nothing).
import type { ControlPlaneSources, LoadCache, Reporter, RepositoryVisibility } from '@kalypso/core';
import { join } from 'node:path';
import { createGitHubClient } from '../client.ts';
import {
  ControlPlaneReader,
  type Credentials,
  type WorkloadRepository,
} from '../control-plane-sources.ts';
import { GitWorkspace } from '../git.ts';
import type { RunnerContext } from '../runner-context.ts';
import type { VisibilityOf } from './workload-visibility.ts';

export interface ControlPlaneAccess {
  /** `owner/name` of the control-plane repository. */
  repository: string;
  /** Reads the control-plane repository (and BaseRepos on the same host). */
  controlPlane: Credentials;
  /** Reads WorkloadRegistration repositories. */
  workloads: Credentials;
}

export function controlPlaneSources(
  access: ControlPlaneAccess,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
  /** Also say how visible each workload repository is (the preview's reads). */
  visibilityOf?: VisibilityOf,
  /** Files the reader parses to find objects, shared with the run's renders (the preview's). */
  loads?: LoadCache,
): ControlPlaneSources {
  let reader: Promise<ControlPlaneReader> | undefined;
  const open = () =>
    (reader ??= GitWorkspace.create(join(scratch, 'control-plane'), {
      url: `${endpoints.serverUrl}/${access.repository}.git`,
      token: access.controlPlane.token,
      repository: access.repository,
      tokenInput: access.controlPlane.tokenInput,
    }).then(
      (controlPlane) =>
        new ControlPlaneReader({
          controlPlane,
          serverUrl: endpoints.serverUrl,
          workloads: access.workloads,
          // Workload repositories on this server are read over its API, with their token.
          workloadApi: createGitHubClient({
            token: access.workloads.token,
            baseUrl: endpoints.apiUrl,
            reporter,
            tokenInput: access.workloads.tokenInput,
            readOnly: true,
          }),
          scratch: join(scratch, 'sources'),
          reporter,
          ...(loads === undefined ? {} : { loads }),
        }),
    ));
  return {
    readCommit: async (commit) => (await open()).readCommit(commit),
    readEnvironment: async (environment, at = {}, options = {}) => {
      const reader = await open();
      const read = await reader.readEnvironment(
        environment,
        at.mainCommit,
        at.environmentCommit,
        // The visibility of each source is said of sources read whole.
        visibilityOf ? {} : options,
      );
      if (!visibilityOf) return read;
      // Asked on demand (the preview asks only of what its diff shows), once per repository.
      const repositories = new Map<string, WorkloadRepository | undefined>();
      for (const source of read.sources?.workloads ?? [])
        if (source.origin.kind === 'workload')
          repositories.set(source.origin.registration, reader.repositoryOf(source));
      return {
        ...read,
        visibilityOf: async (registration: string): Promise<RepositoryVisibility | undefined> =>
          repositories.has(registration) ? visibilityOf(repositories.get(registration)) : undefined,
      };
    },
    describeCommit: async (commit) => (await open()).describeCommit(commit),
    resolveBranches: async (environments) => (await open()).resolveBranches(environments),
    readGitOpsRepos: async (environments) => (await open()).gitOpsReposOf(environments),
  };
}
