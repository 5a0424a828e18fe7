// Wires the adapters to one preview run: the pull request, the control plane over git, comments.
import { previewPullRequest, type PreviewReport, type Reporter } from '@kalypso/core';
import {
  ControlPlaneReader,
  GitWorkspace,
  createGitHubClient,
  createPreviewComments,
  readPullRequest,
  type RunnerContext,
} from '@kalypso/github';
import { join } from 'node:path';
import type { PreviewInputs } from './inputs.ts';

export async function preview(
  inputs: PreviewInputs,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): Promise<PreviewReport> {
  const client = createGitHubClient({ token: inputs.token, baseUrl: endpoints.apiUrl, reporter });
  const pullRequest = await readPullRequest(client, inputs.repository, inputs.pullRequest);
  const controlPlane = await GitWorkspace.create(join(scratch, 'control-plane'), {
    url: `${endpoints.serverUrl}/${inputs.repository}.git`,
    token: inputs.token,
    repository: inputs.repository,
    tokenInput: 'github-token',
  });
  const reader = new ControlPlaneReader({
    controlPlane,
    serverUrl: endpoints.serverUrl,
    workloads: { token: inputs.workloadToken.token, tokenInput: inputs.workloadToken.input },
    scratch: join(scratch, 'sources'),
    reporter,
  });
  return previewPullRequest(
    {
      pullRequest,
      mainBranch: inputs.mainBranch,
      promotionChainFile: inputs.promotionChainFile,
      allowRemovalLabel: inputs.allowRemovalLabel,
      comment: inputs.comment,
      links: {
        serverUrl: endpoints.serverUrl,
        repository: inputs.repository,
        runUrl: endpoints.runUrl ?? '',
      },
    },
    {
      sources: {
        readTree: (commit) => reader.readCommit(commit),
        readEnvironment: async (environment, at) => {
          const read = await reader.readEnvironment(
            environment,
            at.mainCommit,
            at.environmentCommit,
          );
          return { head: read.environmentHead, sources: read.sources, problems: read.problems };
        },
      },
      comments: createPreviewComments(client, inputs.repository, pullRequest.number),
      reporter,
    },
  );
}
