// The request, ports and report shared by the deployment use cases of check-promote: check a
// deployment (check-deployment.ts), start the next environment (start-next-environment.ts) and
// mark a deployment failed (mark-deployment-failed.ts). The report is filled in as a run goes, so a failure still reports the
// rest; the actions turn it into outputs and a job summary through pure functions.
import type {
  Clock,
  CommitState,
  CommitStatusReader,
  CommitStatusWriter,
  Reporter,
  WorkflowDispatcher,
} from '../ports.ts';
import type { ComplianceSource } from '../compliance/types.ts';
import type { DeploymentRecords } from '../ledger/ports.ts';
import type { PolicyHold, PromotionPolicy } from '../policy/ports.ts';
import type { ThresholdVerdict } from '../policy/thresholds.ts';
import type { FailureThresholds } from '../policy/types.ts';
import type { FailureActionPorts, OnFailureReport } from './on-failure.ts';
import type { ComplianceOutcome } from '../compliance/wait.ts';
import type { ControlPlaneRepository, GitOpsHistory } from './control-plane.ts';

export type DeploymentMode = 'check' | 'promote-next' | 'mark-failed';

export interface DeploymentRequest {
  environment: string;
  /** The promoted control-plane commit; undefined for a merge that is not a promotion. */
  promotedCommit: string | undefined;
  gitops: {
    /** A URL, or undefined to read the environment branch's gitops-repo.yaml. */
    repositoryUrl: string | undefined;
    branch: string | undefined;
    commit: string;
  };
  timeoutSeconds: number;
  pollIntervalSeconds: number;
  gracePeriodSeconds: number;
  allowNoConfigurations: boolean;
  promotionChainFile: string;
  nextEnvironment: string | undefined;
  /** The CD workflow that starts the next environment. */
  cdWorkflow: string;
  /** Whether `check` starts the next environment itself (false: post-deployment steps follow). */
  dispatchNext: boolean;
  /** Read and report only: set no status, dispatch nothing. */
  dryRun: boolean;
  /** `https://github.com/owner/control-plane`, for links in the report. */
  controlPlaneUrl: string;
  /** The run's logs, the target of the statuses. */
  runUrl?: string;
}

export interface DeploymentPorts {
  readonly controlPlane: ControlPlaneRepository;
  /**
   * The GitOps repository's history at this URL, read to verify the dispatch
   * (docs/decisions/gate-checks.md); throws a UserError for a repository it cannot read.
   */
  readonly gitopsHistory: (repositoryUrl: string) => GitOpsHistory;
  readonly statuses: CommitStatusWriter & CommitStatusReader;
  readonly dispatcher: WorkflowDispatcher;
  /** The clusters' evidence, built only when the use case waits (the others need no settings). */
  readonly complianceSource: () => ComplianceSource;
  /** Asked before the next environment starts. */
  readonly policy: PromotionPolicy;
  /** Told each state the promotion reaches here; failures are warnings. */
  readonly records: DeploymentRecords;
  /** What `onFailure: hold | revert` acts through (docs/decisions/auto-revert.md). */
  readonly failureActions: FailureActionPorts;
  readonly clock: Clock;
  readonly reporter: Reporter;
}

/** `superseded`: a newer promotion's GitOps merge replaced this one before the clusters reported it. */
export type DeploymentState = 'succeeded' | 'failed' | 'timed-out' | 'superseded';

/** What happens after this environment. */
export type NextStep =
  /** The CD workflow of the next environment was dispatched (or would be, in a dry run). */
  | { readonly kind: 'dispatched'; readonly environment: string; readonly workflow: string }
  /** Deployed; post-deployment steps follow, then `mode: promote-next` starts the next one. */
  | { readonly kind: 'awaiting-steps'; readonly environment: string | undefined }
  /** Deployed; the promotion policy holds the next environment (nothing dispatched). */
  | ({ readonly kind: 'held'; readonly environment: string } & PolicyHold)
  /** A replay: this environment already deployed the promotion (`success` "Deployed"); nothing set or dispatched. */
  | { readonly kind: 'already-deployed'; readonly supersededBy?: string }
  /** The last environment of the chain is deployed. */
  | { readonly kind: 'complete' }
  /** A merge that is not a promotion: nothing follows. */
  | { readonly kind: 'not-promotion' }
  /** The deployment failed: the chain stops here. */
  | { readonly kind: 'stopped' };

/** Everything a run found and did. */
export interface DeploymentReport {
  mode: DeploymentMode;
  environment: string;
  controlPlaneUrl: string;
  runUrl?: string;
  dryRun: boolean;
  promotedCommit?: string;
  /** `path`: `GitOpsRepo.spec.path`, when read from gitops-repo.yaml (the layout's root). */
  gitops?: { url: string; branch: string; commit: string; path?: string };
  /** The promotion chain, when the chain file exists. */
  chain?: readonly string[];
  compliance?: ComplianceOutcome;
  state?: DeploymentState;
  /** `superseded`: the newer promoted commit whose run checks the deployment. */
  supersededBy?: string;
  /** Commit statuses set on the promoted commit, in order (in a dry run: the ones it would set). */
  statuses: { state: CommitState; description: string }[];
  /** `mark-failed`: what the status said before it. */
  previousStatus?: { state: CommitState; description: string };
  /**
   * `mark-failed`: what failed, read from that status — pending "Deployed" means the clusters were
   * compliant and a post-deployment step failed; anything else, the deployment check itself.
   */
  failedStep?: 'deployment-check' | 'post-deployment-steps';
  next?: NextStep;
  /**
   * The environment's failure thresholds and their verdict, when the promotion chain file declares
   * `failures:` for it (docs/decisions/failure-thresholds-in-check-promote.md).
   */
  failures?: { readonly thresholds: FailureThresholds; readonly result: ThresholdVerdict };
  /** What the environment's `onFailure` did after a failed check. */
  onFailure?: OnFailureReport;
  /**
   * The gate's verdict on the dispatch (docs/decisions/gate-checks.md): `proceed`, a replay of a
   * promotion `already-deployed`, `superseded`, or `mismatch` (the run's error says which).
   */
  verified?: 'proceed' | 'already-deployed' | 'superseded' | 'mismatch';
  /** What stopped the run, besides a failed or timed-out verdict. */
  error?: unknown;
}

/** The report a run starts from (also the one main reports when the inputs are wrong). */
export function newDeploymentReport(
  mode: DeploymentMode,
  request: Pick<DeploymentRequest, 'environment' | 'controlPlaneUrl' | 'runUrl'> & {
    promotedCommit?: string | undefined;
    dryRun?: boolean;
  },
): DeploymentReport {
  return {
    mode,
    environment: request.environment,
    controlPlaneUrl: request.controlPlaneUrl,
    ...(request.runUrl ? { runUrl: request.runUrl } : {}),
    dryRun: request.dryRun ?? false,
    ...(request.promotedCommit ? { promotedCommit: request.promotedCommit } : {}),
    statuses: [],
  };
}
