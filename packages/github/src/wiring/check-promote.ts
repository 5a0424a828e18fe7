// The adapters of one check-promote run (the deployment use cases' ports): the control-plane
// repository over REST, its statuses and dispatches, and the clusters' evidence, built only when
// a use case waits (so promote-next and mark-failed need no evidence settings).
import {
  parseGitHubRepositoryUrl,
  tokenOrigin,
  UserError,
  type ComplianceSource,
  type DeploymentPorts,
  type GitOpsHistory,
  type Reporter,
} from '@kalypso/core';
import { createGitHubClient } from '../client.ts';
import { createDeploymentRecords } from '../deployment-records.ts';
import { chainReader } from '../promotion-chain.ts';
import { createWorkflowDispatcher } from '../dispatcher.ts';
import { createPromotionPolicy } from '../promotion-policy.ts';
import { createControlPlaneRepository, createGitOpsHistory } from '../repository-contents.ts';
import type { RunnerContext } from '../runner-context.ts';
import { createCommitStatusWriter } from '../statuses.ts';
import { systemClock } from '../system-clock.ts';
import { createDeploymentLedger } from '../deployment-ledger.ts';
import { createEnvironmentLocks } from '../environment-locks.ts';
import { createRevertProposer } from '../gitops-revert.ts';

export interface CheckPromoteAccess {
  /** The control-plane repository, `owner/name`. */
  repository: string;
  /** Token for the control-plane repository (input `github-token`). */
  token: string;
  /**
   * Token that reads the GitOps repository (input `gitops-token`); empty: `token`, which reads a
   * public repository (docs/decisions/gate-checks.md).
   */
  gitopsToken?: string;
  /** The clusters' evidence (input `evidence`): the adapter the action chose, built on first use. */
  evidence: (reporter: Reporter) => ComplianceSource;
}

export function checkPromotePorts(
  access: CheckPromoteAccess,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): DeploymentPorts {
  const client = createGitHubClient({ token: access.token, baseUrl: endpoints.apiUrl, reporter });
  return {
    failureActions: {
      locks: createEnvironmentLocks(client, access.repository),
      ledger: createDeploymentLedger(client, access.repository),
      revert: {
        propose: (request) => {
          const repository = sameServerRepository(request.repositoryUrl, endpoints);
          const gitopsToken = access.gitopsToken ?? '';
          return createRevertProposer({
            repository,
            token: gitopsToken === '' ? access.token : gitopsToken,
            tokenInput: gitopsToken === '' ? 'github-token' : 'gitops-token',
            apiUrl: endpoints.apiUrl,
            serverUrl: endpoints.serverUrl,
            scratch,
            reporter,
          }).propose(request);
        },
      },
    },
    controlPlane: createControlPlaneRepository(client, access.repository),
    gitopsHistory: (url) => gitopsHistory(url, access, endpoints, reporter),
    statuses: createCommitStatusWriter(client, access.repository),
    dispatcher: createWorkflowDispatcher(client, access.repository),
    complianceSource: () => access.evidence(reporter),
    policy: createPromotionPolicy(),
    records: createDeploymentRecords(client, access.repository, {
      serverUrl: endpoints.serverUrl,
      chain: chainReader(client, access.repository),
    }),
    clock: systemClock,
    reporter,
  };
}

/**
 * The GitOps repository's history, read over REST on this GitHub only: its tokens go to no other
 * host, and a repository elsewhere cannot be verified, so the check refuses it.
 */
function gitopsHistory(
  url: string,
  access: CheckPromoteAccess,
  endpoints: RunnerContext,
  reporter: Reporter,
): GitOpsHistory {
  const repository = sameServerRepository(url, endpoints);
  const gitopsToken = access.gitopsToken ?? '';
  const client = createGitHubClient({
    token: gitopsToken === '' ? access.token : gitopsToken,
    baseUrl: endpoints.apiUrl,
    reporter,
    tokenInput: gitopsToken === '' ? 'github-token' : 'gitops-token',
  });
  return createGitOpsHistory(client, repository);
}

/** `owner/name` of a GitOps repository on this GitHub; a repository elsewhere gets no token. */
function sameServerRepository(url: string, endpoints: RunnerContext): string {
  const repository = parseGitHubRepositoryUrl(url);
  const origin = tokenOrigin(url, endpoints.serverUrl);
  if (!repository || origin.kind !== 'same') {
    throw new UserError(
      `The GitOps repository '${url}' is not a repository on ${endpoints.serverUrl}: check-promote verifies the GitOps commit there (docs/decisions/gate-checks.md). Set 'spec.repo' of the GitOpsRepo (or 'gitops-repository') to its URL on this GitHub.`,
    );
  }
  return repository.fullName;
}
