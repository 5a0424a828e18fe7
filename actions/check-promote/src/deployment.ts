// The three modes of check-promote over the ports: wait for compliance and report it on the
// promoted commit, start the next environment, or mark the environment failed.
import {
  deployFailureStatus,
  deployedStatus,
  deployingStatus,
  deploymentUnknownStatus,
  environmentStatusContext,
  isDeploymentInProgress,
  resolveComplianceTarget,
  waitForCompliance,
  type Clock,
  type CommitStatusReader,
  type CommitStatusWriter,
  type ComplianceSource,
  type StatusText,
  type Reporter,
  type WorkflowDispatcher,
} from '@kalypso/core';
import {
  readGitOpsRepo,
  resolveNextEnvironment,
  type ControlPlaneRepository,
  type NextEnvironment,
} from './control-plane.ts';
import type { CheckPromoteInputs } from './inputs.ts';
import { notifyControlPlane, type GitOpsHistory } from './notify.ts';
import type { CheckPromoteReport } from './report.ts';

export interface DeploymentDependencies {
  readonly controlPlane: ControlPlaneRepository;
  /** `mode: notify` only: the GitOps repository where the workflow runs. */
  readonly gitops: () => GitOpsHistory;
  readonly statuses: CommitStatusWriter & CommitStatusReader;
  readonly dispatcher: WorkflowDispatcher;
  /** Built only when the mode waits, so the other modes need no Azure settings. */
  readonly complianceSource: () => ComplianceSource;
  readonly clock: Clock;
  readonly reporter: Reporter;
}

/** Runs the mode the inputs ask for, recording everything in `report`. */
export async function runMode(
  inputs: CheckPromoteInputs,
  deps: DeploymentDependencies,
  report: CheckPromoteReport,
): Promise<void> {
  const setStatus = statusSetter(inputs, deps, report);
  if (inputs.mode === 'notify') {
    await notifyControlPlane(inputs, { ...deps, gitops: deps.gitops() }, report);
    return;
  }
  if (inputs.mode === 'mark-failed') {
    report.state = 'failed';
    report.next = inputs.promotedCommit ? { kind: 'stopped' } : { kind: 'not-promotion' };
    if (inputs.promotedCommit && !(await deploymentInProgress(inputs, deps))) return;
    await setStatus(deployFailureStatus());
    return;
  }
  if (inputs.mode === 'promote-next') {
    report.state = 'succeeded';
    if (!inputs.promotedCommit) {
      deps.reporter.info('No promoted commit: this merge is not a promotion, nothing follows.');
      report.next = { kind: 'not-promotion' };
      return;
    }
    await startNext(inputs, deps, report, await nextOf(inputs, deps));
    return;
  }
  const phase = { waiting: false };
  try {
    await check(inputs, deps, report, phase);
  } catch (error) {
    // A run that fails before it set "Deploying" (inputs, the GitOpsRepo, the promotion chain)
    // leaves the statuses as they were. After it, the promotion's status must not stay pending:
    // `error` when the evidence could not be read, "Failed to deploy" otherwise (as in Kalypso).
    const settled = report.statuses.some((s) => s.state !== 'pending');
    if (inputs.promotedCommit && report.statuses.length > 0 && !settled) {
      const status = phase.waiting
        ? setStatus(deploymentUnknownStatus())
        : setStatus(deployFailureStatus());
      await status.catch((statusError: unknown) =>
        deps.reporter.warning(
          String(statusError instanceof Error ? statusError.message : statusError),
        ),
      );
    }
    report.next = inputs.promotedCommit ? { kind: 'stopped' } : { kind: 'not-promotion' };
    throw error;
  }
}

