import type { Clock, Reporter } from '@kalypso/core';
import { resolveCloud, type AzureCloudInput } from './clouds.ts';
import { AZURE_AUTH_MODES, createAzureCredential, type AzureAuthMode } from './credentials.ts';
import { ResourceGraphComplianceSource } from './resource-graph-source.ts';
import type { RetryPolicy } from './retry.ts';

export * from './clouds.ts';
export * from './credentials.ts';
export { AzureAuthenticationError } from './auth-errors.ts';
export * from './resource-graph-source.ts';
export { fluxConfigurationQuery, fluxSummaryQuery, kqlString } from './query.ts';
export {
  withRetry,
  retryDelay,
  parseTimeSpan,
  parseRetryAfter,
  DEFAULT_RETRY_POLICY,
} from './retry.ts';
export type { RetryPolicy, RetryDecision } from './retry.ts';

/** Everything a check-promote action reads from its inputs to reach Resource Graph. */
export interface AzureComplianceSettings extends AzureCloudInput {
  readonly auth?: string;
  readonly tenantId?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly subscriptions?: readonly string[];
  readonly managementGroups?: readonly string[];
  /** Extra certificate authorities (PEM) for Entra ID and Resource Manager. */
  readonly ca?: string;
  readonly retryPolicy?: RetryPolicy;
  readonly pageSize?: number;
  /** Real time after which an unanswered request is abandoned and retried; default 60 s. */
  readonly requestTimeoutMs?: number;
}

/**
 * The Resource Graph compliance source for the given settings: the cloud (with overrides), the
 * credential for the sign-in mode, and the scopes to search. Throws on settings that cannot work.
 */
export function createAzureComplianceSource(
  settings: AzureComplianceSettings,
  runtime: { clock: Clock; reporter: Reporter },
): ResourceGraphComplianceSource {
  const auth = (settings.auth?.trim() || 'oidc') as AzureAuthMode;
  if (!AZURE_AUTH_MODES.includes(auth)) {
    throw new Error(
      `Azure sign-in '${settings.auth}' is not one of ${AZURE_AUTH_MODES.join(', ')}.`,
    );
  }
  const cloud = resolveCloud(settings);
  const credential = createAzureCredential({
    auth,
    cloud,
    ...runtime,
    ...(settings.tenantId ? { tenantId: settings.tenantId } : {}),
    ...(settings.clientId ? { clientId: settings.clientId } : {}),
    ...(settings.clientSecret ? { clientSecret: settings.clientSecret } : {}),
    ...(settings.ca ? { ca: settings.ca } : {}),
  });
  return new ResourceGraphComplianceSource({
    credential,
    cloud,
    ...runtime,
    subscriptions: settings.subscriptions ?? [],
    managementGroups: settings.managementGroups ?? [],
    ...(settings.ca ? { ca: settings.ca } : {}),
    ...(settings.retryPolicy ? { retryPolicy: settings.retryPolicy } : {}),
    ...(settings.pageSize ? { pageSize: settings.pageSize } : {}),
    ...(settings.requestTimeoutMs ? { requestTimeoutMs: settings.requestTimeoutMs } : {}),
  });
}
