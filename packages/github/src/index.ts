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
export {
  createStatusComplianceSource,
  type StatusEvidenceAccess,
  type StatusEvidenceSettings,
} from './status-evidence.ts';
export { createCommitHistory } from './commit-history.ts';
export { createWorkflowDispatcher } from './dispatcher.ts';
export {
  GitWorkspace,
  actionsBot,
  blobId,
  checkTreePath,
  EMPTY_TREE,
  type FetchOptions,
  type GitIdentity,
  type GitRemote,
  type PushOutcome,
} from './git.ts';
export { createEnvironmentBranch } from './environment-branch.ts';
export { createActionsReporter, reportProblems } from './reporter.ts';
export {
  debugLog,
  executeAction,
  fail,
  failureReport,
  guardRunnerLog,
  maskSecret,
  runnerContractProblems,
  setOutputs,
  writeSummary,
} from './runner-log.ts';
export {
  CommandNeutraliser,
  escapeCommandData,
  escapeCommandProperty,
  inertLines,
  oneLine,
} from './workflow-commands.ts';
export {
  ControlPlaneReader,
  type Credentials,
  type EnvironmentRead,
} from './control-plane-sources.ts';
export { createGitOpsRepository } from './gitops-repository.ts';
export { createShardStore, sha256Parts } from './shard-store.ts';
export { createPullRequestService } from './pull-requests.ts';
export {
  parseGitHubRepositoryUrl,
  sameHost,
  tokenOrigin,
  type GitHubRepository,
} from '@kalypso/core';
export { InputError, InputReader, stepInputs } from './action-inputs.ts';
export { runnerContext, type RunnerContext } from './runner-context.ts';
export { withScratch } from './action-run.ts';
export { systemClock } from './system-clock.ts';
export { createPreviewComments, readPullRequest } from './pull-request-preview.ts';
export { createControlPlaneRepository, createGitOpsHistory } from './repository-contents.ts';
export {
  createPolicyDecider,
  createPromotionPolicy,
  type PolicyAccess,
} from './promotion-policy.ts';
export { createHeldPromotions, HELD_LOOKBACK } from './held-promotions.ts';
export { createDeploymentRecords } from './deployment-records.ts';
export { controlPlaneSources, type ControlPlaneAccess } from './wiring/control-plane.ts';
export { ciGatePorts } from './wiring/ci-gate.ts';
export { cdPromotePorts, type CdPromoteAccess } from './wiring/cd-promote.ts';
export { schedulePorts } from './wiring/schedule.ts';
export { previewPorts } from './wiring/preview.ts';
export { checkPromotePorts, type CheckPromoteAccess } from './wiring/check-promote.ts';
export { notifyPorts, type NotifyAccess } from './wiring/notify.ts';
export { createDeploymentLedger, createDeploymentsReader } from './deployment-ledger.ts';
export { chainReader, promotionChainReader, type PromotionChainReader } from './promotion-chain.ts';
export { chainSummary, chainTableMarkdown } from './ledger-summary.ts';
