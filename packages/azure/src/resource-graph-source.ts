import type { QueryRequest, QueryResponse } from '@azure/arm-resourcegraph';
import {
  ComplianceSourceError,
  formatTarget,
  type ComplianceGroup,
  type ComplianceSnapshot,
  type ComplianceSource,
  type ComplianceSummary,
  type ComplianceTarget,
  type FluxConfigurationReport,
  type ListRequest,
  type SourceCallOptions,
} from '@kalypso/core';
import { AzureAuthenticationError } from './auth-errors.ts';
import { fluxConfigurationQuery, fluxSummaryQuery } from './query.ts';
import {
  BeyondDeadlineError,
  MalformedAnswerError,
  MalformedPagingError,
  describeQueryFailure,
} from './query-failures.ts';
import {
  ResourceGraphRequests,
  type ResourceGraphRequestOptions,
} from './resource-graph-requests.ts';
import { groupFromRow, reportFromRow } from './rows.ts';

export interface ResourceGraphSourceOptions extends ResourceGraphRequestOptions {
  /** Subscription ids to search; with neither these nor management groups, the whole tenant. */
  readonly subscriptions?: readonly string[];
  /** Management group ids (names) to search. */
  readonly managementGroups?: readonly string[];
  /** Rows per page, 1–1000. */
  readonly pageSize?: number;
}

/**
 * Pages one listing follows at most (1,000 rows each by default): a server that keeps sending
 * continuation tokens cannot keep the check polling. Past it the listing is truncated.
 */
export const MAX_PAGES_PER_LISTING = 100;

/** Summary groups accepted from one answer; a summary has a handful in practice. */
const MAX_SUMMARY_GROUPS = 1000;

/** Resource Graph allows at most 1,000 subscriptions in one request. */
const SUBSCRIPTIONS_PER_REQUEST = 1000;

type Scope = Pick<QueryRequest, 'subscriptions' | 'managementGroups'>;

/**
 * The compliance source backed by Azure Resource Graph: a summary query (one request per scope,
 * whatever the fleet's size) and bounded listings that follow `$skipToken` up to their limit;
 * the per-user quota respected before it runs out (across pages and polls: the source remembers
 * the last quota headers), and 429, 5xx, network failures, hung requests and malformed answers
 * retried with backoff on the injected clock, never past the caller's deadline: a wait the server
 * asks for that ends after it fails at once, naming the time (docs/decisions/deadline-rule.md).
 */
export class ResourceGraphComplianceSource implements ComplianceSource {
  readonly #requests: ResourceGraphRequests;
  readonly #options: ResourceGraphSourceOptions;
  readonly #scopes: readonly Scope[];

  /** Requests sent since construction, pages and retries included. */
  get requests(): number {
    return this.#requests.sent;
  }

