import {
  ResourceGraphClient,
  type QueryRequest,
  type QueryResponse,
} from '@azure/arm-resourcegraph';
import type { TokenCredential } from '@azure/core-auth';
import {
  ComplianceSourceError,
  formatTarget,
  type Clock,
  type ComplianceSnapshot,
  type ComplianceSource,
  type ComplianceTarget,
  type FluxConfigurationReport,
  type Reporter,
} from '@kalypso/core';
import { AzureAuthenticationError } from './auth-errors.ts';
import type { AzureCloud } from './clouds.ts';
import { fluxConfigurationQuery } from './query.ts';
import { classifyQueryFailure, describeQueryFailure, type QueryFailure } from './query-failures.ts';
import { reportFromRow } from './rows.ts';
import { DEFAULT_RETRY_POLICY, parseTimeSpan, withRetry, type RetryPolicy } from './retry.ts';

export interface ResourceGraphSourceOptions {
  readonly credential: TokenCredential;
  readonly cloud: AzureCloud;
  readonly clock: Clock;
  readonly reporter: Reporter;
  /** Subscription ids to search; with neither these nor management groups, the whole tenant. */
  readonly subscriptions?: readonly string[];
  /** Management group ids (names) to search. */
  readonly managementGroups?: readonly string[];
  /** Extra certificate authorities (PEM) for the Resource Manager endpoint. */
  readonly ca?: string;
  readonly retryPolicy?: RetryPolicy;
  /** Rows per page, 1–1000. */
  readonly pageSize?: number;
}

/** Resource Graph allows at most 1,000 subscriptions in one request (azure-resource-graph.md §1.2). */
const SUBSCRIPTIONS_PER_REQUEST = 1000;

type Scope = Pick<QueryRequest, 'subscriptions' | 'managementGroups'>;

/**
 * The compliance source backed by Azure Resource Graph: one paged query per poll and scope,
 * `$skipToken` followed to the end, the per-user quota respected before it runs out, and 429,
 * 5xx and network failures retried with backoff on the injected clock.
 */
export class ResourceGraphComplianceSource implements ComplianceSource {
  /** Requests sent since construction, pages and retries included. */
  requests = 0;
  readonly #client: ResourceGraphClient;
  readonly #options: ResourceGraphSourceOptions;
  readonly #scopes: readonly Scope[];
  #quota: { remaining: number; resetsAt: number } | undefined;

