// check-promote, the committed bundle run as the runner runs it, against the local GitHub and the
// local Azure (Actions OIDC → Entra ID → Resource Graph over HTTPS, trusted via
// NODE_EXTRA_CA_CERTS). The bundle sleeps on the real clock (0.2 s poll interval), but the fleet
// runs on simulated time that only the test moves: either before the run (the clusters are where
// the test wants them at the first poll) or after an event (the bundle's first request seen by
// the local Resource Graph). No assertion depends on how fast this machine is.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  fakeAzure,
  World,
  type ClusterSpec,
  type Outcome,
} from './support/resource-graph/client.ts';
import { runAction, type ActionRun } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

const OLD = '9b1c0d2e3f405162738495a6b7c8d9e0f1a2b3c4';
/**
 * The GitOps repository on the local GitHub: check-promote verifies every dispatch against it
 * (docs/decisions/gate-checks.md). Each test merges its own promotion into it (`controlPlane`).
 */
const gitopsRepo = await github.createRepo({
  owner: 'contoso',
  name: LocalGitHub.uniqueName('hello-world-gitops'),
  files: { 'README.md': 'gitops\n' },
  branches: { dev: {}, stage: {}, prod: {} },
});
const GITOPS_URL = `${github.url}/${gitopsRepo.fullName}`;
/** The merged GitOps commit of the running test: its tracking file names the test's `main`. */
let NEW = '';
const abbrev = (sha: string) => sha.slice(0, 7);

const cdWorkflow = `name: cd
on:
  workflow_dispatch:
    inputs:
      environment: { required: true }
      promoted_commit_id: { required: true }
`;
const gitOpsRepo = (env: string) => `apiVersion: scheduler.kalypso.io/v1alpha1
kind: GitOpsRepo
metadata:
  name: ${env}
spec:
  repo: ${GITOPS_URL}
  branch: ${env}
  path: .
`;

/** A control plane with the chain dev → stage → prod, cd.yaml, and a GitOpsRepo per branch. */
async function controlPlane(files: Record<string, string> = {}) {
  const repo = await github.createRepo({
    files: {
      '.github/promotion-chain.yaml': 'environments: [dev, stage, prod]\n',
      '.github/workflows/cd.yaml': cdWorkflow,
      ...files,
    },
    branches: Object.fromEntries(
      ['dev', 'stage', 'prod'].map((env) => [env, { 'gitops-repo.yaml': gitOpsRepo(env) }]),
    ),
  });
  const main = repo.heads.main!;
  // As an honest flow leaves them: every environment branch promotes `main` (cd-promote), and its
  // GitOps pull request merged into every GitOps branch (one commit, for brevity).
  for (const env of ['dev', 'stage', 'prod'])
    await github.commit(repo.fullName, {
      branch: env,
      files: { 'base-repo.yaml': baseRepo(repo.fullName, main) },
    });
  NEW = await mergePromotion(main);
  return { repo: repo.fullName, main };
}

const baseRepo = (repo: string, commit: string) =>
  `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: BaseRepo\nmetadata:\n  name: main\nspec:\n  repo: ${github.url}/${repo}\n  branch: main\n  commit: ${commit}\n`;

/** Merges a promotion of `promoted` into the GitOps branch dev, and moves stage and prod to it. */
async function mergePromotion(promoted: string): Promise<string> {
  const { sha } = await github.commit(gitopsRepo.fullName, {
    branch: 'dev',
    files: { '.github/tracking/Promoted_Commit_Id': `${promoted}\n`, 'drone/app.yaml': promoted },
    message: 'Merge pull request: promote',
  });
  for (const branch of ['stage', 'prod']) {
    const response = await fetch(
      `${github.url}/repos/${gitopsRepo.fullName}/git/refs/heads/${branch}`,
      {
        method: 'PATCH',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sha, force: true }),
      },
    );
    if (!response.ok) throw new Error(`moving ${branch}: ${response.status}`);
  }
  return sha;
}

function store(name: string, subscription: string, pickupSeconds: number, outcome?: Outcome) {
  return {
    name,
    subscriptionId: subscription,
    resourceGroup: 'rg-edge',
    configurations: ['dev', 'stage', 'prod'].map((branch) => ({
      name: `hello-world-${branch}`,
      repository: 'hello-world-gitops',
      url: GITOPS_URL,
      branch,
      path: './drone',
    })),
    pickupSeconds,
    reconcileSeconds: 0.1,
    ...(outcome ? { outcome } : {}),
  } satisfies ClusterSpec;
}

const healthCheckFailed: Outcome = {
  kind: 'fails',
  reason: 'HealthCheckFailed',
  object: { kind: 'Kustomization', namespace: 'flux-system', name: 'hello-world-dev-apps' },
  message:
    "health check failed after 30s: timeout waiting for: [Deployment/dev/hello-world status: 'InProgress']",
};

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/**
 * A tenant with the given stores; `NEW` is merged to every GitOps branch now. Unless `settle` is
 * false, simulated time then moves 10 s on, so every store with a shorter pick-up has reconciled
 * before the bundle's first poll.
 */
