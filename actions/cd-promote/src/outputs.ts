// The outputs and verdict of a cd-promote run: pure functions of its report.
import { messageOf, type EnvironmentPromotionReport, type SweepReport } from '@kalypso/core';
import { lockOutputsOf } from './lock-summary.ts';

/** Every output, also on failure or a dry run (nothing was committed). */
export function outputsOf(report: EnvironmentPromotionReport): Record<string, string | boolean> {
  const { promotion } = report;
  if (report.lock) return lockOutputsOf(report);
  if (report.sweep) {
    const changed = report.sweep.environments.some(
      (e) => e.released && 'changed' in e.released.result && e.released.result.changed,
    );
    return { 'commit-sha': '', changed };
  }
  return report.error === undefined && promotion
    ? { 'commit-sha': promotion.branchCommit, changed: promotion.changed && !report.dryRun }
    : { 'commit-sha': '', changed: false };
}

/** Why the run fails: what stopped it, if anything. */
export function failureOf(report: EnvironmentPromotionReport): string | undefined {
  return report.error === undefined ? undefined : messageOf(report.error);
}

/** A sweep fails when an environment could not be swept (the others were). */
export function sweepError(sweep: SweepReport): { error?: Error } {
  const failed = sweep.environments.filter((e) => e.error !== undefined);
  if (failed.length === 0) return {};
  return {
    error: new Error(
      failed.map((e) => `Sweeping '${e.environment}' failed: ${messageOf(e.error)}`).join('\n'),
    ),
  };
}
