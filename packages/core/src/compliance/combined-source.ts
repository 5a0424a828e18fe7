/**
 * Two evidence sources required together (check-promote's `evidence: both`): every cluster must
 * satisfy both, and where they disagree about the same cluster on the target commit (one says
 * Compliant, the other reports a failure) the failing report is named as a disagreement. The
 * verdict rules are those of evaluate.ts: nothing is averaged. See
 * docs/decisions/commit-status-evidence.md.
 */
import { syncedCommitOf } from './target.ts';
import {
  ComplianceSourceError,
  type ComplianceSource,
  type ComplianceTarget,
  type FluxConfigurationReport,
} from './types.ts';

export interface NamedComplianceSource {
  /** Shown in summaries: `Azure Resource Graph`, `commit statuses`. */
  readonly name: string;
  readonly source: ComplianceSource;
}

/** One source over several; their requests add up, and a failure of either fails the poll. */
export function combineComplianceSources(
  sources: readonly NamedComplianceSource[],
): ComplianceSource {
  return {
    async summarize(target, options) {
      let requests = 0;
      const groups = [];
      for (const { source } of sources) {
        try {
          const summary = await source.summarize(target, options);
          requests += summary.requests;
          groups.push(...summary.groups);
        } catch (error) {
          throw withRequests(error, requests);
        }
      }
      return { groups, requests };
    },
    async listConfigurations(target, request, options) {
      let requests = 0;
      let truncated = false;
      const listed: { name: string; reports: readonly FluxConfigurationReport[] }[] = [];
      for (const { name, source } of sources) {
        try {
          const snapshot = await source.listConfigurations(target, request, options);
          requests += snapshot.requests;
          truncated ||= snapshot.truncated === true;
          listed.push({ name, reports: snapshot.configurations });
        } catch (error) {
          throw withRequests(error, requests);
        }
      }
      return {
        configurations: markDisagreements(listed, target),
        requests,
        ...(truncated ? { truncated } : {}),
      };
    },
  };
}

type Stance = 'compliant' | 'failing' | 'other';

function stanceOf(report: FluxConfigurationReport, target: ComplianceTarget): Stance {
  if (syncedCommitOf(report.sourceSyncedCommitId) !== target.commit) return 'other';
  if (report.complianceState === 'Compliant') return 'compliant';
  return report.complianceState === 'Non-Compliant' ? 'failing' : 'other';
}

/**
 * The reports of every source, each failing one renamed when another source says the same
 * cluster (by name, case-insensitively) is Compliant on the target commit.
 */
export function markDisagreements(
  listed: readonly { name: string; reports: readonly FluxConfigurationReport[] }[],
  target: ComplianceTarget,
): FluxConfigurationReport[] {
  const compliantBy = new Map<string, Set<string>>();
  for (const { name, reports } of listed)
    for (const report of reports)
      if (stanceOf(report, target) === 'compliant') {
        const key = report.cluster.name.toLowerCase();
        compliantBy.set(key, (compliantBy.get(key) ?? new Set()).add(name));
      }
  return listed.flatMap(({ name, reports }) =>
    reports.map((report) => {
      if (stanceOf(report, target) !== 'failing') return report;
      const others = [...(compliantBy.get(report.cluster.name.toLowerCase()) ?? [])].filter(
        (other) => other !== name,
      );
      if (others.length === 0) return report;
      return {
        ...report,
        name: `${report.name} (sources disagree: ${name} reports a failure, ${others.join(' and ')} says Compliant)`,
      };
    }),
  );
}

function withRequests(error: unknown, before: number): unknown {
  if (!(error instanceof ComplianceSourceError) || before === 0) return error;
  return new ComplianceSourceError(error.message, {
    transient: error.transient,
    cause: error.cause,
    requests: before + error.requests,
    ...(error.notBefore === undefined ? {} : { notBefore: error.notBefore }),
  });
}