  constructor(options: ResourceGraphSourceOptions) {
    const pageSize = options.pageSize ?? 1000;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
      throw new Error(`Page size ${pageSize} is not between 1 and 1000.`);
    }
    this.#options = { ...options, pageSize };
    this.#client = new ResourceGraphClient(options.credential, {
      endpoint: options.cloud.armEndpoint,
      credentials: { scopes: [options.cloud.tokenScope] },
      // Every retry goes through withRetry, so waits use the injected clock and are logged once.
      retryOptions: { maxRetries: 0 },
      userAgentOptions: { userAgentPrefix: 'kalypso-actions' },
      ...(options.ca ? { tlsOptions: { ca: options.ca } } : {}),
    });
    this.#scopes = scopesOf(options.subscriptions ?? [], options.managementGroups ?? []);
  }

  /** Every Flux configuration watching the target's repository and branch, over all scopes. */
  async listConfigurations(target: ComplianceTarget): Promise<ComplianceSnapshot> {
    const query = fluxConfigurationQuery(target);
    this.#options.reporter.debug(`Resource Graph query:\n${query}`);
    const before = this.requests;
    const byId = new Map<string, FluxConfigurationReport>();
    try {
      for (const scope of this.#scopes) {
        for (const report of await this.#queryAllPages(query, scope, target)) {
          byId.set(report.id.toLowerCase(), report);
        }
      }
    } catch (error) {
      throw this.#sourceError(error, target, this.requests - before);
    }
    return { configurations: [...byId.values()], requests: this.requests - before };
  }

  async #queryAllPages(
    query: string,
    scope: Scope,
    target: ComplianceTarget,
  ): Promise<FluxConfigurationReport[]> {
    const reports: FluxConfigurationReport[] = [];
    let skipToken: string | undefined;
    let page = 1;
    do {
      const response = await withRetry(
        `Resource Graph query for '${formatTarget(target)}', page ${page}`,
        () =>
          this.#send({
            query,
            ...scope,
            options: {
              top: this.#options.pageSize ?? 1000,
              resultFormat: 'objectArray',
              ...(skipToken ? { skipToken } : {}),
            },
          }),
        {
          clock: this.#options.clock,
          reporter: this.#options.reporter,
          policy: this.#options.retryPolicy ?? DEFAULT_RETRY_POLICY,
          classify: classifyQueryFailure,
        },
      );
      if (!Array.isArray(response.data)) {
        throw new Error(
          'Resource Graph answered without an object array: the response format is not supported.',
        );
      }
      for (const row of response.data as unknown[]) reports.push(reportFromRow(row));
      if (!response.skipToken && response.resultTruncated === 'true') {
        throw new Error(
          `Resource Graph truncated the result at ${reports.length} of ${response.totalRecords} rows without a continuation token.`,
        );
      }
      skipToken = response.skipToken;
      page += 1;
    } while (skipToken);
    return reports;
  }

  /** One request, after waiting for the quota window to reset if the last answer used it up. */
  async #send(request: QueryRequest): Promise<QueryResponse> {
    const { clock, reporter } = this.#options;
    if (this.#quota && this.#quota.remaining <= 0) {
      const wait = this.#quota.resetsAt - clock.now();
      if (wait > 0) {
        reporter.info(
          `Resource Graph quota used up; waiting ${Math.ceil(wait / 1000)}s for it to reset.`,
        );
        await clock.sleep(wait);
      }
      this.#quota = undefined;
    }
    this.requests += 1;
    let failure: QueryFailure = { status: 0, quotaResetsAfterMs: undefined, retryAfter: undefined };
    try {
      return await this.#client.resources(request, {
        onResponse: (raw) => {
          const remaining = raw.headers.get('x-ms-user-quota-remaining');
          const resetsAfter = parseTimeSpan(raw.headers.get('x-ms-user-quota-resets-after'));
          if (remaining !== undefined && /^\d+$/.test(remaining) && resetsAfter !== undefined) {
            this.#quota = { remaining: Number(remaining), resetsAt: clock.now() + resetsAfter };
          }
          failure = {
            status: raw.status,
            quotaResetsAfterMs: resetsAfter,
            retryAfter: raw.headers.get('retry-after') ?? undefined,
          };
        },
      });
    } catch (error) {
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
        queryFailure: failure,
        at: clock.now(),
      });
    }
  }

  #sourceError(error: unknown, target: ComplianceTarget, requests: number): ComplianceSourceError {
    if (error instanceof AzureAuthenticationError) {
      return new ComplianceSourceError(error.message, { transient: false, cause: error, requests });
    }
    const { message, transient } = describeQueryFailure(error, {
      target: formatTarget(target),
      scopes: describeScopes(
        this.#options.subscriptions ?? [],
        this.#options.managementGroups ?? [],
      ),
    });
    return new ComplianceSourceError(message, { transient, cause: error, requests });
  }
}

function scopesOf(subscriptions: readonly string[], managementGroups: readonly string[]): Scope[] {
  const scopes: Scope[] = [];
  for (let i = 0; i < subscriptions.length; i += SUBSCRIPTIONS_PER_REQUEST) {
    scopes.push({ subscriptions: subscriptions.slice(i, i + SUBSCRIPTIONS_PER_REQUEST) });
  }
  if (managementGroups.length > 0) scopes.push({ managementGroups: [...managementGroups] });
  return scopes.length > 0 ? scopes : [{}];
}

function describeScopes(
  subscriptions: readonly string[],
  managementGroups: readonly string[],
): string {
  const parts = [
    subscriptions.length > 0
      ? `subscription${subscriptions.length === 1 ? '' : 's'} ${subscriptions.map((s) => `'${s}'`).join(', ')}`
      : '',
    managementGroups.length > 0
      ? `management group${managementGroups.length === 1 ? '' : 's'} ${managementGroups.map((m) => `'${m}'`).join(', ')}`
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : 'the whole tenant';
}
