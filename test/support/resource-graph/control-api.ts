import type { ServerResponse } from 'node:http';
import { sendJson } from './http.ts';
import type { CommitSpec, FaultSpec, OidcRegistration, TenantSpec } from './protocol.ts';
import { Tenant, type AzureState } from './state.ts';

/** The test-facing API: create worlds, push commits, move simulated time, inject faults, read logs. */
export function handleControl(
  state: AzureState,
  method: string,
  url: URL,
  body: string,
  response: ServerResponse,
): void {
  const json = () => JSON.parse(body || 'null') as unknown;
  if (method === 'POST' && url.pathname === '/_control/tenants') {
    const spec = json() as TenantSpec;
    if (state.tenants.has(spec.tenantId))
      return sendJson(response, 409, { message: 'tenant exists' });
    state.tenants.set(spec.tenantId, new Tenant(spec));
    return sendJson(response, 201, { tenantId: spec.tenantId });
  }
  if (method === 'POST' && url.pathname === '/_control/oidc') {
    const registration = json() as OidcRegistration;
    state.oidc.set(registration.runtimeToken, registration);
    return sendJson(response, 201, {});
  }
  const match = /^\/_control\/tenants\/([^/]+)(?:\/([a-z]+))?$/.exec(url.pathname);
  const tenant = match ? state.tenants.get(decodeURIComponent(match[1]!)) : undefined;
  if (!match || !tenant)
    return sendJson(response, 404, { message: 'fake: unknown control route or tenant' });
  const action = `${method} ${match[2] ?? ''}`;
  if (action === 'DELETE ') {
    state.tenants.delete(tenant.spec.tenantId);
    return sendJson(response, 200, {});
  }
  if (action === 'POST commits') {
    const at = tenant.now;
    tenant.fleet.push(json() as CommitSpec, at);
    return sendJson(response, 201, { at, wallTime: Date.now() });
  }
  if (action === 'PUT time') {
    const { now } = json() as { now: number };
    if (now < tenant.now)
      return sendJson(response, 400, { message: 'simulated time only moves forward' });
    tenant.now = now;
    return sendJson(response, 200, { now });
  }
  if (action === 'POST faults') {
    tenant.faults.push(...(json() as FaultSpec[]));
    return sendJson(response, 201, {});
  }
  if (action === 'GET requests') return sendJson(response, 200, tenant.requests);
  sendJson(response, 404, {
    message: `fake: unimplemented control route ${method} ${url.pathname}`,
  });
}
