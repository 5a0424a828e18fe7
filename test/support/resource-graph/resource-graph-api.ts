import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeToken, sendJson } from './http.ts';
import { KqlError, parseKql, runKql } from './kql.ts';
import { timeSpan, type AzureState, type Tenant } from './state.ts';

const API_VERSION = '2024-04-01';
const TABLE = 'kubernetesconfigurationresources';

/** ARM's error body: a support line, the code and the details that say what went wrong. */
function armError(code: string, details: { code: string; message: string }[]) {
  return {
    error: {
      code,
      message: `Please provide below info when asking for support: timestamp = ${new Date().toISOString()}, correlationId = ${randomUUID()}.`,
      details,
    },
  };
}

interface QueryBody {
  query?: unknown;
  subscriptions?: unknown;
  managementGroups?: unknown;
  options?: { $top?: unknown; $skip?: unknown; $skipToken?: unknown; resultFormat?: unknown };
}

/** `POST /providers/Microsoft.ResourceGraph/resources?api-version=2024-04-01`, as Resource Graph answers it. */
export function handleResources(
  state: AzureState,
  request: IncomingMessage,
  url: URL,
  body: string,
  response: ServerResponse,
): void {
  if (request.method !== 'POST') return sendJson(response, 405, armError('MethodNotAllowed', []));
  if (url.searchParams.get('api-version') !== API_VERSION) {
    return sendJson(
      response,
      400,
      armError('InvalidApiVersionParameter', [
        {
          code: 'InvalidApiVersionParameter',
          message: `fake supports only api-version ${API_VERSION}`,
        },
      ]),
    );
  }
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendJson(response, 500, armError('InternalServerError', []));
  }
  const authorization = request.headers.authorization ?? '';
  if (!authorization.startsWith('Bearer ')) {
    return sendJson(response, 401, {
      error: {
        code: 'AuthenticationFailed',
        message: "Authentication failed. The 'Authorization' header is missing.",
      },
    });
  }
  const claims = decodeToken(authorization.slice('Bearer '.length));
  const tenant = typeof claims?.tid === 'string' ? state.tenants.get(claims.tid) : undefined;
  if (
    !claims ||
    !tenant ||
    typeof claims.appid !== 'string' ||
    Number(claims.exp) * 1000 < Date.now()
  ) {
    return sendJson(response, 401, {
      error: { code: 'InvalidAuthenticationToken', message: 'The access token is invalid.' },
    });
  }
  if (claims.aud !== tenant.armResource) {
    tenant.record({
      service: 'resource-graph',
      status: 401,
      detail: `audience ${String(claims.aud)}`,
    });
    return sendJson(response, 401, {
      error: {
        code: 'InvalidAuthenticationTokenAudience',
        message: `The access token has been obtained for wrong audience or resource '${String(claims.aud)}'.`,
      },
    });
  }
  const fault = takeFault(tenant, body);
  if (
    fault?.kind === 'throttle' ||
    fault?.kind === 'unavailable' ||
    fault?.kind === 'malformed-json' ||
    fault?.kind === 'retry-after'
  )
    return answerFault(tenant, fault, response);
  if (fault?.kind === 'hang') {
    tenant.record({ service: 'resource-graph', status: 0, detail: 'fault: hang' });
    // Nothing is ever sent; the client's giving up closes the connection.
    return;
  }
  const quota = tenant.takeQuota(claims.appid);
  if ('throttledForMs' in quota) {
    tenant.record({ service: 'resource-graph', status: 429, detail: 'quota used up' });
    return throttled(response, quota.throttledForMs);
  }
  const headers = {
    'x-ms-user-quota-remaining': String(quota.remaining),
    'x-ms-user-quota-resets-after': timeSpan(quota.resetsAfterMs),
    'x-ms-request-id': randomUUID(),
  };
  const answer = (status: number, payload: unknown, detail: string) => {
    if (fault?.kind === 'truncated-page') {
      tenant.record({ service: 'resource-graph', status, detail: `fault: truncated ${detail}` });
      return sendTruncated(response, status, payload, headers);
    }
    if (fault?.kind === 'slow-response') {
      tenant.record({ service: 'resource-graph', status, detail: `fault: slow ${detail}` });
      const timer = setTimeout(() => {
        if (!response.destroyed) sendJson(response, status, payload, headers);
      }, fault.milliseconds);
      // A client that gives up closes the connection: nothing is left waiting.
      response.on('close', () => clearTimeout(timer));
      return;
    }
    tenant.record({ service: 'resource-graph', status, detail });
    sendJson(response, status, payload, headers);
  };
  let parsed: QueryBody;
  try {
    parsed = JSON.parse(body) as QueryBody;
  } catch {
    return answer(
      400,
      armError('BadRequest', [{ code: 'InvalidJson', message: 'The request body is not JSON.' }]),
      'bad json',
    );
  }
  const scope = scopeOf(tenant, claims.appid, parsed);
  if ('error' in scope) return answer(scope.status, scope.error, 'scope');
  const options = parsed.options ?? {};
  const top = options.$top === undefined ? 1000 : Number(options.$top);
  if (!Number.isInteger(top) || top < 1 || top > 1000) {
    return answer(
      400,
      armError('BadRequest', [
        { code: 'InvalidParameter', message: '$top must be between 1 and 1000.' },
      ]),
      'bad $top',
    );
  }
  if (options.resultFormat !== 'objectArray') {
    return answer(
      400,
      armError('BadRequest', [
        {
          code: 'Unsupported',
          message: `fake Resource Graph: resultFormat ${String(options.resultFormat)} is not implemented; send objectArray`,
        },
      ]),
      'format',
    );
  }
  const query = typeof parsed.query === 'string' ? parsed.query : '';
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([query, [...scope.subscriptions].sort()]))
    .digest('hex')
    .slice(0, 16);
  let result: { rows: Record<string, unknown>[]; columns: string[] };
  try {
    // Pages of one query at one simulated moment share the evaluation (2,500-row fleets stay fast).
    result = tenant.cachedResult(fingerprint, () => {
      const ast = parseKql(query);
      if (ast.table.toLowerCase() !== TABLE)
        throw new KqlError(
          'UnknownTable',
          `fake Resource Graph: table '${ast.table}' is not implemented`,
        );
      const rows = tenant.fleet
        .rows(tenant.now, tenant.spec.tenantId)
        .filter((r) => scope.subscriptions.has(String(r.subscriptionId)));
      return runKql(ast, rows);
    });
  } catch (error) {
    if (!(error instanceof KqlError)) throw error;
    return answer(
      400,
      armError('BadRequest', [
        {
          code: 'InvalidQuery',
          message:
            'Query is invalid. Please refer to the documentation for the Azure Resource Graph service and fix the error before retrying.',
        },
        { code: error.code, message: error.message },
      ]),
      `invalid query: ${error.message}`,
    );
  }
  let offset = options.$skip === undefined ? 0 : Number(options.$skip);
  if (typeof options.$skipToken === 'string') {
    const token = decodeSkipToken(options.$skipToken);
    if (!token || token.f !== fingerprint) {
      return answer(
        400,
        armError('BadRequest', [
          {
            code: 'InvalidSkipToken',
            message: 'The $skipToken does not belong to this query and scope.',
          },
        ]),
        'bad skip token',
      );
    }
    offset = token.o;
  }
  const pageable = result.columns.includes('id');
  const skipToken = (at: number) =>
    Buffer.from(JSON.stringify({ o: at, f: fingerprint })).toString('base64url');
  if (fault?.kind === 'empty-page-token' && pageable) {
    return answer(
      200,
      {
        totalRecords: result.rows.length,
        count: 0,
        resultTruncated: 'false',
        $skipToken: skipToken(offset + 1),
        data: [],
        facets: [],
      },
      `fault: empty page with a token at ${offset}`,
    );
  }
  const page = result.rows.slice(offset, offset + top);
  const more = offset + page.length < result.rows.length;
  const loop = fault?.kind === 'loop-skip-token' && pageable;
  const payload = {
    totalRecords: result.rows.length,
    count: page.length,
    resultTruncated: more && !pageable ? 'true' : 'false',
    // The loop fault sends the first page's token on every page, whether more rows exist or not.
    ...(loop ? { $skipToken: skipToken(top) } : {}),
    ...(more && pageable && !loop ? { $skipToken: skipToken(offset + page.length) } : {}),
    data: page,
    facets: [],
  };
  answer(
    200,
    payload,
    `${loop ? 'fault: looping token, ' : ''}rows ${offset}..${offset + page.length} of ${result.rows.length}`,
  );
}

