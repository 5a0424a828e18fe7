// The adapters of one check-promote run (the deployment use cases' ports): the control-plane
// repository over REST, its statuses and dispatches, and the clusters' evidence, built only when
// a use case waits (so promote-next and mark-failed need no evidence settings).
import type { ComplianceSource, DeploymentPorts, Reporter } from '@kalypso/core';
import { createGitHubClient } from '../client.ts';
import { createDeploymentRecords } from '../deployment-records.ts';
import { chainReader } from '../promotion-chain.ts';
import { createWorkflowDispatcher } from '../dispatcher.ts';
import { createPromotionPolicy } from '../promotion-policy.ts';
import { createControlPlaneRepository } from '../repository-contents.ts';
import type { RunnerContext } from '../runner-context.ts';
import { createCommitStatusWriter } from '../statuses.ts';
import { systemClock } from '../system-clock.ts';

export interface CheckPromoteAccess {
  /** The control-plane repository, `owner/name`. */
  repository: string;
  /** Token for the control-plane repository (input `github-token`). */
  token: string;
  /** The clusters' evidence (input `evidence`): the adapter the action chose, built on first use. */
  evidence: (reporter: Reporter) => ComplianceSource;
}

export function checkPromotePorts(
  access: CheckPromoteAccess,
  endpoints: RunnerContext,
  _scratch: string,
  reporter: Reporter,
): DeploymentPorts {
  const client = createGitHubClient({ token: access.token, baseUrl: endpoints.apiUrl, reporter });
  return {
    controlPlane: createControlPlaneRepository(client, access.repository),
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
