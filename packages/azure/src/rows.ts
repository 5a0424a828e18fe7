import {
  clusterOf,
  type FluxCondition,
  type FluxConfigurationReport,
  type FluxObjectStatus,
} from '@kalypso/core';

/** A row of the Flux configuration query (see query.ts) as the domain report. */
export function reportFromRow(row: unknown): FluxConfigurationReport {
  const r = record(row);
  const id = text(r.id);
  if (!id)
    throw new Error('Resource Graph returned a row without an id: the query projection is broken.');
  const statusUpdatedAt = text(r.statusUpdatedAt);
  return {
    id,
    name: text(r.name),
    cluster: clusterOf(id),
    repositoryUrl: text(r.repositoryUrl),
    branch: text(r.branch),
    complianceState: text(r.complianceState),
    provisioningState: text(r.provisioningState),
    suspended: r.suspended === true || r.suspended === 'true',
    sourceSyncedCommitId: text(r.sourceSyncedCommitId),
    ...(statusUpdatedAt ? { statusUpdatedAt } : {}),
    errorMessage: text(r.errorMessage),
    objects: Array.isArray(r.statuses) ? r.statuses.map(objectStatus) : [],
  };
}

function objectStatus(value: unknown): FluxObjectStatus {
  const s = record(value);
  return {
    kind: text(s.kind),
    namespace: text(s.namespace),
    name: text(s.name),
    complianceState: text(s.complianceState),
    conditions: Array.isArray(s.statusConditions) ? s.statusConditions.map(condition) : [],
  };
}

function condition(value: unknown): FluxCondition {
  const c = record(value);
  const lastTransitionTime = text(c.lastTransitionTime);
  return {
    type: text(c.type),
    status: text(c.status),
    reason: text(c.reason),
    message: text(c.message),
    ...(lastTransitionTime ? { lastTransitionTime } : {}),
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return typeof value === 'string'
    ? value
    : value === null || value === undefined
      ? ''
      : String(value as string | number | boolean);
}
