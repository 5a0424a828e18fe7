// A simulated Flux notification-controller: for each cluster of a simulated fleet, a GitHub
// `Provider` with `commitStatusExpr` and an `Alert` with `eventMetadata: {cluster, clustertype}`
// that posts commit statuses to the local GitHub in Flux's format as the cluster's
// Kustomization reconciles (docs/commit-status-evidence.md):
// - context: `('kalypso/' + clustertype + '/' + cluster + '/' + kind + '/' + name).lowerAscii()`;
// - state: `success` for an info event (Ready), `failure` for an error event; never `pending`;
// - description: the event reason in lower-case words (`ReconciliationSucceeded` →
//   `reconciliation succeeded`);
// - the commit: the one parsed from the revision `<branch>@sha1:<sha>` the cluster applied;
// - no post when the newest status of the context among the commit's first 50 already has the
//   same state and description.
// Posts go through the REST API with a token of their own (`statuses: write`), as Flux's do.

export interface SimulatedCluster {
  readonly name: string;
  readonly clusterType: string;
  /**
   * `deploys`: Ready on the new commit; `fails`: an error event with `reason` on it; `silent`:
   * never reports (no Provider, or notification-controller down); `stale`: still applies the
   * previous commit and reports that one.
   */
  readonly behaviour: 'deploys' | 'fails' | 'silent' | 'stale';
  /** The error event's reason for `fails` (default `HealthCheckFailed`). */
  readonly reason?: string;
  /** The Kustomization that reports (default `apps`). */
  readonly kustomization?: string;
}

export interface FluxNotifierOptions {
  readonly apiUrl: string;
  readonly token: string;
  /** The GitOps repository, `owner/name`. */
  readonly repository: string;
  readonly branch: string;
}

/** Flux's `strings.Join(splitCamelcase(reason), " ")` lower-cased: the status description. */
export function fluxDescription(reason: string): string {
  return reason
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

/** The context the documented commitStatusExpr renders for a cluster's Kustomization. */
export function fluxContext(cluster: SimulatedCluster): string {
  const name = cluster.kustomization ?? 'apps';
  return `kalypso/${cluster.clusterType}/${cluster.name}/kustomization/${name}`.toLowerCase();
}

export class FluxNotifier {
  readonly posted: { sha: string; context: string; state: string; description: string }[] = [];

  private readonly options: FluxNotifierOptions;

  constructor(options: FluxNotifierOptions) {
    this.options = options;
  }

  /**
   * One reconciliation of every cluster after `commit` merged on the branch (the revision
   * `<branch>@sha1:<commit>`); `stale` clusters apply `previous` instead.
   */
  async reconcile(
    clusters: readonly SimulatedCluster[],
    commit: string,
    previous: string,
  ): Promise<void> {
    for (const cluster of clusters) {
      if (cluster.behaviour === 'silent') continue;
      const revision = `${this.options.branch}@sha1:${cluster.behaviour === 'stale' ? previous : commit}`;
      const event =
        cluster.behaviour === 'fails'
          ? { severity: 'error', reason: cluster.reason ?? 'HealthCheckFailed' }
          : { severity: 'info', reason: 'ReconciliationSucceeded' };
      await this.post(cluster, revision, event);
    }
  }

  /** What notification-controller's github notifier does with one event. */
  async post(
    cluster: SimulatedCluster,
    revision: string,
    event: { severity: string; reason: string },
  ): Promise<void> {
    const sha = /@sha1:([0-9a-f]{40})$/.exec(revision)?.[1];
    if (!sha) throw new Error(`revision '${revision}' has no commit`);
    const context = fluxContext(cluster);
    const state = event.severity === 'error' ? 'failure' : 'success';
    const description = fluxDescription(event.reason);
    const listed = await this.call<{ context: string; state: string; description: string }[]>(
      'GET',
      `/repos/${this.options.repository}/commits/${sha}/statuses?per_page=50`,
    );
    const newest = listed.find((s) => s.context === context);
    if (newest && newest.state === state && newest.description === description) return;
    await this.call('POST', `/repos/${this.options.repository}/statuses/${sha}`, {
      state,
      context,
      description,
    });
    this.posted.push({ sha, context, state, description });
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.options.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `token ${this.options.token}`,
        accept: 'application/vnd.github+json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}
