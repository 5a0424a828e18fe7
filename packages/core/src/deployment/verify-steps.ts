// The gate's steps in the deployment use cases (docs/decisions/gate-checks.md): read the facts,
// judge them (verify-dispatch.ts), and act on the verdict before anything else is set. A mismatch
// throws a DispatchMismatchError before any status (the use case leaves every status as it was);
// a replay and a superseded promotion end the run here, with the report saying so.
import { environmentStatusContext, supersededStatus } from '../status/vocabulary.ts';
import { statusSetter } from './deployment-steps.ts';
import type { DeploymentPorts, DeploymentReport, DeploymentRequest } from './deployment-report.ts';
import {
  DispatchMismatchError,
  currentPromotion,
  judgeDeploymentDispatch,
  judgePromoteNext,
  readDispatchFacts,
  type DispatchVerdict,
} from './verify-dispatch.ts';

const short = (sha: string) => sha.slice(0, 7);

/**
 * `mode: check`: true when the run goes on to wait; false when it ended here (a replay of a
 * deployed promotion, or a superseded one). Throws DispatchMismatchError on a mismatch.
 */
export async function verifyCheckDispatch(
  request: DeploymentRequest,
  ports: DeploymentPorts,
  report: DeploymentReport,
  repositoryUrl: string,
  branch: string,
): Promise<boolean> {
  const gitops = ports.gitopsHistory(repositoryUrl);
  const facts = await readDispatchFacts(
    {
      environment: request.environment,
      promotedCommit: request.promotedCommit,
      gitops: { branch, commit: request.gitops.commit },
    },
    { controlPlane: ports.controlPlane, statuses: ports.statuses, gitops },
  );
  const verdict = judgeDeploymentDispatch(facts);
  report.verified = verdict.kind;
  if (verdict.kind === 'proceed') {
    ports.reporter.info(
      request.promotedCommit
        ? `Verified: GitOps commit ${short(request.gitops.commit)} is on branch ${branch} of ${gitops.repository} and promotes ${short(request.promotedCommit)}, which ${facts.baseRepoNames === request.promotedCommit ? 'is' : 'was'} the promotion of '${request.environment}'.`
        : `Verified: GitOps commit ${short(request.gitops.commit)} is on branch ${branch} of ${gitops.repository}.`,
    );
    return true;
  }
  return settle(verdict, request, ports, report);
}

/** `mode: promote-next`: true when the next environment may start. */
export async function verifyPromoteNext(
  request: DeploymentRequest & { promotedCommit: string },
  ports: DeploymentPorts,
  report: DeploymentReport,
): Promise<boolean> {
  const [baseRepoNames, latest] = await Promise.all([
    currentPromotion(ports.controlPlane, request.environment),
    ports.statuses.latestStatus(
      request.promotedCommit,
      environmentStatusContext(request.environment),
    ),
  ]);
  const verdict = judgePromoteNext({
    environment: request.environment,
    controlPlane: ports.controlPlane.repository,
    promotedCommit: request.promotedCommit,
    baseRepoNames,
    latest,
  });
  report.verified = verdict.kind;
  return verdict.kind === 'proceed' ? true : settle(verdict, request, ports, report);
}

async function settle(
  verdict: Exclude<DispatchVerdict, { kind: 'proceed' }>,
  request: DeploymentRequest,
  ports: DeploymentPorts,
  report: DeploymentReport,
): Promise<false> {
  const promoted = short(request.promotedCommit ?? '');
  switch (verdict.kind) {
    case 'mismatch':
      throw new DispatchMismatchError(verdict.problems);
    case 'already-deployed':
      report.state = 'succeeded';
      report.next = {
        kind: 'already-deployed',
        ...(verdict.supersededBy ? { supersededBy: verdict.supersededBy } : {}),
      };
      ports.reporter.info(
        `${promoted} is already Deployed in '${request.environment}': a replay sets no status and starts nothing.`,
      );
      return false;
    case 'superseded':
      report.state = 'superseded';
      report.supersededBy = verdict.by;
      report.next = { kind: 'stopped' };
      ports.reporter.info(
        `${promoted} was replaced in '${request.environment}' by ${short(verdict.by)}, and the GitOps branch has moved on: nothing to check, nothing to start.`,
      );
      if (!verdict.statusSet)
        await statusSetter(request, ports, report)(supersededStatus(verdict.by));
      return false;
  }
}
