// The simulated fleet of the promotion world: one cluster per (environment, cluster type) whose Flux
// configuration watches the environment's GitOps branch, registered with the local Azure (tenant,
// application with one federated credential per environment and a client secret, Reader on one
// subscription, the Actions OIDC subjects of the check-promote jobs), reporting in real time.
import { randomUUID } from 'node:crypto';
import type { ClusterSpec, TenantSpec } from '../support/resource-graph/protocol.ts';
import type { FleetBehaviour, WorldEndpoints } from './promotion-world.ts';

const GITHUB_ISSUER = 'https://token.actions.githubusercontent.com';

export interface FleetTenant {
  readonly tenantId: string;
  readonly clientId: string;
  /** The application's client secret (for `azure-auth: client-secret` where no OIDC token exists). */
  readonly clientSecret: string;
  readonly subscription: string;
  /** The GitOps branch got a new commit: the clusters start picking it up. */
  push(branch: string, commit: string): Promise<void>;
  /** Simulated clock: time moves until every cluster has settled on what was pushed. */
  reconcile(): Promise<void>;
  resourceGraphRequests(): Promise<number>;
  dispose(): Promise<void>;
}

async function azureControl(
  httpUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${httpUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`local Azure ${method} ${path}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function registerFleet(
  endpoints: WorldEndpoints,
  world: {
    owner: string;
    environments: readonly string[];
    /** GitOps branch heads the clusters run when the world starts. */
    heads: ReadonlyMap<string, string>;
    clusterTypes: (environment: string) => string[];
    behaviour: FleetBehaviour;
  },
): Promise<FleetTenant> {
  const { owner, environments, heads } = world;
  const fleet = world.behaviour;
  const tenantId = randomUUID();
  const clientId = randomUUID();
  const clientSecret = randomUUID();
  const subscription = randomUUID();
  const gitopsUrl = `${endpoints.githubUrl}/${owner}/platform-gitops`;
  const clusters: ClusterSpec[] = [];
  let spread = 0;
  for (const env of environments) {
    for (const clusterType of world.clusterTypes(env)) {
      const outcome = fleet.outcomes?.[`${env}/${clusterType}`];
      clusters.push({
        name: `${env}-${clusterType}`,
        subscriptionId: subscription,
        resourceGroup: `rg-${env}`,
        type: 'connectedClusters',
        configurations: [
          {
            name: 'platform',
            repository: 'platform-gitops',
            url: gitopsUrl,
            branch: env,
            // The cluster's folder in the GitOps layout `<cluster type>/<deployment target>/…`:
            // summaries name the cluster type from it.
            path: `./${clusterType}`,
            kustomizations: ['platform-config', 'workloads'],
          },
        ],
        pickupSeconds: (fleet.pickupSeconds ?? 1) * (1 + (spread++ % 3) * 0.5),
        reconcileSeconds: fleet.reconcileSeconds ?? 0.5,
        ...(outcome ? { outcome } : {}),
      });
    }
  }
  const simulated = fleet.clock === 'simulated';
  let now = Date.now();
  // Enough fleet time for the slowest cluster to pick a commit up and reach its outcome.
  const settleMs =
    1000 *
    (Math.max(0, ...clusters.map((c) => c.pickupSeconds + c.reconcileSeconds)) +
      Math.max(
        0,
        ...Object.values(fleet.outcomes ?? {}).map((o) => (o.kind === 'transient' ? o.seconds : 0)),
      ) +
      1);
  const spec: TenantSpec = {
    tenantId,
    startTime: now,
    wallClock: !simulated,
    applications: [
      {
        clientId,
        secret: clientSecret,
        federatedCredentials: environments.map((env) => ({
          issuer: GITHUB_ISSUER,
          subject: `repo:${owner}/control-plane:environment:${env}`,
          audience: 'api://AzureADTokenExchange',
        })),
        readerScopes: [subscription],
      },
    ],
    branches: environments.map((env) => ({
      repository: 'platform-gitops',
      branch: env,
      commit: heads.get(env)!,
    })),
    clusters,
    quota: { perWindow: 1000, windowSeconds: 5 },
  };
  await azureControl(endpoints.azure.httpUrl, 'POST', '/_control/tenants', spec);
  for (const env of environments) {
    await azureControl(endpoints.azure.httpUrl, 'POST', '/_control/oidc', {
      runtimeToken: `runtime-${tenantId}-${env}`,
      subject: `repo:${owner}/control-plane:environment:${env}`,
      repository: `${owner}/control-plane`,
    });
  }

  const control = (method: string, path: string, body?: unknown) =>
    azureControl(endpoints.azure.httpUrl, method, path, body);
  return {
    tenantId,
    clientId,
    clientSecret,
    subscription,
    push: async (branch, commit) => {
      await control('POST', `/_control/tenants/${tenantId}/commits`, {
        repository: 'platform-gitops',
        branch,
        commit,
      });
    },
    reconcile: async () => {
      if (!simulated) return;
      now += settleMs;
      await control('PUT', `/_control/tenants/${tenantId}/time`, { now });
    },
    resourceGraphRequests: async () => {
      const records = (await control('GET', `/_control/tenants/${tenantId}/requests`)) as {
        service: string;
      }[];
      return records.filter((r) => r.service === 'resource-graph').length;
    },
    dispose: async () => {
      await control('DELETE', `/_control/tenants/${tenantId}`);
    },
  };
}
