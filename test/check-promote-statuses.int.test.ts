// check-promote on commit-status evidence: the committed bundle, run as the runner runs it,
// reading the statuses a simulated Flux notification-controller (test/support/flux-notifier.ts)
// posted in Flux's format on the GitOps commit of the local GitHub. The clusters reconcile before
// the run, so no assertion depends on how fast this machine is; a cluster that never reports
// times out after the run's short timeout, whatever the speed.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { FluxNotifier, type SimulatedCluster } from './support/flux-notifier.ts';
import { fakeAzure, World } from './support/resource-graph/client.ts';
import { runAction, type ActionRun } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

const INVENTORY = `# who deploys dev
clusters:
  - name: eks-eu-1
    clusterType: drone
  - name: gke-us-1
    clusterType: large
  - name: lab-1
    clusterType: drone
    optional: true
`;

const cdWorkflow = `name: cd
on:
  workflow_dispatch:
    inputs:
      environment: { required: true }
      promoted_commit_id: { required: true }
`;

/**
 * A GitOps repository whose `dev` has a previous and a new commit, and its control plane, as an
 * honest flow leaves them: `dev` promotes main (base-repo.yaml) and the new GitOps commit merged
 * that promotion (its tracking file names it), so the gate's checks pass (docs/decisions/gate-checks.md).
 */
