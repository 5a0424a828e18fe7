// Where the actions record each state a promotion reaches. Today nowhere: the commit statuses are
// the record. A Deployments ledger (GitHub's deployments and deployment statuses, one deployment
// per promoted commit and environment) is the adapter that goes here (docs/architecture.md,
// "Where new things go").
import type { DeploymentRecords } from '@kalypso/core';

/** The records of every action: kept nowhere until a ledger is configured. */
export function createDeploymentRecords(): DeploymentRecords {
  return { record: () => Promise.resolve() };
}
