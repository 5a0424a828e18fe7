import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { handleActionsOidc } from './actions-oidc-api.ts';
import { handleControl } from './control-api.ts';
import { handleEntra } from './entra-api.ts';
import { readBody, sendJson } from './http.ts';
import { handleResources } from './resource-graph-api.ts';
import { AzureState } from './state.ts';

export interface FakeAzure {
  /** HTTPS origin serving Resource Graph (the Resource Manager endpoint) and Entra ID. */
  readonly httpsUrl: string;
  /** HTTP origin serving the Actions ID token endpoint and the control API. */
  readonly httpUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the local Azure: one HTTPS server (self-signed certificate) for Resource Graph and Entra
 * ID, one HTTP server for the runner's ID token endpoint and the tests' control API.
 */
export async function startFakeAzure(tls: { key: string; cert: string }): Promise<FakeAzure> {
  const state = new AzureState();
  let httpsUrl = '';
  const secure = https.createServer(tls, (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', httpsUrl);
      const body = await readBody(request);
      if (url.pathname === '/providers/Microsoft.ResourceGraph/resources') {
        return handleResources(state, request, url, body, response);
      }
      if (handleEntra(state, request, url, body, response, httpsUrl)) return;
      sendJson(response, 404, {
        error: {
          code: 'NotFound',
          message: `fake: unimplemented route ${request.method} ${url.pathname}`,
        },
      });
    })().catch((error: unknown) =>
      sendJson(response, 500, { error: { code: 'FakeCrashed', message: String(error) } }),
    );
  });
  const plain = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(request);
      if (url.pathname === '/oidc/token') return handleActionsOidc(state, request, url, response);
      if (url.pathname.startsWith('/_control/'))
        return handleControl(state, request.method ?? 'GET', url, body, response);
      sendJson(response, 404, {
        message: `fake: unimplemented route ${request.method} ${url.pathname}`,
      });
    })().catch((error: unknown) => sendJson(response, 500, { message: String(error) }));
  });
  // Node's 5-second idle keep-alive races a late client on a loaded machine ("other side closed").
  for (const server of [secure, plain]) {
    server.keepAliveTimeout = 120_000;
    server.headersTimeout = 121_000;
  }
  await Promise.all([listen(secure), listen(plain)]);
  httpsUrl = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  const httpUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  return {
    httpsUrl,
    httpUrl,
    close: async () => {
      secure.closeAllConnections();
      plain.closeAllConnections();
      await Promise.all([close(secure), close(plain)]);
    },
  };
}

function listen(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