async function fleet(
  clusters: (subscription: string) => ClusterSpec[],
  options: { oidcFailsWith?: number; settle?: boolean; wallClock?: boolean } = {},
) {
  const { settle = true, wallClock = false, ...worldOptions } = options;
  const world = await World.create({
    ...(wallClock ? { wallClock: true } : {}),
    quota: { perWindow: 1000, windowSeconds: 5 },
    branches: ['dev', 'stage', 'prod'].map((branch) => ({
      repository: 'hello-world-gitops',
      branch,
      commit: OLD,
    })),
    clusters: ([s]) => clusters(s!),
    federatedSubject: 'repo:contoso/platform-control-plane:environment:dev',
    ...worldOptions,
  });
  cleanup.push(() => world.dispose());
  const pushes = [];
  for (const branch of ['dev', 'stage', 'prod'])
    pushes.push(await world.push({ repository: 'hello-world-gitops', branch, commit: NEW }));
  if (settle && !wallClock) await world.clock.sleep(10_000);
  return { world, pushed: pushes[0]! };
}

/** Resolves once `condition` holds, checking every 20 ms (the test's own timeout bounds it). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Sets a commit status as another workflow would have (e.g. cd-promote's "Promoted"). */
async function seedStatus(repo: string, sha: string, state: string, description: string) {
  const response = await fetch(`${github.url}/repos/${repo}/statuses/${sha}`, {
    method: 'POST',
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ state, context: 'dev environment', description }),
  });
  if (!response.ok) throw new Error(`seeding a status: ${response.status}`);
}

const threeStores = (s: string) => [
  store('store-001', s, 0.2),
  store('store-002', s, 0.4),
  store('store-003', s, 0.6),
];

function checkPromote(
  repo: string,
  world: World,
  inputs: Record<string, string>,
  env: Record<string, string> = world.oidcEnvironment(),
): Promise<ActionRun> {
  const azure = fakeAzure();
  return runAction('check-promote', {
    github: { url: github.url, repository: repo, token, runId: '42' },
    inputs: {
      environment: 'dev',
      'azure-tenant-id': world.tenantId,
      'azure-client-id': world.clientId,
      subscriptions: world.subscriptions.join(','),
      'azure-resource-manager-endpoint': azure.httpsUrl,
      'azure-authority-host': azure.httpsUrl,
      'timeout-seconds': '20',
      'poll-interval-seconds': '0.2',
      ...inputs,
    },
    env: { NODE_EXTRA_CA_CERTS: azure.caCertPath, ...env },
  });
}

const statusesOf = async (repo: string) =>
  (await github.state(repo)).statuses.map((s) => `${s.context}: ${s.state} ${s.description}`);

