export {
  createGitHubClient,
  type GitHubClient,
  type GitHubClientOptions,
  type Octokit,
} from './client.ts';
export {
  GitHubAccessError,
  describeFailure,
  isHttpFailure,
  type CallDescription,
} from './errors.ts';
export { createCommitStatusWriter } from './statuses.ts';
export { createWorkflowDispatcher } from './dispatcher.ts';
export {
  GitWorkspace,
  actionsBot,
  type GitIdentity,
  type GitRemote,
  type PushOutcome,
} from './git.ts';
export { createEnvironmentBranch } from './environment-branch.ts';
export { createActionsReporter } from './reporter.ts';
export {
  ControlPlaneReader,
  type Credentials,
  type EnvironmentRead,
} from './control-plane-sources.ts';
export { createGitOpsRepository } from './gitops-repository.ts';
export { createPullRequestService } from './pull-requests.ts';
export { parseGitHubRepositoryUrl, sameHost, type GitHubRepository } from './repository-url.ts';
export { InputError, InputReader } from './action-inputs.ts';
export { runnerContext, type RunnerContext } from './runner-context.ts';
export { failureMessage, withScratch } from './action-run.ts';
export { systemClock } from './system-clock.ts';
export {
  createPreviewComments,
  readPullRequest,
  type PullRequestFacts,
} from './pull-request-preview.ts';
