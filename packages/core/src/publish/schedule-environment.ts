// The schedule use case: render one environment and propose it to its GitOps repository.
import {
  parseGitHubRepositoryUrl,
  repositoryUrlProblem,
  tokenOrigin,
} from '../model/github-url.ts';
import { ControlPlaneError, type Problem } from '../model/problem.ts';
import type { GitOpsRepo } from '../model/types.ts';
import type {
  CommitStatusReader,
  CommitStatusWriter,
  ControlPlaneSources,
  Reporter,
} from '../ports.ts';
import { TRACKING_FILE } from '../gitops/tree.ts';
import { compareRenders, type ClusterTypePreview } from '../preview/compare.ts';
import {
  renderEnvironment,
  renderScheduled,
  scheduleEnvironmentSources,
  type RenderedEnvironment,
  type ScheduledEnvironment,
} from '../render/render-environment.ts';
import {
  environmentStatusContext,
  isScheduleFailure,
  promotedStatus,
  scheduleFailureStatus,
} from '../status/vocabulary.ts';
import type { GitOpsRepository, MergeMethod, PullRequestService } from './ports.ts';
import type { PromotedCommitFacts } from './promotion-markdown.ts';
import { publishEnvironment, type PublishResult } from './publish-environment.ts';

/**
 * How many GitOps files one run may render: 1,000,000 files (about 330,000 assignments) fit a
 * standard runner's memory with room to spare (the 301,001-file bench fleet peaks well under
 * 1 GiB). `KALYPSO_SCHEDULE_MAX_FILES` in the step's `env:` moves it for larger runners.
 */
export const DEFAULT_MAX_FILES = 1_000_000;

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
  openGitOps(
    repository: string,
  ): Promise<{ repository: GitOpsRepository; pullRequests: PullRequestService }>;
  reporter: Reporter;
}

/** What a schedule run found and did. */
export type EnvironmentScheduleReport =
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
  | { kind: 'error'; message: string };

/**
 * Reads the environment, checks its size against the budget, renders it and proposes it to the
 * GitOps branch as one pull request (`publishEnvironment`). Problems in the control plane or an
 * unusable GitOpsRepo set "Failed to schedule" on the promoted commit (unless dry-run or
 * `setStatus` is off); a successful run puts an earlier "Failed to schedule" back to "Promoted".
 */
export async function scheduleEnvironment(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
): Promise<EnvironmentScheduleReport> {
  const { environment } = request;
  const { reporter } = ports;
  const read = await reporter.group(`Reading environment '${environment}'`, () =>
    ports.sources.readEnvironment(environment),
  );
  const statusCommit = read.baseCommit ?? read.environmentHead;
  const writesStatus = request.setStatus && !request.dryRun && statusCommit !== undefined;
  let warnings: readonly Problem[] = [];
  let early: EarlyGitOps | undefined;
  const fail = async (problems: readonly Problem[]): Promise<EnvironmentScheduleReport> => {
    // Nothing this run started may outlive it.
    await early?.reading.catch(() => undefined);
    if (!writesStatus) return { kind: 'problems', problems, statusSetOn: undefined, warnings };
    await ports.statuses.setStatus({
      sha: statusCommit,
      ...scheduleFailureStatus(),
      context: environmentStatusContext(environment),
      ...(request.runUrl ? { targetUrl: request.runUrl } : {}),
    });
    return { kind: 'problems', problems, statusSetOn: statusCommit, warnings };
  };
  if (!read.sources) return fail(read.problems);
  // Loaded and scheduled once: the size check and the render share it.
  const scheduled = scheduleEnvironmentSources(read.sources);
  const tooLarge = checkFleetSize(scheduled, request.maxFiles ?? DEFAULT_MAX_FILES);
  if (tooLarge !== undefined) return { kind: 'error', message: tooLarge };
  // The GitOps branches are fetched (by git, in processes of its own) while the environment
  // renders; only when nothing is wrong so far, and their failures count only if the render works.
  if (read.problems.length === 0 && scheduled.problems.length === 0)
    early = startGitOps(request, ports, scheduled.view.gitOpsRepos[0]);
  const outcome = await reporter.group(`Rendering environment '${environment}'`, () =>
    Promise.resolve(renderScheduled(scheduled)),
  );
  for (const note of outcome.notes) reporter.debug(note);
  warnings = outcome.warnings;
  if (!outcome.ok || read.problems.length > 0)
    return fail([...read.problems, ...(outcome.ok ? [] : outcome.problems)]);
  const { rendered } = outcome;
  reporter.info(
    `Rendered ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types (${rendered.files.size} files).`,
  );
  const target = gitopsTarget(request, rendered.gitOpsRepo);
  if ('problem' in target) return fail([target.problem]);
  const gitops =
    early && early.repository === target.repository && early.base === target.base
      ? await early.opened(request.pullRequestBranch)
      : await ports.openGitOps(target.repository);
  // Only words in the pull request, gathered when there is something to propose: a failure to
  // gather them leaves them out, never fails the run.
  const promotion = () =>
    describePromotion(request, ports, gitops.repository, target.base, rendered).catch(
      (error: unknown) => {
        reporter.info(
          `The pull request leaves out the promotion details: ${error instanceof Error ? error.message : String(error)}`,
        );
        return {};
      },
    );
  try {
    const result = await reporter.group(
      `Proposing '${environment}' to '${target.repository}' branch '${target.base}'`,
      () =>
        publishEnvironment(
          {
            environment,
            rendered,
            base: target.base,
            branch: request.pullRequestBranch,
            templates: request.templates,
            labels: request.labels,
            reviewers: request.reviewers,
            teamReviewers: request.teamReviewers,
            draft: request.draft,
            autoMerge: request.autoMerge,
            dryRun: request.dryRun,
            controlPlaneRepository: request.repository,
            runUrl: request.runUrl ?? '',
            controlPlaneUrl: `${request.serverUrl}/${request.repository}`,
            promotion,
          },
          { ...gitops, reporter },
        ),
    );
    if (writesStatus) await clearScheduleFailure(ports, statusCommit, request);
    return {
      kind: 'published',
      result,
      gitops: {
        repository: target.repository,
        base: target.base,
        branch: request.pullRequestBranch,
      },
      promotedCommit: read.baseCommit ?? '',
      assignments: rendered.assignments.length,
      warnings,
    };
  } catch (error) {
    if (error instanceof ControlPlaneError) return fail(error.problems);
    throw error;
  }
}

