// The sweeper's refresh of the merge gate (docs/decisions/policy-merge-gate.md): at every sweep,
// `kalypso/policy` on the head of each environment's open GitOps pull request is set to what the
// policy says now, so a freeze that starts or ends changes the merge button within a sweep.
import type { GitOpsRepo } from '../model/types.ts';
import { messageOf } from '../model/problem.ts';
import type { LockFile } from '../policy/locks.ts';
import {
  mergeGateStatus,
  type MergeGateRefreshReport,
  type RefreshedGate,
} from '../policy/merge-gate.ts';
import type { PolicyConfig } from '../policy/types.ts';
import type { Clock, CommitStatusReader, CommitStatusWriter, Reporter } from '../ports.ts';
import { POLICY_STATUS_CONTEXT, type StatusText } from '../status/vocabulary.ts';
export type { MergeGateRefreshReport, RefreshedGate } from '../policy/merge-gate.ts';
import { pullRequestMarker } from './publish-environment.ts';
import { gitopsTarget } from './schedule-target.ts';

/** An open pull request of the GitOps repository, with its head commit. */
export interface GitOpsPullRequestHead {
  readonly number: number;
  readonly body: string;
  readonly head: string;
}

/** The GitOps repository as the refresh reads and writes it (the GitOps token). */
export interface MergeGateGitOps {
  /** The open pull requests from branch `head` into `base`. */
  openPullRequests(head: string, base: string): Promise<readonly GitOpsPullRequestHead[]>;
  statuses: CommitStatusWriter & CommitStatusReader;
}

export interface MergeGateRefreshPorts {
  /** The GitOpsRepo objects on each environment branch (`gitops-repo.yaml`). */
  gitOpsRepos(environments: readonly string[]): Promise<ReadonlyMap<string, readonly GitOpsRepo[]>>;
  /** The environment branch's `.kalypso/locks.yaml` (`readLockFile`). */
  locksOf(environment: string): Promise<LockFile>;
  openGitOps(repository: string): MergeGateGitOps;
  clock: Pick<Clock, 'now'>;
  reporter: Reporter;
}

export interface MergeGateRefreshRequest {
  /** The environments of the chain, in order. */
  environments: readonly string[];
  /** The policy of the chain file on the default branch (declared). */
  policy: PolicyConfig;
  /** The GitHub the GitOps token belongs to: a GitOps repository elsewhere is not touched. */
  serverUrl: string;
  targetUrl?: string;
}

/**
 * For each environment with an open GitOps pull request of its own (head `kalypso/<env>`, body
 * with `pullRequestMarker`), sets `kalypso/policy` on its head when the gate now differs from the
 * newest status of that context there (no churn). A failure for one environment is a warning
 * naming the permission; the others go on.
 */
export async function refreshMergeGates(
  request: MergeGateRefreshRequest,
  ports: MergeGateRefreshPorts,
): Promise<MergeGateRefreshReport> {
  const report: MergeGateRefreshReport = { refreshed: [], unchanged: [], failed: [] };
  let repos: ReadonlyMap<string, readonly GitOpsRepo[]>;
  try {
    repos = await ports.gitOpsRepos(request.environments);
  } catch (error) {
    const message = `reading the environment branches' GitOpsRepo failed: ${messageOf(error)}`;
    ports.reporter.warning(`Could not refresh the merge gates: ${message}`);
    return { ...report, failed: [{ environment: '*', message }] };
  }
  for (const environment of request.environments) {
    try {
      const gate = await refreshOne(request, ports, environment, repos.get(environment) ?? []);
      if (gate === 'unchanged') report.unchanged.push(environment);
      else if (gate) report.refreshed.push(gate);
    } catch (error) {
      const message = messageOf(error);
      report.failed.push({ environment, message });
      ports.reporter.warning(
        `Could not refresh the merge gate '${POLICY_STATUS_CONTEXT}' of '${environment}' (the 'gitops-token' needs 'pull-requests: read' and 'statuses: write' on the GitOps repository): ${message}`,
      );
    }
  }
  return report;
}

async function refreshOne(
  request: MergeGateRefreshRequest,
  ports: MergeGateRefreshPorts,
  environment: string,
  repos: readonly GitOpsRepo[],
): Promise<RefreshedGate | 'unchanged' | undefined> {
  if (repos.length !== 1) {
    ports.reporter.info(
      `'${environment}': ${repos.length === 0 ? 'no GitOpsRepo' : 'more than one GitOpsRepo'} on its branch; no merge gate to refresh.`,
    );
    return undefined;
  }
  const target = gitopsTarget(
    { environment, gitopsRepository: '', gitopsBranch: '', serverUrl: request.serverUrl },
    repos[0],
  );
  if ('problem' in target) throw new Error(target.problem.message);
  const gitops = ports.openGitOps(target.repository);
  const marker = pullRequestMarker(environment);
  const open = await gitops.openPullRequests(`kalypso/${environment}`, target.base);
  const pr = open.find((p) => p.body.includes(marker));
  if (!pr) {
    ports.reporter.info(`'${environment}': no open GitOps pull request; no merge gate to refresh.`);
    return undefined;
  }
  const after = mergeGateStatus({
    environment,
    policy: request.policy,
    locks: await ports.locksOf(environment),
    now: new Date(ports.clock.now()),
  });
  const before = await gitops.statuses.latestStatus(pr.head, POLICY_STATUS_CONTEXT);
  if (before?.state === after.state && before.description === after.description) {
    ports.reporter.info(`'${environment}': the merge gate of #${pr.number} is already right.`);
    return 'unchanged';
  }
  await gitops.statuses.setStatus({
    sha: pr.head,
    context: POLICY_STATUS_CONTEXT,
    ...after,
    ...(request.targetUrl ? { targetUrl: request.targetUrl } : {}),
  });
  ports.reporter.info(
    `Set '${POLICY_STATUS_CONTEXT}' on the head ${pr.head.slice(0, 7)} of #${pr.number} ('${environment}'): ${after.state}, ${after.description}.`,
  );
  return { environment, pullRequest: pr.number, ...(before ? { before } : {}), after };
}

/** "Frozen" for "Frozen: holiday freeze (opens …)", "Open" for "Open": the summary's short word. */
export function gateWord(status: StatusText | undefined): string {
  if (!status) return 'none';
  return status.description.split(/[:(]/, 1)[0]!.trim() || status.state;
}
