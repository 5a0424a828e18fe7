import type { ClusterSpec, CommitSpec, ConfigurationSpec, Outcome } from './protocol.ts';

/**
 * A simulated fleet: every cluster reports, for each Flux configuration, what Azure Arc / AKS would
 * show in Resource Graph at a given simulated time. A new commit on a branch is fetched by each
 * cluster after its own `pickupSeconds`, reported Pending for `reconcileSeconds`, then Compliant,
 * failing, or transiently Non-Compliant. Until the fetch, the previous commit stays Compliant.
 */
export class Fleet {
  readonly #clusters: readonly ClusterSpec[];
  readonly #startTime: number;
  /** `repository\nbranch` → commits in push order, each with its simulated push time. */
  readonly #history = new Map<string, { commit: string; at: number }[]>();

  constructor(
    clusters: readonly ClusterSpec[],
    branches: readonly CommitSpec[],
    startTime: number,
  ) {
    this.#clusters = clusters;
    this.#startTime = startTime;
    for (const b of branches)
      this.#history.set(key(b.repository, b.branch), [{ commit: b.commit, at: -Infinity }]);
  }

  /** Bumped by every push, so cached query results of the same moment are recomputed. */
  version = 0;

  push(commit: CommitSpec, at: number): void {
    this.version += 1;
    const history = this.#history.get(key(commit.repository, commit.branch)) ?? [];
    history.push({ commit: commit.commit, at });
    this.#history.set(key(commit.repository, commit.branch), history);
  }

  /** Full Resource Graph rows (objectArray form) of every Flux configuration at `now`. */
  rows(now: number, tenantId: string): Record<string, unknown>[] {
    const rows: Record<string, unknown>[] = [];
    for (const cluster of this.#clusters) {
      for (const configuration of cluster.configurations)
        rows.push(this.#row(cluster, configuration, now, tenantId));
    }
    return rows;
  }

  #row(
    cluster: ClusterSpec,
    configuration: ConfigurationSpec,
    now: number,
    tenantId: string,
  ): Record<string, unknown> {
    const type = cluster.type ?? 'connectedClusters';
    const rp = type === 'managedClusters' ? 'Microsoft.ContainerService' : 'Microsoft.Kubernetes';
    const id = `/subscriptions/${cluster.subscriptionId}/resourceGroups/${cluster.resourceGroup}/providers/${rp}/${type}/${cluster.name}/providers/Microsoft.KubernetesConfiguration/fluxConfigurations/${configuration.name}`;
    const report = this.#report(cluster, configuration, now);
    return {
      id,
      name: configuration.name,
      type: 'microsoft.kubernetesconfiguration/fluxconfigurations',
      tenantId,
      kind: '',
      location: '',
      resourceGroup: cluster.resourceGroup.toLowerCase(),
      subscriptionId: cluster.subscriptionId,
      managedBy: '',
      sku: null,
      plan: null,
      tags: null,
      identity: null,
      zones: null,
      extendedLocation: null,
      properties: {
        scope: 'cluster',
        namespace: 'flux-system',
        sourceKind: 'GitRepository',
        suspend: configuration.suspended ?? false,
        gitRepository: {
          url: configuration.url,
          timeoutInSeconds: 600,
          syncIntervalInSeconds: 60,
          repositoryRef: { branch: configuration.branch, tag: null, semver: null, commit: null },
          sshKnownHosts: null,
          httpsUser: null,
          httpsCACert: null,
          localAuthRef: null,
          provider: 'Generic',
        },
        bucket: null,
        azureBlob: null,
        ociRepository: null,
        kustomizations: Object.fromEntries(
          kustomizationsOf(configuration).map((k, i, all) => [
            k,
            {
              name: k,
              path: configuration.path ?? `./${k}`,
              dependsOn: i > 0 ? [all[i - 1]] : [],
              timeoutInSeconds: 600,
              syncIntervalInSeconds: 60,
              retryIntervalInSeconds: null,
              prune: true,
              force: false,
              wait: true,
              postBuild: null,
            },
          ]),
        ),
        configurationProtectedSettings: {},
        statuses: report.statuses,
        repositoryPublicKey: '',
        sourceSyncedCommitId: `${configuration.branch}@sha1:${report.commit}`,
        sourceUpdatedAt: iso(report.fetchedAt),
        statusUpdatedAt: iso(report.changedAt),
        waitForReconciliation: null,
        reconciliationWaitDuration: null,
        complianceState: configuration.suspended ? 'Suspended' : report.state,
        provisioningState: 'Succeeded',
        errorMessage: '',
      },
    };
  }

