// Use case of the notify action, run by the GitOps repository on a push to an environment branch:
// decide whether the push promoted a control-plane commit (it changed the tracking file) and start
// the deployment check in the control-plane repository.
import { TRACKING_FILE } from '../gitops/tree.ts';
import type { Reporter, WorkflowDispatcher } from '../ports.ts';
import { promotedBy, type ControlPlaneRepository, type GitOpsHistory } from './control-plane.ts';
import { DispatchMismatchError, gitopsMismatches } from './verify-dispatch.ts';

export interface NotifyRequest {
  environment: string;
  /** The merged GitOps commit. */
  gitopsCommit: string;
  /** The GitOps branch the push went to; undefined: the environment's name. */
  gitopsBranch?: string;
  /** The control-plane workflow to dispatch (Kalypso's inputs `environment`, `commit_id`, `promoted_commit_id`). */
  checkWorkflow: string;
  /** Decide and report only: dispatch nothing. */
  dryRun: boolean;
}

export interface NotifyPorts {
  readonly gitops: GitOpsHistory;
  readonly controlPlane: ControlPlaneRepository;
  readonly dispatcher: WorkflowDispatcher;
  readonly reporter: Reporter;
}

export interface NotifyReport {
  environment: string;
  dryRun: boolean;
  gitops: { repository: string; branch: string; commit: string };
  /** The control-plane commit the push promoted; undefined for a merge that is not a promotion. */
  promotedCommit?: string;
  /** The workflow dispatched (or, in a dry run, the one that would be). */
  dispatched?: { workflow: string; repository: string; ref: string };
  error?: unknown;
}

/** The report a run starts from (also the one main reports when the inputs are wrong). */
export function newNotifyReport(
  request: Pick<NotifyRequest, 'environment' | 'dryRun' | 'gitopsBranch'>,
  gitops: { repository: string; commit: string },
): NotifyReport {
  return {
    environment: request.environment,
    dryRun: request.dryRun,
    gitops: {
      repository: gitops.repository,
      branch: request.gitopsBranch ?? request.environment,
      commit: gitops.commit,
    },
  };
}

/**
 * Decides whether the push promoted a commit and dispatches the check workflow. Never throws:
 * what stops the run is the report's `error`.
 */
export async function notifyControlPlane(
  request: NotifyRequest,
  ports: NotifyPorts,
): Promise<NotifyReport> {
  const commit = request.gitopsCommit;
  const report = newNotifyReport(request, { repository: ports.gitops.repository, commit });
  try {
    // The gate (docs/decisions/gate-checks.md): only a commit of the environment's branch starts
    // a deployment check; a pull-request head or another branch's commit is an input error.
    const branch = report.gitops.branch;
    const onBranch = await ports.gitops.isOnBranch(commit, branch);
    const problems = gitopsMismatches({
      promotedCommit: undefined,
      gitops: {
        repository: ports.gitops.repository,
        branch,
        commit,
        onBranch,
        trackedAtCommit: undefined,
        trackedAtHead: undefined,
      },
    });
    if (problems.length > 0) throw new DispatchMismatchError(problems);
    const promoted = await promotedBy(ports.gitops, commit);
    if (promoted) report.promotedCommit = promoted;
    ports.reporter.info(
      promoted
        ? `${commit.slice(0, 7)} promotes control-plane commit ${promoted.slice(0, 7)} to '${request.environment}' (${TRACKING_FILE} changed).`
        : `${commit.slice(0, 7)} is not a promotion (${TRACKING_FILE} unchanged): the check will only wait for the clusters.`,
    );
    const ref = await ports.controlPlane.defaultBranch();
    const where = `'${request.checkWorkflow}' on '${ref}' of '${ports.controlPlane.repository}'`;
    if (request.dryRun) {
      ports.reporter.info(`Dry run: would dispatch ${where}.`);
    } else {
      await ports.dispatcher.dispatch({
        workflow: request.checkWorkflow,
        ref,
        inputs: {
          environment: request.environment,
          commit_id: commit,
          promoted_commit_id: promoted,
        },
      });
      ports.reporter.info(`Dispatched ${where}.`);
    }
    report.dispatched = {
      workflow: request.checkWorkflow,
      repository: ports.controlPlane.repository,
      ref,
    };
  } catch (error) {
    report.error = error;
  }
  return report;
}
