import { Fleet } from './fleet.ts';
import type { FaultSpec, OidcRegistration, RequestRecord, TenantSpec } from './protocol.ts';

/** One test's world: a tenant with its applications, subscriptions, fleet and simulated time. */
export class Tenant {
  readonly spec: TenantSpec;
  readonly fleet: Fleet;
  /** Simulated time, or (with `wallClock`) the offset that makes it follow real time. */
  #time: number;
  readonly faults: FaultSpec[] = [];
  readonly requests: RequestRecord[] = [];
  readonly #quota = new Map<string, { start: number; used: number }>();

  constructor(spec: TenantSpec) {
    this.spec = spec;
    this.#time = spec.wallClock ? spec.startTime - Date.now() : spec.startTime;
    this.fleet = new Fleet(spec.clusters, spec.branches, spec.startTime);
  }

  /**
   * The tenant's time. A simulated clock moves only when a test sets it; a wall-clock tenant's time
   * runs in real time from `startTime` (for processes that sleep for real, such as a bundled
   * action), and setting it jumps ahead.
   */
  get now(): number {
    return this.spec.wallClock ? Date.now() + this.#time : this.#time;
  }

  set now(value: number) {
    this.#time = this.spec.wallClock ? value - Date.now() : value;
  }

  get armResource(): string {
    return this.spec.armResource ?? 'https://management.azure.com';
  }

  /** Subscriptions the application may read (Reader on the subscription or its management group). */
  readableSubscriptions(clientId: string): Set<string> {
    const app = this.spec.applications.find((a) => a.clientId === clientId);
    const readable = new Set<string>();
    for (const scope of app?.readerScopes ?? []) {
      if (scope.startsWith('mg:'))
        for (const s of this.spec.managementGroups?.[scope.slice(3)] ?? []) readable.add(s);
      else readable.add(scope);
    }
    return readable;
  }

  /** Counts one query against the principal's window; undefined when the quota is used up. */
  takeQuota(
    clientId: string,
  ): { remaining: number; resetsAfterMs: number } | { throttledForMs: number } {
    const perWindow = this.spec.quota?.perWindow ?? 15;
    const windowMs = (this.spec.quota?.windowSeconds ?? 5) * 1000;
    let window = this.#quota.get(clientId);
    if (!window || this.now >= window.start + windowMs) {
      window = { start: this.now, used: 0 };
      this.#quota.set(clientId, window);
    }
    const resetsAfterMs = window.start + windowMs - this.now;
    if (window.used >= perWindow) return { throttledForMs: resetsAfterMs };
    window.used += 1;
    return { remaining: perWindow - window.used, resetsAfterMs };
  }

  #cache:
    { key: string; value: { rows: Record<string, unknown>[]; columns: string[] } } | undefined;

  /** The result of one query at the current simulated time, computed once for all its pages. */
  cachedResult(
    fingerprint: string,
    compute: () => { rows: Record<string, unknown>[]; columns: string[] },
  ): { rows: Record<string, unknown>[]; columns: string[] } {
    const key = `${this.now}|${this.fleet.version}|${fingerprint}`;
    if (this.#cache?.key !== key) this.#cache = { key, value: compute() };
    return this.#cache.value;
  }

  record(record: Omit<RequestRecord, 'at'>): void {
    this.requests.push({ ...record, at: this.now });
  }
}

export class AzureState {
  readonly tenants = new Map<string, Tenant>();
  readonly oidc = new Map<string, OidcRegistration>();
}

/** `hh:mm:ss`, rounded up to whole seconds, as in `x-ms-user-quota-resets-after`. */
export function timeSpan(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
