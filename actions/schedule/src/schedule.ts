// Wires the adapters to one schedule run: read the environment, render it, propose it.
import {
  assembleEnvironment,
  ControlPlaneError,
  deploymentTargetsOf,
  environmentStatusContext,
  isScheduleFailure,
  promotedStatus,
  publishEnvironment,
  renderEnvironment,
  schedule as scheduleAssignments,
  scheduleFailureStatus,
  type CommitStatusReader,
  type CommitStatusWriter,
  type Problem,
  type Reporter,
} from '@kalypso/core';
import {
  ControlPlaneReader,
  GitWorkspace,
  createCommitStatusWriter,
  createGitHubClient,
  createGitOpsRepository,
  createPullRequestService,
  parseGitHubRepositoryUrl,
  tokenOrigin,
  type RunnerContext,
} from '@kalypso/github';
import { join } from 'node:path';
import type { ScheduleInputs } from './inputs.ts';
import type { ScheduleOutcome } from './summary.ts';

/**
 * How many GitOps files one run may render: 1,000,000 files (about 330,000 assignments) fit a
 * standard runner's memory with room to spare (the 301,001-file bench fleet peaks well under
 * 1 GiB). `KALYPSO_SCHEDULE_MAX_FILES` in the step's `env:` moves it for larger runners.
 */
export const DEFAULT_MAX_FILES = 1_000_000;

/**
 * The environment's size, counted before anything is rendered (loading and scheduling are cheap;
 * rendering is what takes the memory): an error naming the size and the budget when it is over.
 */
export function checkFleetSize(
  sources: Parameters<typeof renderEnvironment>[0],
  maxFiles: number,
): string | undefined {
  const { view, problems } = assembleEnvironment(sources);
  if (problems.length > 0) return undefined; // the render reports them, all at once
  const targets = deploymentTargetsOf(view, []);
  const assignments = scheduleAssignments(view, targets).length;
  // Each assignment writes a reconciler, a namespace and at most one config file; each cluster
  // type a README; plus the tracking file.
  const files = assignments * 3 + view.clusterTypes.length + 1;
  if (files <= maxFiles) return undefined;
  const n = (value: number) => value.toLocaleString('en-US');
  return `The environment '${sources.environment}' is too large for this runner: ${n(assignments)} assignments on ${n(view.clusterTypes.length)} cluster types would render up to ${n(files)} GitOps files, over the budget of ${n(maxFiles)} files. Nothing was rendered or written. Split the environment (fewer cluster types or deployment targets per environment), or on a larger runner raise the budget with the step's env KALYPSO_SCHEDULE_MAX_FILES.`;
}