describe('check-promote (the committed bundle, run as the runner runs it)', () => {
  it('waits for every cluster, marks dev Deployed and starts stage', async () => {
    const { repo, main } = await controlPlane();
    // Simulated time stands still at the merge until the bundle's first poll has been answered:
    // that poll saw every store behind, so the bundle must wait and poll again.
    const { world } = await fleet(threeStores, { settle: false });
    const running = checkPromote(repo, world, { 'gitops-commit': NEW, 'promoted-commit': main });
    await until(async () => (await world.requests('resource-graph')).length > 0);
    await world.clock.sleep(10_000);
    const run = await running;
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toEqual({
      'deployment-state': 'succeeded',
      'compliant-clusters': '3',
      'total-clusters': '3',
      'compliant-configurations': '3',
      'total-configurations': '3',
      'next-environment': 'stage',
      dispatched: 'true',
      'promotion-complete': 'false',
    });
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: success Deployed',
    ]);
    const { statuses } = await github.state(repo);
    expect(statuses[0]).toMatchObject({
      sha: main,
      target_url: `${github.url}/${repo}/actions/runs/42`,
    });
    expect(await github.dispatches(repo)).toMatchObject([
      {
        workflow_id: 'cd.yaml',
        ref: 'main',
        inputs: { environment: 'stage', promoted_commit_id: main },
      },
    ]);
    expect(run.log).toContain(
      `GitOps repository '${GITOPS_URL}' branch 'dev' (GitOpsRepo in 'gitops-repo.yaml' on 'dev').`,
    );
    expect(run.log).toContain(
      "Signing in to Azure with the GitHub OIDC token of subject 'repo:contoso/platform-control-plane:environment:dev'",
    );
    expect(run.summary).toContain(`## ✅ \`dev\` deployed \`${abbrev(NEW)}\``);
    expect(run.summary).toContain('| Next | started `stage` (dispatched `cd.yaml`) |');
    expect(run.summary).toContain(
      '| Promotion chain | **dev** ✅ → stage started → prod not started |',
    );
    expect(run.summary).toMatch(/\| Resource Graph requests \| \d+ \(at most 2 per poll\) \|/);
    expect(run.summary).toContain(
      `| store-003 | drone | hello-world-dev | ✅ compliant | \`${abbrev(NEW)}\` |`,
    );
    const graph = await world.requests('resource-graph');
    expect(graph.length).toBeGreaterThan(1);
    expect(graph[0]!.at).toBeLessThan(graph.at(-1)!.at);
    expect(graph.every((r) => r.status === 200)).toBe(true);
    expect(run.log).toContain(
      `Poll 1: 0 of 3 Flux configurations Compliant on commit ${abbrev(NEW)}; waiting for 3 configurations still on commit 9b1c0d2 (Compliant there).`,
    );
  });

  it('fails fast on HealthCheckFailed: failure status, no dispatch, the cluster and object named', async () => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet((s) => [
      store('store-001', s, 0.2),
      store('store-002', s, 0.3, healthCheckFailed),
      store('store-003', s, 60),
    ]);
    const run = await checkPromote(repo, world, { 'gitops-commit': NEW, 'promoted-commit': main });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ 'deployment-state': 'failed', dispatched: 'false' });
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
    ]);
    expect(await github.dispatches(repo)).toEqual([]);
    expect(run.log).toContain(
      `::error::1 of 3 Flux configurations failed on commit ${abbrev(NEW)}: cluster 'store-002' configuration 'hello-world-dev' is Non-Compliant: HealthCheckFailed (Kustomization flux-system/hello-world-dev-apps: HealthCheckFailed: health check failed after 30s`,
    );
    expect(run.summary).toContain(`## ❌ \`dev\` failed to deploy \`${abbrev(NEW)}\``);
    expect(run.summary).toContain(
      `| store-002 | drone | hello-world-dev | ❌ failed | \`${abbrev(NEW)}\` | is Non-Compliant: HealthCheckFailed: Kustomization flux-system/hello-world-dev-apps: HealthCheckFailed: health check failed after 30s`,
    );
    expect(run.summary).toContain(
      '| Next | nothing: the promotion stops here (this environment did not deploy) |',
    );
  });

  it('times out naming who is behind, and marks the deployment failed', async () => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet((s) => [store('store-001', s, 0.1), store('store-003', s, 600)]);
    const run = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      'promoted-commit': main,
      // Long enough for the first poll (sign-in included) on a loaded machine: a request still
      // unanswered at the deadline is abandoned (docs/decisions/deadline-rule.md).
      'timeout-seconds': '10',
    });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({
      'deployment-state': 'timed-out',
      'compliant-clusters': '1',
      'total-clusters': '2',
      dispatched: 'false',
    });
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
    ]);
    expect(run.log).toContain(
      `::error::Timed out after 10s: 1 of 2 Flux configurations Compliant on commit ${abbrev(NEW)}: 'store-003/hello-world-dev' is still on commit 9b1c0d2 (Compliant there).`,
    );
    expect(run.summary).toContain(`## ❌ \`dev\`: timed out waiting for \`${abbrev(NEW)}\``);
    expect(run.summary).toContain(
      '| store-003 | drone | hello-world-dev | ⏳ behind | `9b1c0d2` | is still on commit 9b1c0d2 (Compliant there) |',
    );
  });

  it('ends "Superseded" when a newer promotion merged first and the clusters moved on to it', async () => {
    const { repo, main } = await controlPlane();
    // The newer promotion: a later main commit, named by dev's BaseRepo; its GitOps merge is
    // being checked by its own run ("Deploying").
    const newer = await github.commit(repo, { branch: 'main', files: { 'README.md': 'v2\n' } });
    await github.commit(repo, {
      branch: 'dev',
      files: {
        'base-repo.yaml': `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: BaseRepo\nmetadata:\n  name: main\nspec:\n  repo: ${github.url}/${repo}\n  branch: main\n  commit: ${newer.sha}\n`,
      },
    });
    await seedStatus(repo, newer.sha, 'pending', 'Deploying');
    const { world } = await fleet(threeStores);
    const NEWER_GITOPS = '5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7081';
    await world.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEWER_GITOPS });
    await world.clock.sleep(10_000);
    const run = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      'promoted-commit': main,
      'timeout-seconds': '600',
    });
    expect(run.exitCode, run.log).toBe(1);
    expect(run.outputs).toMatchObject({
      'deployment-state': 'superseded',
      'compliant-configurations': '0',
      'total-configurations': '3',
      dispatched: 'false',
    });
    const short = newer.sha.slice(0, 7);
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: pending Deploying',
      `dev environment: error Superseded by ${short}`,
    ]);
    expect((await github.state(repo)).statuses.at(-1)).toMatchObject({ sha: main });
    expect(await github.dispatches(repo)).toEqual([]);
    expect(run.log).toContain(
      `::error::Superseded by ${short}: the GitOps branch 'dev' moved on to a newer promotion before the clusters reported ${abbrev(NEW)}`,
    );
    expect(run.log).not.toContain('Failed to deploy');
    expect(run.summary).toContain(
      `## ⏭️ \`dev\`: \`${abbrev(NEW)}\` superseded by \`${short}\` (nothing failed)`,
    );
  });

  it('completes the promotion in the last environment without dispatching', async () => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet(threeStores);
    const run = await checkPromote(repo, world, {
      environment: 'prod',
      'gitops-commit': NEW,
      'promoted-commit': main,
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({
      'deployment-state': 'succeeded',
      'next-environment': '',
      dispatched: 'false',
      'promotion-complete': 'true',
    });
    expect(await statusesOf(repo)).toEqual([
      'prod environment: pending Deploying',
      'prod environment: success Deployed',
    ]);
    expect(await github.dispatches(repo)).toEqual([]);
    expect(run.summary).toContain('| Next | ⏭️ last environment: promotion complete |');
  });

  it('only waits for a merge that is not a promotion: no status, no next environment', async () => {
    const { repo } = await controlPlane();
    const { world } = await fleet(threeStores);
    const run = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      // Another spelling of the repository (a clone URL) matches the clusters' https URL.
      'gitops-repository': `${GITOPS_URL}.git`,
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({
      'deployment-state': 'succeeded',
      'next-environment': '',
      dispatched: 'false',
      'promotion-complete': 'false',
    });
    expect((await github.state(repo)).statuses).toEqual([]);
    expect(await github.dispatches(repo)).toEqual([]);
    expect(run.summary).toContain('| Promoted commit | none (not a promotion) |');
  });

  it('waits the same for a promotion whose GitOps merge changed only the tracking file', async () => {
    // The merged pull request touched only .github/tracking/Promoted_Commit_Id: no manifest
    // changes, yet every Flux configuration still fetches and reports the new revision.
    const gitops = await github.createRepo({
      files: { 'README.md': 'gitops\n' },
      branches: { dev: {} },
    });
    const { repo, main } = await controlPlane();
    const { sha } = await github.commit(gitops.fullName, {
      branch: 'dev',
      files: { '.github/tracking/Promoted_Commit_Id': `${main}\n` },
    });
    const url = `${github.url}/${gitops.fullName}`;
    const world = await World.create({
      quota: { perWindow: 1000, windowSeconds: 5 },
      branches: [{ repository: gitops.fullName, branch: 'dev', commit: gitops.heads.dev! }],
      clusters: ([s]) => [
        {
          ...store('store-001', s!, 0.3),
          configurations: [
            { name: 'platform', repository: gitops.fullName, url: `${url}.git`, branch: 'dev' },
          ],
        },
      ],
    });
    cleanup.push(() => world.dispose());
    await world.push({ repository: gitops.fullName, branch: 'dev', commit: sha });
    await world.clock.sleep(10_000);
    const run = await checkPromote(repo, world, {
      'gitops-commit': sha,
      'promoted-commit': main,
      'gitops-repository': gitops.fullName,
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({
      'deployment-state': 'succeeded',
      'next-environment': 'stage',
    });
    expect(await github.dispatches(repo)).toHaveLength(1);
  });

  it.each([
    ['the OIDC variables are missing', {}, "the job needs 'permissions: id-token: write'"],
    ['the token request fails', undefined, "Check that the job has 'permissions: id-token: write'"],
  ])('explains id-token: write when %s', async (_, env, message) => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet(threeStores, { oidcFailsWith: 500 });
    const run = await checkPromote(
      repo,
      world,
      { 'gitops-commit': NEW, 'promoted-commit': main },
      env ?? world.oidcEnvironment(),
    );
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(message);
    expect(run.outputs).toMatchObject({ 'deployment-state': 'failed', dispatched: 'false' });
    // Sign-in failed, so nothing is known about the clusters: error, not "Failed to deploy".
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: error Deployment unknown: no evidence from the clusters',
    ]);
    expect(run.summary).toContain('## ❌ `dev`: check failed');
  });

  it('stops at once on a Retry-After past the timeout: "Deployment unknown", naming when to run again', async () => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet(threeStores);
    await world.fault({ kind: 'retry-after', seconds: 3600, repeat: true });
    const run = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      'promoted-commit': main,
      'timeout-seconds': '1800',
    });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ 'deployment-state': 'timed-out', dispatched: 'false' });
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: error Deployment unknown: no evidence from the clusters',
    ]);
    expect(run.log).toMatch(
      /^::error::Stopped after \d+s of the 1800s timeout without evidence: the compliance source cannot answer before the deadline: Resource Graph query for '[^']+' in subscription '[^']+' was throttled \(429 TooManyRequests\): Resource Graph asks to wait 3600s, until (\S+Z), after the deadline \(\d+s left\)\. Nothing was waited for; run the check again after \1\./m,
    );
    // One request: nothing waited, nothing retried.
    expect((await world.requests('resource-graph')).map((r) => r.status)).toEqual([429]);
    expect(await github.dispatches(repo)).toEqual([]);
  });

  it('ends timed-out with an error status saying the evidence was unavailable when Resource Graph stays down', async () => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet(threeStores);
    await world.fault(
      ...Array.from({ length: 200 }, () => ({
        kind: 'unavailable' as const,
        status: 503 as const,
      })),
    );
    const run = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      'promoted-commit': main,
      'timeout-seconds': '1',
    });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({
      'deployment-state': 'timed-out',
      'compliant-clusters': '',
      'total-clusters': '',
      dispatched: 'false',
    });
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: error Deployment unknown: no evidence from the clusters',
    ]);
    expect(await github.dispatches(repo)).toEqual([]);
    expect(run.log).toContain('::error::Timed out after 1s without evidence');
    expect(run.log).not.toContain('Failed to deploy');
    expect(run.summary).toContain(
      `## ⚠️ \`dev\`: no evidence from the clusters for \`${abbrev(NEW)}\``,
    );
    expect(run.summary).toContain('| Clusters | unknown: Azure Resource Graph never answered |');
    // The example workflow's `if: failure()` step runs mark-failed next: it leaves the error.
    const marked = await checkPromote(
      repo,
      world,
      { 'promoted-commit': main, mode: 'mark-failed' },
      {},
    );
    expect(marked.exitCode, marked.log).toBe(0);
    expect((await statusesOf(repo)).at(-1)).toBe(
      'dev environment: error Deployment unknown: no evidence from the clusters',
    );
    expect(marked.summary).toContain('## ❌ `dev`: the deployment check failed');
    expect(marked.summary).toContain(
      '| Commit status | `dev environment`: left at error Deployment unknown: no evidence from the clusters (not a deployment in progress) |',
    );
  });

  it.each([
    ['a gitops-repository that is not a repository URL', { 'gitops-repository': 'ftp:not a repo' }],
    [
      'a gitops-repository with a query string',
      { 'gitops-repository': 'https://github.com/contoso/gitops?x=1' },
    ],
    ['an environment name that is not a branch name', { environment: 'dev..stage' }],
    ['an environment name with spaces', { environment: 'dev stage' }],
  ])('changes no commit status for %s', async (_, inputs) => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet(threeStores);
    await seedStatus(repo, main, 'pending', 'Promoted');
    const run = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      'promoted-commit': main,
      ...inputs,
    });
    expect(run.exitCode).toBe(1);
    expect(run.log).toMatch(/::error::.*(GitOps repository|Input 'environment')/);
    expect(await statusesOf(repo)).toEqual(['dev environment: pending Promoted']);
    expect(await github.dispatches(repo)).toEqual([]);
    expect(await world.requests('resource-graph')).toEqual([]);
    if (!('environment' in inputs)) {
      // Nor does the example workflow's `if: failure()` mark-failed step that follows.
      const marked = await checkPromote(
        repo,
        world,
        { 'promoted-commit': main, mode: 'mark-failed' },
        {},
      );
      expect(marked.exitCode, marked.log).toBe(0);
      expect(await statusesOf(repo)).toEqual(['dev environment: pending Promoted']);
    }
  });

  it('masks the client secret and the token', async () => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet(threeStores);
    const run = await checkPromote(
      repo,
      world,
      {
        'gitops-commit': NEW,
        'promoted-commit': main,
        'azure-auth': 'client-secret',
        'azure-client-secret': world.clientSecret,
      },
      {},
    );
    expect(run.exitCode, run.log).toBe(0);
    const lines = run.log.split('\n');
    expect(lines.slice(0, 2).sort()).toEqual(
      [`::add-mask::${token}`, `::add-mask::${world.clientSecret}`].sort(),
    );
    expect(lines.slice(2).join('\n')).not.toContain(world.clientSecret);
    expect(lines.slice(2).join('\n')).not.toContain(token);
  });
});

