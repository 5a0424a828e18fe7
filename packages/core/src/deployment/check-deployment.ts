// Use case `check`: wait until every Flux configuration watching the GitOps environment branch
// reports the merged commit as Compliant, report it on the promoted commit, and start the next
// environment (unless post-deployment steps follow).
import { redactUrlCredentials } from '../model/github-url.ts';
import {
  deployFailureStatus,
  deployedStatus,
  deployingStatus,
  deploymentUnknownStatus,
  environmentStatusContext,
  isDeploymentChecked,
  supersededStatus,
} from '../status/vocabulary.ts';
import { baseRepoFile, promotedCommitOf } from '../promotion/base-repo.ts';
import { readGitOpsRepo } from './control-plane.ts';
import { nextOf, startNext, statusSetter } from './deployment-steps.ts';
import { verifyCheckDispatch } from './verify-steps.ts';
import {
  newDeploymentReport,
  type DeploymentPorts,
  type DeploymentReport,
  type DeploymentRequest,
  type DeploymentState,
} from './deployment-report.ts';
import { resolveComplianceTarget } from '../compliance/target.ts';
import { waitForCompliance } from '../compliance/wait.ts';
import type { Verdict } from '../compliance/types.ts';
import {
  judgeFailures,
  THRESHOLD_DETAIL_LIMIT,
  thresholdsText,
  toleratesSoFar,
} from './failure-judgement.ts';
import { setThresholdStatus } from './threshold-status.ts';
import { actOnFailure } from './on-failure.ts';

export async function checkDeployment(
  request: DeploymentRequest,
  ports: DeploymentPorts,
): Promise<DeploymentReport> {
  const report = newDeploymentReport('check', request);
  const setStatus = statusSetter(request, ports, report);
  const phase = { waiting: false };
  try {
    await check(request, ports, report, phase);
  } catch (error) {
    // A run that fails before it set "Deploying" (inputs, the GitOpsRepo, the promotion chain)
    // leaves the statuses as they were. After it, the promotion's status must not stay pending:
    // `error` when the evidence could not be read, "Failed to deploy" otherwise (as in Kalypso).
    report.error = error;
    const settled = report.statuses.some((s) => s.state !== 'pending');
    if (request.promotedCommit && report.statuses.length > 0 && !settled) {
      const status = phase.waiting
        ? setStatus(deploymentUnknownStatus())
        : setStatus(deployFailureStatus());
      await status.catch((statusError: unknown) =>
        ports.reporter.warning(
          String(statusError instanceof Error ? statusError.message : statusError),
        ),
      );
    }
    report.next = request.promotedCommit ? { kind: 'stopped' } : { kind: 'not-promotion' };
  }
  return report;
}

