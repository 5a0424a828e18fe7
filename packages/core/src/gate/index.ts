export {
  validateMainCommit,
  type MainCommitPorts,
  type MainCommitReport,
  type MainCommitRequest,
} from './validate-main-commit.ts';
export type { ClusterTypeAssignments, EnvironmentPlan } from './validate-main-commit.ts';