describe('the gate: forged, replayed and mismatched dispatches (docs/decisions/gate-checks.md)', () => {
  /** Nothing changed: no status, no dispatch, no question to the clusters. */
  async function nothingChanged(repo: string, world: World) {
    expect((await github.state(repo)).statuses).toEqual([]);
    expect(await github.dispatches(repo)).toEqual([]);
    expect(await world.requests('resource-graph')).toEqual([]);
  }

  it('refuses a main commit whose GitOps pull request never merged, paired with what the clusters run', async () => {
    const { repo, main } = await controlPlane();
    // A newer main commit was promoted to dev; its GitOps pull request is still open.
    const { sha: unmerged } = await github.commit(repo, {
      branch: 'main',
      files: { 'README.md': 'v2\n' },
    });
    await github.commit(repo, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepo(repo, unmerged) },
    });
    const { world } = await fleet(threeStores);
    const run = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      'promoted-commit': unmerged,
    });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `::error::GitOps commit ${abbrev(NEW)} does not promote ${abbrev(unmerged)}: its .github/tracking/Promoted_Commit_Id names ${abbrev(main)}. Pass the GitOps commit that merged the promotion of ${abbrev(unmerged)} (its pull request may not be merged yet).`,
    );
    expect(run.outputs).toMatchObject({ 'deployment-state': 'failed', dispatched: 'false' });
    await nothingChanged(repo, world);
  });

  it('refuses a GitOps commit that is not on the environment branch (a pull-request head)', async () => {
    const { repo, main } = await controlPlane();
    const { sha: head } = await github.commit(gitopsRepo.fullName, {
      branch: LocalGitHub.uniqueName('kalypso/dev'),
      from: 'dev',
      files: { '.github/tracking/Promoted_Commit_Id': `${main}\n`, 'drone/app.yaml': 'next' },
    });
    const { world } = await fleet(threeStores);
    const run = await checkPromote(repo, world, { 'gitops-commit': head, 'promoted-commit': main });
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      `::error::GitOps commit ${abbrev(head)} is not on branch dev of ${gitopsRepo.fullName}: pass a commit merged into that branch`,
    );
    await nothingChanged(repo, world);
  });

  it('a replay of a superseded promotion: "Superseded by", nothing started; again when it was deployed: nothing at all', async () => {
    const { repo, main } = await controlPlane();
    const old = NEW;
    // A newer promotion replaced it on dev and merged into the GitOps branch.
    const { sha: newer } = await github.commit(repo, {
      branch: 'main',
      files: { 'README.md': 'v2\n' },
    });
    await github.commit(repo, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepo(repo, newer) },
    });
    NEW = await mergePromotion(newer);
    const { world } = await fleet(threeStores);
    const replay = await checkPromote(repo, world, {
      'gitops-commit': old,
      'promoted-commit': main,
    });
    // The step fails, as after a wait, so that no post-deployment step runs.
    expect(replay.exitCode, replay.log).toBe(1);
    expect(replay.log).toContain(
      `::error::Superseded by ${abbrev(newer)}: 'dev' promotes a newer commit and its GitOps branch has moved on; nothing to check, nothing started.`,
    );
    expect(replay.outputs).toMatchObject({ 'deployment-state': 'superseded', dispatched: 'false' });
    expect(await statusesOf(repo)).toEqual([
      `dev environment: error Superseded by ${abbrev(newer)}`,
    ]);
    expect(await github.dispatches(repo)).toEqual([]);
    expect(await world.requests('resource-graph')).toEqual([]);
    expect(replay.summary).toContain(`superseded by \`${abbrev(newer)}\` (nothing failed)`);

    // The same replay of a promotion that did deploy (success "Deployed"): nothing is set again.
    await seedStatus(repo, main, 'success', 'Deployed');
    const deployed = await checkPromote(repo, world, {
      'gitops-commit': old,
      'promoted-commit': main,
    });
    expect(deployed.exitCode, deployed.log).toBe(0);
    expect(deployed.outputs).toMatchObject({
      'deployment-state': 'succeeded',
      dispatched: 'false',
    });
    expect((await statusesOf(repo)).at(-1)).toBe('dev environment: success Deployed');
    expect(await github.dispatches(repo)).toEqual([]);
    expect(deployed.summary).toContain(
      `## ↩️ \`dev\`: already deployed \`${abbrev(main)}\` (a replay: nothing set, nothing started)`,
    );
  });

  it('a replay of the current promotion after it deployed does not start the next environment twice', async () => {
    const { repo, main } = await controlPlane();
    const { world } = await fleet(threeStores);
    const first = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      'promoted-commit': main,
    });
    expect(first.exitCode, first.log).toBe(0);
    expect(await github.dispatches(repo)).toHaveLength(1);
    const again = await checkPromote(repo, world, {
      'gitops-commit': NEW,
      'promoted-commit': main,
    });
    expect(again.exitCode, again.log).toBe(0);
    expect(again.outputs).toMatchObject({ 'deployment-state': 'succeeded', dispatched: 'false' });
    expect(await github.dispatches(repo)).toHaveLength(1);
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: success Deployed',
    ]);
  });
});

