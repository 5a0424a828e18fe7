// What a person asks a lock for (`kalypso lock`, cd-promote `mode: lock`): the scope and the
// expiry as typed, checked (docs/decisions/promotion-locks.md).
import { parseDuration } from './duration.ts';
import { isoSeconds, parseDateTime } from './timezone.ts';

/** What a lock holds (locks.ts's LockScope; spelled out here so that the two files import one way). */
type LockScope =
  | { readonly type: 'environment' }
  | { readonly type: 'cluster-type'; readonly clusterType: string };

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A Kubernetes object name (RFC 1123 subdomain), as cluster types are named. */
export function isKubernetesName(name: string): boolean {
  return (
    name.length <= 253 &&
    /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(name)
  );
}

/**
 * The scope a person asks for (`kalypso lock --scope`, the lock workflow's `scope`): `environment`
 * (or empty), a cluster type's name, or `cluster-type/<name>` (the trailer's form, also for a
 * cluster type named `environment`).
 */
export function parseLockScope(text: string): { scope: LockScope } | { problem: string } {
  const value = text.trim();
  if (value === '' || value === 'environment') return { scope: { type: 'environment' } };
  const name = value.startsWith('cluster-type/') ? value.slice('cluster-type/'.length) : value;
  if (!isKubernetesName(name))
    return {
      problem: `scope '${clip(value)}' is neither 'environment' nor a cluster type name (a Kubernetes name: lower-case letters, digits, '-' and '.', at most 253 characters).`,
    };
  return { scope: { type: 'cluster-type', clusterType: name } };
}

/**
 * When a lock asked for at `now` expires: `expires` is empty (never: until unlocked), a duration
 * (`4h`, `1d`, `1h30m`) or an instant with a timezone (`2026-11-26T18:00:00Z`). It must be in the
 * future.
 */
export function parseLockExpiry(
  text: string,
  now: Date,
): { until: Date | undefined } | { problem: string } {
  const value = text.trim();
  if (value === '') return { until: undefined };
  let until: Date;
  if (/^\d{4}-/.test(value)) {
    if (!/(Z|[+-]\d{2}:\d{2})$/.test(value))
      return {
        problem: `expiry '${clip(value)}' needs a timezone: write e.g. 2026-11-26T18:00:00Z, or a duration such as 4h.`,
      };
    const parsed = parseDateTime(value, 'UTC');
    if ('problem' in parsed) return { problem: `expiry ${parsed.problem}` };
    until = parsed.date;
  } else {
    const duration = parseDuration(value);
    if ('problem' in duration)
      return {
        problem: `expiry: ${duration.problem.replace(/\.$/, '')}, or an instant such as 2026-11-26T18:00:00Z.`,
      };
    until = new Date(now.getTime() + duration.ms);
  }
  if (until.getTime() <= now.getTime())
    return {
      problem: `expiry ${isoSeconds(until)} is not in the future (now: ${isoSeconds(now)}).`,
    };
  return { until };
}
