// Builds the whole promotion world from the embedded sample: the control-plane repository (main +
// one orphan branch per environment, with the example workflows), the platform GitOps repository,
// the application teams' repositories, and a simulated fleet of clusters (one per cluster type and
// environment) whose Flux configurations watch the GitOps branches and report to the local
// Resource Graph in real time.
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { parse, parseAllDocuments } from 'yaml';
import { formatProblem, type Source } from '@kalypso/core';
import { renderEnvironment } from '@kalypso/core/render';
import { LocalGitHub } from '../support/github-server/client.ts';
import type { Outcome } from '../support/resource-graph/protocol.ts';
import { registerFleet } from './simulated-fleet.ts';
import { createStatusFleet, INVENTORY_FILE, statusInventory } from './status-fleet.ts';
import { loadWorkflows, type Workflow } from './workflow-model.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
export const SAMPLE = join(ROOT, 'examples', 'control-plane');
export const WORKFLOWS = join(ROOT, 'workflows-examples');
const SAMPLE_ORG = 'https://github.com/frostvale-resorts/';

export interface WorldEndpoints {
  readonly githubUrl: string;
  readonly githubToken: string;
  readonly azure: {
    readonly httpsUrl: string;
    readonly httpUrl: string;
    readonly caCertPath: string;
  };
}

export interface FleetBehaviour {
  /** Seconds each cluster takes to pick up a new GitOps commit (spread per cluster). */
  readonly pickupSeconds?: number;
  readonly reconcileSeconds?: number;
  /** environment/clusterType → what that cluster does with new commits. */
  readonly outcomes?: Readonly<Record<string, Outcome>>;
  /**
   * `wall` (the demo): clusters progress in real time. `simulated` (the tests): the fleet's time
   * moves only when `reconcileFleet()` is called, so no test depends on how fast this machine is.
   */
  readonly clock?: 'wall' | 'simulated';
  /**
   * What check-promote reads (the repository variable KALYPSO_EVIDENCE): `azure-resource-graph`
   * (default), or `commit-statuses`: the clusters report through the simulated Flux
   * notification-controller as commit statuses on the GitOps commit (test/e2e/status-fleet.ts),
   * listed in `.kalypso/clusters.yaml` on each GitOps branch; no Azure variable is set.
   */
  readonly evidence?: 'azure-resource-graph' | 'commit-statuses';
  /** The text of main's `.github/promotion-chain.yaml` for the chain's environments (default: the sample's, no policy). */
  readonly promotionChain?: (environments: readonly string[]) => string;
}

export interface PromotionWorld {
  readonly owner: string;
  readonly controlPlane: string;
  readonly gitops: string;
  readonly environments: readonly string[];
  readonly workflows: Readonly<Record<string, readonly Workflow[]>>;
  readonly secrets: Record<string, string>;
  readonly vars: Record<string, string>;
  readonly tenantId: string;
  /** The fleet's application: client id, a client secret, the subscription of the clusters. */
  readonly azure: {
    readonly clientId: string;
    readonly clientSecret: string;
    readonly subscription: string;
  };
  /** The main commit every environment runs when the world starts. */
  readonly mainCommit: string;
  /** Runner environment for a job running in a GitHub Environment (OIDC + the local CA). */
  runnerEnv(environment: string | undefined): Record<string, string>;
  /** Resource Graph queries the world's tenant answered so far. */
  resourceGraphRequests(): Promise<number>;
  /** Tell the fleet that a GitOps branch got a new commit. */
  pushToFleet(branch: string, commit: string): Promise<void>;
  /**
   * Simulated clock: moves the fleet's time far enough for every cluster to have picked up and
   * reconciled every commit pushed so far. Wall clock: nothing (the fleet moves by itself).
   */
  reconcileFleet(): Promise<void>;
  /** Where the world's repositories are mirrored for `git log` (filled by `mirror`). */
  mirror(dir: string): Promise<void>;
  dispose(): Promise<void>;
}

