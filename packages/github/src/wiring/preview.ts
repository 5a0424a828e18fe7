// The adapters of one preview run (previewPullRequest's dependencies): the pull request's facts,
// the control plane read over git, and the pull request's comments.
import type { PreviewDependencies, Reporter, RepositoryVisibility } from '@kalypso/core';
import { join } from 'node:path';
import { createGitHubClient } from '../client.ts';
import { ControlPlaneReader, type WorkloadRepository } from '../control-plane-sources.ts';
import { GitWorkspace } from '../git.ts';
import {
  createPreviewComments,
  readPullRequest,
  type PullRequestFacts,
} from '../pull-request-preview.ts';
import type { RunnerContext } from '../runner-context.ts';
import type { ControlPlaneAccess } from './control-plane.ts';

export async function previewPorts(
  access: ControlPlaneAccess & { pullRequest: number },
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): Promise<{ pullRequest: PullRequestFacts; ports: PreviewDependencies }> {
  const client = createGitHubClient({
    token: access.controlPlane.token,
    baseUrl: endpoints.apiUrl,
    reporter,
  });
  const pullRequest = await readPullRequest(client, access.repository, access.pullRequest);
  const controlPlane = await GitWorkspace.create(join(scratch, 'control-plane'), {
    url: `${endpoints.serverUrl}/${access.repository}.git`,
    token: access.controlPlane.token,
    repository: access.repository,
    tokenInput: access.controlPlane.tokenInput,
  });
  // Whether a workload repository is public, asked once per repository with the token that reads
  // it: a preview shows only what every reader of the pull request may read.
  const workloadClient = createGitHubClient({
    token: access.workloads.token,
    baseUrl: endpoints.apiUrl,
    reporter,
    tokenInput: access.workloads.tokenInput,
  });
  const visibilities = new Map<string, Promise<RepositoryVisibility>>();
  const visibilityOf = (found: WorkloadRepository | undefined): Promise<RepositoryVisibility> => {
    if (!found) return Promise.resolve('unknown');
    // Read without a token (another host): anyone can read it.
    if (found.anonymous) return Promise.resolve('public');
    const { owner, name, fullName } = found.repository;
    let known = visibilities.get(fullName);
    if (!known) {
      known = workloadClient.octokit.rest.repos.get({ owner, repo: name }).then(
        ({ data }) => (data.private === false ? 'public' : 'private'),
        () => 'unknown' as const,
      );
      visibilities.set(fullName, known);
    }
    return known;
  };
  const reader = new ControlPlaneReader({
    controlPlane,
    serverUrl: endpoints.serverUrl,
    workloads: access.workloads,
    scratch: join(scratch, 'sources'),
    reporter,
  });
  return {
    pullRequest,
    ports: {
      sources: {
        readTree: (commit) => reader.readCommit(commit),
        resolveBranches: (environments) => reader.resolveBranches(environments),
        readEnvironment: async (environment, at) => {
          const read = await reader.readEnvironment(
            environment,
            at.mainCommit,
            at.environmentCommit,
          );
          const visibility: Record<string, RepositoryVisibility> = {};
          for (const source of read.sources?.workloads ?? []) {
            if (source.origin.kind !== 'workload') continue;
            visibility[source.origin.registration] = await visibilityOf(
              reader.repositoryOf(source),
            );
          }
          return {
            head: read.environmentHead,
            sources: read.sources,
            problems: read.problems,
            visibility,
          };
        },
      },
      comments: createPreviewComments(client, access.repository, pullRequest.number),
      reporter,
    },
  };
}
