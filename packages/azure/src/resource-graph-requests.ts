// The requests of the Resource Graph source: one query with retries on the injected clock, the
// per-user quota remembered across queries, and no request or wait past the caller's deadline
// (docs/decisions/deadline-rule.md).
import {
  ResourceGraphClient,
  type QueryRequest,
  type QueryResponse,
} from '@azure/arm-resourcegraph';
import type { TokenCredential } from '@azure/core-auth';
import type { Clock, Reporter, SourceCallOptions } from '@kalypso/core';
import type { AzureCloud } from './clouds.ts';
import {
  BeyondDeadlineError,
  answerBeyondDeadline,
  classifyQueryFailure,
  quotaBeyondDeadline,
  serverWaitBeyondBudget,
  type QueryFailure,
} from './query-failures.ts';
import {
  DEFAULT_RETRY_POLICY,
  parseTimeSpan,
  retryDelay,
  withRetry,
  type RetryDecision,
  type RetryPolicy,
} from './retry.ts';

export interface ResourceGraphRequestOptions {
  readonly credential: TokenCredential;
  readonly cloud: AzureCloud;
  readonly clock: Clock;
  readonly reporter: Reporter;
  /** Extra certificate authorities (PEM) for the Resource Manager endpoint. */
  readonly ca?: string;
  readonly retryPolicy?: RetryPolicy;
  /**
   * A request whose answer has not arrived after this long (real time) is abandoned and retried
   * like an outage; default 60 s. A request is never given longer than the time left before the
   * caller's deadline: one that has not answered by then is abandoned, not retried.
   */
  readonly requestTimeoutMs?: number;
}

/** Sends the source's queries: retries, quota and deadlines; counts every request it sends. */
export class ResourceGraphRequests {
  /** Requests sent since construction, pages and retries included. */
  sent = 0;
  readonly #client: ResourceGraphClient;
  readonly #options: ResourceGraphRequestOptions;
  #quota: { remaining: number; resetsAt: number } | undefined;

  constructor(options: ResourceGraphRequestOptions) {
    this.#options = options;
    this.#client = new ResourceGraphClient(options.credential, {
      endpoint: options.cloud.armEndpoint,
      credentials: { scopes: [options.cloud.tokenScope] },
      // Every retry goes through withRetry, so waits use the injected clock and are logged once.
      retryOptions: { maxRetries: 0 },
      userAgentOptions: { userAgentPrefix: 'kalypso-actions' },
      ...(options.ca ? { tlsOptions: { ca: options.ca } } : {}),
    });
  }

  /**
   * One query with retries; none that could not start before the deadline. A wait the server
   * asks for (429) is made in full when it ends before the deadline (without a deadline: when it
   * is at most `maxServerDelayMs`); otherwise the query fails at once with a BeyondDeadlineError
   * naming when the server would answer.
   */
  async query(name: string, request: QueryRequest, call: SourceCallOptions) {
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
    this.sent += 1;
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
}