  constructor(options: ResourceGraphSourceOptions) {
    const pageSize = options.pageSize ?? 1000;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
      throw new Error(`Page size ${pageSize} is not between 1 and 1000.`);
    }
    this.#options = { ...options, pageSize };
    this.#requests = new ResourceGraphRequests(this.#options);
    this.#scopes = scopesOf(options.subscriptions ?? [], options.managementGroups ?? []);
  }

  /**
   * The watching configurations counted by compliance state and synced commit: one request per
   * scope (1,000 subscriptions, or the management groups), however large the fleet.
   */
  async summarize(
    target: ComplianceTarget,
    options: SourceCallOptions = {},
  ): Promise<ComplianceSummary> {
    const query = fluxSummaryQuery(target);
    this.#options.reporter.debug(`Resource Graph summary query:\n${query}`);
    const before = this.requests;
    const groups = new Map<string, ComplianceGroup>();
    try {
      for (const scope of this.#scopes) {
        const response = await this.#requests.query(
          `Resource Graph summary for '${formatTarget(target)}'`,
          { query, ...scope, options: { top: MAX_SUMMARY_GROUPS, resultFormat: 'objectArray' } },
          options,
        );
        if (response.resultTruncated === 'true' || response.skipToken) {
          // Not an outage: polling again would not help, so this is not a MalformedAnswerError.
          throw new Error(
            `its summary has more than ${MAX_SUMMARY_GROUPS} groups (distinct compliance states and synced commits), more than check-promote reads.`,
          );
        }
        for (const row of rowsOf(response).slice(0, MAX_SUMMARY_GROUPS)) {
          const group = groupFromRow(row);
          const key = JSON.stringify([
            group.complianceState,
            group.syncedCommit,
            group.suspended,
            group.provisioningState,
          ]);
          const seen = groups.get(key);
          groups.set(
            key,
            seen
              ? {
                  ...seen,
                  configurations: seen.configurations + group.configurations,
                  clusters: seen.clusters + group.clusters,
                }
              : group,
          );
        }
      }
    } catch (error) {
      throw this.#sourceError(error, target, this.requests - before);
    }
    return { groups: [...groups.values()], requests: this.requests - before };
  }

  /**
   * The watching configurations over all scopes: every one by default, or the selection, at
   * most `limit` rows (pages followed until then).
   */
  async listConfigurations(
    target: ComplianceTarget,
    request: ListRequest = { which: 'all' },
    options: SourceCallOptions = {},
  ): Promise<ComplianceSnapshot> {
    const query = fluxConfigurationQuery(target, request.which);
    this.#options.reporter.debug(`Resource Graph query:\n${query}`);
    const limit = request.limit ?? Number.POSITIVE_INFINITY;
    const before = this.requests;
    const byId = new Map<string, FluxConfigurationReport>();
    let truncated = false;
    try {
      for (const scope of this.#scopes) {
        if (byId.size >= limit) {
          truncated = true;
          break;
        }
        const page = await this.#queryPages(query, scope, target, limit - byId.size, options);
        for (const report of page.reports) byId.set(report.id.toLowerCase(), report);
        truncated ||= page.more;
      }
    } catch (error) {
      throw this.#sourceError(error, target, this.requests - before);
    }
    return {
      configurations: [...byId.values()],
      requests: this.requests - before,
      ...(truncated ? { truncated } : {}),
    };
  }

  async #queryPages(
    query: string,
    scope: Scope,
    target: ComplianceTarget,
    limit: number,
    options: SourceCallOptions,
  ): Promise<{ reports: FluxConfigurationReport[]; more: boolean }> {
    const reports: FluxConfigurationReport[] = [];
    // Each token the server sent, with the page it came with: one sent again means a loop.
    const tokens = new Map<string, number>();
    let skipToken: string | undefined;
    let page = 1;
    do {
      if (page > MAX_PAGES_PER_LISTING) {
        this.#options.reporter.warning(
          `Resource Graph listing for '${formatTarget(target)}' stopped after ${MAX_PAGES_PER_LISTING} pages (${reports.length} rows): the rest is not read.`,
        );
        break;
      }
      const { clock } = this.#options;
      const cut = options.answerBy ?? options.deadline;
      if (page > 1 && cut !== undefined && clock.now() >= cut) {
        throw new BeyondDeadlineError(
          `reached the deadline after page ${page - 1} of the listing (${reports.length} rows); the rest was not read.`,
          cut,
        );
      }
      const top = Math.min(this.#options.pageSize ?? 1000, limit - reports.length);
      const response = await this.#requests.query(
        `Resource Graph query for '${formatTarget(target)}', page ${page}`,
        {
          query,
          ...scope,
          options: { top, resultFormat: 'objectArray', ...(skipToken ? { skipToken } : {}) },
        },
        options,
      );
      const rows = rowsOf(response).slice(0, top);
      for (const row of rows) reports.push(reportFromRow(row));
      if (!response.skipToken && response.resultTruncated === 'true') {
        throw new MalformedAnswerError(
          `Resource Graph truncated the result at ${reports.length} of ${String(response.totalRecords)} rows without a continuation token.`,
        );
      }
      if (response.skipToken !== undefined) {
        const earlier = tokens.get(response.skipToken);
        if (earlier !== undefined) {
          throw new MalformedPagingError(
            `page ${page} carries the continuation token of page ${earlier} again, so the listing would never end.`,
          );
        }
        if (rows.length === 0) {
          throw new MalformedPagingError(
            `page ${page} has no rows but a continuation token, so the listing would never end.`,
          );
        }
        tokens.set(response.skipToken, page);
      }
      skipToken = response.skipToken;
      page += 1;
    } while (skipToken && reports.length < limit);
    return { reports, more: skipToken !== undefined };
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
    return new ComplianceSourceError(message, {
      transient,
      cause: error,
      requests,
      ...(error instanceof BeyondDeadlineError ? { notBefore: error.notBefore } : {}),
    });
  }
}

/** The rows of an answer, which must be an object array (the format every query asks for). */
function rowsOf(response: QueryResponse): unknown[] {
  if (!Array.isArray(response.data)) {
    throw new MalformedAnswerError(
      'Resource Graph answered without an object array (the `data` of the answer is missing or not a list).',
    );
  }
  return response.data as unknown[];
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
