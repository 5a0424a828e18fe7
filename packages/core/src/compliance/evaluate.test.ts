import { describe, expect, it } from 'vitest';
import {
  evaluateCompliance,
  evaluateSummary,
  summaryNeedsDetails,
  timedOutVerdict,
} from './evaluate.ts';
import { resolveComplianceTarget } from './target.ts';
import type { ComplianceGroup, FluxConfigurationReport, FluxObjectStatus } from './types.ts';

const target = resolveComplianceTarget({
  repositoryUrl: 'https://github.com/contoso/hello-world-gitops',
  branch: 'dev',
  commit: '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1',
});
const old = '9b1c0d2e3f405162738495a6b7c8d9e0f1a2b3c4';

function report(
  cluster: string,
  overrides: Partial<FluxConfigurationReport> = {},
): FluxConfigurationReport {
  const id = `clusters/${cluster}/configurations/hello-world`;
  return {
    id,
    name: 'hello-world',
    cluster: { id: `clusters/${cluster}`, name: cluster },
    repositoryUrl: 'https://github.com/contoso/hello-world-gitops',
    branch: 'dev',
    complianceState: 'Compliant',
    provisioningState: 'Succeeded',
    suspended: false,
    sourceSyncedCommitId: `dev@sha1:${target.commit}`,
    errorMessage: '',
    objects: [],
    ...overrides,
  };
}

function kustomization(reason: string, message: string, state = 'Non-Compliant'): FluxObjectStatus {
  return {
    kind: 'Kustomization',
    namespace: 'flux-system',
    name: 'hello-world-apps',
    complianceState: state,
    conditions: [{ type: 'Ready', status: 'False', reason, message }],
  };
}

const options = { gracePeriodSeconds: 120 };

