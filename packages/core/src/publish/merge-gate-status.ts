// The merge gate's status on the GitOps pull request schedule opened or refreshed
// (docs/decisions/policy-merge-gate.md).
import type { CommitStatusWriter, Reporter } from '../ports.ts';
import { POLICY_STATUS_CONTEXT, type StatusText } from '../status/vocabulary.ts';
import type { PublishResult } from './publish-environment.ts';

/** What the gate needs of the schedule run (ScheduleEnvironmentRequest and its ports). */
export interface MergeGateRun {
  readonly environment: string;
  readonly dryRun: boolean;
  readonly runUrl?: string;
  readonly mergeGate?: (environment: string, commit: string) => Promise<StatusText | undefined>;
  readonly reporter: Reporter;
}

/**
 * Sets `kalypso/policy` on the head of the GitOps pull request this run opened or refreshed
 * (docs/decisions/policy-merge-gate.md). A failure is a warning naming the permission: without the
 * status, a branch protection that requires it keeps the merge button closed (fail-safe).
 */
export async function setMergeGate(
  run: MergeGateRun,
  statuses: CommitStatusWriter | undefined,
  result: PublishResult,
  promotedCommit: string | undefined,
): Promise<void> {
  const head = result.pullRequestHead;
  if (run.dryRun || !head || !promotedCommit || !run.mergeGate || !statuses) return;
  try {
    const status = await run.mergeGate(run.environment, promotedCommit);
    if (!status) return;
    await statuses.setStatus({
      sha: head,
      context: POLICY_STATUS_CONTEXT,
      ...status,
      ...(run.runUrl ? { targetUrl: run.runUrl } : {}),
    });
    run.reporter.info(
      `Set '${POLICY_STATUS_CONTEXT}' on the pull request head ${head.slice(0, 7)}: ${status.state}, ${status.description}.`,
    );
  } catch (error) {
    run.reporter.warning(
      `Could not set the merge gate '${POLICY_STATUS_CONTEXT}' on the GitOps pull request (the GitOps token needs 'statuses: write'): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