/** The GitOps repository opened, and its branches being read, before the render. */
interface EarlyGitOps {
  readonly repository: string;
  readonly base: string;
  /** Settles when the early read does; never rejects. */
  readonly reading: Promise<unknown>;
  /** The opened repository, whose `read` of the base and `branch` is the one already started. */
  opened(branch: string): ReturnType<ScheduleEnvironmentPorts['openGitOps']>;
}

function startGitOps(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
  gitOpsRepo: GitOpsRepo | undefined,
): EarlyGitOps | undefined {
  const target = gitopsTarget(request, gitOpsRepo);
  if ('problem' in target) return undefined;
  const branch = request.pullRequestBranch;
  const opening = ports.openGitOps(target.repository);
  const read = opening.then((gitops) => gitops.repository.read(target.base, branch));
  const reading = read.catch(() => undefined);
  return {
    repository: target.repository,
    base: target.base,
    reading,
    async opened(wanted) {
      const gitops = await opening;
      if (wanted !== branch) return gitops;
      const repository: GitOpsRepository = Object.create(gitops.repository) as GitOpsRepository;
      repository.read = (base, other) =>
        base === target.base && other === branch ? read : gitops.repository.read(base, other);
      return { ...gitops, repository };
    },
  };
}

/** Above this many rendered files the pull request does not compare config with the previous promotion. */
export const MAX_COMPARED_FILES = 10_000;

/**
 * What the pull request says about the promotion: the promoted commit's subject and author, the
 * commit the GitOps branch promoted before (its tracking file), and the config keys that change
 * against it (the environment rendered again with that commit, for environments up to
 * MAX_COMPARED_FILES files). Best effort: what cannot be read is left out, with a note in the log.
 */
async function describePromotion(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
  gitops: GitOpsRepository,
  base: string,
  rendered: RenderedEnvironment,
): Promise<{
  promotedCommitFacts?: PromotedCommitFacts;
  previousPromotedCommit?: string;
  configChanges?: readonly ClusterTypePreview[];
}> {
  const promoted = rendered.baseRepo?.commit ?? '';
  if (promoted === '') return {};
  const { reporter } = ports;
  // Two repositories: asked at once.
  const [facts, text] = await Promise.all([
    ports.sources.describeCommit?.(promoted),
    gitops.readText(base, TRACKING_FILE),
  ]);
  const tracked = text?.trim() ?? '';
  const previous = /^[0-9a-f]{40}$/.test(tracked) ? tracked : undefined;
  const described = {
    ...(facts ? { promotedCommitFacts: { sha: promoted, ...facts } } : {}),
    ...(previous ? { previousPromotedCommit: previous } : {}),
  };
  if (previous === undefined || previous === promoted) return described;
  if (rendered.files.size > MAX_COMPARED_FILES) {
    reporter.info(
      `Config keys are not compared with ${previous.slice(0, 7)}: ${rendered.files.size} files is over ${MAX_COMPARED_FILES}.`,
    );
    return described;
  }
  const before = await ports.sources.readEnvironment(request.environment, previous);
  const outcome = before.sources ? renderEnvironment(before.sources) : undefined;
  if (!outcome?.ok) {
    reporter.info(
      `Config keys are not compared with ${previous.slice(0, 7)}: the environment does not render with it.`,
    );
    return described;
  }
  const preview = compareRenders(request.environment, outcome.rendered, rendered);
  return preview.kind === 'compared'
    ? { ...described, configChanges: preview.clusterTypes }
    : described;
}

