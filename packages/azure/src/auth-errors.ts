import { UserError } from '@kalypso/core';

/**
 * How the action signs in:
 * - `oidc`: GitHub OIDC federation without azure/login (refreshes itself, so long waits are safe);
 * - `azure-cli`: the az CLI session left by azure/login;
 * - `client-secret`: an app registration's secret.
 */
export type AzureAuthMode = 'oidc' | 'azure-cli' | 'client-secret';

/** The non-secret claims of a GitHub OIDC token that federated credentials match on. */
export interface GitHubTokenClaims {
  readonly sub?: string;
  readonly aud?: string;
  readonly iss?: string;
}

/** What the last GitHub OIDC token request did, for explaining sign-in failures. */
export interface GitHubAssertionState {
  claims?: GitHubTokenClaims;
  failure?: { readonly missingPermission: boolean; readonly message: string };
}

/** Signing in to Azure failed; the message says what to fix. */
export class AzureAuthenticationError extends UserError {
  constructor(message: string, cause: unknown) {
    super(message, undefined, { cause });
    this.name = 'AzureAuthenticationError';
  }
}

interface FailureContext {
  readonly mode: AzureAuthMode;
  readonly tenantId: string;
  readonly clientId: string;
  readonly assertion: GitHubAssertionState;
}

/** Turns a credential failure into an AzureAuthenticationError that names the likely fix. */
export function explainAuthenticationFailure(
  error: unknown,
  context: FailureContext,
): AzureAuthenticationError {
  if (error instanceof AzureAuthenticationError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const app = `app '${context.clientId}' in tenant '${context.tenantId}'`;
  const failure = context.mode === 'oidc' ? context.assertion.failure : undefined;
  if (failure?.missingPermission) {
    return new AzureAuthenticationError(
      `Could not get a GitHub OIDC token (${failure.message}): the job needs 'permissions: id-token: write' ` +
        `(a reusable workflow needs its caller to grant it). Alternatively sign in with azure/login and set 'auth: azure-cli'.`,
      error,
    );
  }
  if (failure) {
    return new AzureAuthenticationError(
      `The GitHub OIDC token request failed: ${failure.message.replace(/\s+/g, ' ').trim()}. ` +
        `Check that the job has 'permissions: id-token: write'.`,
      error,
    );
  }
  const code = /AADSTS(\d+)/.exec(detail)?.[1];
  const claims = context.assertion.claims;
  const presented = claims
    ? ` The GitHub token presented subject '${claims.sub ?? '?'}', audience '${claims.aud ?? '?'}', issuer '${claims.iss ?? '?'}'.`
    : '';
  const hints: Record<string, string> = {
    '70021': `Entra ID found no federated credential on ${app} matching the GitHub token.${presented} Add a federated credential with exactly this issuer, subject and audience (a job with 'environment:' presents 'repo:OWNER/REPO:environment:NAME').`,
    '700211': `Entra ID found no federated credential on ${app} for the token's issuer.${presented}`,
    '700212': `Entra ID found no federated credential on ${app} for the token's audience.${presented} Check the 'cloud' input or the audience override.`,
    '700213': `Entra ID found no federated credential on ${app} for the token's subject.${presented}`,
    '700016': `Entra ID does not know ${app}: check 'client-id' and 'tenant-id'.`,
    '7000215': `Entra ID rejected the client secret of ${app}: it is wrong or expired.`,
    '700024': `Entra ID rejected the client assertion of ${app} as expired: with azure/login and OIDC the az CLI cannot refresh it after about an hour; use 'auth: oidc'.`,
    '90002': `Entra ID does not know tenant '${context.tenantId}': check 'tenant-id' and the cloud.`,
    '500011': `Entra ID does not know the Resource Manager scope requested: check the 'cloud' input and endpoint overrides.`,
  };
  const hint = code ? hints[code] : undefined;
  if (hint) return new AzureAuthenticationError(`${hint} (${firstLine(detail)})`, error);
  if (context.mode === 'azure-cli') {
    return new AzureAuthenticationError(
      `Could not get a token from the Azure CLI: run azure/login before this step, or use 'auth: oidc'. (${firstLine(detail)})`,
      error,
    );
  }
  return new AzureAuthenticationError(
    `Could not sign in to Azure as ${app} ('${context.mode}'): ${firstLine(detail)}`,
    error,
  );
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim() !== '') ?? text).trim();
}
