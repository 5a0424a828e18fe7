import { describe, expect, it } from 'vitest';
import {
  evaluateCompliance,
  resolveComplianceTarget,
  type DeploymentReport,
  type FluxConfigurationReport,
} from '@kalypso/core';
import { chainView, failureOf, summaryOf } from './summary.ts';

const NEW = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
const OLD = '9b1c0d2e3f405162738495a6b7c8d9e0f1a2b3c4';
const PROMOTED = 'aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00';
const url = 'https://github.com/contoso/hello-world-gitops';
const target = resolveComplianceTarget({ repositoryUrl: url, branch: 'dev', commit: NEW });

function configuration(
  cluster: string,
  state: 'Compliant' | 'Non-Compliant' | 'Pending',
  commit = NEW,
  message = '',
): FluxConfigurationReport {
  const id = `/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Kubernetes/connectedClusters/${cluster}`;
  return {
    id: `${id}/providers/Microsoft.KubernetesConfiguration/fluxConfigurations/hello-world`,
    name: 'hello-world',
    cluster: {
      id,
      name: cluster,
    },
    repositoryUrl: url,
    branch: 'dev',
    kustomizationPaths: ['./drone', './drone/infra'],
    complianceState: state,
    provisioningState: 'Succeeded',
    suspended: false,
    sourceSyncedCommitId: `dev@sha1:${commit}`,
    errorMessage: '',
    objects:
      state === 'Non-Compliant'
        ? [
            {
              kind: 'Kustomization',
              namespace: 'flux-system',
              name: 'hello-world-apps',
              complianceState: 'Non-Compliant',
              conditions: [
                { type: 'Ready', status: 'False', reason: 'HealthCheckFailed', message },
              ],
            },
          ]
        : [],
  };
}

function report(reports: FluxConfigurationReport[], extra: Partial<DeploymentReport> = {}) {
  const verdict = evaluateCompliance(reports, target, { gracePeriodSeconds: 120 });
  return {
    mode: 'check',
    environment: 'dev',
    dryRun: false,
    controlPlaneUrl: 'https://github.com/contoso/control-plane',
    runUrl: 'https://github.com/contoso/control-plane/actions/runs/7',
    promotedCommit: PROMOTED,
    gitops: { url, branch: 'dev', commit: NEW },
    compliance: { verdict, polls: 9, requests: 9, maxRequestsPerPoll: 1, elapsedSeconds: 250 },
    state: verdict.status === 'waiting' ? 'timed-out' : verdict.status,
    statuses: [
      { state: 'pending', description: 'Deploying' },
      verdict.status === 'succeeded'
        ? { state: 'success', description: 'Deployed' }
        : { state: 'failure', description: 'Failed to deploy' },
    ],
    next:
      verdict.status === 'succeeded'
        ? { kind: 'dispatched', environment: 'stage', workflow: 'cd.yaml' }
        : { kind: 'stopped' },
    ...extra,
  } satisfies DeploymentReport;
}