async function world(inventory: string | null = INVENTORY) {
  const gitops = await github.createRepo({ files: { 'README.md': 'gitops\n' } });
  const gitOpsRepo = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: GitOpsRepo
metadata:
  name: dev
spec:
  repo: ${github.url}/${gitops.fullName}
  branch: dev
  path: .
`;
  const control = await github.createRepo({
    files: {
      '.github/promotion-chain.yaml': 'environments: [dev, stage, prod]\n',
      '.github/workflows/cd.yaml': cdWorkflow,
    },
    branches: { dev: { 'gitops-repo.yaml': gitOpsRepo } },
  });
  const main = control.heads.main!;
  await github.commit(control.fullName, {
    branch: 'dev',
    files: {
      'base-repo.yaml': `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: BaseRepo\nmetadata:\n  name: main\nspec:\n  repo: ${github.url}/${control.fullName}\n  branch: main\n  commit: ${main}\n`,
    },
  });
  const previous = await github.commit(gitops.fullName, {
    branch: 'dev',
    files: {
      'drone/app.yaml': 'v: 1\n',
      ...(inventory ? { '.kalypso/clusters.yaml': inventory } : {}),
    },
  });
  const next = await github.commit(gitops.fullName, {
    branch: 'dev',
    files: { 'drone/app.yaml': 'v: 2\n', '.github/tracking/Promoted_Commit_Id': `${main}\n` },
  });
  const fluxToken = await github.createToken({ statuses: 'write', contents: 'read' });
  const flux = new FluxNotifier({
    apiUrl: github.url,
    token: fluxToken,
    repository: gitops.fullName,
    branch: 'dev',
  });
  return {
    gitops: gitops.fullName,
    repo: control.fullName,
    main,
    previous: previous.sha,
    commit: next.sha,
    flux,
  };
}

const cluster = (
  name: string,
  clusterType: string,
  behaviour: SimulatedCluster['behaviour'] = 'deploys',
): SimulatedCluster => ({ name, clusterType, behaviour });

function checkPromote(
  w: { repo: string; main: string; commit: string },
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<ActionRun> {
  return runAction('check-promote', {
    github: { url: github.url, repository: w.repo, token, runId: '7' },
    inputs: {
      environment: 'dev',
      evidence: 'commit-statuses',
      'gitops-commit': w.commit,
      'promoted-commit': w.main,
      'timeout-seconds': '20',
      'poll-interval-seconds': '0.2',
      ...inputs,
    },
    env,
  });
}

const statusesOf = async (repo: string) =>
  (await github.state(repo)).statuses.map((s) => `${s.context}: ${s.state} ${s.description}`);

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('check-promote with evidence: commit-statuses', () => {
  it('all expected clusters report success: Deployed, next environment started, no Azure input', async () => {
    const w = await world();
    await w.flux.reconcile(
      [
        cluster('eks-eu-1', 'drone'),
        cluster('gke-us-1', 'large'),
        cluster('lab-1', 'drone', 'silent'),
      ],
      w.commit,
      w.previous,
    );
    // A second reconciliation with the same outcome posts nothing (Flux's de-duplication).
    await w.flux.reconcile([cluster('eks-eu-1', 'drone')], w.commit, w.previous);
    expect(w.flux.posted).toHaveLength(2);
    const run = await checkPromote(w);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({
      'deployment-state': 'succeeded',
      'compliant-clusters': '2',
      'total-clusters': '2',
      dispatched: 'true',
    });
    expect(await statusesOf(w.repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: success Deployed',
    ]);
    expect(run.summary).toContain('| eks-eu-1 | drone | commit statuses | ✅ compliant |');
    expect(run.summary).toContain('| gke-us-1 | large | commit statuses | ✅ compliant |');
    expect(run.log).not.toContain('azure');
    // The combined status read with conditional requests: the GitOps repository was asked for
    // its statuses, and answered 200 or 304 only.
    const reads = (await github.state(w.gitops)).requests.filter(
      (r) => r.route === '/repos/{owner}/{repo}/commits/{ref}/status',
    );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.status === 200 || r.status === 304)).toBe(true);
  });

  it('one cluster fails: Failed to deploy, the cluster and the reason named, nothing started', async () => {
    const w = await world();
    await w.flux.reconcile(
      [cluster('eks-eu-1', 'drone'), cluster('gke-us-1', 'large', 'fails')],
      w.commit,
      w.previous,
    );
    const run = await checkPromote(w);
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ 'deployment-state': 'failed', dispatched: 'false' });
    expect(run.log).toContain(
      "cluster 'gke-us-1' configuration 'commit statuses' is Non-Compliant: HealthCheckFailed (Commit status kalypso/large/gke-us-1/kustomization/apps: HealthCheckFailed: health check failed)",
    );
    expect(await statusesOf(w.repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
    ]);
    expect(await github.dispatches(w.repo)).toEqual([]);
  });

  it('one never reports and one reports a stale commit: timed out naming both', async () => {
    const w = await world(`clusters:
  - {name: eks-eu-1, clusterType: drone}
  - {name: gke-us-1, clusterType: large}
  - {name: aks-old-1, clusterType: drone}
`);
    await w.flux.reconcile(
      [
        cluster('eks-eu-1', 'drone'),
        cluster('gke-us-1', 'large', 'silent'),
        cluster('aks-old-1', 'drone', 'stale'),
      ],
      w.commit,
      w.previous,
    );
    const run = await checkPromote(w, { 'timeout-seconds': '1' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ 'deployment-state': 'timed-out' });
    expect(run.log).toContain(
      'Timed out after 1s: 1 of 3 Flux configurations Compliant on commit ' +
        w.commit.slice(0, 7) +
        ": 'aks-old-1/commit statuses' is still on no synced commit yet; 'gke-us-1/commit statuses' is still on no synced commit yet.",
    );
  });

  it('a reporter missing from the inventory is a warning, not a vote', async () => {
    const w = await world();
    await w.flux.reconcile(
      [
        cluster('eks-eu-1', 'drone'),
        cluster('gke-us-1', 'large'),
        cluster('eks-eu-2', 'drone', 'fails'),
      ],
      w.commit,
      w.previous,
    );
    const run = await checkPromote(w);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).toContain(
      `::warning::Cluster 'eks-eu-2' reported on ${w.commit.slice(0, 7)} but is not in .kalypso/clusters.yaml (did you mean 'eks-eu-1'?)`,
    );
  });

  it('expected-reporters: previous expects who reported on the earlier commit', async () => {
    const w = await world(null);
    await w.flux.reconcile(
      [cluster('eks-eu-1', 'drone'), cluster('gke-us-1', 'large')],
      w.previous,
      w.previous,
    );
    await w.flux.reconcile([cluster('eks-eu-1', 'drone')], w.commit, w.previous);
    const run = await checkPromote(w, { 'expected-reporters': 'previous', 'timeout-seconds': '1' });
    expect(run.exitCode, run.log).toBe(1);
    expect(run.outputs, run.log).toMatchObject({ 'deployment-state': 'timed-out' });
    expect(run.log).toContain("'gke-us-1/commit statuses' is still on no synced commit yet");
  });

  it('no inventory on the GitOps commit: a failure that says what to add', async () => {
    const w = await world(null);
    await w.flux.reconcile([cluster('eks-eu-1', 'drone')], w.commit, w.previous);
    const run = await checkPromote(w);
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `There is no .kalypso/clusters.yaml on the GitOps commit ${w.commit.slice(0, 7)}`,
    );
  });

  it('both sources, disagreeing: Azure says Compliant, Flux reports a failure: fails as a disagreement', async () => {
    const w = await world();
    const url = `${github.url}/${w.gitops}`;
    const azureWorld = await World.create({
      quota: { perWindow: 1000, windowSeconds: 5 },
      branches: [{ repository: 'gitops', branch: 'dev', commit: w.previous }],
      clusters: ([s]) =>
        ['eks-eu-1', 'gke-us-1'].map((name) => ({
          name,
          subscriptionId: s!,
          resourceGroup: 'rg',
          configurations: [
            { name: 'gitops-dev', repository: 'gitops', url, branch: 'dev', path: './drone' },
          ],
          pickupSeconds: 0.1,
          reconcileSeconds: 0.1,
        })),
      federatedSubject: `repo:${w.repo}:environment:dev`,
    });
    cleanup.push(() => azureWorld.dispose());
    await azureWorld.push({ repository: 'gitops', branch: 'dev', commit: w.commit });
    await azureWorld.clock.sleep(10_000);
    await w.flux.reconcile(
      [cluster('eks-eu-1', 'drone'), cluster('gke-us-1', 'large', 'fails')],
      w.commit,
      w.previous,
    );
    const azure = fakeAzure();
    const run = await checkPromote(
      w,
      {
        evidence: 'both',
        'azure-tenant-id': azureWorld.tenantId,
        'azure-client-id': azureWorld.clientId,
        subscriptions: azureWorld.subscriptions.join(','),
        'azure-resource-manager-endpoint': azure.httpsUrl,
        'azure-authority-host': azure.httpsUrl,
      },
      { NODE_EXTRA_CA_CERTS: azure.caCertPath, ...azureWorld.oidcEnvironment() },
    );
    expect(run.exitCode, run.log).toBe(1);
    expect(run.outputs).toMatchObject({ 'deployment-state': 'failed' });
    expect(run.log).toContain(
      "cluster 'gke-us-1' configuration 'commit statuses (sources disagree: commit statuses reports a failure, Azure Resource Graph says Compliant)' is Non-Compliant: HealthCheckFailed",
    );
    expect(run.summary).toContain('| eks-eu-1 | drone | gitops-dev | ✅ compliant |');
  });
});
