// What a schedule run is asked, what it uses and what it reports (scheduleEnvironment's request,
// ports and outcome), shared by the run and its end (`propose-environment.ts`).
import type { DeploymentRecords } from '../ledger/ports.ts';
import type { LoadCache } from '../model/load-cache.ts';
import type { Problem } from '../model/problem.ts';
import type {
  CommitStatusReader,
  CommitStatusWriter,
  ControlPlaneSources,
  Reporter,
} from '../ports.ts';
import type { StatusText } from '../status/vocabulary.ts';
import type { ComposeShards, MergeMethod, OpenedGitOps } from './ports.ts';
import type { PublishResult } from './publish-environment.ts';
import type { InputsPort } from './unchanged-inputs.ts';

export interface ScheduleEnvironmentRequest {
  environment: string;
  /** `owner/name` of the control-plane repository (statuses, messages). */
  repository: string;
  /** Overrides of the GitOpsRepo's `owner/name` and branch; "" = from the GitOpsRepo. */
  gitopsRepository: string;
  gitopsBranch: string;
  /** Our pull request branch (`kalypso/<env>`). */
  pullRequestBranch: string;
  templates: { title: string; body: string; commit: string };
  labels: readonly string[];
  reviewers: readonly string[];
  teamReviewers: readonly string[];
  draft: boolean;
  autoMerge: MergeMethod | undefined;
  /** Whether to set (and clear) "Failed to schedule" on the promoted commit. */
  setStatus: boolean;
  /** Render and plan only: no status, no commit, no pull request call that writes. */
  dryRun: boolean;
  /** The budget of rendered files; undefined = DEFAULT_MAX_FILES. */
  maxFiles?: number;
  /** The GitHub the tokens belong to (`GITHUB_SERVER_URL`): the GitOps repository must be there. */
  serverUrl: string;
  /** This run's page, linked from statuses and pull requests. */
  runUrl?: string;
}

export interface ScheduleEnvironmentPorts {
  sources: ControlPlaneSources;
  /** Commit statuses of the control-plane repository. */
  statuses: CommitStatusWriter & CommitStatusReader;
  /** Opens the GitOps repository this run decided on (`owner/name` on `serverUrl`). */
  openGitOps(repository: string): Promise<OpenedGitOps>;
  /**
   * The merge gate's status for a pull request that promotes `commit` into `environment`
   * (docs/decisions/policy-merge-gate.md); undefined when the promotion chain declares no policy.
   * Absent: no gate.
   */
  mergeGate?: (environment: string, commit: string) => Promise<StatusText | undefined>;
  /** Told when the promotion's GitOps pull request opens or it fails to schedule; failures are warnings. */
  records: DeploymentRecords;
  reporter: Reporter;
  /**
   * A sharded schedule's join (docs/decisions/sharded-schedule.md): takes the shards' trees in
   * place of the render. Absent: the environment is rendered here.
   */
  compose?: ComposeShards;
  /**
   * The action's build and a digest (docs/decisions/unchanged-inputs.md): a run whose inputs are
   * those of the last proposal takes it. Absent: every run renders.
   */
  inputs?: InputsPort;
  /**
   * Files the control-plane reader parsed to find objects (BaseRepo, WorkloadRegistrations),
   * taken by the run instead of parsing them again. Absent: each is parsed where it is needed.
   */
  loads?: LoadCache;
}

/** What a schedule run found and did: the request's facts, and what came of it. */
export type EnvironmentScheduleReport = ScheduleFacts & ScheduleOutcome;

/** The request's facts, for the job summary. */
export interface ScheduleFacts {
  environment: string;
  /** `owner/name` of the control-plane repository. */
  repository: string;
  serverUrl: string;
  dryRun: boolean;
}

export type ScheduleOutcome =
  | {
      kind: 'published';
      result: PublishResult;
      gitops: { repository: string; base: string; branch: string };
      promotedCommit: string;
      assignments: number;
      /** What the original accepts but is probably a mistake; never fails the run. */
      warnings?: readonly Problem[];
    }
  | {
      /** The control plane cannot be scheduled; "Failed to schedule" was set on `statusSetOn`. */
      kind: 'problems';
      problems: readonly Problem[];
      statusSetOn: string | undefined;
      warnings?: readonly Problem[];
    }
  /** What stopped the run (the environment is too large, a read or a write failed). */
  | { kind: 'error'; error: unknown };
