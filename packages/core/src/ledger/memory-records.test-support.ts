// In-memory deployment records for the use cases' tests.
import type { DeploymentRecord, DeploymentRecords } from './ports.ts';

/** Keeps every record in `kept`, in order; with `failure`, refuses each one with it instead. */
export function memoryRecords(failure?: Error): DeploymentRecords & { kept: DeploymentRecord[] } {
  const kept: DeploymentRecord[] = [];
  return {
    kept,
    record: (record) => {
      if (failure) return Promise.reject(failure);
      kept.push(record);
      return Promise.resolve();
    },
  };
}

/** `<state> <environment> <commit:7>`: a record in one line, for assertions. */
export function recordLine(record: DeploymentRecord): string {
  return `${record.state} ${record.environment} ${record.promotedCommit.slice(0, 7)}`;
}
