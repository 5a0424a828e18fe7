import type { ClusterSpec, Outcome } from '../support/resource-graph/client.ts';
import { afterEach } from 'vitest';
import { resolveComplianceTarget } from '@kalypso/core';
import { fakeAzure, World, type WorldOptions } from '../support/resource-graph/client.ts';
import {
  createAzureComplianceSource,
  type AzureComplianceSettings,
  type ResourceGraphComplianceSource,
} from '../../packages/azure/src/index.ts';

export const OLD = '9b1c0d2e3f405162738495a6b7c8d9e0f1a2b3c4';
export const NEW = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
export const REPO_URL = 'https://github.com/contoso/hello-world-gitops';

/** A cluster whose one configuration watches the GitOps repository's `dev` branch. */
export function cluster(
  name: string,
  subscriptionId: string,
  timing: {
    pickupSeconds: number;
    reconcileSeconds?: number;
    outcome?: Outcome;
    url?: string;
    branch?: string;
  },
): ClusterSpec {
  return {
    name,
    subscriptionId,
    resourceGroup: 'rg-edge-dev',
    configurations: [
      {
        name: 'hello-world',
        repository: 'hello-world-gitops',
        url: timing.url ?? REPO_URL,
        branch: timing.branch ?? 'dev',
      },
    ],
    pickupSeconds: timing.pickupSeconds,
    reconcileSeconds: timing.reconcileSeconds ?? 20,
    ...(timing.outcome ? { outcome: timing.outcome } : {}),
  };
}

export function createWorld(
  options: Partial<WorldOptions> & Pick<WorldOptions, 'clusters'>,
): Promise<World> {
  return World.create({
    branches: [
      { repository: 'hello-world-gitops', branch: 'dev', commit: OLD },
      { repository: 'hello-world-gitops', branch: 'stage', commit: OLD },
    ],
    ...options,
  });
}

/** The production factory, pointed at the local Azure through the endpoint overrides. */
export function sourceFor(
  world: World,
  settings: Partial<AzureComplianceSettings> = {},
): ResourceGraphComplianceSource {
  const { httpsUrl, caCert } = fakeAzure();
  return createAzureComplianceSource(
    {
      auth: 'oidc',
      tenantId: world.tenantId,
      clientId: world.clientId,
      armEndpoint: httpsUrl,
      authorityHost: httpsUrl,
      ca: caCert,
      subscriptions: world.subscriptions,
      ...settings,
    },
    { clock: world.clock, reporter: world.reporter },
  );
}

/** Sets the runner's OIDC variables for the test and returns a function that restores them. */
export function useEnvironment(values: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/** What the tests wait for: NEW on `dev` of REPO_URL. */
export const devTarget = resolveComplianceTarget({
  repositoryUrl: REPO_URL,
  branch: 'dev',
  commit: NEW,
});

/** check-promote's default timing. */
export const defaultTiming = {
  timeoutSeconds: 1800,
  pollIntervalSeconds: 30,
  gracePeriodSeconds: 120,
};

/**
 * A per-test world factory: each world gets the runner's OIDC variables (or `env(world)`) for the
 * test, and both are undone after it.
 */
export function useWorlds(
  defaults: Partial<WorldOptions> = {},
): (
  options?: Partial<WorldOptions>,
  env?: (w: World) => Record<string, string | undefined>,
) => Promise<World> {
  let cleanup: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });
  return async (options = {}, env) => {
    const w = await createWorld({ ...defaults, ...options } as Parameters<typeof createWorld>[0]);
    cleanup.push(useEnvironment(env ? env(w) : w.oidcEnvironment()), () => w.dispose());
    return w;
  };
}
