// runMode over in-memory ports (plain objects): which commit status each outcome leaves.
import { describe, expect, it } from 'vitest';
import {
  ComplianceSourceError,
  STATUS_DESCRIPTIONS,
  type Clock,
  type CommitState,
  type ComplianceSource,
  type Reporter,
} from '@kalypso/core';
import { runMode, type DeploymentDependencies } from './deployment.ts';

const EVIDENCE_UNAVAILABLE = STATUS_DESCRIPTIONS.deploymentUnknown;
import { readInputs } from './inputs.ts';
import type { CheckPromoteReport } from './report.ts';

const GITOPS = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
const PROMOTED = 'aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00';

function inputs(overrides: Record<string, string> = {}) {
  const all: Record<string, string> = {
    mode: 'check',
    environment: 'dev',
    'gitops-commit': GITOPS,
    'promoted-commit': PROMOTED,
    'gitops-repository': 'https://github.com/contoso/gitops',
    'azure-auth': 'oidc',
    'azure-tenant-id': 'tenant',
    'azure-client-id': 'client',
    'azure-cloud': 'AzureCloud',
    'timeout-seconds': '60',
    'poll-interval-seconds': '30',
    'grace-period-seconds': '120',
    'allow-no-configurations': 'false',
    'github-token': 'token',
    repository: 'contoso/control-plane',
    'promotion-chain-file': '.github/promotion-chain.yaml',
    'cd-workflow': 'cd.yaml',
    'dispatch-next': 'true',
    ...overrides,
  };
  return readInputs((name) => all[name] ?? '', {}, 'https://github.com');
}

function world(source: ComplianceSource, seeded: { state: string; description: string }[] = []) {
  const statuses: string[] = [];
  const latest = new Map<string, { state: CommitState; description: string }>();
  for (const s of seeded)
    latest.set('dev environment', s as { state: CommitState; description: string });
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
    warning: () => undefined,
    error: () => undefined,
    group: (_title, work) => work(),
  };
  const deps: DeploymentDependencies = {
    controlPlane: {
      repository: 'contoso/control-plane',
      defaultBranch: () => Promise.resolve('main'),
      readFile: () => Promise.resolve(undefined),
    },
    gitops: () => {
      throw new Error('not used');
    },
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
        dispatches.push(d.inputs.environment ?? '');
        return Promise.resolve();
      },
    },
    complianceSource: () => source,
    clock,
    reporter,
  };
  const report: CheckPromoteReport = {
    mode: 'check',
    environment: 'dev',
    controlPlaneUrl: 'https://github.com/contoso/control-plane',
    statuses: [],
  };
  return { deps, report, statuses, dispatches };
}

const failing = (error: ComplianceSourceError): ComplianceSource => ({
  summarize: () => Promise.reject(error),
  listConfigurations: () => Promise.reject(error),
});

describe('runMode: statuses for each outcome', () => {
  it('marks the promotion error "Deployment unknown" when Resource Graph stays unavailable past the timeout', async () => {
    const w = world(
      failing(new ComplianceSourceError('Resource Graph failed (503).', { transient: true })),
    );
    await runMode(inputs(), w.deps, w.report);
    expect(w.report.state).toBe('timed-out');
    expect(w.report.compliance?.verdict.evidence).toBe('unavailable');
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      `dev environment: error ${EVIDENCE_UNAVAILABLE}`,
    ]);
    expect(w.dispatches).toEqual([]);
  });

  it('marks the promotion error, not "Failed to deploy", when the evidence cannot be read at all', async () => {
    const w = world(
      failing(new ComplianceSourceError('denied (403): grant Reader.', { transient: false })),
    );
    await expect(runMode(inputs(), w.deps, w.report)).rejects.toThrow('denied (403)');
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      `dev environment: error ${EVIDENCE_UNAVAILABLE}`,
    ]);
  });

  it('leaves the statuses alone on an input error found before the wait', async () => {
    const w = world(failing(new ComplianceSourceError('unused', { transient: true })));
    await expect(
      runMode(inputs({ 'gitops-repository': 'ftp:not a repo' }), w.deps, w.report),
    ).rejects.toThrow(/GitOps repository 'ftp:not a repo'/);
    expect(w.statuses).toEqual([]);
  });

  it('still says "Failed to deploy" when the clusters stay behind until the timeout', async () => {
    const w = world({
      summarize: () =>
        Promise.resolve({
          groups: [
            {
              complianceState: 'Compliant',
              syncedCommit: 'b'.repeat(40),
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
    await runMode(inputs(), w.deps, w.report);
    expect(w.report.state).toBe('timed-out');
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
    ]);
  });
});

describe('runMode: mark-failed after a failed step', () => {
  const unused = failing(new ComplianceSourceError('unused', { transient: true }));

  it('marks a deployment in progress "Failed to deploy"', async () => {
    const w = world(unused, [{ state: 'pending', description: 'Deployed' }]);
    await runMode(inputs({ mode: 'mark-failed' }), w.deps, w.report);
    expect(w.statuses).toEqual(['dev environment: failure Failed to deploy']);
  });

  it.each([
    ['the check found no evidence', 'error', EVIDENCE_UNAVAILABLE],
    ['the check stopped on an input error', 'pending', 'Promoted'],
    ['the check already failed it', 'failure', 'Failed to deploy'],
  ])('leaves the status alone when %s', async (_, state, description) => {
    const w = world(unused, [{ state, description }]);
    await runMode(inputs({ mode: 'mark-failed' }), w.deps, w.report);
    expect(w.statuses).toEqual([]);
  });
});
