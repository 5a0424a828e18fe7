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
  newNotifyReport,
  notifyControlPlane,
  type NotifyPorts,
  type NotifyReport,
  type NotifyRequest,
} from './notify-control-plane.ts';
export { checkDeployment } from './check-deployment.ts';
export {
  DispatchMismatchError,
  gitopsMismatches,
  isSettledDeployment,
  judgeDeploymentDispatch,
  judgePromoteNext,
  trackedCommit,
  type DispatchFacts,
  type DispatchVerdict,
} from './verify-dispatch.ts';
export {
  clusterResultsOf,
  judgeFailures,
  thresholdsText,
  toleratesSoFar,
  THRESHOLD_DETAIL_LIMIT,
  UNKNOWN_CLUSTER_TYPE,
  type JudgementMoment,
} from './failure-judgement.ts';
export {
  actOnFailure,
  autoHoldReason,
  revertBranch,
  AUTO_HOLD_AUTHOR,
  REVERT_LABEL,
  type EnvironmentLocks,
  type FailureActionPorts,
  type OnFailureReport,
  type RevertProposer,
  type RevertPullRequest,
  type RevertRequest,
} from './on-failure.ts';