async function check(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  report: DeploymentReport,
  phase: { waiting: boolean },
): Promise<void> {
  const { reporter } = ports;
  const setStatus = statusSetter(request, ports, report);
  // Everything that can be misconfigured is read before the wait, so it fails in seconds.
  const resolved = await reporter.group(
    `Resolving what '${request.environment}' must deploy`,
    async () => {
      let { repositoryUrl, branch } = request.gitops;
      let path: string | undefined;
      if (!repositoryUrl) {
        const gitOpsRepo = await readGitOpsRepo(ports.controlPlane, request.environment);
        repositoryUrl = gitOpsRepo.url;
        branch ??= gitOpsRepo.branch;
        path = gitOpsRepo.path;
        reporter.info(
          `GitOps repository '${redactUrlCredentials(repositoryUrl)}' branch '${branch}' (GitOpsRepo in '${gitOpsRepo.file}' on '${request.environment}').`,
        );
      }
      const resolved = resolveComplianceTarget({
        repositoryUrl,
        branch: branch ?? request.environment,
        commit: request.gitops.commit,
      });
      report.gitops = {
        url: repositoryUrl,
        branch: resolved.branch,
        commit: resolved.commit,
        ...(path ? { path } : {}),
      };
      // The gate: the dispatch's two commits against the repositories, before any status.
      if (!(await verifyCheckDispatch(request, ports, report, repositoryUrl, resolved.branch)))
        return undefined;
      return {
        target: resolved,
        next: request.promotedCommit ? await nextOf(request, ports, report) : undefined,
      };
    },
  );
  if (!resolved) return;
  const { target, next } = resolved;
  // The thresholds are read once, before the wait: a percentage is resolved over the clusters of
  // this check (docs/decisions/failure-thresholds-in-check-promote.md).
  const thresholds = next?.policy?.failures;
  const gitopsPath = report.gitops?.path;
  if (thresholds)
    reporter.info(
      `Failure thresholds of '${request.environment}': ${thresholdsText(thresholds)} (${request.promotionChainFile}).`,
    );
  await setStatus(deployingStatus());
  phase.waiting = true;
  const outcome = await reporter.group(
    `Waiting for '${request.environment}' to deploy ${target.commit.slice(0, 7)}`,
    () =>
      waitForCompliance({
        source: ports.complianceSource(),
        clock: ports.clock,
        reporter,
        target,
        timeoutSeconds: request.timeoutSeconds,
        pollIntervalSeconds: request.pollIntervalSeconds,
        gracePeriodSeconds: request.gracePeriodSeconds,
        allowEmpty: request.allowNoConfigurations,
        ...(request.promotedCommit ? { supersededBy: newerPromotion(request, ports) } : {}),
        ...(thresholds
          ? {
              tolerates: (verdict: Verdict) => toleratesSoFar(verdict, thresholds, gitopsPath),
              detailLimit: THRESHOLD_DETAIL_LIMIT,
            }
          : {}),
      }),
  );
  phase.waiting = false;
  report.compliance = outcome;
  if (outcome.supersededBy) {
    // Not a deployment failure: the newer promotion's own run checks what the clusters run.
    report.state = 'superseded';
    report.supersededBy = outcome.supersededBy;
    report.next = { kind: 'stopped' };
    await setStatus(supersededStatus(outcome.supersededBy));
    return;
  }
  let state: DeploymentState =
    outcome.verdict.status === 'waiting' ? 'timed-out' : outcome.verdict.status;
  if (thresholds && outcome.verdict.evidence !== 'unavailable') {
    // A wait that ended on a failed verdict ended early (too many failures already): the
    // clusters still deploying are not failures. At the timeout they are.
    const moment = outcome.verdict.status === 'timed-out' ? 'final' : 'during';
    const result = judgeFailures(outcome.verdict, thresholds, moment, gitopsPath);
    report.failures = { thresholds, result };
    reporter.info(
      result.verdict === 'deployed'
        ? `Failure thresholds: ${result.summary}${result.tolerated.length > 0 ? `; tolerated: ${result.tolerated.map((c) => c.cluster).join(', ')}` : ''}.`
        : `Failure thresholds exceeded: ${result.reasons.join('; ')}.`,
    );
    state = result.verdict === 'deployed' ? 'succeeded' : state === 'succeeded' ? 'failed' : state;
  }
  report.state = state;
  if (!request.promotedCommit || !next) {
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
    await setThresholdStatus(request, ports, report);
    const policy = next.policy?.onFailure ?? 'none';
    if (policy !== 'none' && report.gitops) {
      const onFailure = await actOnFailure(
        {
          environment: request.environment,
          policy,
          failedCommit: request.promotedCommit,
          why:
            report.failures?.result.verdict === 'failed'
              ? `failure thresholds exceeded: ${report.failures.result.reasons.join('; ')}`
              : outcome.verdict.summary,
          gitops: report.gitops,
          ...(request.runUrl ? { runUrl: request.runUrl } : {}),
          dryRun: request.dryRun,
        },
        { ...ports.failureActions, clock: ports.clock, reporter },
      );
      if (onFailure) report.onFailure = onFailure;
    }
    return;
  }
  if (!request.dispatchNext) {
    // Deployed, but post-deployment steps still decide: pending until `promote-next` runs.
    report.next = { kind: 'awaiting-steps', environment: next.environment };
    await setStatus(deployedStatus(false));
    await setThresholdStatus(request, ports, report);
    return;
  }
  await startNext(request, ports, report, next);
  await setThresholdStatus(request, ports, report);
}

/**
 * The newer promotion that replaced this one: the environment branch's BaseRepo names another
 * commit, and check-promote has set its status — so its GitOps pull request was merged after
 * ours, the GitOps branch has moved past our commit, and Flux will skip to the newer one. Two
 * control-plane reads at most per call; a newer promotion whose merge is not checked yet (still
 * "Promoted") is asked again on a later poll.
 */
function newerPromotion(
  request: DeploymentRequest,
  ports: DeploymentPorts,
): () => Promise<string | undefined> {
  const context = environmentStatusContext(request.environment);
  return async () => {
    const text = await ports.controlPlane.readFile(baseRepoFile, request.environment);
    const current = text === undefined ? undefined : promotedCommitOf(text);
    if (!current || current === request.promotedCommit) return undefined;
    return isDeploymentChecked(await ports.statuses.latestStatus(current, context))
      ? current
      : undefined;
  };
}