describe('post-deployment steps between the check and the next environment', () => {
  /** A job's steps with `if: success()` (the default) or `if: failure()`, as the runner runs them. */
  async function job(steps: { if?: 'failure()'; run: () => Promise<number> }[]) {
    let failed = false;
    for (const step of steps) {
      if ((step.if === 'failure()') !== failed) continue;
      if ((await step.run()) !== 0) failed = true;
    }
    return failed;
  }
  const userStep = (code: number) => () =>
    new Promise<number>((done) =>
      spawn(process.execPath, ['-e', `process.exit(${code})`]).on('close', (c) => done(c ?? 1)),
    );

  async function postDeploymentJob(userStepExitCode: number) {
    const { repo, main } = await controlPlane();
    const { world } = await fleet(threeStores);
    const inputs = { 'gitops-commit': NEW, 'promoted-commit': main };
    const runs: Record<string, ActionRun> = {};
    const failed = await job([
      {
        run: async () =>
          (runs.check = await checkPromote(repo, world, { ...inputs, 'cd-workflow': '' })).exitCode,
      },
      {
        run: async () => {
          runs.afterCheck = {
            statuses: await statusesOf(repo),
            dispatches: await github.dispatches(repo),
          } as never;
          return userStep(userStepExitCode)();
        },
      },
      {
        run: async () =>
          (runs.next = await checkPromote(repo, world, { ...inputs, mode: 'promote-next' }, {}))
            .exitCode,
      },
      {
        if: 'failure()',
        run: async () =>
          (runs.failed = await checkPromote(repo, world, { ...inputs, mode: 'mark-failed' }, {}))
            .exitCode,
      },
    ]);
    return { repo, main, runs, failed };
  }

  it('holds the next environment until the steps pass, then promote-next starts it', async () => {
    const { repo, main, runs, failed } = await postDeploymentJob(0);
    expect(failed).toBe(false);
    expect(runs.check!.outputs).toMatchObject({
      'deployment-state': 'succeeded',
      'next-environment': 'stage',
      dispatched: 'false',
    });
    expect(runs.afterCheck).toEqual({
      statuses: ['dev environment: pending Deploying', 'dev environment: pending Deployed'],
      dispatches: [],
    });
    expect(runs.check!.summary).toContain(
      '| Next | post-deployment steps (`cd-workflow` is empty), then `mode: promote-next` starts `stage` |',
    );
    expect(runs.next!.exitCode, runs.next!.log).toBe(0);
    expect(runs.next!.outputs).toMatchObject({ 'next-environment': 'stage', dispatched: 'true' });
    expect(runs.failed).toBeUndefined();
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: pending Deployed',
      'dev environment: success Deployed',
    ]);
    expect(await github.dispatches(repo)).toMatchObject([
      { workflow_id: 'cd.yaml', inputs: { environment: 'stage', promoted_commit_id: main } },
    ]);
  });

  it('stops the chain with a failed status when a post-deployment step fails', async () => {
    const { repo, runs, failed } = await postDeploymentJob(1);
    expect(failed).toBe(true);
    expect(runs.next).toBeUndefined();
    expect(runs.failed!.exitCode, runs.failed!.log).toBe(0);
    expect(runs.failed!.outputs).toMatchObject({
      'deployment-state': 'failed',
      dispatched: 'false',
    });
    expect(runs.failed!.summary).toContain('## ❌ `dev`: post-deployment steps failed');
    expect(runs.failed!.summary).toContain(
      '| Commit status | `dev environment`: failure Failed to deploy |',
    );
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: pending Deployed',
      'dev environment: failure Failed to deploy',
    ]);
    expect(await github.dispatches(repo)).toEqual([]);
  });
});

