// The adapters of one ci-gate run (validateMainCommit's ports).
import type { MainCommitPorts, Reporter } from '@kalypso/core';
import { createGitHubClient } from '../client.ts';
import { createWorkflowDispatcher } from '../dispatcher.ts';
import type { RunnerContext } from '../runner-context.ts';
import { createPromotionPolicy } from '../promotion-policy.ts';
import { createCommitStatusWriter } from '../statuses.ts';
import { controlPlaneSources, type ControlPlaneAccess } from './control-plane.ts';

export function ciGatePorts(
  access: ControlPlaneAccess,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): MainCommitPorts {
  const client = createGitHubClient({
    token: access.controlPlane.token,
    baseUrl: endpoints.apiUrl,
    reporter,
  });
  return {
    sources: controlPlaneSources(access, endpoints, scratch, reporter),
    statuses: createCommitStatusWriter(client, access.repository),
    dispatcher: createWorkflowDispatcher(client, access.repository),
    policy: createPromotionPolicy(),
    reporter,
  };
}