/** Paging faults wait for a pageable query (one that projects `id`, as listings do). */
const PAGING_FAULTS = new Set(['loop-skip-token', 'empty-page-token']);

/**
 * The fault the next request answers with: the first one queued, unless it is a paging fault and
 * this query cannot be paged (it then stays queued). A fault with `repeat` stays queued after use.
 */
function takeFault(tenant: Tenant, body: string): Tenant['faults'][number] | undefined {
  const fault = tenant.faults[0];
  if (!fault) return undefined;
  if (PAGING_FAULTS.has(fault.kind) && !/\|\s*project\s+id\b/.test(body)) return undefined;
  if (!('repeat' in fault && fault.repeat)) tenant.faults.shift();
  return fault;
}

function scopeOf(
  tenant: Tenant,
  clientId: string,
  body: QueryBody,
): { subscriptions: Set<string> } | { status: number; error: unknown } {
  const readable = tenant.readableSubscriptions(clientId);
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const subscriptions = list(body.subscriptions);
  const groups = list(body.managementGroups);
  const denied = {
    status: 403,
    error: armError('AccessDenied', [
      {
        code: 'AccessDenied',
        message:
          'Access is denied to the requested resource. The user might not have enough permission.',
      },
    ]),
  };
  if (groups.length > 0) {
    const unknown = groups.filter((g) => !tenant.spec.managementGroups?.[g]);
    if (unknown.length > 0) return denied;
    const members = groups
      .flatMap((g) => tenant.spec.managementGroups?.[g] ?? [])
      .filter((s) => readable.has(s));
    return members.length > 0 ? { subscriptions: new Set(members) } : denied;
  }
  if (subscriptions.length > 0) {
    const allowed = subscriptions.filter((s) => readable.has(s));
    return allowed.length > 0 ? { subscriptions: new Set(allowed) } : denied;
  }
  return { subscriptions: readable };
}

