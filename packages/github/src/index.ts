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
