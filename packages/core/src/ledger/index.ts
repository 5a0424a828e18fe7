export type { DeploymentRecord, DeploymentRecords, DeploymentRecordState } from './ports.ts';
export { recordDeployment, recordStateOf } from './record.ts';
export type { DeploymentLedger, LedgerEntry, LedgerPayload, LedgerState } from './ledger.ts';