function decodeSkipToken(token: string): { o: number; f: string } | undefined {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      o?: unknown;
      f?: unknown;
    };
    return typeof value.o === 'number' && typeof value.f === 'string'
      ? { o: value.o, f: value.f }
      : undefined;
  } catch {
    return undefined;
  }
}

function throttled(
  response: ServerResponse,
  resetsAfterMs: number,
  retryAfterSeconds?: number,
): void {
  sendJson(
    response,
    429,
    armError('RateLimiting', [
      {
        code: 'RateLimiting',
        message:
          'Client application has been throttled and should not attempt to repeat the request until an amount of time has elapsed.',
      },
    ]),
    {
      'x-ms-user-quota-remaining': '0',
      'x-ms-user-quota-resets-after': timeSpan(resetsAfterMs),
      ...(retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {}),
    },
  );
}

/** Declares the whole body's length, sends half of it and closes the connection. */
function sendTruncated(
  response: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string>,
): void {
  const body = Buffer.from(JSON.stringify(payload));
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    ...headers,
  });
  response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy());
}

function answerFault(
  tenant: Tenant,
  fault: Extract<
    NonNullable<Tenant['faults'][number]>,
    { kind: 'throttle' | 'unavailable' | 'malformed-json' | 'retry-after' }
  >,
  response: ServerResponse,
): void {
  if (fault.kind === 'retry-after') {
    tenant.record({ service: 'resource-graph', status: 429, detail: 'fault: retry-after' });
    return sendJson(
      response,
      429,
      armError('TooManyRequests', [
        { code: 'TooManyRequests', message: 'The request was throttled; retry later.' },
      ]),
      { 'retry-after': String(fault.seconds) },
    );
  }
  if (fault.kind === 'malformed-json') {
    tenant.record({ service: 'resource-graph', status: 200, detail: 'fault: malformed json' });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end('<html><body>\n::warning::502 Bad Gateway from a proxy</body></html>');
    return;
  }
  if (fault.kind === 'throttle') {
    tenant.record({ service: 'resource-graph', status: 429, detail: 'fault: throttle' });
    return throttled(response, fault.resetsAfterSeconds * 1000, fault.retryAfterSeconds);
  }
  tenant.record({ service: 'resource-graph', status: fault.status, detail: 'fault: unavailable' });
  sendJson(
    response,
    fault.status,
    armError('ServiceUnavailable', [
      { code: 'ServiceUnavailable', message: 'The service is temporarily unavailable.' },
    ]),
  );
}
