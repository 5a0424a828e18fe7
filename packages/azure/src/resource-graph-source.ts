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
  type ComplianceGroup,
  type ComplianceSnapshot,
  type ComplianceSource,
  type ComplianceSummary,
  type ComplianceTarget,
  type FluxConfigurationReport,
  type ListRequest,
  type Reporter,
  type SourceCallOptions,
} from '@kalypso/core';
import { AzureAuthenticationError } from './auth-errors.ts';
import type { AzureCloud } from './clouds.ts';
import { fluxConfigurationQuery, fluxSummaryQuery } from './query.ts';
import {
  BeyondDeadlineError,
  MalformedAnswerError,
  MalformedPagingError,
  answerBeyondDeadline,
  classifyQueryFailure,
  describeQueryFailure,
  quotaBeyondDeadline,
  serverWaitBeyondBudget,
  type QueryFailure,
} from './query-failures.ts';
import { groupFromRow, reportFromRow } from './rows.ts';
import {
  DEFAULT_RETRY_POLICY,
  parseTimeSpan,
  retryDelay,
  withRetry,
  type RetryDecision,
  type RetryPolicy,
} from './retry.ts';

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
  /**
   * A request whose answer has not arrived after this long (real time) is abandoned and retried
   * like an outage; default 60 s. A request is never given longer than the time left before the
   * caller's deadline: one that has not answered by then is abandoned, not retried.
   */
  readonly requestTimeoutMs?: number;
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
        const response = await this.#query(
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
      const response = await this.#query(
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

  /**
   * One query with retries; none that could not start before the deadline. A wait the server
   * asks for (429) is made in full when it ends before the deadline (without a deadline: when it
   * is at most `maxServerDelayMs`); otherwise the query fails at once with a BeyondDeadlineError
   * naming when the server would answer.
   */
  async #query(name: string, request: QueryRequest, call: SourceCallOptions) {
    const { clock, reporter } = this.#options;
    const { deadline } = call;
    const configured = this.#options.retryPolicy ?? DEFAULT_RETRY_POLICY;
    // With a deadline, the deadline is the budget of a server's wait, not the policy's cap.
    const policy =
      deadline === undefined
        ? configured
        : { ...configured, maxServerDelayMs: Number.POSITIVE_INFINITY };
    let attempt = 1;
    let refusal: BeyondDeadlineError | undefined;
    const classify = (error: unknown): RetryDecision => {
      const decision = classifyQueryFailure(error);
      if (!decision.retry) return decision;
      const now = clock.now();
      const server = decision.serverDelayMs;
      const beyond =
        server !== undefined &&
        (deadline === undefined ? server > configured.maxServerDelayMs : now + server >= deadline);
      if (server !== undefined && beyond) {
        refusal = serverWaitBeyondBudget(decision.description, now, server, {
          deadline,
          maxServerDelayMs: configured.maxServerDelayMs,
        });
        return { ...decision, retry: false };
      }
      if (deadline === undefined) return decision;
      const delay = retryDelay(policy, attempt, server);
      return now + delay >= deadline ? { ...decision, retry: false } : decision;
    };
    try {
      return await withRetry(
        name,
        (n) => {
          attempt = n;
          return this.#send(request, call);
        },
        { clock, reporter, policy, classify },
      );
    } catch (error) {
      if (refusal) throw Object.assign(refusal, { cause: error });
      throw error;
    }
  }

  /** One request, after waiting for the quota window to reset if the last answer used it up. */
  async #send(request: QueryRequest, call: SourceCallOptions): Promise<QueryResponse> {
    const { clock, reporter } = this.#options;
    const { deadline } = call;
    const answerBy = call.answerBy ?? deadline;
    if (this.#quota && this.#quota.remaining <= 0) {
      const wait = this.#quota.resetsAt - clock.now();
      if (deadline !== undefined && wait > 0 && clock.now() + wait >= deadline) {
        throw quotaBeyondDeadline(clock.now(), this.#quota.resetsAt, deadline);
      }
      if (wait > 0) {
        reporter.info(
          `Resource Graph quota used up; waiting ${Math.ceil(wait / 1000)}s for it to reset.`,
        );
        await clock.sleep(wait);
      }
      this.#quota = undefined;
    }
    const configured = this.#options.requestTimeoutMs ?? 60_000;
    const left = answerBy === undefined ? Number.POSITIVE_INFINITY : answerBy - clock.now();
    if (left <= 0) throw answerBeyondDeadline(0, answerBy ?? clock.now());
    // The caller's deadline cuts the request short: it is not retried then.
    const cutByDeadline = left < configured;
    const timeoutMs = cutByDeadline ? left : configured;
    this.requests += 1;
    let failure: QueryFailure = { status: 0, quotaResetsAfterMs: undefined, retryAfter: undefined };
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = cutByDeadline
          ? answerBeyondDeadline(timeoutMs, answerBy ?? clock.now())
          : Object.assign(new Error(`No answer within ${timeoutMs / 1000}s.`), {
              name: 'TimeoutError',
            });
        abort.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      const call = this.#client.resources(request, {
        abortSignal: abort.signal,
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
      // The answer races the timeout: a hung connection must not hold the check past it.
      call.catch(() => undefined);
      return await Promise.race([call, timedOut]);
    } catch (error) {
      if (error instanceof BeyondDeadlineError) throw error;
      if (abort.signal.reason instanceof BeyondDeadlineError) throw abort.signal.reason;
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
        queryFailure: failure,
        at: clock.now(),
      });
    } finally {
      clearTimeout(timer);
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
