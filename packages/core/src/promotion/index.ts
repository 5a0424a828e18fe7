export {
  firstEnvironment,
  isValidBranchName,
  MAX_CHAIN_ENVIRONMENTS,
  nextEnvironment,
  parsePromotionChain,
  policyOf,
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
  type PromotionHeld,
  type PromotionRequest,
  type PromotionResult,
} from './promote.ts';
export {
  newEnvironmentPromotionReport,
  promoteEnvironment,
  type EnvironmentPromotionPorts,
  type EnvironmentPromotionReport,
  type EnvironmentPromotionRequest,
} from './promote-environment.ts';
export {
  sweepHolds,
  type EnvironmentSweep,
  type HeldPromotion,
  type HeldPromotions,
  type SweepPorts,
  type SweepReport,
  type SweepRequest,
} from './sweep-holds.ts';
export {
  ChainNotSatisfiedError,
  MAX_BREAK_GLASS_REASON,
  MAX_SKIP_REASON,
  checkChain,
  judgeChain,
  readSkipReason,
  type ChainGateOutcome,
  type ChainGatePorts,
  type ChainSkip,
} from './chain-gate.ts';
export {
  changeLocks,
  type LockCommand,
  type LockCommandPorts,
  type LockCommandResult,
} from './change-locks.ts';
export { lockEnvironment } from './lock-environment.ts';
