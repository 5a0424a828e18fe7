// The deployment use cases over in-memory ports (plain objects): which commit status each outcome
// leaves, what starts next.
import { describe, expect, it } from 'vitest';
import type { CommitState } from '../ports.ts';
import type { DeploymentPorts } from './deployment-report.ts';
import { markDeploymentFailed } from './mark-deployment-failed.ts';
import { startNextEnvironment } from './start-next-environment.ts';
import { checkDeployment } from './check-deployment.ts';
import { ComplianceSourceError, type ComplianceSource } from '../compliance/types.ts';
import {
  compliantOn,
  EVIDENCE_UNAVAILABLE,
  failing,
  GITOPS,
  request,
  world,
} from './memory-deployment.test-support.ts';
describe('checkDeployment: statuses for each outcome', () => {
  it('marks the promotion error "Deployment unknown" when Resource Graph stays unavailable past the timeout', async () => {
    const w = world(
      failing(new ComplianceSourceError('Resource Graph failed (503).', { transient: true })),
    );
    const report = await checkDeployment(request(), w.ports);
    expect(report.state).toBe('timed-out');
    expect(report.compliance?.verdict.evidence).toBe('unavailable');
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
    const report = await checkDeployment(request(), w.ports);
    expect(String(report.error)).toContain('denied (403)');
    expect(report.next).toEqual({ kind: 'stopped' });
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      `dev environment: error ${EVIDENCE_UNAVAILABLE}`,
    ]);
  });

  it('leaves the statuses alone on an error found before the wait', async () => {
    const w = world(failing(new ComplianceSourceError('unused', { transient: true })));
    const report = await checkDeployment(
      request({ gitops: { repositoryUrl: 'ftp:not a repo', branch: undefined, commit: GITOPS } }),
      w.ports,
    );
    expect(String(report.error)).toMatch(/GitOps repository 'ftp:not a repo'/);
    expect(w.statuses).toEqual([]);
  });

  it('still says "Failed to deploy" when the clusters stay behind until the timeout', async () => {
    const w = world(compliantOn('b'.repeat(40)));
    const report = await checkDeployment(request(), w.ports);
    expect(report.state).toBe('timed-out');
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
    ]);
  });

  it('starts the next environment of the chain first, then marks Deployed', async () => {
    const w = world(compliantOn(GITOPS));
    const report = await checkDeployment(request(), w.ports);
    expect(report.state).toBe('succeeded');
    expect(report.chain).toEqual(['dev', 'stage', 'prod']);
    expect(report.next).toEqual({ kind: 'dispatched', environment: 'stage', workflow: 'cd.yaml' });
    expect(w.dispatches).toEqual(['cd.yaml@main stage']);
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: success Deployed',
    ]);
  });

  it('holds the next environment for post-deployment steps: pending "Deployed"', async () => {
    const w = world(compliantOn(GITOPS));
    const report = await checkDeployment(request({ dispatchNext: false, cdWorkflow: '' }), w.ports);
    expect(report.next).toEqual({ kind: 'awaiting-steps', environment: 'stage' });
    expect(w.dispatches).toEqual([]);
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: pending Deployed',
    ]);
  });

  it('in a dry run, reports the statuses and the dispatch it would make and makes none', async () => {
    const w = world(compliantOn(GITOPS));
    const report = await checkDeployment(request({ dryRun: true }), w.ports);
    expect(report.statuses.map((s) => s.description)).toEqual(['Deploying', 'Deployed']);
    expect(report.next).toMatchObject({ kind: 'dispatched', environment: 'stage' });
    expect(w.statuses).toEqual([]);
    expect(w.dispatches).toEqual([]);
  });

  it('only waits for a merge that is not a promotion', async () => {
    const w = world(compliantOn(GITOPS));
    const report = await checkDeployment(request({ promotedCommit: undefined }), w.ports);
    expect(report).toMatchObject({ state: 'succeeded', next: { kind: 'not-promotion' } });
    expect(w.statuses).toEqual([]);
    expect(w.dispatches).toEqual([]);
  });
});

