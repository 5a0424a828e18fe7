// onFailure: hold | revert after a failed deployment check (docs/decisions/auto-revert.md), with
// in-memory ports and simulated time.
import { describe, expect, it } from 'vitest';
import { summarizeReports, selectReports } from '../compliance/evaluate.ts';
import {
  ComplianceSourceError,
  type ComplianceSource,
  type FluxConfigurationReport,
} from '../compliance/types.ts';
import type { LedgerEntry } from '../ledger/ledger.ts';
import { readLockFile } from '../policy/locks.ts';
import { checkDeployment } from './check-deployment.ts';
import { failing, GITOPS, PROMOTED, request, world } from './memory-deployment.test-support.ts';

const GOOD_GITOPS = 'c'.repeat(40);
const GOOD = 'd'.repeat(40);

function failedFleet(): ComplianceSource {
  const rows: FluxConfigurationReport[] = [
    {
      id: 'clusters/c1/configurations/apps',
      name: 'apps',
      cluster: { id: 'clusters/c1', name: 'c1' },
      repositoryUrl: 'https://github.com/contoso/gitops',
      branch: 'dev',
      complianceState: 'Non-Compliant',
      provisioningState: 'Succeeded',
      suspended: false,
      sourceSyncedCommitId: `dev@sha1:${GITOPS}`,
      errorMessage: '',
      kustomizationPaths: ['./drone'],
      objects: [
        {
          kind: 'Kustomization',
          namespace: 'flux-system',
          name: 'apps',
          complianceState: 'Non-Compliant',
          conditions: [{ type: 'Ready', status: 'False', reason: 'BuildFailed', message: 'bad' }],
        },
      ],
    },
  ];
  return {
    summarize: () => Promise.resolve({ groups: summarizeReports(rows), requests: 1 }),
    listConfigurations: (target, r = { which: 'all' }) =>
      Promise.resolve({ configurations: selectReports(rows, target, r.which), requests: 1 }),
  };
}

const goodEntry: LedgerEntry = {
  environment: 'dev',
  commit: GOOD,
  state: 'inactive',
  since: '2026-11-25T10:00:00Z',
  succeededAt: '2026-11-25T09:00:00Z',
  payload: {
    gitopsRepository: 'contoso/gitops',
    gitopsBranch: 'dev',
    gitopsCommit: GOOD_GITOPS,
  },
};

const chain = (onFailure: string) =>
  `environments:\n  - name: dev\n    onFailure: ${onFailure}\n  - stage\n`;

describe('onFailure after a failed deployment check', () => {
  it('hold: adds the auto-hold lock to the environment branch, with its trailers, and opens nothing', async () => {
    const w = world(
      failedFleet(),
      [],
      { '.github/promotion-chain.yaml': chain('hold') },
      {
        ledger: [goodEntry],
      },
    );
    const report = await checkDeployment(request(), w.ports);
    expect(report.state).toBe('failed');
    expect(report.onFailure).toEqual({
      policy: 'hold',
      hold: { reason: `auto-hold after failed promotion of ${PROMOTED.slice(0, 7)}` },
    });
    const file = readLockFile(w.locks.get('dev'));
    expect(file.state === 'read' && file.locks).toMatchObject([
      {
        scope: { type: 'environment' },
        reason: `auto-hold after failed promotion of ${PROMOTED.slice(0, 7)}`,
        by: 'kalypso-check-promote',
      },
    ]);
    expect(w.lockCommits[0]).toContain('Kalypso-Lock: add');
    expect(w.reverts.size).toBe(0);
  });

  it('revert: one pull request restoring the last successful GitOps tree, refreshed on a re-run; one lock', async () => {
    const w = world(
      failedFleet(),
      [],
      { '.github/promotion-chain.yaml': chain('revert') },
      {
        ledger: [goodEntry],
      },
    );
    const first = await checkDeployment(request(), w.ports);
    expect(first.onFailure?.revert).toMatchObject({
      number: 1,
      created: true,
      restoredCommit: GOOD,
      gitopsCommit: GOOD_GITOPS,
    });
    const pr = w.reverts.get('dev')!;
    expect(pr).toMatchObject({
      restore: GOOD_GITOPS,
      branch: 'dev',
      labels: ['revert'],
      title: `Revert dev to ${GOOD.slice(0, 7)} (failed: ${PROMOTED.slice(0, 7)})`,
    });
    expect(pr.body).toContain(`the GitOps tree of \`${GOOD_GITOPS}\``);
    expect(pr.body).toContain('BuildFailed');
    const again = await checkDeployment(request(), w.ports);
    expect(again.onFailure?.revert).toMatchObject({ number: 1, created: false });
    expect(w.reverts.size).toBe(1);
    const file = readLockFile(w.locks.get('dev'));
    expect(file.state === 'read' && file.locks.length).toBe(1);
  });

  it('revert without an earlier success: the lock, and the reason there is no pull request', async () => {
    const w = world(failedFleet(), [], { '.github/promotion-chain.yaml': chain('revert') });
    const report = await checkDeployment(request(), w.ports);
    expect(report.onFailure?.revert).toEqual({
      skipped: "the Deployments ledger has no earlier successful deployment of 'dev'",
    });
    expect(w.locks.has('dev')).toBe(true);
  });

  it('never acts on "no evidence" (an outage), nor without a policy', async () => {
    const outage = world(
      failing(new ComplianceSourceError('down', { transient: true })),
      [],
      { '.github/promotion-chain.yaml': chain('revert') },
      { ledger: [goodEntry] },
    );
    const unknown = await checkDeployment(request(), outage.ports);
    expect(unknown.onFailure).toBeUndefined();
    expect(outage.locks.size + outage.reverts.size).toBe(0);
    const plain = world(failedFleet(), [], undefined, { ledger: [goodEntry] });
    const report = await checkDeployment(request(), plain.ports);
    expect(report.state).toBe('failed');
    expect(report.onFailure).toBeUndefined();
    expect(plain.locks.size + plain.reverts.size).toBe(0);
  });

  it('a broken locks file is reported and the revert is still proposed', async () => {
    const w = world(
      failedFleet(),
      [],
      { '.github/promotion-chain.yaml': chain('revert') },
      {
        ledger: [goodEntry],
      },
    );
    w.locks.set('dev', 'locks: [');
    const report = await checkDeployment(request(), w.ports);
    expect(report.onFailure?.hold).toMatchObject({
      error: expect.stringContaining('does not parse'),
    });
    expect(report.onFailure?.revert).toMatchObject({ number: 1 });
    expect(w.warnings.join('\n')).toContain("Could not lock 'dev'");
  });
});
