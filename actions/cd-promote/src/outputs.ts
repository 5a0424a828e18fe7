// The outputs and verdict of a cd-promote run: pure functions of its report.
import { messageOf, type EnvironmentPromotionReport } from '@kalypso/core';

/** Every output, also on failure or a dry run (nothing was committed). */
export function outputsOf(report: EnvironmentPromotionReport): Record<string, string | boolean> {
  const { promotion } = report;
  return report.error === undefined && promotion
    ? { 'commit-sha': promotion.branchCommit, changed: promotion.changed && !report.dryRun }
    : { 'commit-sha': '', changed: false };
}

/** Why the run fails: what stopped it, if anything. */
export function failureOf(report: EnvironmentPromotionReport): string | undefined {
  return report.error === undefined ? undefined : messageOf(report.error);
}
