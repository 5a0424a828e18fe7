// The adapters of one preview run (previewPullRequest's ports): the pull request (REST), the
// control plane read over git (opened on first read), the pull request's comments and the
// workflow artifact that keeps the full diff.
import { LoadCache, type PreviewPorts, type Reporter } from '@kalypso/core';
import { createGitHubClient } from '../client.ts';
import { createPreviewArtifacts } from '../preview-artifact.ts';
import { createPreviewComments, readPullRequest } from '../pull-request-preview.ts';
import type { RunnerContext } from '../runner-context.ts';
import { controlPlaneSources, type ControlPlaneAccess } from './control-plane.ts';
import { workloadVisibility } from './workload-visibility.ts';

export function previewPorts(
  access: ControlPlaneAccess & { pullRequest: number },
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): PreviewPorts {
  const client = createGitHubClient({
    token: access.controlPlane.token,
    baseUrl: endpoints.apiUrl,
    reporter,
  });
  // One cache for the run: the reader parses some files to find registrations, the renders of
  // the base and the head parse every file; each file is parsed once.
  const loads = new LoadCache();
  return {
    pullRequest: { read: () => readPullRequest(client, access.repository, access.pullRequest) },
    sources: controlPlaneSources(
      access,
      endpoints,
      scratch,
      reporter,
      workloadVisibility(access.workloads, endpoints, reporter),
      loads,
    ),
    comments: createPreviewComments(client, access.repository, access.pullRequest),
    artifacts: createPreviewArtifacts(endpoints, scratch),
    reporter,
    loads,
  };
}
