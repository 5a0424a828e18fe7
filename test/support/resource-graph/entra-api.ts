import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeToken, encodeToken, sendJson } from './http.ts';
import type { AzureState, Tenant } from './state.ts';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Entra ID's error body for a failed token request. */
function entraError(
  response: ServerResponse,
  status: number,
  error: string,
  code: number,
  description: string,
): void {
  sendJson(response, status, {
    error,
    error_description: `AADSTS${code}: ${description} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${new Date().toISOString()}`,
    error_codes: [code],
    timestamp: new Date().toISOString(),
    trace_id: randomUUID(),
    correlation_id: randomUUID(),
  });
}

/** `GET /{tenant}/v2.0/.well-known/openid-configuration` and `POST /{tenant}/oauth2/v2.0/token`. */
export function handleEntra(
  state: AzureState,
  request: IncomingMessage,
  url: URL,
  body: string,
  response: ServerResponse,
  base: string,
): boolean {
  const discovery = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(url.pathname);
  const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
  if (!discovery && !token) return false;
  const tenantId = decodeURIComponent((discovery ?? token)![1]!);
  const tenant = state.tenants.get(tenantId);
  if (!tenant) {
    entraError(response, 400, 'invalid_tenant', 90002, `Tenant '${tenantId}' not found.`);
    return true;
  }
  if (discovery) {
    sendJson(response, 200, {
      token_endpoint: `${base}/${tenantId}/oauth2/v2.0/token`,
      issuer: `${base}/${tenantId}/v2.0`,
      authorization_endpoint: `${base}/${tenantId}/oauth2/v2.0/authorize`,
      end_session_endpoint: `${base}/${tenantId}/oauth2/v2.0/logout`,
      jwks_uri: `${base}/${tenantId}/discovery/v2.0/keys`,
      response_types_supported: ['code', 'id_token', 'token'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      token_endpoint_auth_methods_supported: [
        'client_secret_post',
        'private_key_jwt',
        'client_secret_basic',
      ],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'tid'],
      tenant_region_scope: 'EU',
      cloud_instance_name: 'localhost',
      msgraph_host: 'localhost',
    });
    return true;
  }
  issueToken(tenant, new URLSearchParams(body), response);
  return true;
}

function issueToken(tenant: Tenant, form: URLSearchParams, response: ServerResponse): void {
  const clientId = form.get('client_id') ?? '';
  const record = (status: number, detail: string) =>
    tenant.record({ service: 'entra', status, detail: `${clientId}: ${detail}` });
  if (form.get('grant_type') !== 'client_credentials') {
    record(400, 'grant');
    return entraError(
      response,
      400,
      'unsupported_grant_type',
      70003,
      'The app requested an unsupported grant type.',
    );
  }
  const app = tenant.spec.applications.find((a) => a.clientId === clientId);
  if (!app) {
    record(400, 'unknown app');
    return entraError(
      response,
      400,
      'unauthorized_client',
      700016,
      `Application with identifier '${clientId}' was not found in the directory '${tenant.spec.tenantId}'.`,
    );
  }
  const secret = form.get('client_secret');
  const assertion = form.get('client_assertion');
  if (secret !== null) {
    if (!app.secret || secret !== app.secret) {
      record(401, 'bad secret');
      return entraError(
        response,
        401,
        'invalid_client',
        7000215,
        'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
      );
    }
  } else if (assertion !== null && form.get('client_assertion_type') === ASSERTION_TYPE) {
    const claims = decodeToken(assertion) ?? {};
    if (Number(claims.exp) * 1000 < Date.now()) {
      record(400, 'expired assertion');
      return entraError(
        response,
        400,
        'invalid_client',
        700024,
        'Client assertion is not within its valid time range.',
      );
    }
    const matches = (app.federatedCredentials ?? []).some(
      (f) => f.issuer === claims.iss && f.subject === claims.sub && f.audience === claims.aud,
    );
    if (!matches) {
      record(400, `no federated credential for ${String(claims.sub)}`);
      return entraError(
        response,
        400,
        'invalid_request',
        70021,
        `No matching federated identity record found for presented assertion. Assertion Issuer: '${String(claims.iss)}'. Assertion Subject: '${String(claims.sub)}'. Assertion Audience: '${String(claims.aud)}'.`,
      );
    }
  } else {
    record(401, 'no client authentication');
    return entraError(
      response,
      401,
      'invalid_client',
      7000218,
      "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
    );
  }
  const scope = (form.get('scope') ?? '').split(' ').find((s) => s.endsWith('/.default')) ?? '';
  const resource = scope.slice(0, -'/.default'.length);
  if (resource !== tenant.armResource) {
    record(400, `resource ${resource}`);
    return entraError(
      response,
      400,
      'invalid_resource',
      500011,
      `The resource principal named ${resource} was not found in the tenant named ${tenant.spec.tenantId}.`,
    );
  }
  record(200, 'token issued');
  const now = Math.floor(Date.now() / 1000);
  sendJson(response, 200, {
    token_type: 'Bearer',
    expires_in: 3599,
    ext_expires_in: 3599,
    access_token: encodeToken(
      { typ: 'JWT', alg: 'RS256' },
      { aud: resource, tid: tenant.spec.tenantId, appid: clientId, iat: now, exp: now + 3599 },
    ),
  });
}
