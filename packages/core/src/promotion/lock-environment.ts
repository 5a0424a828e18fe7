// cd-promote's `mode: lock` / `unlock` as a run report: the lock change of change-locks.ts, with
// the report every cd-promote run ends with (summary and outputs read `lock`).
import { changeLocks, type LockCommand, type LockCommandPorts } from './change-locks.ts';
import {
  newEnvironmentPromotionReport,
  type EnvironmentPromotionReport,
} from './promote-environment.ts';

/**
 * cd-promote's `mode: lock` / `unlock`: `changeLocks` as a run report (the summary and outputs
 * read `lock`). Never throws: what stopped the run is the report's `error`.
 */
export async function lockEnvironment(
  request: Parameters<typeof newEnvironmentPromotionReport>[0],
  command: LockCommand,
  ports: LockCommandPorts,
): Promise<EnvironmentPromotionReport> {
  const report = newEnvironmentPromotionReport(request);
  try {
    return {
      ...report,
      lock: { action: command.action, result: await changeLocks(command, ports) },
    };
  } catch (error) {
    return { ...report, lock: { action: command.action }, error };
  }
}
