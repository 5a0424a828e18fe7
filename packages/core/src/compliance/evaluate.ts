import { sameRepository } from './repository-url.ts';
import { formatTarget, shortCommit, syncedCommitOf } from './target.ts';
import type {
  ComplianceTarget,
  ConfigurationVerdict,
  FailingObject,
  FluxConfigurationReport,
  FluxObjectStatus,
  Verdict,
  VerdictCounts,
} from './types.ts';

/**
 * Reasons after which Flux does not converge by itself (kustomize-, helm- and source-controller).
 * Others (`DependencyNotReady`, `Progressing`, `ProgressingWithRetry` …) are waited for, up to the
 * grace period (azure-resource-graph.md §4.5).
 */
export const TERMINAL_REASONS: ReadonlySet<string> = new Set([
  'BuildFailed',
  'HealthCheckFailed',
  'ReconciliationFailed',
  'ArtifactFailed',
  'PruneFailed',
  'ValidationFailed',
  'InstallFailed',
  'UpgradeFailed',
  'TestFailed',
  'RollbackFailed',
  'UninstallFailed',
]);

export interface ComplianceOptions {
  /** How long a configuration may stay Non-Compliant on the target for a transient reason. */
  readonly gracePeriodSeconds: number;
  /**
   * For each configuration id, how long it has been seen Non-Compliant on the target (the poller
   * tracks this); a configuration absent here counts as just seen.
   */
  readonly nonCompliantSeconds?: Readonly<Record<string, number>>;
  /** Zero watching configurations is a success (not recommended: a typo then promotes). */
  readonly allowEmpty?: boolean;
  /** Suspended configurations are left out instead of failing the check. */
  readonly ignoreSuspended?: boolean;
}

/**
 * The verdict on a promotion from the clusters' reports: succeeded when every Flux configuration
 * watching the target repository and branch reports the target commit as Compliant; failed when
 * one fails terminally on it, stays non-compliant past the grace period, is suspended or failed to
 * provision, or when nothing watches the branch; waiting otherwise.
 */
export function evaluateCompliance(
  reports: readonly FluxConfigurationReport[],
  target: ComplianceTarget,
  options: ComplianceOptions,
): Verdict {
  const watching = reports.filter(
    (report) =>
      report.branch === target.branch && sameRepository(report.repositoryUrl, target.repository),
  );
  const considered = options.ignoreSuspended
    ? watching.filter((report) => !isSuspended(report))
    : watching;
  const configurations = considered
    .map((report) => judge(report, target, options))
    .sort(
      (a, b) =>
        compareText(a.cluster.name, b.cluster.name) ||
        compareText(a.configuration, b.configuration) ||
        compareText(a.id, b.id),
    );
  const counts: VerdictCounts = {
    total: configurations.length,
    compliant: configurations.filter((c) => c.state === 'compliant').length,
    failed: configurations.filter((c) => c.state === 'failed').length,
    progressing: configurations.filter((c) => c.state === 'progressing').length,
    behind: configurations.filter((c) => c.state === 'behind').length,
    ignored: reports.length - watching.length,
  };
  const base = { target, configurations, counts };
  const where = `'${formatTarget(target)}'`;
  const commit = shortCommit(target.commit);
  if (counts.total === 0) {
    const skipped = watching.length > 0 ? ` (${watching.length} suspended left out)` : '';
    return options.allowEmpty
      ? {
          ...base,
          status: 'succeeded',
          summary: `No Flux configuration watches ${where}${skipped}; allowed by option.`,
        }
      : {
          ...base,
          status: 'failed',
          summary:
            `No Flux configuration watches ${where}${skipped}: check the repository URL and branch, ` +
            `the subscriptions or management groups searched, and that the identity has the Reader role on the clusters.`,
        };
  }
  if (counts.failed > 0) {
    const failed = configurations.filter((c) => c.state === 'failed');
    return {
      ...base,
      status: 'failed',
      summary:
        `${counts.failed} of ${counts.total} Flux configuration${plural(counts.total)} failed on commit ${commit}: ` +
        `${limitList(failed.map(describeFailure), 3)}.`,
    };
  }
  if (counts.compliant === counts.total) {
    return {
      ...base,
      status: 'succeeded',
      summary: `All ${counts.total} Flux configuration${plural(counts.total)} watching ${where} are Compliant on commit ${commit}.`,
    };
  }
  const pending = configurations.filter((c) => c.state !== 'compliant');
  return {
    ...base,
    status: 'waiting',
    summary:
      `${counts.compliant} of ${counts.total} Flux configuration${plural(counts.total)} Compliant on commit ${commit}; waiting for ` +
      `${limitList(pending.map(describeWait), 3)}.`,
  };
}

