/**
 * Commit statuses as deployment evidence: the statuses Flux's notification-controller (a GitHub
 * `Provider` with `commitStatusExpr`) or Argo CD's notifications write on the GitOps commit they
 * applied, mapped onto the source-neutral reports the verdict judges (evaluate.ts). Pure: the
 * adapter (packages/github/src/status-evidence.ts) reads the statuses and the inventory.
 * See docs/commit-status-evidence.md and docs/decisions/commit-status-evidence.md.
 */
import { didYouMean } from '../model/did-you-mean.ts';
import { CLUSTER_NAME, type InventoryCluster } from './cluster-inventory.ts';
import {
  ComplianceInputError,
  type ComplianceTarget,
  type FluxConfigurationReport,
  type FluxObjectStatus,
} from './types.ts';

/** The default context pattern: `kalypso/<cluster type>/<cluster>/<anything>`. */
export const DEFAULT_CONTEXT_PATTERN = 'kalypso/{clusterType}/{cluster}/*';

/** The prefix of every report id this source makes (ids stay unique next to other sources). */
export const STATUS_REPORT_PREFIX = 'commit-statuses:';

/** The latest status of one context on a commit, as the combined status lists it. */
export interface ReportedStatus {
  readonly context: string;
  /** `success`, `failure`, `error` or `pending`. */
  readonly state: string;
  readonly description: string;
  readonly updatedAt?: string;
}

/** A compiled context pattern. */
export interface ContextPattern {
  readonly text: string;
  /** The literal text before the first placeholder, lower-cased: contexts starting with it but not matching are reported. */
  readonly prefix: string;
  match(context: string): { cluster: string; clusterType: string | undefined } | undefined;
}

/** Who must report before an environment counts as deployed. */
export type ExpectedReporters =
  | {
      readonly kind: 'inventory';
      readonly file: string;
      readonly clusters: readonly InventoryCluster[];
    }
  | {
      readonly kind: 'previous';
      /** The earlier commit whose reporters are expected (short form in messages). */
      readonly commit: string;
      readonly clusters: readonly { name: string; clusterType: string | undefined }[];
    }
  | { readonly kind: 'minimum'; readonly perClusterType: Readonly<Record<string, number>> };

export interface StatusEvidence {
  readonly reports: FluxConfigurationReport[];
  /** What the original would accept but is probably a mistake: unknown reporters, stray contexts. */
  readonly warnings: string[];
}

const PLACEHOLDER = /\{(clusterType|cluster)\}/g;
const SEGMENT = '([A-Za-z0-9][A-Za-z0-9._-]{0,252})';

/**
 * Compiles a pattern: literal text, `{cluster}` (required), `{clusterType}` (optional), each one
 * path segment, and an optional trailing `*` (anything). Compared case-insensitively, as GitHub
 * compares contexts. Throws ComplianceInputError for a pattern that cannot name a cluster.
 */
export function compileContextPattern(text: string): ContextPattern {
  const problems: string[] = [];
  if (text.length === 0 || text.length > 200)
    problems.push(`Input 'status-context-pattern' must have 1 to 200 characters.`);
  const clusters = [...text.matchAll(/\{cluster\}/g)].length;
  const types = [...text.matchAll(/\{clusterType\}/g)].length;
  if (clusters !== 1)
    problems.push(
      `Input 'status-context-pattern' '${text.slice(0, 200)}' must hold '{cluster}' exactly once (e.g. '${DEFAULT_CONTEXT_PATTERN}').`,
    );
  if (types > 1)
    problems.push(`Input 'status-context-pattern' holds '{clusterType}' more than once.`);
  const star = text.indexOf('*');
  if (star !== -1 && star !== text.length - 1)
    problems.push(`Input 'status-context-pattern' may hold '*' only at its end.`);
  const stray = text.replace(PLACEHOLDER, '').match(/[{}]/);
  if (stray)
    problems.push(
      `Input 'status-context-pattern' holds a brace that is not '{cluster}' or '{clusterType}'.`,
    );
  if (problems.length > 0) throw new ComplianceInputError(problems);
  const body = star === -1 ? text : text.slice(0, -1);
  const order: ('cluster' | 'clusterType')[] = [];
  const source = body
    .split(PLACEHOLDER)
    .map((part, i) => {
      if (i % 2 === 1) {
        order.push(part as 'cluster' | 'clusterType');
        return SEGMENT;
      }
      return part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    })
    .join('');
  const regex = new RegExp(`^${source}${star === -1 ? '' : '.*'}$`, 'is');
  const prefix = (body.split(PLACEHOLDER)[0] ?? '').toLowerCase();
  return {
    text,
    prefix,
    match(context) {
      if (context.length > 1024) return undefined;
      const m = regex.exec(context);
      if (!m) return undefined;
      const value = (name: 'cluster' | 'clusterType') => {
        const index = order.indexOf(name);
        return index === -1 ? undefined : m[index + 1];
      };
      return { cluster: value('cluster')!, clusterType: value('clusterType') };
    },
  };
}