/** Every file below `dir` as repository path → text, with the sample's GitHub org rewritten. */
const ALTERNATIVE_SCHEDULE = 'schedule-sharded.yaml';

function filesOf(dir: string, rewrite: (text: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) visit(full);
      else out[relative(dir, full)] = rewrite(readFileSync(full, 'utf8'));
    }
  };
  visit(dir);
  return out;
}

/** The GitOps files of one environment of the sample, rendered by the engine in-process. */
function renderedEnvironment(
  environment: string,
  main: Record<string, string>,
  envFiles: Record<string, string>,
  rewrite: (text: string) => string,
): Record<string, string> {
  const source = (origin: Source['origin'], files: Record<string, string>): Source => ({
    origin,
    files: Object.entries(files).map(([path, text]) => ({ path, text })),
  });
  const workloads = readdirSync(join(SAMPLE, 'workloads')).map((registration) =>
    source(
      { kind: 'workload', registration },
      filesOf(join(SAMPLE, 'workloads', registration), rewrite),
    ),
  );
  const baseFiles = Object.fromEntries(
    Object.entries(main).filter(
      ([path]) => !path.startsWith('.github/') && !path.startsWith('.environments/'),
    ),
  );
  const outcome = renderEnvironment({
    environment,
    base: source({ kind: 'base' }, baseFiles),
    controlPlane: source({ kind: 'environment' }, envFiles),
    workloads,
  });
  if (!outcome.ok) {
    throw new Error(
      `the sample's ${environment} does not render:\n${outcome.problems.map(formatProblem).join('\n')}`,
    );
  }
  const decoder = new TextDecoder();
  return Object.fromEntries(
    [...outcome.rendered.files].map(([path, bytes]) => [path, decoder.decode(bytes)]),
  );
}