async function check(
  inputs: CheckPromoteInputs,
  deps: DeploymentDependencies,
  report: CheckPromoteReport,
  phase: { waiting: boolean },
): Promise<void> {
  const { reporter } = deps;
  const setStatus = statusSetter(inputs, deps, report);
  // Everything that can be misconfigured is read before the wait, so it fails in seconds.
  const { target, next } = await reporter.group(
    `Resolving what '${inputs.environment}' must deploy`,
    async () => {
      let { repositoryUrl, branch } = inputs.gitops;
      if (!repositoryUrl) {
        const gitOpsRepo = await readGitOpsRepo(deps.controlPlane, inputs.environment);
        repositoryUrl = gitOpsRepo.url;
        branch ??= gitOpsRepo.branch;
        reporter.info(
          `GitOps repository '${repositoryUrl}' branch '${branch}' (GitOpsRepo in '${gitOpsRepo.file}' on '${inputs.environment}').`,
        );
      }
      const resolved = resolveComplianceTarget({
        repositoryUrl,
        branch: branch ?? inputs.environment,
        commit: inputs.gitops.commit,
      });
      report.gitops = {
        url: repositoryUrl,
        branch: resolved.branch,
        commit: resolved.commit,
      };
      return {
        target: resolved,
        next: inputs.promotedCommit ? await nextOf(inputs, deps) : undefined,
      };
    },
  );
  await setStatus(deployingStatus());
  phase.waiting = true;
  const outcome = await reporter.group(
    `Waiting for '${inputs.environment}' to deploy ${target.commit.slice(0, 7)}`,
    () =>
      waitForCompliance({
        source: deps.complianceSource(),
        clock: deps.clock,
        reporter,
        target,
        timeoutSeconds: inputs.timeoutSeconds,
        pollIntervalSeconds: inputs.pollIntervalSeconds,
        gracePeriodSeconds: inputs.gracePeriodSeconds,
        allowEmpty: inputs.allowNoConfigurations,
      }),
  );
  phase.waiting = false;
  report.compliance = outcome;
  const state = outcome.verdict.status === 'waiting' ? 'timed-out' : outcome.verdict.status;
  report.state = state;
  if (!inputs.promotedCommit || !next) {
    reporter.info(
      'No promoted commit: this merge is not a promotion, so no status and no next environment.',
    );
    report.next = { kind: 'not-promotion' };
    return;
  }
  if (outcome.verdict.evidence === 'unavailable') {
    report.next = { kind: 'stopped' };
    await setStatus(deploymentUnknownStatus());
    return;
  }
  if (state !== 'succeeded') {
    report.next = { kind: 'stopped' };
    await setStatus(deployFailureStatus());
    return;
  }
  if (!inputs.dispatchNext) {
    // Deployed, but post-deployment steps still decide: pending until `promote-next` runs.
    report.next = { kind: 'held', environment: next.environment };
    await setStatus(deployedStatus(false));
    return;
  }
  await startNext(inputs, deps, report, next);
}

/** Dispatches CD for the next environment (first: it is the critical path), then marks Deployed. */
async function startNext(
  inputs: CheckPromoteInputs,
  deps: DeploymentDependencies,
  report: CheckPromoteReport,
  next: NextEnvironment,
): Promise<void> {
  const promoted = inputs.promotedCommit ?? '';
  if (next.environment) {
    const ref = await deps.controlPlane.defaultBranch();
    await deps.dispatcher.dispatch({
      workflow: inputs.cdWorkflow,
      ref,
      inputs: { environment: next.environment, promoted_commit_id: promoted },
    });
    deps.reporter.info(
      `Dispatched '${inputs.cdWorkflow}' on '${ref}' to promote ${promoted.slice(0, 7)} to '${next.environment}'.`,
    );
    report.next = {
      kind: 'dispatched',
      environment: next.environment,
      workflow: inputs.cdWorkflow,
    };
  } else {
    deps.reporter.info(
      `'${inputs.environment}' is the last environment: promotion of ${promoted.slice(0, 7)} complete.`,
    );
    report.next = { kind: 'complete' };
  }
  await statusSetter(inputs, deps, report)(deployedStatus(true));
}

function nextOf(inputs: CheckPromoteInputs, deps: DeploymentDependencies) {
  return resolveNextEnvironment(deps.controlPlane, {
    environment: inputs.environment,
    chainFile: inputs.promotionChainFile,
    fallback: inputs.nextEnvironment,
    reporter: deps.reporter,
  });
}

/**
 * `mark-failed` runs after any failed step (`if: failure()`), the check itself included. It marks
 * only a deployment in progress (pending "Deploying" or "Deployed"): a status the check already
 * settled (`error` without evidence, "Failed to deploy") or one it never touched (an input error
 * left "Promoted") stays as it is.
 */
async function deploymentInProgress(
  inputs: CheckPromoteInputs,
  deps: DeploymentDependencies,
): Promise<boolean> {
  const context = environmentStatusContext(inputs.environment);
  const latest = await deps.statuses.latestStatus(inputs.promotedCommit ?? '', context);
  const inProgress = isDeploymentInProgress(latest);
  if (!inProgress) {
    deps.reporter.info(
      `'${context}' on ${(inputs.promotedCommit ?? '').slice(0, 7)} is ${latest ? `${latest.state} '${latest.description}'` : 'not set'}, not a deployment in progress: left as it is.`,
    );
  }
  return inProgress;
}

/** Sets `<env> environment` on the promoted commit (nothing without one) and records it. */
function statusSetter(
  inputs: CheckPromoteInputs,
  deps: DeploymentDependencies,
  report: CheckPromoteReport,
): (status: StatusText) => Promise<void> {
  return async ({ state, description }) => {
    const sha = inputs.promotedCommit;
    if (!sha) return;
    const context = environmentStatusContext(inputs.environment);
    await deps.statuses.setStatus({
      sha,
      state,
      context,
      description,
      ...(report.runUrl ? { targetUrl: report.runUrl } : {}),
    });
    report.statuses.push({ state, description });
    deps.reporter.info(`Set '${context}' on ${sha.slice(0, 7)}: ${state}, ${description}.`);
  };
}
