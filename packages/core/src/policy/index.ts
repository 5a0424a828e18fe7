// The promotion policy engine: the policy file on main, locks on environment branches, and the
// pure decisions made from them (docs/decisions/promotion-windows.md, promotion-locks.md,
// promotion-holds.md, failure-thresholds.md, policy-durations.md, policy-cron-library.md).
export type {
  BreakGlassPolicy,
  EnvironmentPolicy,
  FailureThresholds,
  OnFailure,
  PolicyWindow,
  PolicyConfig,
  Threshold,
  Train,
  WindowSchedule,
} from './types.ts';
export { defaultPolicy, readPromotionChainFile, type PromotionChainFile } from './chain-file.ts';
export { formatDuration, parseDuration, MAX_DURATION_MS } from './duration.ts';
export {
  DEFAULT_TIMEZONE,
  formatInstant,
  isValidTimeZone,
  isoSeconds,
  parseDateTime,
} from './timezone.ts';
export { cronProblem } from './cron.ts';
export { isOpenAt, nextStart } from './windows.ts';
export {
  addLock,
  describeScope,
  lockActiveAt,
  NoMatchingLock,
  lockCommitMessage,
  readLockFile,
  removeExpiredLocks,
  removeLocks,
  renderLockFile,
  LOCKS_PATH,
  type Lock,
  type LockChange,
  type LockFile,
  type LockRequest,
  type LockScope,
  type UnlockRequest,
} from './locks.ts';
export { isKubernetesName, parseLockExpiry, parseLockScope } from './lock-request.ts';
export {
  environmentPolicy,
  evaluatePolicy,
  freezesOf,
  STATUS_DESCRIPTION_LIMIT,
  type BreakGlass,
  type HoldKind,
  type HoldReason,
  type PolicyEvaluation,
  type PolicyEvaluationInput,
} from './evaluate.ts';
export { planRelease, type QueuedPromotion, type ReleasePlan } from './queue.ts';
export {
  applyFailureThresholds,
  formatThreshold,
  resolveThreshold,
  type ClusterOutcome,
  type ClusterResult,
  type ThresholdVerdict,
} from './thresholds.ts';
export { matchesGlob } from './glob.ts';
export {
  describePolicy,
  describePolicyChange,
  describeWeek,
  weeklyHours,
  windowText,
  type WeeklyHours,
} from './explain.ts';
export { describeThresholds } from './explain-text.ts';
export {
  LOCKS_SCHEMA,
  PROMOTION_CHAIN_SCHEMA,
  locksJsonSchema,
  promotionChainJsonSchema,
} from './json-schema.ts';
// The policy point every promotion step passes through (docs/decisions/promotion-seams.md).
export type {
  BreakGlassUse,
  PolicyDecision,
  PolicyHold,
  PromotionPolicy,
  PromotionStep,
} from './ports.ts';
export { askPolicy, holdOn, type PolicyAnswer } from './decide.ts';
export { decisionOf, policyDecider, type PolicyReading, type PolicySources } from './decider.ts';
export { mergeGateStatus, type MergeGateInput } from './merge-gate.ts';