/**
 * Parses `drone=2, large=1` (input `minimum-reporters`): at least that many clusters of each
 * cluster type must report.
 */
export function parseMinimumReporters(text: string): Record<string, number> {
  const problems: string[] = [];
  const result: Record<string, number> = {};
  for (const item of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^([^=]+)=(\d{1,5})$/.exec(item);
    const type = m?.[1] ?? '';
    const count = Number(m?.[2] ?? 0);
    if (!m || !CLUSTER_NAME.test(type) || count < 1) {
      problems.push(
        `Input 'minimum-reporters' item '${item.slice(0, 80)}' is not '<cluster type>=<count of at least 1>' (e.g. 'drone=2').`,
      );
      continue;
    }
    if (type.toLowerCase() in result)
      problems.push(`Input 'minimum-reporters' names cluster type '${type}' twice.`);
    result[type.toLowerCase()] = count;
  }
  if (problems.length === 0 && Object.keys(result).length === 0)
    problems.push(
      `Input 'minimum-reporters' is empty with 'expected-reporters: minimum': write e.g. 'drone=2, large=1'.`,
    );
  if (problems.length > 0) throw new ComplianceInputError(problems);
  return result;
}

interface Reporter {
  name: string;
  clusterType: string | undefined;
  statuses: ReportedStatus[];
}

/** Groups the statuses that match the pattern by cluster; counts and names the stray ones. */
export function reportersOf(
  statuses: readonly ReportedStatus[],
  pattern: ContextPattern,
): { reporters: Map<string, Reporter>; stray: string[] } {
  const reporters = new Map<string, Reporter>();
  const stray: string[] = [];
  for (const status of statuses) {
    const m = pattern.match(status.context);
    if (!m) {
      if (pattern.prefix !== '' && status.context.toLowerCase().startsWith(pattern.prefix))
        stray.push(status.context);
      continue;
    }
    const key = m.cluster.toLowerCase();
    const reporter = reporters.get(key) ?? {
      name: m.cluster,
      clusterType: m.clusterType,
      statuses: [],
    };
    reporter.statuses.push(status);
    reporters.set(key, reporter);
  }
  return { reporters, stray };
}

/**
 * The reports of the expected clusters on the target commit: one per cluster, judged by
 * evaluate.ts like any other source's. A cluster with no status on the commit has no synced
 * commit (so it is "behind", and a time-out names it); any `failure` or `error` makes it
 * Non-Compliant with the reason Flux wrote (terminal reasons fail at once, others after the grace
 * period); `pending` (Argo CD) is progressing; all `success` is Compliant.
 */