describe('check-promote summary', () => {
  it('reports a failed deployment: verdict, facts, failing cluster first with its object', () => {
    const summary = summaryOf(
      report([
        configuration('store-001', 'Compliant'),
        configuration(
          'store-002',
          'Non-Compliant',
          NEW,
          'health check failed | timeout\nwaiting for <Deployment>',
        ),
        configuration('store-003', 'Compliant', OLD),
      ]),
    );
    expect(summary).toMatchSnapshot();
  });

  it('reports a deployment that started the next environment', () => {
    const summary = summaryOf(
      report([configuration('store-001', 'Compliant'), configuration('store-002', 'Compliant')]),
    );
    expect(summary).toMatchSnapshot();
  });

  it('reports a run that failed before a verdict, with the error', () => {
    const summary = summaryOf({
      mode: 'check',
      environment: 'dev',
      dryRun: false,
      controlPlaneUrl: 'https://github.com/contoso/control-plane',
      promotedCommit: PROMOTED,
      statuses: [{ state: 'failure', description: 'Failed to deploy' }],
      next: { kind: 'stopped' },
      error: "Could not get a GitHub OIDC token: the job needs 'permissions: id-token: write'.",
    });
    expect(summary).toMatchSnapshot();
  });

  it('stays small for 2,500 configurations: 20 rows, 200 folded, the rest counted', () => {
    const many = Array.from({ length: 2500 }, (_, i) =>
      configuration(
        `store-${String(i).padStart(4, '0')}`,
        i < 3 ? 'Non-Compliant' : 'Compliant',
        NEW,
        'x'.repeat(5000),
      ),
    );
    const summary = summaryOf(report(many));
    expect(summary.length).toBeLessThan(100_000);
    expect(summary.match(/^\| store-/gm)).toHaveLength(220);
    expect(summary).toContain('<details><summary>and 2480 more</summary>');
    expect(summary).toContain('and 2280 more, not listed.');
    expect(summary.indexOf('store-0000')).toBeLessThan(summary.indexOf('store-0003'));
  });

  it('names the cluster type of each configuration from its kustomization paths', () => {
    const summary = summaryOf(report([configuration('store-001', 'Compliant')]));
    expect(summary).toContain(
      [
        '| cluster | cluster type | configuration | state | synced commit | message |',
        '| --- | --- | --- | --- | --- | --- |',
        '| store-001 | drone | hello-world | ✅ compliant | `4f2a9c1` | is Compliant on the target commit |',
      ].join('\n'),
    );
  });

  it('shows where the promotion stands in the chain', () => {
    const chain = ['dev', 'stage', 'prod'];
    const compliant = [configuration('store-001', 'Compliant')];
    expect(chainView(report(compliant, { chain }))).toBe(
      '**dev** ✅ → stage started → prod not started',
    );
    const failed = [configuration('store-001', 'Non-Compliant', NEW, 'health check failed')];
    expect(chainView(report(failed, { chain, environment: 'stage' }))).toBe(
      'dev ✅ → **stage** ❌ → prod not started',
    );
    const held = report(compliant, {
      chain,
      next: { kind: 'awaiting-steps', environment: 'stage' },
    });
    expect(summaryOf(held)).toContain(
      [
        '| Next | post-deployment steps (`cd-workflow` is empty), then `mode: promote-next` starts `stage` |',
        '| Promotion chain | **dev** ⏳ post-deployment steps → stage not started → prod not started |',
      ].join('\n'),
    );
    const { promotedCommit: _omitted, ...withoutCommit } = report(compliant, { chain });
    expect(chainView(withoutCommit)).toBeUndefined();
  });

  it('says what a dry run would have set and started', () => {
    const summary = summaryOf(
      report([configuration('store-001', 'Compliant')], { dryRun: true, chain: ['dev', 'stage'] }),
    );
    expect(summary).toContain(
      [
        '| Commit status (dry run: not set) | `dev environment`: pending Deploying → success Deployed |',
        '| Next | dry run: would start `stage` (dispatched nothing) |',
        '| Promotion chain | **dev** ✅ → stage would start |',
      ].join('\n'),
    );
  });

  it.each([
    ['post-deployment-steps', '## ❌ `dev`: post-deployment steps failed'],
    ['deployment-check', '## ❌ `dev`: the deployment check failed'],
  ] as const)('says what failed after mark-failed (%s)', (failedStep, heading) => {
    const summary = summaryOf({
      mode: 'mark-failed',
      environment: 'dev',
      dryRun: false,
      controlPlaneUrl: 'https://github.com/contoso/control-plane',
      promotedCommit: PROMOTED,
      failedStep,
      statuses: [{ state: 'failure', description: 'Failed to deploy' }],
      next: { kind: 'stopped' },
    });
    expect(summary.split('\n')[0]).toBe(heading);
    expect(summary).toContain('| Commit status | `dev environment`: failure Failed to deploy |');
  });

  it('says mark-failed left a settled status alone', () => {
    const summary = summaryOf({
      mode: 'mark-failed',
      environment: 'dev',
      dryRun: false,
      controlPlaneUrl: 'https://github.com/contoso/control-plane',
      promotedCommit: PROMOTED,
      failedStep: 'deployment-check',
      previousStatus: { state: 'failure', description: 'Failed to deploy' },
      statuses: [],
      next: { kind: 'stopped' },
    });
    expect(summary).toContain(
      '| Commit status | `dev environment`: left at failure Failed to deploy (not a deployment in progress) |',
    );
  });
});