describe('latency from the last compliant cluster to the next environment', () => {
  it('measures it (printed, not asserted: tests never assert on time)', async () => {
    const { repo, main } = await controlPlane();
    // Octokit paces write requests one second apart (plugin-throttling), so the last cluster turns
    // Compliant after 1.5 s: later than the pacing would hold back the dispatch after 'Deploying'.
    const { world, pushed } = await fleet(
      (s) => [store('store-001', s, 0.5), store('store-002', s, 1.0), store('store-003', s, 1.4)],
      { wallClock: true },
    );
    let dispatchedAt: number | undefined;
    let watching = true;
    const watcher = (async () => {
      while (watching && dispatchedAt === undefined) {
        if ((await github.dispatches(repo)).length > 0) dispatchedAt = Date.now();
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const run = await checkPromote(repo, world, { 'gitops-commit': NEW, 'promoted-commit': main });
    watching = false;
    await watcher;
    expect(run.exitCode, run.log).toBe(0);
    expect(dispatchedAt).toBeDefined();
    // The tenant's clock is the wall clock shifted; store-003 fetches the commit after 1.4 s and
    // reconciles for 0.1 s, so the last cluster is Compliant 1.5 s after the push.
    const toWall = (tenantTime: number) => tenantTime - pushed.at + pushed.wallTime;
    const lastCompliant = pushed.at + 1500;
    const polls = await world.requests('resource-graph');
    const seenBy = polls.find((p) => p.at >= lastCompliant)!;
    console.log(
      `check-promote latency: last cluster Compliant → next environment dispatched ${dispatchedAt! - toWall(lastCompliant)} ms ` +
        `(poll interval 200 ms; the poll that saw it arrived after ${seenBy.at - lastCompliant} ms, ` +
        `dispatch ${dispatchedAt! - toWall(seenBy.at)} ms after that poll; ${polls.length} Resource Graph requests)`,
    );
  });
});

/** A store whose configurations deploy the cluster type `type` (kustomization path `./<type>`). */
function typedStore(name: string, subscription: string, type: string, outcome?: Outcome) {
  const spec = store(name, subscription, 0.2, outcome);
  return {
    ...spec,
    configurations: spec.configurations.map((c) => ({ ...c, path: `./${type}` })),
  } satisfies ClusterSpec;
}

const policyChain = (dev: string) => `environments:\n  - name: dev\n${dev}  - stage\n  - prod\n`;

describe('check-promote: the promotion policy of the environment (failure thresholds, onFailure)', () => {
  it('passes with a tolerated failure, and fails when a mandatory cluster type fails', async () => {
    const { repo, main } = await controlPlane({
      '.github/promotion-chain.yaml': policyChain(
        '    failures: { max: 34%, mandatory: ["payments-*"] }\n',
      ),
    });
    const { world } = await fleet((s) => [
      typedStore('store-001', s, 'drone'),
      typedStore('store-002', s, 'drone'),
      typedStore('store-003', s, 'drone', healthCheckFailed),
    ]);
    const run = await checkPromote(repo, world, { 'gitops-commit': NEW, 'promoted-commit': main });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ 'deployment-state': 'succeeded', dispatched: 'true' });
    expect(await statusesOf(repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: success Deployed',
      'dev environment: failure threshold: success 1 of 3 clusters failed (threshold 34%)',
    ]);
    expect(run.summary).toContain('### Failure thresholds: ✅ within');
    expect(run.summary).toContain('| store-003 | drone | failed |');
    const [deployment] = (await github.state(repo)).deployments;
    expect(deployment?.statuses.at(-1)).toMatchObject({
      state: 'success',
      description:
        'Deployed: 1 of 3 clusters failed (threshold 34%) · 2 of 3 clusters reporting the commit, 1 failed; evidence: Resource Graph 2',
    });

    const mandatory = await controlPlane({
      '.github/promotion-chain.yaml': policyChain(
        '    failures: { max: 50%, mandatory: ["payments-*"] }\n',
      ),
    });
    const payments = await fleet((s) => [
      typedStore('store-101', s, 'drone'),
      typedStore('store-102', s, 'drone'),
      typedStore('pay-eu-1', s, 'payments-eu', healthCheckFailed),
    ]);
    const failed = await checkPromote(mandatory.repo, payments.world, {
      'gitops-commit': NEW,
      'promoted-commit': mandatory.main,
    });
    expect(failed.exitCode).toBe(1);
    expect(failed.outputs).toMatchObject({ 'deployment-state': 'failed', dispatched: 'false' });
    expect(await statusesOf(mandatory.repo)).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
      'dev environment: failure threshold: failure mandatory cluster type payments-eu failed on pay-eu-1',
    ]);
    expect(failed.log).toContain(
      "::error::Failure thresholds of 'dev' exceeded: mandatory cluster type payments-eu failed on pay-eu-1.",
    );
  });

  it('onFailure: revert opens exactly one revert pull request with the last good GitOps tree, and locks the environment', async () => {
    const { repo, main } = await controlPlane({
      '.github/promotion-chain.yaml': policyChain('    onFailure: revert\n'),
    });
    const GOOD_GITOPS = NEW;
    const goodTree = await github.files(gitopsRepo.fullName, 'dev');
    // The first promotion deploys: the ledger records its GitOps commit.
    const first = await fleet(threeStores);
    const good = await checkPromote(repo, first.world, {
      'gitops-commit': GOOD_GITOPS,
      'promoted-commit': main,
    });
    expect(good.exitCode, good.log).toBe(0);
    // The next promotion's GitOps merge fails on a cluster.
    const next = await github.commit(repo, { branch: 'main', files: { 'README.md': 'v2\n' } });
    await github.commit(repo, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepo(repo, next.sha) },
    });
    NEW = await mergePromotion(next.sha);
    const second = await fleet((s) => [
      store('store-001', s, 0.2),
      store('store-002', s, 0.2, healthCheckFailed),
    ]);
    const inputs = { 'gitops-commit': NEW, 'promoted-commit': next.sha };
    const bad = await checkPromote(repo, second.world, inputs);
    expect(bad.exitCode).toBe(1);
    expect(bad.outputs).toMatchObject({ 'deployment-state': 'failed' });
    const pulls = (await github.state(gitopsRepo.fullName)).pulls.filter(
      (p) => p.head === 'kalypso/revert/dev',
    );
    expect(pulls, bad.summary).toHaveLength(1);
    expect(pulls[0]).toMatchObject({
      base: 'dev',
      state: 'open',
      title: `Revert dev to ${abbrev(main)} (failed: ${abbrev(next.sha)})`,
    });
    expect(pulls[0]!.labels).toEqual(['revert']);
    expect(pulls[0]!.body).toContain(`the GitOps tree of \`${GOOD_GITOPS}\``);
    // The revert branch carries the last good tree on top of the failed one.
    expect(await github.files(gitopsRepo.fullName, 'kalypso/revert/dev')).toEqual(goodTree);
    expect(await github.files(gitopsRepo.fullName, 'dev')).not.toEqual(goodTree);
    expect((await github.log(gitopsRepo.fullName, 'kalypso/revert/dev'))[1]?.sha).toBe(NEW);
    // The hold: a lock on the environment branch, with its audit trailers.
    const locks = (await github.files(repo, 'dev'))['.kalypso/locks.yaml'];
    expect(locks).toContain(`reason: auto-hold after failed promotion of ${abbrev(next.sha)}`);
    expect((await github.log(repo, 'dev'))[0]?.body).toContain('Kalypso-Lock: add');
    expect(bad.summary).toContain('### On failure: `revert`');
    expect(bad.summary).toContain(`Revert pull request [#${pulls[0]!.number}]`);
    // A re-run refreshes the same pull request and the same lock.
    await seedStatus(repo, next.sha, 'pending', 'Promoted');
    const again = await checkPromote(repo, second.world, inputs);
    expect(again.exitCode).toBe(1);
    expect(again.summary).toContain('refreshed');
    expect(
      (await github.state(gitopsRepo.fullName)).pulls.filter(
        (p) => p.head === 'kalypso/revert/dev',
      ),
    ).toHaveLength(1);
    const relocked = (await github.files(repo, 'dev'))['.kalypso/locks.yaml'] ?? '';
    expect(relocked.match(/auto-hold/g)).toHaveLength(1);
  });
});