/** Pushes branches made of exactly these files (orphan branches, like Kalypso environment branches). */
async function pushBranches(
  url: string,
  token: string,
  branches: Record<string, Record<string, string>>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'world-'));
  const git = (...args: string[]) =>
    run('git', args, {
      cwd: dir,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Platform Team',
        GIT_AUTHOR_EMAIL: 'platform@frostvale.example',
        GIT_COMMITTER_NAME: 'Platform Team',
        GIT_COMMITTER_EMAIL: 'platform@frostvale.example',
      },
    });
  try {
    await git('init', '-q', '-b', 'scratch');
    for (const [branch, files] of Object.entries(branches)) {
      await git('checkout', '-q', '--orphan', branch);
      await git('rm', '-rfq', '--ignore-unmatch', '.');
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      await git('add', '-A');
      await git('commit', '-qm', `Initial ${branch}`);
    }
    const auth = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
    await git(
      '-c',
      `http.extraheader=${auth}`,
      'push',
      '-q',
      url,
      ...Object.keys(branches).map((b) => `${b}:refs/heads/${b}`),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ClusterTypes of an environment folder of the sample. */
function clusterTypesOf(envDir: string): string[] {
  const names: string[] = [];
  for (const text of Object.values(filesOf(envDir, (t) => t))) {
    for (const doc of parseAllDocuments(text)) {
      const value = doc.toJS() as { kind?: string; metadata?: { name?: string } } | null;
      if (value?.kind === 'ClusterType' && value.metadata?.name) names.push(value.metadata.name);
    }
  }
  return names.sort();
}

export async function createPromotionWorld(
  endpoints: WorldEndpoints,
  fleet: FleetBehaviour = {},
): Promise<PromotionWorld> {
  const github = new LocalGitHub(endpoints.githubUrl);
  const owner = LocalGitHub.uniqueName('frostvale');
  const rewrite = (text: string) => text.replaceAll(SAMPLE_ORG, `${endpoints.githubUrl}/${owner}/`);
  const environments = (
    parse(readFileSync(join(SAMPLE, 'main', '.github', 'promotion-chain.yaml'), 'utf8')) as {
      environments: string[];
    }
  ).environments;
  const token = endpoints.githubToken;
  const repoUrl = (name: string) => `${endpoints.githubUrl}/${owner}/${name}.git`;

  // Control plane: main (+ CI/CD workflows), then one orphan branch per environment whose
  // base-repo.yaml pins the real main commit (the steady state after an earlier promotion).
  // schedule-sharded.yaml is the alternative to schedule.yaml (a team runs one of them, never
  // both); this world runs schedule.yaml, and the sharded path is tested in
  // test/schedule-sharded.int.test.ts.
  const controlPlaneWorkflows = filesOf(join(WORKFLOWS, 'control-plane'), (t) => t);
  delete controlPlaneWorkflows[ALTERNATIVE_SCHEDULE];
  await github.createRepo({ owner, name: 'control-plane' });
  const main = { ...filesOf(join(SAMPLE, 'main'), rewrite) };
  if (fleet.promotionChain !== undefined)
    main['.github/promotion-chain.yaml'] = fleet.promotionChain(environments);
  for (const [path, text] of Object.entries(controlPlaneWorkflows))
    main[`.github/workflows/${path}`] = text;
  await pushBranches(repoUrl('control-plane'), token, { main });
  const mainCommit = (await github.log(`${owner}/control-plane`, 'main'))[0]!.sha;
  const pin = (text: string) => text.replace(/commit: [0-9a-f]{40}/, `commit: ${mainCommit}`);
  const environmentFiles: Record<string, Record<string, string>> = {};
  for (const env of environments)
    environmentFiles[env] = filesOf(join(SAMPLE, env), (t) => pin(rewrite(t)));
  await pushBranches(repoUrl('control-plane'), token, environmentFiles);

  // Application and platform-service repositories, each holding its Workload at the registration's path.
  for (const registrationFile of readdirSync(join(SAMPLE, 'main', 'workloads'))) {
    const registration = parse(
      readFileSync(join(SAMPLE, 'main', 'workloads', registrationFile), 'utf8'),
    ) as { metadata: { name: string }; spec: { workload: { repo: string; path: string } } };
    const repoName = registration.spec.workload.repo.replace(SAMPLE_ORG, '');
    const path = registration.spec.workload.path.replace(/^\.\//, '').replace(/\/$/, '');
    await github.createRepo({ owner, name: repoName });
    const files = Object.fromEntries(
      Object.entries(filesOf(join(SAMPLE, 'workloads', registration.metadata.name), rewrite)).map(
        ([p, t]) => [`${path}/${p}`, t],
      ),
    );
    await pushBranches(repoUrl(repoName), token, {
      main: { 'README.md': `# ${repoName}\n`, ...files },
    });
  }

  // Platform GitOps repository: a README on main; each environment branch holds the notify
  // workflow and what the scheduler rendered for the pinned main commit (already deployed).
  const gitopsWorkflows = filesOf(join(WORKFLOWS, 'gitops'), (t) => t);
  const statusEvidence = fleet.evidence === 'commit-statuses';
  await github.createRepo({ owner, name: 'platform-gitops' });
  const gitopsBranches: Record<string, Record<string, string>> = {
    main: { 'README.md': '# Platform GitOps\n' },
  };
  for (const env of environments) {
    const branch: Record<string, string> = {
      'README.md': `# Platform GitOps — ${env}\n`,
      ...renderedEnvironment(env, main, environmentFiles[env]!, rewrite),
    };
    for (const [path, text] of Object.entries(gitopsWorkflows))
      branch[`.github/workflows/${path}`] = text;
    if (statusEvidence)
      branch[INVENTORY_FILE] = statusInventory(env, clusterTypesOf(join(SAMPLE, env)));
    gitopsBranches[env] = branch;
  }
  await pushBranches(repoUrl('platform-gitops'), token, gitopsBranches);

  // The fleet: one cluster per (environment, cluster type), watching the environment's GitOps branch.
  const heads = new Map<string, string>();
  for (const env of environments)
    heads.set(env, (await github.log(`${owner}/platform-gitops`, env))[0]!.sha);
  const fleetTenant = await registerFleet(endpoints, {
    owner,
    environments,
    heads,
    clusterTypes: (env) => clusterTypesOf(join(SAMPLE, env)),
    behaviour: fleet,
  });
  const { tenantId, clientId, subscription } = fleetTenant;
  const statusFleet = statusEvidence
    ? createStatusFleet({
        apiUrl: endpoints.githubUrl,
        token,
        gitops: `${owner}/platform-gitops`,
        environments,
        clusterTypes: (env) => clusterTypesOf(join(SAMPLE, env)),
        heads,
        behaviour: fleet,
      })
    : undefined;
  const azureVars = {
    AZURE_TENANT_ID: tenantId,
    AZURE_CLIENT_ID: clientId,
    AZURE_SUBSCRIPTION_IDS: subscription,
    // A real organisation leaves these unset (public Azure); the local Azure stands in here.
    AZURE_RESOURCE_MANAGER_ENDPOINT: endpoints.azure.httpsUrl,
    AZURE_AUTHORITY_HOST: endpoints.azure.httpsUrl,
  };

  const workflows = {
    [`${owner}/control-plane`]: loadWorkflows(join(WORKFLOWS, 'control-plane')).filter(
      (w) => w.file !== ALTERNATIVE_SCHEDULE,
    ),
    [`${owner}/platform-gitops`]: loadWorkflows(join(WORKFLOWS, 'gitops')),
  };
  return {
    owner,
    controlPlane: `${owner}/control-plane`,
    gitops: `${owner}/platform-gitops`,
    environments,
    workflows,
    secrets: {
      // One token the demo's organisation would create as fine-grained PATs / an App installation.
      GITOPS_TOKEN: token,
      WORKLOAD_REPOS_TOKEN: token,
      CONTROL_PLANE_TOKEN: token,
    },
    vars: {
      ...(statusEvidence ? { KALYPSO_EVIDENCE: 'commit-statuses' } : azureVars),
      CONTROL_PLANE_REPOSITORY: `${owner}/control-plane`,
      // The fleet reconciles in about a second of its own time; the timeout only stops a run
      // that would otherwise wait forever (tests move the fleet's time, not the wall clock).
      CHECK_POLL_INTERVAL_SECONDS: '0.3',
      CHECK_TIMEOUT_SECONDS: fleet.clock === 'simulated' ? '900' : '60',
    },
    tenantId,
    azure: { clientId, clientSecret: fleetTenant.clientSecret, subscription },
    mainCommit,
    runnerEnv: (environment) => ({
      NODE_EXTRA_CA_CERTS: endpoints.azure.caCertPath,
      ...(environment
        ? {
            ACTIONS_ID_TOKEN_REQUEST_URL: `${endpoints.azure.httpUrl}/oidc/token?api-version=2.0`,
            ACTIONS_ID_TOKEN_REQUEST_TOKEN: `runtime-${tenantId}-${environment}`,
          }
        : {}),
    }),
    resourceGraphRequests: () => fleetTenant.resourceGraphRequests(),
    pushToFleet: async (branch, commit) => {
      await fleetTenant.push(branch, commit);
      await statusFleet?.push(branch, commit);
    },
    reconcileFleet: async () => {
      await fleetTenant.reconcile();
      await statusFleet?.reconcile();
    },
    mirror: async (dir) => {
      for (const name of ['control-plane', 'platform-gitops']) {
        const target = join(dir, name);
        rmSync(target, { recursive: true, force: true });
        const auth = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
        await run('git', [
          '-c',
          `http.extraheader=${auth}`,
          'clone',
          '-q',
          '--mirror',
          repoUrl(name),
          join(target, '.git'),
        ]);
        await run('git', ['-C', target, 'config', '--bool', 'core.bare', 'false']);
        await run('git', [
          '-C',
          target,
          'checkout',
          '-q',
          name === 'control-plane' ? 'main' : environments[0]!,
        ]);
      }
      cpSync(join(SAMPLE, 'README.md'), join(dir, 'SAMPLE-README.md'));
    },
    dispose: async () => {
      await statusFleet?.dispose();
      await fleetTenant.dispose();
    },
  };
}