/**
 * The environment's size, counted before anything is rendered (loading and scheduling are cheap;
 * rendering is what takes the memory): an error naming the size and the budget when it is over.
 */
export function checkFleetSize(
  scheduled: ScheduledEnvironment,
  maxFiles: number,
): string | undefined {
  const { view } = scheduled;
  if (scheduled.loadFailed) return undefined; // the render reports them, all at once
  const assignments = scheduled.assignments.length;
  // Each assignment writes a reconciler, a namespace and at most one config file; each cluster
  // type a README; plus the tracking file.
  const files = assignments * 3 + view.clusterTypes.length + 1;
  if (files <= maxFiles) return undefined;
  const n = (value: number) => value.toLocaleString('en-US');
  return `The environment '${view.name}' is too large for this runner: ${n(assignments)} assignments on ${n(view.clusterTypes.length)} cluster types would render up to ${n(files)} GitOps files, over the budget of ${n(maxFiles)} files. Nothing was rendered or written. Split the environment (fewer cluster types or deployment targets per environment), or on a larger runner raise the budget with the step's env KALYPSO_SCHEDULE_MAX_FILES.`;
}

/**
 * A run that failed earlier left `<env> environment` = failure "Failed to schedule" on the promoted
 * commit; now that the environment is proposed again, put it back to pending "Promoted".
 */
async function clearScheduleFailure(
  ports: ScheduleEnvironmentPorts,
  sha: string,
  request: ScheduleEnvironmentRequest,
): Promise<void> {
  const context = environmentStatusContext(request.environment);
  const latest = await ports.statuses.latestStatus(sha, context);
  if (!isScheduleFailure(latest)) return;
  const promoted = promotedStatus();
  await ports.statuses.setStatus({
    sha,
    ...promoted,
    context,
    ...(request.runUrl ? { targetUrl: request.runUrl } : {}),
  });
  ports.reporter.info(
    `Set '${context}' on ${sha.slice(0, 7)} back to ${promoted.state} '${promoted.description}': the environment is scheduled again.`,
  );
}

/** The GitOps repository and base branch: the GitOpsRepo, with the request's overrides. */
export function gitopsTarget(
  request: Pick<
    ScheduleEnvironmentRequest,
    'environment' | 'gitopsRepository' | 'gitopsBranch' | 'serverUrl'
  >,
  gitOpsRepo: GitOpsRepo | undefined,
): { repository: string; base: string } | { problem: Problem } {
  const { serverUrl } = request;
  const where = gitOpsRepo
    ? {
        file: gitOpsRepo.origin.file,
        line: gitOpsRepo.origin.line,
        object: `GitOpsRepo '${gitOpsRepo.name}'`,
      }
    : {};
  let repository = request.gitopsRepository;
  if (repository === '') {
    if (!gitOpsRepo)
      return {
        problem: {
          message: `the environment '${request.environment}' has no GitOpsRepo, so there is nowhere to propose its manifests. Add gitops-repo.yaml to the environment branch or set the 'gitops-repository' and 'gitops-branch' inputs.`,
        },
      };
    const parsed = parseGitHubRepositoryUrl(gitOpsRepo.repo);
    if (!parsed)
      return {
        problem: {
          ...where,
          message: repositoryUrlProblem('spec.repo', gitOpsRepo.repo, 'Fix spec.repo.'),
        },
      };
    // The GitOps token goes to GITHUB_SERVER_URL only: a GitOpsRepo elsewhere would otherwise be
    // served by a same-named repository on this server.
    if (tokenOrigin(parsed.origin, serverUrl).kind !== 'same')
      return {
        problem: {
          ...where,
          message: `spec.repo '${gitOpsRepo.repo}' is not on the GitHub this action runs against ('${serverUrl}'), and the 'gitops-token' is only sent to that exact origin (scheme, host and port). Use ${serverUrl}/${parsed.fullName}, or set the 'gitops-repository' input.`,
        },
      };
    repository = parsed.fullName;
  }
  const base = request.gitopsBranch || gitOpsRepo?.branch || '';
  if (base === '')
    return {
      problem: {
        ...where,
        message: `no GitOps branch: spec.branch is empty. Set spec.branch or the 'gitops-branch' input.`,
      },
    };
  return { repository, base };
}
