import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Clock, Reporter } from '@kalypso/core';
import { GITHUB_ISSUER } from './actions-oidc-api.ts';
import type {
  ApplicationSpec,
  ClusterSpec,
  CommitSpec,
  FaultSpec,
  RequestRecord,
  TenantSpec,
} from './protocol.ts';

export type { ClusterSpec, Outcome, ConfigurationSpec } from './protocol.ts';

/** Where the local Azure listens, and the CA that signs its certificate. */
export function fakeAzure() {
  return inject('fakeAzure');
}

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${fakeAzure().httpUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`fake Azure control ${method} ${path}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Simulated time shared with the fake fleet: sleeping moves the world's clock forward. */
export class SimulatedClock implements Clock {
  time: number;
  readonly #tenantId: string;
  constructor(tenantId: string, start: number) {
    this.#tenantId = tenantId;
    this.time = start;
  }
  now(): number {
    return this.time;
  }
  async sleep(ms: number): Promise<void> {
    this.time += ms;
    await control('PUT', `/_control/tenants/${this.#tenantId}/time`, { now: this.time });
  }
}

/** A Reporter that keeps every line, for assertions on what the user would read. */
export class RecordingReporter implements Reporter {
  readonly lines: string[] = [];
  debug(message: string): void {
    this.lines.push(`debug: ${message}`);
  }
  info(message: string): void {
    this.lines.push(`info: ${message}`);
  }
  warning(message: string): void {
    this.lines.push(`warning: ${message}`);
  }
  error(message: string): void {
    this.lines.push(`error: ${message}`);
  }
  group<T>(title: string, work: () => Promise<T>): Promise<T> {
    this.lines.push(`group: ${title}`);
    return work();
  }
}

export interface WorldOptions {
  /** Clusters; their `subscriptionId` may be an index into `subscriptions` written as `#0`, `#1`. */
  clusters: (subscriptions: readonly string[]) => ClusterSpec[];
  branches: CommitSpec[];
  subscriptionCount?: number;
  managementGroups?: (subscriptions: readonly string[]) => Record<string, string[]>;
  /** Reader scopes of the application; default every subscription. */
  readerScopes?: (subscriptions: readonly string[]) => string[];
  /** The GitHub OIDC subject the federated credential accepts. */
  federatedSubject?: string;
  oidcAudience?: string;
  /** The subject the Actions token endpoint puts in tokens; default the accepted one. */
  tokenSubject?: string;
  oidcFailsWith?: number;
  armResource?: string;
  quota?: TenantSpec['quota'];
  /** The fleet's time follows the real clock (for a spawned action that really sleeps). */
  wallClock?: boolean;
}

export const WORLD_START = Date.parse('2025-06-03T09:00:00Z');

/** One test's isolated tenant, application, subscriptions, fleet and simulated clock. */
export class World {
  readonly tenantId = randomUUID();
  readonly clientId = randomUUID();
  readonly clientSecret = `secret-${randomUUID()}`;
  readonly runtimeToken = `runtime-${randomUUID()}`;
  readonly subscriptions: string[];
  readonly clock: SimulatedClock;
  readonly reporter = new RecordingReporter();
  readonly #options: WorldOptions;

  private constructor(options: WorldOptions) {
    this.#options = options;
    this.subscriptions = Array.from({ length: options.subscriptionCount ?? 1 }, () => randomUUID());
    this.clock = new SimulatedClock(this.tenantId, WORLD_START);
  }

  static async create(options: WorldOptions): Promise<World> {
    const world = new World(options);
    await world.#register();
    return world;
  }

  async #register(): Promise<void> {
    const o = this.#options;
    const subject = o.federatedSubject ?? 'repo:contoso/platform-control-plane:environment:dev';
    const application: ApplicationSpec = {
      clientId: this.clientId,
      secret: this.clientSecret,
      federatedCredentials: [
        {
          issuer: GITHUB_ISSUER,
          subject,
          audience: o.oidcAudience ?? 'api://AzureADTokenExchange',
        },
      ],
      readerScopes: o.readerScopes?.(this.subscriptions) ?? this.subscriptions,
    };
    const spec: TenantSpec = {
      tenantId: this.tenantId,
      startTime: WORLD_START,
      applications: [application],
      managementGroups: o.managementGroups?.(this.subscriptions) ?? {},
      branches: o.branches,
      clusters: o.clusters(this.subscriptions),
      ...(o.armResource ? { armResource: o.armResource } : {}),
      ...(o.quota ? { quota: o.quota } : {}),
      ...(o.wallClock ? { wallClock: true } : {}),
    };
    await control('POST', '/_control/tenants', spec);
    await control('POST', '/_control/oidc', {
      runtimeToken: this.runtimeToken,
      subject: o.tokenSubject ?? subject,
      repository: 'contoso/platform-control-plane',
      ...(o.oidcFailsWith ? { failWith: o.oidcFailsWith } : {}),
    });
  }

  /**
   * The GitOps branch got a new commit now. Returns the tenant's time of the push and the real
   * time the server took it at (for measuring latencies against a wall-clock fleet).
   */
  async push(commit: CommitSpec): Promise<{ at: number; wallTime: number }> {
    return (await control('POST', `/_control/tenants/${this.tenantId}/commits`, commit)) as {
      at: number;
      wallTime: number;
    };
  }

  async fault(...faults: FaultSpec[]): Promise<void> {
    await control('POST', `/_control/tenants/${this.tenantId}/faults`, faults);
  }

  async requests(service?: RequestRecord['service']): Promise<RequestRecord[]> {
    const all = (await control(
      'GET',
      `/_control/tenants/${this.tenantId}/requests`,
    )) as RequestRecord[];
    return service ? all.filter((r) => r.service === service) : all;
  }

  /** The environment a runner gives a job with `permissions: id-token: write`. */
  oidcEnvironment(): Record<string, string> {
    return {
      ACTIONS_ID_TOKEN_REQUEST_URL: `${fakeAzure().httpUrl}/oidc/token?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: this.runtimeToken,
    };
  }

  async dispose(): Promise<void> {
    await control('DELETE', `/_control/tenants/${this.tenantId}`);
  }
}
