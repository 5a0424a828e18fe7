// Whether a workload repository is public, asked once per repository with the token that reads
// it: a preview shows only what every reader of the pull request may read
// (docs/decisions/inert-output.md).
import type { Reporter, RepositoryVisibility } from '@kalypso/core';
import { createGitHubClient } from '../client.ts';
import type { WorkloadRepository } from '../control-plane-sources.ts';
import type { RunnerContext } from '../runner-context.ts';
import type { Credentials } from '../control-plane-sources.ts';

export type VisibilityOf = (found: WorkloadRepository | undefined) => Promise<RepositoryVisibility>;

export function workloadVisibility(
  workloads: Credentials,
  endpoints: RunnerContext,
  reporter: Reporter,
): VisibilityOf {
  const client = createGitHubClient({
    token: workloads.token,
    baseUrl: endpoints.apiUrl,
    reporter,
    tokenInput: workloads.tokenInput,
  });
  const known = new Map<string, Promise<RepositoryVisibility>>();
  return (found) => {
    if (!found) return Promise.resolve('unknown');
    // Read without a token (another host): anyone can read it.
    if (found.anonymous) return Promise.resolve('public');
    const { owner, name, fullName } = found.repository;
    let visibility = known.get(fullName);
    if (!visibility) {
      visibility = client.octokit.rest.repos.get({ owner, repo: name }).then(
        ({ data }) => (data.private === false ? 'public' : 'private'),
        () => 'unknown' as const,
      );
      known.set(fullName, visibility);
    }
    return visibility;
  };
}