describe('checkDeployment: a newer promotion merged first', () => {
  const NEWER = 'bb22cc33dd44ee55ff66aa77bb88cc99dd00ee11';
  const OLD_GITOPS = '1'.repeat(40);
  const NEWER_GITOPS = '2'.repeat(40);
  const baseRepo = (commit: string) =>
    `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: BaseRepo\nmetadata:\n  name: main\nspec:\n  repo: https://github.com/contoso/control-plane\n  branch: main\n  commit: ${commit}\n`;

  /** Clusters on `commits[poll]` (the last one from then on), all Compliant. */
  const movingSource = (commits: string[]) => {
    let poll = 0;
    const source: ComplianceSource = {
      summarize: (target) => {
        const commit = commits[Math.min(poll, commits.length - 1)]!;
        poll += 1;
        return compliantOn(commit).summarize(target);
      },
      listConfigurations: () => Promise.resolve({ configurations: [], requests: 1 }),
    };
    return source;
  };

  /**
   * The world of the older run: the environment branch names the newer promotion, whose status
   * `newerStatus(reads)` gives; control-plane reads of base-repo.yaml are counted.
   */
  function supersedingWorld(
    source: ComplianceSource,
    newerStatus: (reads: number) => { state: CommitState; description: string } | undefined,
  ) {
    const w = world(source);
    // The gate's own read of base-repo.yaml comes first (verify-dispatch.ts); the waiting polls' are counted.
    let reads = -1;
    const ports: DeploymentPorts = {
      ...w.ports,
      controlPlane: {
        ...w.ports.controlPlane,
        readFile: (path, ref) => {
          if (path !== 'base-repo.yaml') return w.ports.controlPlane.readFile(path, ref);
          reads += 1;
          return Promise.resolve(ref === 'dev' ? baseRepo(NEWER) : undefined);
        },
      },
      statuses: {
        ...w.ports.statuses,
        latestStatus: (sha, context) =>
          sha === NEWER && context === 'dev environment'
            ? Promise.resolve(newerStatus(reads))
            : w.ports.statuses.latestStatus(sha, context),
      },
    };
    return { ...w, ports, reads: () => reads };
  }

  it('ends "Superseded by <newer>" once the newer promotion is being checked, before the timeout', async () => {
    const w = supersedingWorld(movingSource([OLD_GITOPS, OLD_GITOPS, NEWER_GITOPS]), (reads) =>
      reads < 3
        ? { state: 'pending', description: 'Promoted' }
        : { state: 'pending', description: 'Deploying' },
    );
    const report = await checkDeployment(request({ timeoutSeconds: 1800 }), w.ports);
    expect(report.state).toBe('superseded');
    expect(report.supersededBy).toBe(NEWER);
    expect(report.next).toEqual({ kind: 'stopped' });
    expect(report.error).toBeUndefined();
    expect(report.compliance?.verdict.summary).toMatch(
      /^Superseded by bb22cc3: the GitOps branch 'dev' moved on/,
    );
    expect(report.compliance?.polls).toBe(3);
    expect(report.compliance?.elapsedSeconds).toBe(60);
    // One control-plane read per waiting poll, no more.
    expect(w.reads()).toBe(3);
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: error Superseded by bb22cc3',
    ]);
    expect(w.dispatches).toEqual([]);
  });

  it('keeps waiting while the newer promotion is only "Promoted" (its pull request is not merged)', async () => {
    const w = supersedingWorld(movingSource([OLD_GITOPS]), () => ({
      state: 'pending',
      description: 'Promoted',
    }));
    const report = await checkDeployment(request(), w.ports);
    expect(report.state).toBe('timed-out');
    expect(w.reads()).toBe(report.compliance?.polls);
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
    ]);
  });

  it('asks nothing while every configuration reports the merged commit', async () => {
    const progressing: ComplianceSource = {
      summarize: () =>
        Promise.resolve({
          groups: [
            {
              complianceState: 'Pending',
              syncedCommit: GITOPS,
              suspended: false,
              provisioningState: 'Succeeded',
              configurations: 1,
              clusters: 1,
            },
          ],
          requests: 1,
        }),
      listConfigurations: () => Promise.resolve({ configurations: [], requests: 1 }),
    };
    const w = supersedingWorld(progressing, () => ({ state: 'pending', description: 'Deploying' }));
    const report = await checkDeployment(request(), w.ports);
    expect(report.state).toBe('timed-out');
    expect(w.reads()).toBe(0);
  });

  it('keeps waiting, with one warning, when the control plane cannot be read', async () => {
    const w = supersedingWorld(movingSource([OLD_GITOPS]), () => undefined);
    const warnings: string[] = [];
    let gateRead = true;
    const ports: DeploymentPorts = {
      ...w.ports,
      controlPlane: {
        ...w.ports.controlPlane,
        // The gate reads it once before the wait; every read while waiting fails.
        readFile: (path, ref) =>
          path === 'base-repo.yaml' && !gateRead
            ? Promise.reject(new Error('Reading base-repo.yaml failed (502).'))
            : ((gateRead = gateRead && path !== 'base-repo.yaml'),
              w.ports.controlPlane.readFile(path, ref)),
      },
      reporter: { ...w.ports.reporter, warning: (m) => void warnings.push(m) },
    };
    const report = await checkDeployment(request(), ports);
    expect(report.state).toBe('timed-out');
    expect(warnings).toEqual([
      'Could not tell whether a newer promotion replaced this one (still waiting for it): Reading base-repo.yaml failed (502).',
    ]);
  });
});