  #report(cluster: ClusterSpec, configuration: ConfigurationSpec, now: number) {
    const history = this.#history.get(key(configuration.repository, configuration.branch)) ?? [];
    const pickup = cluster.pickupSeconds * 1000;
    const fetched = [...history].reverse().find((c) => c.at + pickup <= now);
    if (!fetched)
      throw new Error(
        `fake fleet: no commit registered for '${configuration.repository}' branch '${configuration.branch}'`,
      );
    const initial = fetched.at === -Infinity;
    const fetchedAt = initial ? this.#startTime - 3_600_000 : fetched.at + pickup;
    const settledAt = fetchedAt + cluster.reconcileSeconds * 1000;
    const outcome: Outcome = initial
      ? { kind: 'compliant' }
      : (cluster.outcome ?? { kind: 'compliant' });
    const revision = `${configuration.branch}@sha1:${fetched.commit}`;
    const names = kustomizationsOf(configuration).map((k) => `${configuration.name}-${k}`);
    const source = object(
      'GitRepository',
      configuration.name,
      'Compliant',
      'True',
      'Succeeded',
      `stored artifact for revision '${revision}'`,
      fetchedAt,
    );
    if (!initial && now < settledAt) {
      return {
        commit: fetched.commit,
        fetchedAt,
        changedAt: fetchedAt,
        state: 'Pending',
        statuses: [
          source,
          ...names.map((n) =>
            object(
              'Kustomization',
              n,
              'Pending',
              'Unknown',
              'Progressing',
              'Reconciliation in progress',
              fetchedAt,
            ),
          ),
        ],
      };
    }
    const applied = names.map((n) =>
      object(
        'Kustomization',
        n,
        'Compliant',
        'True',
        'ReconciliationSucceeded',
        `Applied revision: ${revision}`,
        settledAt,
      ),
    );
    if (
      outcome.kind === 'fails' ||
      (outcome.kind === 'transient' && now < settledAt + outcome.seconds * 1000)
    ) {
      const failing =
        outcome.kind === 'fails'
          ? {
              ...object(
                outcome.object.kind,
                outcome.object.name,
                'Non-Compliant',
                'False',
                outcome.reason,
                outcome.message,
                settledAt,
              ),
              namespace: outcome.object.namespace,
            }
          : object(
              'Kustomization',
              names.at(-1) ?? configuration.name,
              'Non-Compliant',
              'False',
              outcome.reason,
              outcome.message,
              settledAt,
            );
      const statuses = [
        source,
        ...applied.filter((s) => s.name !== failing.name || s.kind !== failing.kind),
        failing,
      ];
      return {
        commit: fetched.commit,
        fetchedAt,
        changedAt: settledAt,
        state: 'Non-Compliant',
        statuses,
      };
    }
    const changedAt = outcome.kind === 'transient' ? settledAt + outcome.seconds * 1000 : settledAt;
    return {
      commit: fetched.commit,
      fetchedAt,
      changedAt,
      state: 'Compliant',
      statuses: [source, ...applied],
    };
  }
}

function kustomizationsOf(configuration: ConfigurationSpec): readonly string[] {
  return configuration.kustomizations ?? ['infra', 'apps'];
}

function object(
  kind: string,
  name: string,
  complianceState: string,
  status: string,
  reason: string,
  message: string,
  at: number,
) {
  return {
    name,
    namespace: 'flux-system',
    kind,
    complianceState,
    appliedBy: null,
    helmReleaseProperties: null,
    statusConditions: [{ lastTransitionTime: iso(at), message, reason, status, type: 'Ready' }],
  };
}

function key(repository: string, branch: string): string {
  return `${repository}\n${branch}`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}
