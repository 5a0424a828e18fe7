export {
  newMainCommitReport,
  validateMainCommit,
  type MainCommitPorts,
  type MainCommitReport,
  type MainCommitRequest,
} from './validate-main-commit.ts';
export type { ClusterTypeAssignments, EnvironmentPlan } from './environment-plans.ts';
