import * as core from '@actions/core';
import type { AccessToken, GetTokenOptions, TokenCredential } from '@azure/core-auth';
import {
  AzureCliCredential,
  ClientAssertionCredential,
  ClientSecretCredential,
} from '@azure/identity';
import type { Clock, Reporter } from '@kalypso/core';
import type { AzureCloud } from './clouds.ts';
import {
  explainAuthenticationFailure,
  type AzureAuthMode,
  type GitHubAssertionState,
  type GitHubTokenClaims,
} from './auth-errors.ts';

export type { AzureAuthMode, GitHubAssertionState, GitHubTokenClaims };

export const AZURE_AUTH_MODES: readonly AzureAuthMode[] = ['oidc', 'azure-cli', 'client-secret'];

export interface AzureCredentialOptions {
  readonly auth: AzureAuthMode;
  readonly cloud: AzureCloud;
  readonly tenantId?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly clock: Clock;
  readonly reporter: Reporter;
  /** Extra certificate authorities (PEM) for the authority host, e.g. a TLS-inspecting proxy. */
  readonly ca?: string;
}

/** A GitHub ID token is valid for about five minutes; MSAL asks for one twice per sign-in. */
const ID_TOKEN_REUSE_MS = 60_000;

/**
 * The credential for the chosen mode. Its failures are AzureAuthenticationErrors whose message
 * says what to fix (missing `id-token: write`, federated subject mismatch, unknown app …).
 */
export function createAzureCredential(options: AzureCredentialOptions): TokenCredential {
  const problems: string[] = [];
  const tenantId = options.tenantId?.trim() ?? '';
  const clientId = options.clientId?.trim() ?? '';
  if (options.auth !== 'azure-cli') {
    if (!tenantId)
      problems.push(
        `Azure sign-in '${options.auth}' needs the tenant id ('tenant-id' or AZURE_TENANT_ID).`,
      );
    if (!clientId)
      problems.push(
        `Azure sign-in '${options.auth}' needs the client id ('client-id' or AZURE_CLIENT_ID).`,
      );
  }
  if (options.auth === 'client-secret' && !options.clientSecret) {
    problems.push(
      "Azure sign-in 'client-secret' needs the client secret ('client-secret' or AZURE_CLIENT_SECRET).",
    );
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const common = {
    authorityHost: options.cloud.authorityHost,
    // Instance discovery asks the public cloud about the authority; private hosts cannot answer.
    disableInstanceDiscovery: !options.cloud.wellKnownAuthority,
    ...(options.ca ? { tlsOptions: { ca: options.ca } } : {}),
  };
  const assertion: GitHubAssertionState = {};
  let inner: TokenCredential;
  if (options.auth === 'oidc') {
    const getAssertion = gitHubAssertion(
      options.cloud.oidcAudience,
      options.clock,
      options.reporter,
      assertion,
    );
    inner = new ClientAssertionCredential(tenantId, clientId, getAssertion, common);
  } else if (options.auth === 'client-secret') {
    inner = new ClientSecretCredential(tenantId, clientId, options.clientSecret ?? '', common);
  } else {
    inner = new AzureCliCredential(tenantId ? { tenantId } : {});
  }
  return {
    async getToken(
      scopes: string | string[],
      getTokenOptions?: GetTokenOptions,
    ): Promise<AccessToken | null> {
      try {
        const token = await inner.getToken(scopes, getTokenOptions);
        if (!token) throw new Error('the credential returned no token');
        return token;
      } catch (error) {
        throw explainAuthenticationFailure(error, {
          mode: options.auth,
          tenantId,
          clientId,
          assertion,
        });
      }
    },
  };
}

/**
 * Fetches the GitHub OIDC token for `audience` through @actions/core (which masks it), reusing it
 * for a minute, and records its non-secret claims or the reason it could not be had.
 */
export function gitHubAssertion(
  audience: string,
  clock: Clock,
  reporter: Reporter,
  state: GitHubAssertionState,
): () => Promise<string> {
  let memo: { token: string; at: number } | undefined;
  return async () => {
    if (memo && clock.now() - memo.at < ID_TOKEN_REUSE_MS) return memo.token;
    const missing = ['ACTIONS_ID_TOKEN_REQUEST_URL', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN'].filter(
      (name) => !process.env[name],
    );
    if (missing.length > 0) {
      state.failure = { missingPermission: true, message: `${missing.join(' and ')} not set` };
      throw new Error(state.failure.message);
    }
    let token: string;
    try {
      token = await core.getIDToken(audience);
    } catch (error) {
      state.failure = {
        missingPermission: false,
        message: error instanceof Error ? error.message : String(error),
      };
      throw error;
    }
    delete state.failure;
    const claims = decodeClaims(token);
    if (!state.claims || state.claims.sub !== claims.sub) {
      reporter.info(
        `Signing in to Azure with the GitHub OIDC token of subject '${claims.sub ?? '?'}' (audience '${claims.aud ?? '?'}', issuer '${claims.iss ?? '?'}').`,
      );
    }
    state.claims = claims;
    memo = { token, at: clock.now() };
    return token;
  };
}

/** sub, aud and iss from a JWT's payload (not verified: only for messages). */
export function decodeClaims(jwt: string): GitHubTokenClaims {
  try {
    const payload = JSON.parse(
      Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const text = (value: unknown): string | undefined =>
      typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : undefined;
    const claims: { sub?: string; aud?: string; iss?: string } = {};
    const sub = text(payload.sub);
    const aud = text(payload.aud);
    const iss = text(payload.iss);
    if (sub !== undefined) claims.sub = sub;
    if (aud !== undefined) claims.aud = aud;
    if (iss !== undefined) claims.iss = iss;
    return claims;
  } catch {
    return {};
  }
}