export function statusEvidence(
  statuses: readonly ReportedStatus[],
  pattern: ContextPattern,
  expected: ExpectedReporters,
  target: ComplianceTarget,
): StatusEvidence {
  const { reporters, stray } = reportersOf(statuses, pattern);
  const warnings: string[] = [];
  if (stray.length > 0)
    warnings.push(
      `${stray.length} commit status context${stray.length === 1 ? '' : 's'} on ${target.commit.slice(0, 7)} start${stray.length === 1 ? 's' : ''} like '${pattern.text}' but do${stray.length === 1 ? 'es' : ''} not match it (e.g. ${JSON.stringify(stray[0]!.slice(0, 120))}): check the Flux Provider's commitStatusExpr; left out.`,
    );
  const reports: FluxConfigurationReport[] = [];
  const report = (name: string, clusterType: string | undefined, mine: readonly ReportedStatus[]) =>
    reports.push(clusterReport(name, clusterType, mine, target));
  if (expected.kind === 'inventory') {
    const listed = new Map(expected.clusters.map((c) => [c.name.toLowerCase(), c]));
    for (const cluster of expected.clusters) {
      const reporter = reporters.get(cluster.name.toLowerCase());
      if (
        reporter &&
        reporter.clusterType !== undefined &&
        cluster.clusterType.toLowerCase() !== reporter.clusterType.toLowerCase()
      )
        warnings.push(
          `Cluster '${cluster.name}' reports as cluster type '${reporter.clusterType}', but ${expected.file}${cluster.line ? `:${cluster.line}` : ''} lists it as '${cluster.clusterType}': correct one of them.`,
        );
      if (cluster.optional && !reporter) continue;
      report(cluster.name, cluster.clusterType, reporter?.statuses ?? []);
    }
    const unknown = [...reporters.values()].filter((r) => !listed.has(r.name.toLowerCase()));
    for (const r of unknown.slice(0, 10)) {
      const guess = didYouMean(r.name, listed.keys());
      warnings.push(
        `Cluster '${r.name}' reported on ${target.commit.slice(0, 7)} but is not in ${expected.file}${guess ? ` (did you mean '${guess}'?)` : ''}: its statuses are left out of the verdict; add it to the inventory (optional: true if it may stay silent).`,
      );
    }
    if (unknown.length > 10)
      warnings.push(`And ${unknown.length - 10} more clusters not in ${expected.file}.`);
    return { reports, warnings };
  }
  if (expected.kind === 'previous') {
    const wanted = new Map(expected.clusters.map((c) => [c.name.toLowerCase(), c]));
    for (const cluster of expected.clusters)
      report(
        cluster.name,
        cluster.clusterType,
        reporters.get(cluster.name.toLowerCase())?.statuses ?? [],
      );
    for (const [key, r] of reporters)
      if (!wanted.has(key)) report(r.name, r.clusterType, r.statuses);
    return { reports, warnings };
  }
  const seen = new Map<string, number>();
  for (const r of reporters.values()) {
    report(r.name, r.clusterType, r.statuses);
    const type = (r.clusterType ?? '').toLowerCase();
    seen.set(type, (seen.get(type) ?? 0) + 1);
  }
  for (const [type, minimum] of Object.entries(expected.perClusterType)) {
    for (let n = seen.get(type) ?? 0; n < minimum; n += 1)
      reports.push(
        missingReport(
          `${type}/#${n + 1}`,
          `(cluster ${n + 1} of at least ${minimum} of type ${type})`,
          type,
          target,
        ),
      );
  }
  return { reports, warnings };
}

/** `health check failed` → `HealthCheckFailed`: Flux writes the event reason in lower-case words. */
export function reasonOfDescription(description: string): string {
  const words = description.trim().split(/\s+/);
  if (words.length === 0 || words.length > 6 || !words.every((w) => /^[a-z]+$/.test(w))) return '';
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function clusterReport(
  name: string,
  clusterType: string | undefined,
  statuses: readonly ReportedStatus[],
  target: ComplianceTarget,
): FluxConfigurationReport {
  if (statuses.length === 0)
    return missingReport(`${clusterType ?? ''}/${name}`, name, clusterType, target);
  const failing = statuses.some((s) => s.state === 'failure' || s.state === 'error');
  const pending = statuses.some((s) => s.state === 'pending');
  const objects: FluxObjectStatus[] = [...statuses]
    .sort((a, b) => (a.context < b.context ? -1 : a.context > b.context ? 1 : 0))
    .map((s) => {
      const ok = s.state === 'success';
      const state = ok ? 'Compliant' : s.state === 'pending' ? 'Pending' : 'Non-Compliant';
      return {
        kind: 'Commit status',
        namespace: '',
        name: s.context,
        complianceState: state,
        conditions: [
          {
            type: 'Ready',
            status: ok ? 'True' : s.state === 'pending' ? 'Unknown' : 'False',
            reason: ok ? '' : reasonOfDescription(s.description),
            message: s.description,
            ...(s.updatedAt ? { lastTransitionTime: s.updatedAt } : {}),
          },
        ],
      };
    });
  const updated = statuses
    .map((s) => s.updatedAt ?? '')
    .sort()
    .pop();
  return {
    ...base(`${clusterType ?? ''}/${name}`, name, clusterType, target),
    complianceState: failing ? 'Non-Compliant' : pending ? 'Pending' : 'Compliant',
    sourceSyncedCommitId: `${target.branch}@sha1:${target.commit}`,
    objects,
    ...(updated ? { statusUpdatedAt: updated } : {}),
  };
}

function missingReport(
  key: string,
  name: string,
  clusterType: string | undefined,
  target: ComplianceTarget,
): FluxConfigurationReport {
  return {
    ...base(key, name, clusterType, target),
    complianceState: '',
    sourceSyncedCommitId: '',
    objects: [],
  };
}

function base(
  key: string,
  name: string,
  clusterType: string | undefined,
  target: ComplianceTarget,
) {
  const id = `${STATUS_REPORT_PREFIX}${key.toLowerCase()}`;
  return {
    id,
    name: 'commit statuses',
    cluster: { id, name },
    repositoryUrl: target.repositoryUrl,
    branch: target.branch,
    provisioningState: 'Succeeded',
    suspended: false,
    errorMessage: '',
    ...(clusterType ? { kustomizationPaths: [clusterType] } : {}),
  };
}