describe('evaluateCompliance', () => {
  it('succeeds when every watching configuration is Compliant on the target commit', () => {
    const verdict = evaluateCompliance(
      [report('a'), report('b', { sourceSyncedCommitId: `dev/${target.commit}` })],
      target,
      options,
    );
    expect(verdict.status).toBe('succeeded');
    expect(verdict.counts).toMatchObject({ total: 2, compliant: 2 });
    expect(verdict.summary).toBe(
      "All 2 Flux configurations watching 'github.com/contoso/hello-world-gitops@dev' are Compliant on commit 4f2a9c1.",
    );
  });

  it('keeps waiting when a configuration is Compliant on an older commit', () => {
    const verdict = evaluateCompliance(
      [report('a'), report('b', { sourceSyncedCommitId: `dev@sha1:${old}` })],
      target,
      options,
    );
    expect(verdict.status).toBe('waiting');
    expect(verdict.configurations[1]).toMatchObject({
      state: 'behind',
      syncedCommit: old,
      onTarget: false,
    });
    expect(verdict.summary).toContain(
      "'b/hello-world' is still on commit 9b1c0d2 (Compliant there)",
    );
  });

  it.each(['HealthCheckFailed', 'BuildFailed', 'ReconciliationFailed', 'UpgradeFailed'])(
    'fails fast on the terminal reason %s and names cluster and object',
    (reason) => {
      const verdict = evaluateCompliance(
        [
          report('store-1'),
          report('store-2', {
            complianceState: 'Non-Compliant',
            objects: [
              {
                kind: 'GitRepository',
                namespace: 'flux-system',
                name: 'hello-world',
                complianceState: 'Compliant',
                conditions: [],
              },
              kustomization(reason, 'timeout waiting for: [Deployment/dev/hello-world]'),
            ],
          }),
        ],
        target,
        options,
      );
      expect(verdict.status).toBe('failed');
      expect(verdict.summary).toBe(
        `1 of 2 Flux configurations failed on commit 4f2a9c1: cluster 'store-2' configuration 'hello-world' is Non-Compliant: ${reason} ` +
          `(Kustomization flux-system/hello-world-apps: ${reason}: timeout waiting for: [Deployment/dev/hello-world]).`,
      );
      expect(verdict.configurations[1]!.failingObjects).toEqual([
        expect.objectContaining({ kind: 'Kustomization', name: 'hello-world-apps', reason }),
      ]);
    },
  );

  it('waits on a transient reason within the grace period and fails after it', () => {
    const failing = report('a', {
      complianceState: 'Non-Compliant',
      objects: [
        kustomization(
          'DependencyNotReady',
          "dependency 'flux-system/hello-world-infra' is not ready",
        ),
      ],
    });
    const within = evaluateCompliance([failing], target, {
      ...options,
      nonCompliantSeconds: { [failing.id]: 60 },
    });
    expect(within.status).toBe('waiting');
    expect(within.configurations[0]!.detail).toBe(
      'is Non-Compliant (DependencyNotReady), within the grace period',
    );
    const past = evaluateCompliance([failing], target, {
      ...options,
      nonCompliantSeconds: { [failing.id]: 120 },
    });
    expect(past.status).toBe('failed');
    expect(past.summary).toContain('stayed Non-Compliant for 120s, past the grace period of 120s');
    expect(past.summary).toContain("dependency 'flux-system/hello-world-infra' is not ready");
  });

  it('does not fail for a Non-Compliant state on an older commit', () => {
    const verdict = evaluateCompliance(
      [
        report('a', {
          complianceState: 'Non-Compliant',
          sourceSyncedCommitId: `dev@sha1:${old}`,
          objects: [kustomization('HealthCheckFailed', 'x')],
        }),
      ],
      target,
      options,
    );
    expect(verdict.status).toBe('waiting');
  });

  it.each(['Pending', 'Unknown', '', 'Reconciling'])(
    'waits while the target commit is %j',
    (state) => {
      expect(
        evaluateCompliance([report('a', { complianceState: state })], target, options).status,
      ).toBe('waiting');
    },
  );

  it('fails on zero watching configurations unless allowed', () => {
    const other = report('a', { branch: 'stage' });
    const verdict = evaluateCompliance([other], target, options);
    expect(verdict.status).toBe('failed');
    expect(verdict.summary).toContain(
      "No Flux configuration watches 'github.com/contoso/hello-world-gitops@dev'",
    );
    expect(verdict.summary).toContain('Reader role');
    expect(verdict.counts.ignored).toBe(1);
    expect(evaluateCompliance([], target, { ...options, allowEmpty: true }).status).toBe(
      'succeeded',
    );
  });

  it('matches configurations whose URL differs only in spelling, not ones on another repository', () => {
    const verdict = evaluateCompliance(
      [
        report('a', { repositoryUrl: 'https://github.com/Contoso/hello-world-gitops.git' }),
        report('b', { repositoryUrl: 'git@github.com:contoso/hello-world-gitops' }),
        report('c', {
          repositoryUrl: 'https://github.com/contoso/other',
          complianceState: 'Non-Compliant',
        }),
      ],
      target,
      options,
    );
    expect(verdict.status).toBe('succeeded');
    expect(verdict.counts).toMatchObject({ total: 2, ignored: 1 });
  });

  it('fails on a suspended configuration unless suspended ones are ignored', () => {
    const suspended = report('b', {
      suspended: true,
      complianceState: 'Suspended',
      sourceSyncedCommitId: `dev@sha1:${old}`,
    });
    expect(evaluateCompliance([report('a'), suspended], target, options).summary).toContain(
      "cluster 'b' configuration 'hello-world' is suspended",
    );
    expect(
      evaluateCompliance([report('a'), suspended], target, { ...options, ignoreSuspended: true })
        .status,
    ).toBe('succeeded');
  });

  it('fails when the configuration failed to provision', () => {
    const verdict = evaluateCompliance(
      [report('a', { provisioningState: 'Failed', errorMessage: 'extension not installed' })],
      target,
      options,
    );
    expect(verdict.summary).toContain('failed to provision: extension not installed');
  });

  it('caps the failure list', () => {
    const failing = ['a', 'b', 'c', 'd', 'e'].map((c) =>
      report(c, {
        complianceState: 'Non-Compliant',
        objects: [kustomization('BuildFailed', 'kustomize build failed')],
      }),
    );
    expect(evaluateCompliance(failing, target, options).summary).toMatch(/; and 2 more\.$/);
  });
});

