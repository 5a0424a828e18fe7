export type { DeploymentRecord, DeploymentRecords, DeploymentRecordState } from './ports.ts';
export { recordDeployment, recordStateOf } from './record.ts';
export type { DeploymentLedger, LedgerEntry, LedgerPayload, LedgerState } from './ledger.ts';
export {
  LEDGER_PAGES,
  LEDGER_PAGE_SIZE,
  LEDGER_STATUS_READS,
  PROMOTE_TASK,
  ledgerEntryOf,
  ledgerOver,
  ledgerPayloadOf,
  type DeploymentsReader,
  type RawDeployment,
  type RawDeploymentStatus,
} from './read.ts';
export {
  chainStateLine,
  readChainView,
  stateMark,
  waitingText,
  type EnvironmentStatusOf,
  type LedgerEnvironmentView,
} from './view.ts';
export {
  describeWithEvidence,
  evidenceCountsOf,
  evidenceCountsText,
  type EvidenceCounts,
} from './evidence.ts';
