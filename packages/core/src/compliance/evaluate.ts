import { sameRepository } from './repository-url.ts';
import { formatTarget, shortCommit, syncedCommitOf } from './target.ts';
import type {
  ClusterCounts,
  ComplianceGroup,
  ComplianceSummary,
  ComplianceTarget,
  ConfigurationSelection,
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
 * grace period.
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
  const base = { target, configurations, counts, clusters: clusterCounts(configurations) };
  const where = `'${formatTarget(target)}'`;
  const commit = shortCommit(target.commit);
  if (counts.total === 0)
    return { ...base, ...noConfigurationVerdict(where, watching.length, options.allowEmpty) };
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
  const unlisted = Math.max(0, last.counts.total - last.counts.compliant - pending.length);
  const who = pending.length > 0 ? `: ${limitList(pending.map(describeWait), 10, unlisted)}` : '';
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
    ...(report.kustomizationPaths ? { kustomizationPaths: report.kustomizationPaths } : {}),
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

function limitList(items: readonly string[], limit: number, unlisted = 0): string {
  const shown = items.slice(0, limit).join('; ');
  const more = Math.max(0, items.length - limit) + unlisted;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

/**
 * Clusters from their configurations: a cluster counts as compliant when all its watching
 * configurations are compliant.
 */
export function clusterCounts(configurations: readonly ConfigurationVerdict[]): ClusterCounts {
  const clusters = new Map<string, boolean>();
  for (const c of configurations) {
    const id = c.cluster.id.toLowerCase();
    clusters.set(id, (clusters.get(id) ?? true) && c.state === 'compliant');
  }
  return {
    compliant: [...clusters.values()].filter(Boolean).length,
    total: clusters.size,
    exact: true,
  };
}

/** Where a summary group stands; `undecided` is Non-Compliant on the target (needs its rows). */
type GroupState = ConfigurationVerdict['state'] | 'undecided' | 'suspended';

function groupState(group: ComplianceGroup, target: ComplianceTarget): GroupState {
  if (group.suspended || group.complianceState === 'Suspended') return 'suspended';
  if (group.provisioningState === 'Failed') return 'failed';
  if (group.syncedCommit !== target.commit) return 'behind';
  if (group.complianceState === 'Compliant') return 'compliant';
  if (group.complianceState === 'Non-Compliant') return 'undecided';
  return 'progressing';
}

/**
 * What a summary leaves open: the configurations to list so the verdict can name or judge them,
 * or undefined when the counts decide alone (everyone compliant, or still waiting with nothing
 * failing). Suspended, failed-to-provision and Non-Compliant-on-target configurations need rows:
 * the first two to be named, the last to tell a terminal reason from a transient one.
 */
export function summaryNeedsDetails(
  summary: ComplianceSummary,
  target: ComplianceTarget,
  options: Partial<ComplianceOptions>,
): ConfigurationSelection | undefined {
  for (const group of summary.groups) {
    const state = groupState(group, target);
    if (state === 'suspended' && options.ignoreSuspended) continue;
    if (state === 'suspended' || state === 'failed' || state === 'undecided') return 'failing';
  }
  return undefined;
}

/** Rows listed to complete a summary: `complete` when they are every watching configuration. */
export interface ListedDetails {
  readonly reports: readonly FluxConfigurationReport[];
  readonly which: ConfigurationSelection;
  readonly complete: boolean;
}

/**
 * The verdict from a summary, completed by listed rows when the summary needed them: counts come
 * from the summary (every configuration), names and failure reasons from the rows (bounded).
 * Non-Compliant configurations the listing did not reach count as progressing.
 */
export function evaluateSummary(
  summary: ComplianceSummary,
  target: ComplianceTarget,
  options: ComplianceOptions,
  details?: ListedDetails,
): Verdict {
  if (details?.complete) return evaluateCompliance(details.reports, target, options);
  const tally = { compliant: 0, failed: 0, progressing: 0, behind: 0, undecided: 0, skipped: 0 };
  const considered: (ComplianceGroup & { state: GroupState })[] = [];
  for (const group of summary.groups) {
    const state = groupState(group, target);
    if (state === 'suspended' && options.ignoreSuspended) {
      tally.skipped += group.configurations;
      continue;
    }
    considered.push({ ...group, state });
    tally[state === 'suspended' ? 'failed' : state] += group.configurations;
  }
  const listed = details
    ? evaluateCompliance(details.reports, target, { ...options, allowEmpty: true })
    : undefined;
  const configurations = listed?.configurations ?? [];
  const judgedFailed = configurations.filter(
    (c) => c.state === 'failed' && c.onTarget && c.complianceState === 'Non-Compliant',
  ).length;
  const counts: VerdictCounts = {
    total: tally.compliant + tally.failed + tally.progressing + tally.behind + tally.undecided,
    compliant: tally.compliant,
    failed: tally.failed + Math.min(judgedFailed, tally.undecided),
    progressing: tally.progressing + tally.undecided - Math.min(judgedFailed, tally.undecided),
    behind: tally.behind,
    ignored: listed?.counts.ignored ?? 0,
  };
  const clusters: ClusterCounts = {
    compliant: considered
      .filter((g) => g.state === 'compliant')
      .reduce((n, g) => n + g.clusters, 0),
    total: considered.reduce((n, g) => n + g.clusters, 0),
    exact: considered.length <= 1,
  };
  const base = { target, configurations, counts, clusters };
  const where = `'${formatTarget(target)}'`;
  const commit = shortCommit(target.commit);
  if (counts.total === 0)
    return { ...base, ...noConfigurationVerdict(where, tally.skipped, options.allowEmpty) };
  if (counts.failed > 0) {
    const failed = configurations.filter((c) => c.state === 'failed');
    const who =
      failed.length > 0
        ? limitList(failed.map(describeFailure), 3, Math.max(0, counts.failed - failed.length))
        : describeGroups(
            considered.filter((g) => g.state === 'failed' || g.state === 'suspended'),
            3,
          );
    return {
      ...base,
      status: 'failed',
      summary: `${counts.failed} of ${counts.total} Flux configuration${plural(counts.total)} failed on commit ${commit}: ${who}.`,
    };
  }
  if (counts.compliant === counts.total) {
    return {
      ...base,
      status: 'succeeded',
      summary: `All ${counts.total} Flux configuration${plural(counts.total)} watching ${where} are Compliant on commit ${commit}.`,
    };
  }
  // Named where listed (the rows the selection covered), counted by group otherwise.
  const named = configurations.filter((c) => c.state !== 'compliant').map(describeWait);
  const coveredByListing = (g: { state: GroupState }) =>
    details?.which === 'pending' ||
    details?.which === 'all' ||
    (details?.which === 'failing' && g.state === 'undecided');
  const unnamed = considered.filter((g) => g.state !== 'compliant' && !coveredByListing(g));
  const pendingTotal = counts.total - counts.compliant;
  const unlistedCovered = Math.max(
    0,
    pendingTotal - named.length - unnamed.reduce((n, g) => n + g.configurations, 0),
  );
  const parts = [
    ...(named.length > 0 ? [limitList(named, 3, unlistedCovered)] : []),
    ...(unnamed.length > 0 ? [describeGroups(unnamed, 3)] : []),
  ];
  return {
    ...base,
    status: 'waiting',
    summary:
      `${counts.compliant} of ${counts.total} Flux configuration${plural(counts.total)} Compliant on commit ${commit}; waiting for ` +
      `${parts.join('; ')}.`,
  };
}

/** `2 still on commit 9b1c0d2 (Compliant there); 1 Pending on the target commit`, largest first. */
function describeGroups(
  groups: readonly (ComplianceGroup & { state: GroupState })[],
  limit: number,
): string {
  const sorted = [...groups].sort(
    (a, b) => b.configurations - a.configurations || compareText(a.syncedCommit, b.syncedCommit),
  );
  return limitList(
    sorted.map((g) => {
      const n = `${g.configurations} configuration${plural(g.configurations)}`;
      const state = g.complianceState || 'Unknown';
      switch (g.state) {
        case 'suspended':
          return `${n} suspended`;
        case 'failed':
          return `${n} failed to provision`;
        case 'behind':
          return `${n} still on ${g.syncedCommit ? `commit ${shortCommit(g.syncedCommit)}` : 'no synced commit yet'} (${state} there)`;
        case 'undecided':
          return `${n} Non-Compliant on the target commit`;
        default:
          return `${n} ${state} on the target commit`;
      }
    }),
    limit,
  );
}

function plural(count: number): string {
  return count === 1 ? '' : 's';
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The summary of reports, as a source that holds rows computes it (in-memory sources, tests):
 * configurations grouped by compliance state, synced commit, suspension and provisioning state.
 */
export function summarizeReports(reports: readonly FluxConfigurationReport[]): ComplianceGroup[] {
  const groups = new Map<string, ComplianceGroup & { clusterIds: Set<string> }>();
  for (const r of reports) {
    const key = {
      complianceState: r.complianceState,
      syncedCommit: syncedCommitOf(r.sourceSyncedCommitId),
      suspended: r.suspended,
      provisioningState: r.provisioningState,
    };
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? {
      ...key,
      configurations: 0,
      clusters: 0,
      clusterIds: new Set(),
    };
    group.clusterIds.add(r.cluster.id.toLowerCase());
    groups.set(id, { ...group, configurations: group.configurations + 1 });
  }
  return [...groups.values()].map(({ clusterIds, ...g }) => ({ ...g, clusters: clusterIds.size }));
}

/** The reports a selection asks for (see ConfigurationSelection), in resource-id order. */
export function selectReports(
  reports: readonly FluxConfigurationReport[],
  target: ComplianceTarget,
  which: ConfigurationSelection,
): FluxConfigurationReport[] {
  const selected = reports.filter((r) => {
    if (which === 'all') return true;
    const onTarget = syncedCommitOf(r.sourceSyncedCommitId) === target.commit;
    const failing =
      isSuspended(r) ||
      r.provisioningState === 'Failed' ||
      (onTarget && r.complianceState === 'Non-Compliant');
    return which === 'failing'
      ? failing
      : failing || !onTarget || r.complianceState !== 'Compliant';
  });
  return selected.sort((a, b) => compareText(a.id, b.id));
}

/** The verdict when no Flux configuration watches the target (listed rows and summaries alike). */
function noConfigurationVerdict(
  where: string,
  suspended: number,
  allowEmpty: boolean | undefined,
): { status: 'succeeded' | 'failed'; summary: string } {
  const skipped = suspended > 0 ? ` (${suspended} suspended left out)` : '';
  return allowEmpty
    ? {
        status: 'succeeded',
        summary: `No Flux configuration watches ${where}${skipped}; allowed by option.`,
      }
    : {
        status: 'failed',
        summary:
          `No Flux configuration watches ${where}${skipped}: check the repository URL and branch, ` +
          `the subscriptions or management groups searched, and that the identity has the Reader role on the clusters.`,
      };
}