export async function schedule(
  inputs: ScheduleInputs,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): Promise<ScheduleOutcome> {
  const { environment } = inputs;
  const controlClient = createGitHubClient({
    token: inputs.controlPlaneToken.token,
    baseUrl: endpoints.apiUrl,
    reporter,
  });
  const controlPlane = await GitWorkspace.create(join(scratch, 'control-plane'), {
    url: `${endpoints.serverUrl}/${inputs.repository}.git`,
    token: inputs.controlPlaneToken.token,
    repository: inputs.repository,
    tokenInput: inputs.controlPlaneToken.input,
  });
  const reader = new ControlPlaneReader({
    controlPlane,
    serverUrl: endpoints.serverUrl,
    workloads: { token: inputs.workloadToken.token, tokenInput: inputs.workloadToken.input },
    scratch: join(scratch, 'sources'),
    reporter,
  });
  const read = await reporter.group(`Reading environment '${environment}'`, () =>
    reader.readEnvironment(environment),
  );
  const statusCommit = read.baseCommit ?? read.environmentHead;
  let warnings: readonly Problem[] = [];
  const fail = async (problems: readonly Problem[]): Promise<ScheduleOutcome> => {
    let statusSetOn: string | undefined;
    if (inputs.setStatus && !inputs.dryRun && statusCommit !== undefined) {
      await createCommitStatusWriter(controlClient, inputs.repository).setStatus({
        sha: statusCommit,
        ...scheduleFailureStatus(),
        context: environmentStatusContext(environment),
        ...(endpoints.runUrl ? { targetUrl: endpoints.runUrl } : {}),
      });
      statusSetOn = statusCommit;
    }
    return { kind: 'problems', problems, statusSetOn, warnings };
  };
  if (!read.sources) return fail(read.problems);
  const tooLarge = checkFleetSize(read.sources, inputs.maxFiles ?? DEFAULT_MAX_FILES);
  if (tooLarge !== undefined) return { kind: 'error', message: tooLarge };
  const outcome = await reporter.group(`Rendering environment '${environment}'`, () =>
    Promise.resolve(renderEnvironment(read.sources!)),
  );
  for (const note of outcome.notes) reporter.debug(note);
  warnings = outcome.warnings;
  if (!outcome.ok || read.problems.length > 0)
    return fail([...read.problems, ...(outcome.ok ? [] : outcome.problems)]);
  const { rendered } = outcome;
  reporter.info(
    `Rendered ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types (${rendered.files.size} files).`,
  );
  const target = gitopsTarget(inputs, rendered.gitOpsRepo, endpoints.serverUrl);
  if ('problem' in target) return fail([target.problem]);

  const gitopsClient = createGitHubClient({
    token: inputs.gitopsToken.token,
    baseUrl: endpoints.apiUrl,
    reporter,
    tokenInput: inputs.gitopsToken.input,
  });
  const gitopsWorkspace = await GitWorkspace.create(join(scratch, 'gitops'), {
    url: `${endpoints.serverUrl}/${target.repository}.git`,
    token: inputs.gitopsToken.token,
    repository: target.repository,
    tokenInput: inputs.gitopsToken.input,
  });
  try {
    const result = await reporter.group(
      `Proposing '${environment}' to '${target.repository}' branch '${target.base}'`,
      () =>
        publishEnvironment(
          {
            environment,
            rendered,
            base: target.base,
            branch: inputs.pullRequestBranch,
            templates: inputs.templates,
            labels: inputs.labels,
            reviewers: inputs.reviewers,
            teamReviewers: inputs.teamReviewers,
            draft: inputs.draft,
            autoMerge: inputs.autoMerge,
            dryRun: inputs.dryRun,
            controlPlaneRepository: inputs.repository,
            runUrl: endpoints.runUrl ?? '',
          },
          {
            repository: createGitOpsRepository(gitopsWorkspace),
            pullRequests: createPullRequestService(gitopsClient, target.repository),
            reporter,
          },
        ),
    );
    if (inputs.setStatus && !inputs.dryRun && statusCommit !== undefined) {
      await clearScheduleFailure(
        createCommitStatusWriter(controlClient, inputs.repository),
        statusCommit,
        environment,
        endpoints.runUrl,
        reporter,
      );
    }
    return {
      kind: 'published',
      result,
      gitops: {
        repository: target.repository,
        base: target.base,
        branch: inputs.pullRequestBranch,
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

/**
 * A run that failed earlier left `<env> environment` = failure "Failed to schedule" on the promoted
 * commit; now that the environment is proposed again, put it back to pending "Promoted".
 */
async function clearScheduleFailure(
  statuses: CommitStatusReader & CommitStatusWriter,
  sha: string,
  environment: string,
  runUrl: string | undefined,
  reporter: Reporter,
): Promise<void> {
  const context = environmentStatusContext(environment);
  const latest = await statuses.latestStatus(sha, context);
  if (!isScheduleFailure(latest)) return;
  const promoted = promotedStatus();
  await statuses.setStatus({
    sha,
    ...promoted,
    context,
    ...(runUrl ? { targetUrl: runUrl } : {}),
  });
  reporter.info(
    `Set '${context}' on ${sha.slice(0, 7)} back to ${promoted.state} '${promoted.description}': the environment is scheduled again.`,
  );
}

/** The GitOps repository and base branch: the GitOpsRepo, with the inputs' overrides. */
function gitopsTarget(
  inputs: ScheduleInputs,
  gitOpsRepo:
    | { repo: string; branch: string; name: string; origin: { file: string; line: number } }
    | undefined,
  serverUrl: string,
): { repository: string; base: string } | { problem: Problem } {
  const where = gitOpsRepo
    ? {
        file: gitOpsRepo.origin.file,
        line: gitOpsRepo.origin.line,
        object: `GitOpsRepo '${gitOpsRepo.name}'`,
      }
    : {};
  let repository = inputs.gitopsRepository;
  if (repository === '') {
    if (!gitOpsRepo)
      return {
        problem: {
          message: `the environment '${inputs.environment}' has no GitOpsRepo, so there is nowhere to propose its manifests. Add gitops-repo.yaml to the environment branch or set the 'gitops-repository' and 'gitops-branch' inputs.`,
        },
      };
    const parsed = parseGitHubRepositoryUrl(gitOpsRepo.repo);
    if (!parsed)
      return {
        problem: {
          ...where,
          message: `spec.repo '${gitOpsRepo.repo}' is not a repository URL of the form https://<host>/<owner>/<repo>. Fix spec.repo.`,
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
  const base = inputs.gitopsBranch || gitOpsRepo?.branch || '';
  if (base === '')
    return {
      problem: {
        ...where,
        message: `no GitOps branch: spec.branch is empty. Set spec.branch or the 'gitops-branch' input.`,
      },
    };
  return { repository, base };
}
