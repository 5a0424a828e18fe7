// In-memory ports of the deployment use cases (plain objects): statuses and dispatches recorded, a
// chain file on `main`, simulated time, a policy and records to inspect.
import type { Clock, CommitState, Reporter } from '../ports.ts';
import { STATUS_DESCRIPTIONS } from '../status/vocabulary.ts';
import { TRACKING_FILE } from '../gitops/tree.ts';
import { renderBaseRepoYaml } from '../promotion/base-repo.ts';
import type { DeploymentPorts, DeploymentRequest } from './deployment-report.ts';
import { ComplianceSourceError, type ComplianceSource } from '../compliance/types.ts';
import { memoryRecords } from '../ledger/memory-records.test-support.ts';
import { goPolicy } from '../policy/memory-policy.test-support.ts';
import type { PromotionPolicy } from '../policy/ports.ts';
import type { LedgerEntry } from '../ledger/ledger.ts';
import type { RevertRequest } from './on-failure.ts';

export const EVIDENCE_UNAVAILABLE = STATUS_DESCRIPTIONS.deploymentUnknown;
export const GITOPS = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
export const PROMOTED = 'aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00';
export const CHAIN = 'environments: [dev, stage, prod]\n';

/** `base-repo.yaml` of an environment branch that promotes `commit`. */
export function baseRepoNaming(commit: string): string {
  return renderBaseRepoYaml({
    repo: 'https://github.com/contoso/control-plane',
    branch: 'main',
    path: '.',
    commit,
  });
}

export function request(overrides: Partial<DeploymentRequest> = {}): DeploymentRequest {
  return {
    environment: 'dev',
    promotedCommit: PROMOTED,
    gitops: {
      repositoryUrl: 'https://github.com/contoso/gitops',
      branch: undefined,
      commit: GITOPS,
    },
    timeoutSeconds: 60,
    pollIntervalSeconds: 30,
    gracePeriodSeconds: 120,
    allowNoConfigurations: false,
    promotionChainFile: '.github/promotion-chain.yaml',
    nextEnvironment: undefined,
    cdWorkflow: 'cd.yaml',
    dispatchNext: true,
    dryRun: false,
    controlPlaneUrl: 'https://github.com/contoso/control-plane',
    ...overrides,
  };
}

/** In-memory ports: statuses and dispatches recorded, a chain file on `main`, simulated time. */
export function world(
  source: ComplianceSource,
  seeded: { state: string; description: string; context?: string }[] = [],
  files: Record<string, string> = { '.github/promotion-chain.yaml': CHAIN },
  {
    policy = goPolicy(),
    records = memoryRecords(),
    gitops = { onBranch: [GITOPS], tracked: { [GITOPS]: PROMOTED, dev: PROMOTED } },
    ledger = [],
  } = {} as {
    /** The Deployments ledger as read back (newest first). */
    ledger?: LedgerEntry[];
    policy?: PromotionPolicy;
    records?: ReturnType<typeof memoryRecords>;
    /** The GitOps repository: the commits on its branch, the tracking file at a commit or branch. */
    gitops?: { onBranch: string[]; tracked: Record<string, string> };
  },
) {
  const warnings: string[] = [];
  const statuses: string[] = [];
  const latest = new Map<string, { state: CommitState; description: string }>();
  for (const { context = 'dev environment', ...s } of seeded)
    latest.set(context, s as { state: CommitState; description: string });
  const dispatches: string[] = [];
  let time = 0;
  const clock: Clock = {
    now: () => time,
    sleep: (ms) => {
      time += ms;
      return Promise.resolve();
    },
  };
  const reporter: Reporter = {
    debug: () => undefined,
    info: () => undefined,
    warning: (message) => warnings.push(message),
    error: () => undefined,
    group: (_title, work) => work(),
  };
  /** `.kalypso/locks.yaml` per environment branch, and each commit message written. */
  const locks = new Map<string, string>();
  const lockCommits: string[] = [];
  /** Revert pull requests by environment: one per environment, refreshed on a re-run. */
  const reverts = new Map<string, RevertRequest & { number: number }>();
  const ports: DeploymentPorts = {
    controlPlane: {
      repository: 'contoso/control-plane',
      defaultBranch: () => Promise.resolve('main'),
      // base-repo.yaml on the environment branch names PROMOTED unless the test says otherwise.
      readFile: (path) =>
        Promise.resolve(
          path === 'base-repo.yaml' && !(path in files) ? baseRepoNaming(PROMOTED) : files[path],
        ),
    },
    gitopsHistory: () => ({
      repository: 'contoso/gitops',
      fileAt: (path, commit) =>
        Promise.resolve(path === TRACKING_FILE ? gitops.tracked[commit] : undefined),
      parentOf: () => Promise.resolve(undefined),
      isOnBranch: (commit) => Promise.resolve(gitops.onBranch.includes(commit)),
    }),
    statuses: {
      setStatus: (s) => {
        statuses.push(`${s.context}: ${s.state} ${s.description}`);
        latest.set(s.context, { state: s.state, description: s.description });
        return Promise.resolve();
      },
      latestStatus: (_sha, context) => Promise.resolve(latest.get(context)),
    },
    dispatcher: {
      dispatch: (d) => {
        dispatches.push(`${d.workflow}@${d.ref} ${d.inputs.environment ?? ''}`);
        return Promise.resolve();
      },
    },
    complianceSource: () => source,
    failureActions: {
      locks: {
        read: (environment) => Promise.resolve(locks.get(environment)),
        write: (environment, text, message) => {
          locks.set(environment, text);
          lockCommits.push(message);
          return Promise.resolve();
        },
      },
      ledger: {
        deployedSince: () => Promise.resolve(undefined),
        current: (environment) =>
          Promise.resolve(
            ledger.find((e) => e.environment === environment && e.state === 'success'),
          ),
        lastSuccessful: (environment, except) =>
          Promise.resolve(
            ledger.find(
              (e) => e.environment === environment && e.commit !== except && e.succeededAt,
            ),
          ),
        history: (environment, limit) =>
          Promise.resolve(ledger.filter((e) => e.environment === environment).slice(0, limit)),
      },
      revert: {
        propose: (request) => {
          const open = reverts.get(request.environment);
          const number = open?.number ?? reverts.size + 1;
          reverts.set(request.environment, { ...request, number });
          return Promise.resolve({
            number,
            url: `https://github.com/contoso/gitops/pull/${number}`,
            created: !open,
          });
        },
      },
    },
    policy,
    records,
    clock,
    reporter,
  };
  return { ports, statuses, dispatches, records, warnings, locks, lockCommits, reverts };
}

export const failing = (error: ComplianceSourceError): ComplianceSource => ({
  summarize: () => Promise.reject(error),
  listConfigurations: () => Promise.reject(error),
});

/** Every configuration reports `commit` as Compliant. */
export const compliantOn = (commit: string): ComplianceSource => ({
  summarize: () =>
    Promise.resolve({
      groups: [
        {
          complianceState: 'Compliant',
          syncedCommit: commit,
          suspended: false,
          provisioningState: 'Succeeded',
          configurations: 1,
          clusters: 1,
        },
      ],
      requests: 1,
    }),
  listConfigurations: () => Promise.resolve({ configurations: [], requests: 1 }),
});
