// What a failed deployment check does next, when the environment's policy says so
// (`onFailure: hold | revert`, docs/decisions/auto-revert.md): a lock on the environment branch so
// the next promotion is held, and with `revert` one reviewed pull request in the GitOps
// repository that puts back the last successful deployment's GitOps tree.
import type { DeploymentLedger, LedgerEntry } from '../ledger/ledger.ts';
import { text } from '../markdown/markdown.ts';
import { parseGitHubRepositoryUrl } from '../model/github-url.ts';
import { messageOf } from '../model/problem.ts';
import { addLock, readLockFile, LOCKS_PATH } from '../policy/locks.ts';
import type { OnFailure } from '../policy/types.ts';
import type { Clock, Reporter } from '../ports.ts';

/** Port: the locks file of an environment branch of the control-plane repository. */
export interface EnvironmentLocks {
  /** The text of `.kalypso/locks.yaml` on the branch, or undefined when there is none. */
  read(environment: string): Promise<string | undefined>;
  /** Writes it as one commit with `message` (which carries the lock trailers). */
  write(environment: string, text: string, message: string): Promise<void>;
}

/** What the revert pull request must restore. */
export interface RevertRequest {
  readonly environment: string;
  /** GitOps repository URL and the environment's GitOps branch (the pull request's base). */
  readonly repositoryUrl: string;
  readonly branch: string;
  /** The GitOps commit whose tree goes back (the last successful deployment's). */
  readonly restore: string;
  /** The promoted main commit that failed, and the one that goes back. */
  readonly failedCommit: string;
  readonly restoredCommit: string;
  readonly title: string;
  readonly body: string;
  readonly labels: readonly string[];
}

export interface RevertPullRequest {
  readonly number: number;
  readonly url: string;
  /** False when this run found its revert pull request open already (a re-run) and refreshed it. */
  readonly created: boolean;
}

/** Port: opens (or refreshes) the one revert pull request of an environment in the GitOps repository. */
export interface RevertProposer {
  propose(request: RevertRequest): Promise<RevertPullRequest>;
}

/** The ports `onFailure` acts through (DeploymentPorts.failureActions). */
export interface FailureActionPorts {
  readonly locks: EnvironmentLocks;
  /** The Deployments ledger: the last successful deployment of the environment. */
  readonly ledger: DeploymentLedger;
  readonly revert: RevertProposer;
}

export interface OnFailurePorts extends FailureActionPorts {
  readonly clock: Clock;
  readonly reporter: Reporter;
}

/** Label of every revert pull request (besides the GitOps pull requests' usual ones). */
export const REVERT_LABEL = 'revert';
/** The branch of an environment's revert pull request in the GitOps repository. */
export const revertBranch = (environment: string) => `kalypso/revert/${environment}`;
/** Who the auto-hold lock names as its author. */
export const AUTO_HOLD_AUTHOR = 'kalypso-check-promote';

/** `auto-hold after failed promotion of 1a2b3c4`: the reason of the lock a failure adds. */
export function autoHoldReason(failedCommit: string): string {
  return `auto-hold after failed promotion of ${failedCommit.slice(0, 7)}`;
}

/** What the policy's `onFailure` did (for the summary and the log). */
export interface OnFailureReport {
  readonly policy: OnFailure;
  /** The lock added to the environment branch, or why it could not be. */
  readonly hold?: { readonly reason: string } | { readonly error: string };
  /** The revert pull request, or why there is none. */
  readonly revert?:
    | ({
        readonly restoredCommit: string;
        readonly gitopsCommit: string;
      } & RevertPullRequest)
    | { readonly skipped: string }
    | { readonly error: string };
}

export interface OnFailureRequest {
  readonly environment: string;
  readonly policy: OnFailure;
  readonly failedCommit: string;
  /** Why the check failed, one line, for the pull request. */
  readonly why: string;
  /** Where the failed deployment ran (the GitOps repository and branch of this check). */
  readonly gitops: { readonly url: string; readonly branch: string; readonly commit: string };
  readonly runUrl?: string;
  readonly dryRun: boolean;
}

/**
 * Applies `onFailure` after a failed check (never after "no evidence"): adds the auto-hold lock
 * (`hold` and `revert`), then, with `revert`, proposes the last successful deployment's GitOps
 * tree. Each step that fails is reported and the other still runs; nothing throws (the run fails
 * anyway, with the deployment's failure).
 */
