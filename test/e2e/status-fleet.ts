// The simulated fleet reporting as commit statuses (check-promote's `evidence: commit-statuses`,
// docs/commit-status-evidence.md): each cluster's Flux notification-controller posts a status on
// the GitOps commit it applied, through the simulated notifier (test/support/flux-notifier.ts),
// once the cluster has picked the commit up and reconciled it. Nothing asks Azure. The clusters
// are the promotion world's (one per environment and cluster type, named `<env>-<cluster type>`),
// listed in the inventory `.kalypso/clusters.yaml` on each GitOps environment branch.
import { stringify } from 'yaml';
import { FluxNotifier, type SimulatedCluster } from '../support/flux-notifier.ts';
import type { FleetBehaviour } from './promotion-world.ts';

/** Where check-promote reads the inventory (its `cluster-inventory-file` default). */
export const INVENTORY_FILE = '.kalypso/clusters.yaml';

/** The inventory of an environment's GitOps branch: its clusters, `<env>-<cluster type>`. */
export function statusInventory(environment: string, clusterTypes: readonly string[]): string {
  return stringify({
    clusters: clusterTypes.map((clusterType) => ({
      name: `${environment}-${clusterType}`,
      clusterType,
    })),
  });
}

export interface StatusFleet {
  /** A GitOps branch got a new commit: its clusters report it once they have reconciled it. */
  push(branch: string, commit: string): Promise<void>;
  /** Simulated clock: every cluster reports what was pushed so far. Wall clock: nothing. */
  reconcile(): Promise<void>;
  /** Statuses posted so far. */
  posted(): number;
  /** Waits for the reports under way (wall clock), then stops. */
  dispose(): Promise<void>;
}

export function createStatusFleet(options: {
  readonly apiUrl: string;
  readonly token: string;
  /** `owner/name` of the GitOps repository. */
  readonly gitops: string;
  readonly environments: readonly string[];
  readonly clusterTypes: (environment: string) => string[];
  /** GitOps branch heads the clusters run when the world starts. */
  readonly heads: ReadonlyMap<string, string>;
  readonly behaviour: FleetBehaviour;
}): StatusFleet {
  const { behaviour } = options;
  const simulated = behaviour.clock === 'simulated';
  const clusters = new Map<string, SimulatedCluster[]>();
  const notifiers = new Map<string, FluxNotifier>();
  for (const env of options.environments) {
    clusters.set(
      env,
      options.clusterTypes(env).map((clusterType) => {
        const outcome = behaviour.outcomes?.[`${env}/${clusterType}`];
        return {
          name: `${env}-${clusterType}`,
          clusterType,
          behaviour: outcome?.kind === 'fails' ? 'fails' : 'deploys',
          ...(outcome?.kind === 'fails' ? { reason: outcome.reason } : {}),
          kustomization: 'workloads',
        };
      }),
    );
    notifiers.set(
      env,
      new FluxNotifier({
        apiUrl: options.apiUrl,
        token: options.token,
        repository: options.gitops,
        branch: env,
      }),
    );
  }
  const running = new Map(options.heads);
  const pending: { branch: string; commit: string; previous: string }[] = [];
  const underWay = new Set<Promise<void>>();
  let stopped = false;
  const report = async (branch: string, commit: string, previous: string) => {
    const notifier = notifiers.get(branch);
    if (!notifier || stopped) return;
    await notifier.reconcile(clusters.get(branch) ?? [], commit, previous);
  };
  // Like the Resource Graph fleet: the slowest cluster picks a commit up after 2 × pickupSeconds.
  const delayMs = 1000 * ((behaviour.pickupSeconds ?? 1) * 2 + (behaviour.reconcileSeconds ?? 0.5));
  return {
    push: (branch, commit) => {
      const previous = running.get(branch) ?? commit;
      running.set(branch, commit);
      if (simulated) {
        pending.push({ branch, commit, previous });
        return Promise.resolve();
      }
      const work = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
        .then(() => report(branch, commit, previous))
        .catch((error: unknown) => {
          if (!stopped) console.error(`simulated Flux notifier (${branch}): ${String(error)}`);
        })
        .finally(() => underWay.delete(work));
      underWay.add(work);
      return Promise.resolve();
    },
    reconcile: async () => {
      for (const push of pending.splice(0)) await report(push.branch, push.commit, push.previous);
    },
    posted: () => [...notifiers.values()].reduce((n, notifier) => n + notifier.posted.length, 0),
    dispose: async () => {
      await Promise.all(underWay);
      stopped = true;
    },
  };
}