describe('failure thresholds in the summary', () => {
  const thresholds = {
    max: { type: 'percent' as const, percent: 5 },
    unreachable: 'count' as const,
    mandatory: ['payments-*'],
    perClusterType: [],
  };
  it('lists the tolerated failures under the thresholds', () => {
    const base = report([
      configuration('store-001', 'Compliant'),
      configuration('store-002', 'Non-Compliant', NEW, 'boom'),
    ]);
    const summary = summaryOf({
      ...base,
      state: 'succeeded',
      failures: {
        thresholds,
        result: {
          verdict: 'deployed',
          summary: '1 of 40 clusters failed (threshold 5%)',
          tolerated: [{ cluster: 'store-002', clusterType: 'drone', outcome: 'failed' }],
          ignored: [],
        },
      },
    });
    expect(summary).toContain('### Failure thresholds: ✅ within');
    expect(summary).toContain(
      'max 5%, mandatory payments-\\*: 1 of 40 clusters failed (threshold 5%).',
    );
    expect(summary).toContain('Tolerated failures (1):');
    expect(summary).toContain('| store-002 | drone | failed |');
    expect(failureOf({ ...base, state: 'succeeded' })).toBeUndefined();
  });

  it('names every exceeded threshold and fails the step with them', () => {
    const base = report([configuration('pay-1', 'Non-Compliant', NEW, 'boom')]);
    const failed = {
      ...base,
      failures: {
        thresholds,
        result: {
          verdict: 'failed' as const,
          summary: 'mandatory cluster type payments-eu failed on pay-1',
          reasons: [
            'mandatory cluster type payments-eu failed on pay-1',
            '1 of 1 clusters failed (threshold 5%)',
          ],
          failures: [{ cluster: 'pay-1', clusterType: 'payments-eu', outcome: 'failed' as const }],
          ignored: [],
        },
      },
    };
    const summary = summaryOf(failed);
    expect(summary).toContain('### Failure thresholds: ❌ exceeded');
    expect(summary).toContain('- 1 of 1 clusters failed (threshold 5%)');
    expect(summary).toContain('| pay-1 | payments-eu | failed |');
    expect(failureOf(failed)).toMatch(
      /^Failure thresholds of 'dev' exceeded: mandatory cluster type payments-eu failed on pay-1; 1 of 1 clusters failed \(threshold 5%\)\./,
    );
  });
});

describe('onFailure in the summary', () => {
  it('says the environment is locked and links the revert pull request', () => {
    const base = report([configuration('store-1', 'Non-Compliant', NEW, 'boom')]);
    const summary = summaryOf({
      ...base,
      onFailure: {
        policy: 'revert',
        hold: { reason: 'auto-hold after failed promotion of aa11bb2' },
        revert: {
          number: 7,
          url: 'https://github.com/contoso/gitops/pull/7',
          created: true,
          restoredCommit: OLD,
          gitopsCommit: NEW,
        },
      },
    });
    expect(summary).toContain('### On failure: `revert`');
    expect(summary).toContain('is locked: auto-hold after failed promotion of aa11bb2.');
    expect(summary).toContain(
      'Revert pull request [#7](https://github.com/contoso/gitops/pull/7) opened',
    );
  });

  it('says why there is no revert pull request', () => {
    const base = report([configuration('store-1', 'Non-Compliant', NEW, 'boom')]);
    const summary = summaryOf({
      ...base,
      onFailure: {
        policy: 'revert',
        hold: { error: 'locks file does not parse' },
        revert: { skipped: 'no earlier successful deployment' },
      },
    });
    expect(summary).toContain('The lock could not be added: locks file does not parse');
    expect(summary).toContain('No revert pull request: no earlier successful deployment.');
  });
});

describe('inert output', () => {
  it('pings no one and shows no credential from what the clusters and the repositories say', () => {
    const leaky = 'https://deploy:ghp_leak@github.com/contoso/hello-world-gitops';
    const text = summaryOf(
      report(
        [configuration('store-1', 'Non-Compliant', NEW, `ask @acme/platform-team, see ${leaky}`)],
        { gitops: { url: leaky, branch: 'dev', commit: NEW } },
      ),
    );
    expect(text).toContain('ask @\u200bacme/platform-team');
    expect(text).not.toMatch(/(?<![\w`\u200b])@acme\/platform-team/);
    expect(text).not.toContain('ghp_leak');
  });
});