describe('startNextEnvironment: after the post-deployment steps passed', () => {
  const unused = failing(new ComplianceSourceError('unused', { transient: true }));

  it('starts the next environment and marks Deployed, without waiting again', async () => {
    const w = world(unused, [{ state: 'pending', description: 'Deployed' }]);
    const report = await startNextEnvironment(request(), w.ports);
    expect(report).toMatchObject({ mode: 'promote-next', state: 'succeeded' });
    expect(w.dispatches).toEqual(['cd.yaml@main stage']);
    expect(w.statuses).toEqual(['dev environment: success Deployed']);
  });

  it('completes the promotion at the end of the chain', async () => {
    const w = world(unused, [
      { state: 'pending', description: 'Deployed', context: 'prod environment' },
    ]);
    const report = await startNextEnvironment(request({ environment: 'prod' }), w.ports);
    expect(report.next).toEqual({ kind: 'complete' });
    expect(w.dispatches).toEqual([]);
  });

  it('falls back to next-environment without a chain file', async () => {
    const w = world(unused, [{ state: 'pending', description: 'Deployed' }], {});
    const report = await startNextEnvironment(request({ nextEnvironment: 'qa' }), w.ports);
    expect(report.next).toMatchObject({ kind: 'dispatched', environment: 'qa' });
  });
});

describe('markDeploymentFailed: after a failed step', () => {
  const unused = failing(new ComplianceSourceError('unused', { transient: true }));

  it('marks a deployment in progress "Failed to deploy" and keeps the status it found', async () => {
    const w = world(unused, [{ state: 'pending', description: 'Deployed' }]);
    const report = await markDeploymentFailed(request(), w.ports);
    expect(w.statuses).toEqual(['dev environment: failure Failed to deploy']);
    expect(report.previousStatus).toEqual({ state: 'pending', description: 'Deployed' });
    expect(report.failedStep).toBe('post-deployment-steps');
  });

  it('says the deployment check failed when the status is not pending "Deployed"', async () => {
    const w = world(unused, [{ state: 'pending', description: 'Deploying' }]);
    const report = await markDeploymentFailed(request(), w.ports);
    expect(report.failedStep).toBe('deployment-check');
    expect(w.statuses).toEqual(['dev environment: failure Failed to deploy']);
  });

  it.each([
    ['the check found no evidence', 'error', EVIDENCE_UNAVAILABLE],
    ['the check stopped on an input error', 'pending', 'Promoted'],
    ['the check already failed it', 'failure', 'Failed to deploy'],
    ['a newer promotion superseded it', 'error', 'Superseded by bb22cc3'],
  ])('leaves the status alone when %s', async (_, state, description) => {
    const w = world(unused, [{ state, description }]);
    await markDeploymentFailed(request(), w.ports);
    expect(w.statuses).toEqual([]);
  });
});
