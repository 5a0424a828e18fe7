import {
  syncedCommitOf,
  type ClusterReference,
  type ComplianceGroup,
  type FluxCondition,
  type FluxConfigurationReport,
  type FluxObjectStatus,
} from '@kalypso/core';
import { MalformedAnswerError } from './query-failures.ts';

// Resource Graph answers are input from the clusters (Flux messages can be kilobytes of
// kustomize output, and anyone with write access to a cluster's configuration shapes them):
// every text is flattened to one line and bounded, every list is bounded.
const ID_LIMIT = 1024;
const NAME_LIMIT = 253;
const STATE_LIMIT = 64;
const MESSAGE_LIMIT = 1024;
const OBJECTS_LIMIT = 50;
const CONDITIONS_LIMIT = 10;
const KUSTOMIZATIONS_LIMIT = 20;

/** A row of the Flux configuration query (see query.ts) as the domain report, bounded. */
export function reportFromRow(row: unknown): FluxConfigurationReport {
  const r = record(row);
  const id = text(r.id, ID_LIMIT);
  if (!id)
    throw new MalformedAnswerError(
      'Resource Graph returned a row without an id: the query projection is broken.',
    );
  const statusUpdatedAt = text(r.statusUpdatedAt, STATE_LIMIT);
  return {
    id,
    name: text(r.name, NAME_LIMIT),
    cluster: clusterOf(id),
    repositoryUrl: text(r.repositoryUrl, ID_LIMIT),
    branch: text(r.branch, NAME_LIMIT),
    complianceState: text(r.complianceState, STATE_LIMIT),
    provisioningState: text(r.provisioningState, STATE_LIMIT),
    suspended: r.suspended === true || r.suspended === 'true',
    sourceSyncedCommitId: text(r.sourceSyncedCommitId, NAME_LIMIT + 80),
    ...(statusUpdatedAt ? { statusUpdatedAt } : {}),
    errorMessage: text(r.errorMessage, MESSAGE_LIMIT),
    objects: Array.isArray(r.statuses) ? r.statuses.slice(0, OBJECTS_LIMIT).map(objectStatus) : [],
    ...kustomizationPaths(r.kustomizations),
  };
}

/** The paths of a configuration's kustomizations (a map of name → settings), bounded. */
function kustomizationPaths(value: unknown): { kustomizationPaths?: string[] } {
  const paths = Object.values(record(value))
    .slice(0, KUSTOMIZATIONS_LIMIT)
    .map((k) => text(record(k).path, ID_LIMIT))
    .filter(Boolean);
  return paths.length > 0 ? { kustomizationPaths: paths } : {};
}

/** A row of the summary query (see query.ts) as a group, bounded and checked. */
export function groupFromRow(row: unknown): ComplianceGroup {
  const r = record(row);
  const count = (value: unknown, column: string): number => {
    const n = typeof value === 'number' ? value : Number(text(value, 20));
    if (!Number.isSafeInteger(n) || n < 0)
      throw new MalformedAnswerError(
        `Resource Graph returned a summary row whose '${column}' is not a count.`,
      );
    return n;
  };
  return {
    complianceState: text(r.complianceState, STATE_LIMIT),
    // The query extracts the SHA already; reading it again keeps only hex digits of a SHA.
    syncedCommit: syncedCommitOf(text(r.syncedCommit, 64)),
    suspended: r.suspended === true || r.suspended === 'true',
    provisioningState: text(r.provisioningState, STATE_LIMIT),
    configurations: count(r.configurations, 'configurations'),
    clusters: count(r.clusters, 'clusters'),
  };
}

function objectStatus(value: unknown): FluxObjectStatus {
  const s = record(value);
  return {
    kind: text(s.kind, STATE_LIMIT),
    namespace: text(s.namespace, NAME_LIMIT),
    name: text(s.name, NAME_LIMIT),
    complianceState: text(s.complianceState, STATE_LIMIT),
    conditions: Array.isArray(s.statusConditions)
      ? s.statusConditions.slice(0, CONDITIONS_LIMIT).map(condition)
      : [],
  };
}

function condition(value: unknown): FluxCondition {
  const c = record(value);
  const lastTransitionTime = text(c.lastTransitionTime, STATE_LIMIT);
  return {
    type: text(c.type, STATE_LIMIT),
    status: text(c.status, STATE_LIMIT),
    reason: text(c.reason, STATE_LIMIT * 2),
    message: text(c.message, MESSAGE_LIMIT),
    ...(lastTransitionTime ? { lastTransitionTime } : {}),
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A scalar as one bounded line of text; objects and lists are not text and read as ''. */
function text(value: unknown, limit: number): string {
  const raw =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : '';
  const flat = raw.slice(0, limit * 4).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

/**
 * The cluster of a Flux configuration, from its resource id
 * `/subscriptions/{s}/resourceGroups/{rg}/providers/{rp}/{type}/{cluster}/providers/Microsoft.KubernetesConfiguration/fluxConfigurations/{name}`:
 * the cluster's resource id, and its name.
 */
export function clusterOf(configurationId: string): ClusterReference {
  const marker = configurationId
    .toLowerCase()
    .indexOf('/providers/microsoft.kubernetesconfiguration/');
  const id = marker > 0 ? configurationId.slice(0, marker) : configurationId;
  return { id, name: id.split('/')[8] ?? id };
}
