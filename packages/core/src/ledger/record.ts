// Writing a deployment record, the one way every use case does it: a failure is a warning.
import { messageOf } from '../model/problem.ts';
import type { Reporter } from '../ports.ts';
import {
  isDeploymentInProgress,
  isSuperseded,
  isUndeployedPromotion,
  type StatusText,
} from '../status/vocabulary.ts';
import type { DeploymentRecord, DeploymentRecords, DeploymentRecordState } from './ports.ts';

/**
 * Records `record`; never throws. A failure is a warning in the log: the promotion's state is
 * already in its commit status, and a ledger that is down must not stop a promotion.
 */
export async function recordDeployment(
  records: DeploymentRecords,
  reporter: Reporter,
  record: DeploymentRecord,
): Promise<void> {
  try {
    await records.record(record);
  } catch (error) {
    reporter.warning(
      `Could not record ${record.promotedCommit.slice(0, 7)} in '${record.environment}' as ${record.state} (the commit status says it): ${messageOf(error)}`,
    );
  }
}

/** The record state an environment's commit status stands for. */
export function recordStateOf(status: StatusText): DeploymentRecordState {
  if (isUndeployedPromotion(status)) return 'queued';
  if (isDeploymentInProgress(status)) return 'in_progress';
  if (isSuperseded(status)) return 'inactive';
  if (status.state === 'pending') return 'queued';
  return status.state;
}
