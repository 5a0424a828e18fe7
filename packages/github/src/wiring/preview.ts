// The adapters of one preview run (previewPullRequest's dependencies): the pull request's facts,
// the control plane read over git, and the pull request's comments.
import type { PreviewDependencies, Reporter } from '@kalypso/core';
import { join } from 'node:path';
import { createGitHubClient } from '../client.ts';
import { ControlPlaneReader } from '../control-plane-sources.ts';
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
          return { head: read.environmentHead, sources: read.sources, problems: read.problems };
        },
      },
      comments: createPreviewComments(client, access.repository, pullRequest.number),
      reporter,
    },
  };
}
