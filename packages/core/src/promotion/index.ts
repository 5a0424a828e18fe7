export {
  firstEnvironment,
  isValidBranchName,
  MAX_CHAIN_ENVIRONMENTS,
  nextEnvironment,
  parsePromotionChain,
  promotionChainPath,
  type PromotionChain,
} from './chain.ts';
export {
  baseRepoFile,
  isCommitId,
  promotedCommitOf,
  renderBaseRepoYaml,
  type BaseRepoSpec,
} from './base-repo.ts';
export {
  promoteCommit,
  promotionCommitMessage,
  type CommitHistory,
  type EnvironmentBranch,
  type PromotionDependencies,
  type PromotionRequest,
  type PromotionResult,
} from './promote.ts';
export {
  promotedBy,
  readGitOpsRepo,
  resolveNextEnvironment,
  type ControlPlaneRepository,
  type GitOpsHistory,
  type NextEnvironment,
} from './control-plane.ts';
export {
  newDeploymentReport,
  type DeploymentMode,
  type DeploymentPorts,
  type DeploymentReport,
  type DeploymentRequest,
  type DeploymentState,
  type NextStep,
} from './deployment-report.ts';
export { startNextEnvironment } from './start-next-environment.ts';
export { markDeploymentFailed } from './mark-deployment-failed.ts';
export {
  notifyControlPlane,
  type NotifyPorts,
  type NotifyReport,
  type NotifyRequest,
} from './notify-control-plane.ts';
export {
  promoteEnvironment,
  type EnvironmentPromotionPorts,
  type EnvironmentPromotionReport,
  type EnvironmentPromotionRequest,
} from './promote-environment.ts';
export {
  validateMainCommit,
  type MainCommitPorts,
  type MainCommitReport,
  type MainCommitRequest,
} from './validate-main-commit.ts';
export type { ClusterTypeAssignments, EnvironmentPlan } from './validate-main-commit.ts';