export async function actOnFailure(
  request: OnFailureRequest,
  ports: OnFailurePorts,
): Promise<OnFailureReport | undefined> {
  if (request.policy === 'none') return undefined;
  const { reporter } = ports;
  const reason = autoHoldReason(request.failedCommit);
  let hold: OnFailureReport['hold'];
  try {
    if (request.dryRun) reporter.info(`Dry run: would lock '${request.environment}': ${reason}.`);
    else {
      const change = addLock(
        readLockFile(await ports.locks.read(request.environment), LOCKS_PATH),
        {
          environment: request.environment,
          scope: { type: 'environment' },
          reason,
          by: AUTO_HOLD_AUTHOR,
          since: new Date(ports.clock.now()),
        },
      );
      await ports.locks.write(request.environment, change.text, change.message);
      reporter.info(
        `Locked '${request.environment}' (${LOCKS_PATH}): ${reason}. Promotions into it are held until it is unlocked.`,
      );
    }
    hold = { reason };
  } catch (error) {
    hold = { error: messageOf(error) };
    reporter.warning(
      `Could not lock '${request.environment}' after the failure: ${messageOf(error)}`,
    );
  }
  if (request.policy !== 'revert') return { policy: request.policy, hold };
  return { policy: request.policy, hold, revert: await proposeRevert(request, ports) };
}

async function proposeRevert(
  request: OnFailureRequest,
  ports: OnFailurePorts,
): Promise<NonNullable<OnFailureReport['revert']>> {
  const { reporter } = ports;
  try {
    const good = await ports.ledger.lastSuccessful(request.environment, request.failedCommit);
    const skipped = whyNoRevert(good, request);
    if (skipped || !good?.payload.gitopsCommit) {
      const text = skipped ?? 'no GitOps commit recorded';
      reporter.warning(`No revert pull request for '${request.environment}': ${text}.`);
      return { skipped: text };
    }
    const restore = good.payload.gitopsCommit;
    const revertRequest: RevertRequest = {
      environment: request.environment,
      repositoryUrl: request.gitops.url,
      branch: request.gitops.branch,
      restore,
      failedCommit: request.failedCommit,
      restoredCommit: good.commit,
      title: `Revert ${request.environment} to ${good.commit.slice(0, 7)} (failed: ${request.failedCommit.slice(0, 7)})`,
      body: revertBody(request, good, restore),
      labels: [REVERT_LABEL],
    };
    if (request.dryRun) {
      reporter.info(
        `Dry run: would propose reverting '${request.gitops.branch}' to the tree of ${restore.slice(0, 7)}.`,
      );
      return { skipped: 'dry run' };
    }
    const pr = await ports.revert.propose(revertRequest);
    reporter.info(
      `${pr.created ? 'Opened' : 'Refreshed'} revert pull request #${pr.number} (${pr.url}): '${request.gitops.branch}' back to the GitOps tree of ${restore.slice(0, 7)} (${good.commit.slice(0, 7)}).`,
    );
    return { ...pr, restoredCommit: good.commit, gitopsCommit: restore };
  } catch (error) {
    reporter.warning(
      `Could not propose a revert for '${request.environment}': ${messageOf(error)}`,
    );
    return { error: messageOf(error) };
  }
}

function whyNoRevert(good: LedgerEntry | undefined, request: OnFailureRequest): string | undefined {
  if (!good)
    return `the Deployments ledger has no earlier successful deployment of '${request.environment}'`;
  if (!good.payload.gitopsCommit)
    return `the last successful deployment (${good.commit.slice(0, 7)}) recorded no GitOps commit`;
  // The ledger names the repository `owner/name` (docs/decisions/deployments-ledger.md).
  const recorded = good.payload.gitopsRepository?.toLowerCase();
  const here = request.gitops.url
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
  const sameRepository =
    recorded === undefined ||
    recorded === here ||
    recorded === parseGitHubRepositoryUrl(request.gitops.url)?.fullName.toLowerCase();
  const sameBranch = (good.payload.gitopsBranch ?? request.gitops.branch) === request.gitops.branch;
  if (!sameRepository || !sameBranch)
    return `the last successful deployment (${good.commit.slice(0, 7)}) ran from another GitOps repository or branch`;
  if (good.payload.gitopsCommit === request.gitops.commit)
    return `the last successful deployment ran this same GitOps commit`;
  return undefined;
}

function revertBody(request: OnFailureRequest, good: LedgerEntry, restore: string): string {
  const env = request.environment;
  return [
    `Puts \`${request.gitops.branch}\` back to what \`${env}\` last ran successfully: the GitOps tree of \`${restore}\`, which deployed control-plane commit \`${good.commit}\`${good.succeededAt ? ` (Deployed ${good.succeededAt})` : ''}.`,
    '',
    `**Why:** the deployment check of \`${request.failedCommit}\` in \`${env}\` failed${request.runUrl ? ` ([run](${request.runUrl}))` : ''}: ${text(request.why)}`,
    '',
    `The environment's promotion policy says \`onFailure: revert\`, so check-promote proposed this pull request; nothing was pushed to \`${request.gitops.branch}\`. Review and merge it to roll back, or close it to keep the current state.`,
    '',
    `\`${env}\` is locked ("${autoHoldReason(request.failedCommit)}"), so the next promotion does not retry at once: remove the lock (\`kalypso unlock\`) once the cause is fixed.`,
  ].join('\n');
}
