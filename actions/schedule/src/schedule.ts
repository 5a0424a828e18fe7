// Wires the adapters to one schedule run: read the environment, render it, propose it.
import {
  ControlPlaneError,
  environmentStatusContext,
  publishEnvironment,
  renderEnvironment,
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
  type RunnerContext,
} from '@kalypso/github';
import { join } from 'node:path';
import type { ScheduleInputs } from './inputs.ts';
import type { ScheduleOutcome } from './summary.ts';

/** The status description of a failed schedule, next to Kalypso's "Failed to deploy". */
export const FAILED_TO_SCHEDULE = 'Failed to schedule';

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
        state: 'failure',
        context: environmentStatusContext(environment),
        description: FAILED_TO_SCHEDULE,
        ...(endpoints.runUrl ? { targetUrl: endpoints.runUrl } : {}),
      });
      statusSetOn = statusCommit;
    }
    return { kind: 'problems', problems, statusSetOn, warnings };
  };
  if (!read.sources) return fail(read.problems);
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
  const target = gitopsTarget(inputs, rendered.gitOpsRepo);
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
  if (latest?.state !== 'failure' || latest.description !== FAILED_TO_SCHEDULE) return;
  await statuses.setStatus({
    sha,
    state: 'pending',
    context,
    description: 'Promoted',
    ...(runUrl ? { targetUrl: runUrl } : {}),
  });
  reporter.info(
    `Set '${context}' on ${sha.slice(0, 7)} back to pending 'Promoted': the environment is scheduled again.`,
  );
}

/** The GitOps repository and base branch: the GitOpsRepo, with the inputs' overrides. */
function gitopsTarget(
  inputs: ScheduleInputs,
  gitOpsRepo:
    | { repo: string; branch: string; name: string; origin: { file: string; line: number } }
    | undefined,
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