/** The verdict when time ran out: names every configuration that is behind or still progressing. */
export function timedOutVerdict(last: Verdict, timeoutSeconds: number): Verdict {
  const pending = last.configurations.filter((c) => c.state !== 'compliant');
  const who = pending.length > 0 ? `: ${limitList(pending.map(describeWait), 10)}` : '';
  return {
    ...last,
    status: 'timed-out',
    summary:
      `Timed out after ${timeoutSeconds}s: ${last.counts.compliant} of ${last.counts.total} Flux configuration${plural(last.counts.total)} ` +
      `Compliant on commit ${shortCommit(last.target.commit)}${who}.`,
  };
}

function judge(
  report: FluxConfigurationReport,
  target: ComplianceTarget,
  options: ComplianceOptions,
): ConfigurationVerdict {
  const syncedCommit = syncedCommitOf(report.sourceSyncedCommitId);
  const onTarget = syncedCommit === target.commit;
  const failingObjects = report.objects
    .filter((o) => o.complianceState !== 'Compliant')
    .map(failingObject);
  const base = {
    id: report.id,
    configuration: report.name,
    cluster: report.cluster,
    complianceState: report.complianceState,
    syncedCommit,
    onTarget,
    failingObjects,
    ...(report.statusUpdatedAt ? { statusUpdatedAt: report.statusUpdatedAt } : {}),
  };
  if (isSuspended(report)) {
    return { ...base, state: 'failed', detail: 'is suspended, so it will not deploy the commit' };
  }
  if (report.provisioningState === 'Failed') {
    const why = report.errorMessage ? `: ${report.errorMessage}` : '';
    return { ...base, state: 'failed', detail: `failed to provision${why}` };
  }
  if (!onTarget) {
    const at = syncedCommit ? `commit ${shortCommit(syncedCommit)}` : 'no synced commit yet';
    const state = report.complianceState ? ` (${report.complianceState} there)` : '';
    return { ...base, state: 'behind', detail: `is still on ${at}${state}` };
  }
  if (report.complianceState === 'Compliant') {
    return { ...base, state: 'compliant', detail: 'is Compliant on the target commit' };
  }
  if (report.complianceState !== 'Non-Compliant') {
    return {
      ...base,
      state: 'progressing',
      detail: `is ${report.complianceState || 'Unknown'} on the target commit`,
    };
  }
  const terminal = failingObjects.find((o) => TERMINAL_REASONS.has(o.reason));
  if (terminal) {
    return { ...base, state: 'failed', detail: `is Non-Compliant: ${terminal.reason}` };
  }
  const seconds = options.nonCompliantSeconds?.[report.id] ?? 0;
  if (seconds >= options.gracePeriodSeconds) {
    return {
      ...base,
      state: 'failed',
      detail: `stayed Non-Compliant for ${Math.round(seconds)}s, past the grace period of ${options.gracePeriodSeconds}s`,
    };
  }
  const reasons = [...new Set(failingObjects.map((o) => o.reason).filter(Boolean))].join(', ');
  return {
    ...base,
    state: 'progressing',
    detail: `is Non-Compliant${reasons ? ` (${reasons})` : ''}, within the grace period`,
  };
}

function isSuspended(report: FluxConfigurationReport): boolean {
  return report.suspended || report.complianceState === 'Suspended';
}

/** The condition that explains an object: its `Ready` condition, else the first not `True`. */
function failingObject(object: FluxObjectStatus): FailingObject {
  const condition =
    object.conditions.find((c) => c.type === 'Ready') ??
    object.conditions.find((c) => c.status !== 'True');
  return {
    kind: object.kind,
    namespace: object.namespace,
    name: object.name,
    complianceState: object.complianceState,
    reason: condition?.reason ?? '',
    message: condition?.message ?? '',
  };
}

/** `Kustomization flux-system/hello-world-apps: HealthCheckFailed: health check failed …` */
export function formatFailingObject(object: FailingObject): string {
  const where = object.namespace ? `${object.namespace}/${object.name}` : object.name;
  const reason = object.reason ? `: ${object.reason}` : '';
  const message = object.message ? `: ${object.message}` : '';
  return `${object.kind} ${where}${reason}${message}`;
}

function describeFailure(configuration: ConfigurationVerdict): string {
  const objects = configuration.failingObjects.filter((o) => o.reason !== '' || o.message !== '');
  const first = objects.find((o) => TERMINAL_REASONS.has(o.reason)) ?? objects[0];
  const object = first ? ` (${formatFailingObject(first)})` : '';
  return `cluster '${configuration.cluster.name}' configuration '${configuration.configuration}' ${configuration.detail}${object}`;
}

function describeWait(configuration: ConfigurationVerdict): string {
  return `'${configuration.cluster.name}/${configuration.configuration}' ${configuration.detail}`;
}

function limitList(items: readonly string[], limit: number): string {
  const shown = items.slice(0, limit).join('; ');
  return items.length > limit ? `${shown}; and ${items.length - limit} more` : shown;
}

function plural(count: number): string {
  return count === 1 ? '' : 's';
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