describe('timedOutVerdict', () => {
  it('names who is behind', () => {
    const waiting = evaluateCompliance(
      [
        report('a'),
        report('b', { sourceSyncedCommitId: `dev@sha1:${old}` }),
        report('c', { complianceState: 'Pending' }),
      ],
      target,
      options,
    );
    const verdict = timedOutVerdict(waiting, 1800);
    expect(verdict.status).toBe('timed-out');
    expect(verdict.summary).toBe(
      "Timed out after 1800s: 1 of 3 Flux configurations Compliant on commit 4f2a9c1: 'b/hello-world' is still on commit 9b1c0d2 (Compliant there); 'c/hello-world' is Pending on the target commit.",
    );
  });
});

describe('evaluateSummary', () => {
  const sha = 'c'.repeat(40);
  const older = 'd'.repeat(40);
  const summaryTarget = resolveComplianceTarget({
    repositoryUrl: 'https://github.com/contoso/gitops',
    branch: 'dev',
    commit: sha,
  });
  const group = (
    complianceState: string,
    syncedCommit: string,
    configurations: number,
    extra: Partial<ComplianceGroup> = {},
  ): ComplianceGroup => ({
    complianceState,
    syncedCommit,
    suspended: false,
    provisioningState: 'Succeeded',
    configurations,
    clusters: configurations,
    ...extra,
  });
  const options = { gracePeriodSeconds: 120 };

  it('succeeds from the counts alone when every configuration is Compliant on the target', () => {
    const summary = { groups: [group('Compliant', sha, 10_000)], requests: 1 };
    expect(summaryNeedsDetails(summary, summaryTarget, options)).toBeUndefined();
    expect(evaluateSummary(summary, summaryTarget, options)).toMatchObject({
      status: 'succeeded',
      counts: { total: 10_000, compliant: 10_000 },
      clusters: { compliant: 10_000, total: 10_000, exact: true },
    });
  });

  it('waits, counting by group, while configurations are behind or progressing', () => {
    const summary = {
      groups: [
        group('Compliant', sha, 7_000),
        group('Compliant', older, 2_500),
        group('Pending', sha, 500),
      ],
      requests: 1,
    };
    expect(summaryNeedsDetails(summary, summaryTarget, options)).toBeUndefined();
    const verdict = evaluateSummary(summary, summaryTarget, options);
    expect(verdict.status).toBe('waiting');
    expect(verdict.summary).toBe(
      '7000 of 10000 Flux configurations Compliant on commit ccccccc; waiting for 2500 configurations still on commit ddddddd (Compliant there); 500 configurations Pending on the target commit.',
    );
    expect(verdict.clusters.exact).toBe(false);
  });

  it('needs the failing rows for Non-Compliant, suspended or failed-to-provision groups', () => {
    for (const g of [
      group('Non-Compliant', sha, 1),
      group('Compliant', sha, 1, { suspended: true }),
      group('Compliant', older, 1, { provisioningState: 'Failed' }),
    ]) {
      expect(summaryNeedsDetails({ groups: [g], requests: 1 }, summaryTarget, options)).toBe(
        'failing',
      );
    }
    expect(
      summaryNeedsDetails(
        { groups: [group('Suspended', sha, 1, { suspended: true })], requests: 1 },
        summaryTarget,
        { ignoreSuspended: true },
      ),
    ).toBeUndefined();
  });

  it('fails on a suspended group even before its rows are listed, naming the group', () => {
    const verdict = evaluateSummary(
      {
        groups: [group('Compliant', sha, 3), group('Suspended', sha, 2, { suspended: true })],
        requests: 1,
      },
      summaryTarget,
      options,
    );
    expect(verdict.status).toBe('failed');
    expect(verdict.summary).toBe(
      '2 of 5 Flux configurations failed on commit ccccccc: 2 configurations suspended.',
    );
  });

  it('fails when nothing watches the branch, unless allowed', () => {
    const empty = { groups: [], requests: 1 };
    expect(evaluateSummary(empty, summaryTarget, options).status).toBe('failed');
    expect(evaluateSummary(empty, summaryTarget, { ...options, allowEmpty: true }).status).toBe(
      'succeeded',
    );
  });
});
