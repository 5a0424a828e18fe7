import { describe, expect, it } from 'vitest';
import type { Clock, Reporter } from '../ports.ts';
import { parseClusterInventory } from './cluster-inventory.ts';
import { combineComplianceSources } from './combined-source.ts';
import { evaluateCompliance, selectReports, summarizeReports } from './evaluate.ts';
import {
  compileContextPattern,
  DEFAULT_CONTEXT_PATTERN,
  parseMinimumReporters,
  reasonOfDescription,
  statusEvidence,
  type ExpectedReporters,
  type ReportedStatus,
} from './status-evidence.ts';
import { resolveComplianceTarget } from './target.ts';
import {
  ComplianceInputError,
  type ComplianceSource,
  type FluxConfigurationReport,
} from './types.ts';
import { waitForCompliance } from './wait.ts';

const COMMIT = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
const target = resolveComplianceTarget({
  repositoryUrl: 'https://github.com/contoso/gitops',
  branch: 'dev',
  commit: COMMIT,
});
const pattern = compileContextPattern(DEFAULT_CONTEXT_PATTERN);
const inventory: ExpectedReporters = {
  kind: 'inventory',
  file: '.kalypso/clusters.yaml',
  clusters: parseClusterInventory(
    'clusters:\n  - {name: eks-eu-1, clusterType: drone}\n  - {name: gke-us-1, clusterType: large}\n  - {name: lab-1, clusterType: drone, optional: true}\n',
    '.kalypso/clusters.yaml',
  ),
};

/** A status as Flux's notification-controller writes it (lower-cased context, reason in words). */
const flux = (
  cluster: string,
  type: string,
  state: string,
  description: string,
): ReportedStatus => ({
  context: `kalypso/${type}/${cluster}/kustomization/apps`,
  state,
  description,
});

const options = { gracePeriodSeconds: 120 };

describe('the context pattern', () => {
  it('names the cluster and its type, case-insensitively, with the rest free', () => {
    expect(pattern.match('kalypso/drone/eks-eu-1/kustomization/apps')).toEqual({
      cluster: 'eks-eu-1',
      clusterType: 'drone',
    });
    expect(pattern.match('KALYPSO/Drone/EKS-eu-1/x')).toEqual({
      cluster: 'EKS-eu-1',
      clusterType: 'Drone',
    });
    expect(pattern.match('kustomization/gitops-system/0c9c2e41')).toBeUndefined();
    expect(pattern.match('kalypso/drone')).toBeUndefined();
    expect(pattern.match('kalypso/drone/::error::x/apps')).toBeUndefined();
    const exact = compileContextPattern('deploy/{cluster}');
    expect(exact.match('deploy/a1')).toEqual({ cluster: 'a1', clusterType: undefined });
    expect(exact.match('deploy/a1/more')).toBeUndefined();
  });

  it('refuses patterns that cannot name a cluster, all problems at once', () => {
    expect(() => compileContextPattern('kalypso/{clusterType}/*/x')).toThrow(ComplianceInputError);
    const error = (() => {
      try {
        compileContextPattern('kalypso/{clustertype}/*/x');
      } catch (e) {
        return e as ComplianceInputError;
      }
    })();
    expect(error?.problems.map((p) => p.message)).toEqual([
      expect.stringContaining("must hold '{cluster}' exactly once"),
      expect.stringContaining("'*' only at its end"),
      expect.stringContaining('a brace'),
    ]);
  });

  it('reads minimum reporters per cluster type', () => {
    expect(parseMinimumReporters('drone=2, large=1')).toEqual({ drone: 2, large: 1 });
    expect(() => parseMinimumReporters('drone=0 large')).toThrow(/drone=0[\s\S]*large/);
    expect(() => parseMinimumReporters('')).toThrow(/is empty/);
  });

  it("turns Flux's description back into its reason", () => {
    expect(reasonOfDescription('health check failed')).toBe('HealthCheckFailed');
    expect(reasonOfDescription('dependency not ready')).toBe('DependencyNotReady');
    expect(reasonOfDescription('Sync failed: app is Degraded')).toBe('');
  });
});

describe('the inventory', () => {
  it('names every problem with its line, with did-you-mean', () => {
    const text = [
      'clusters:',
      '  - name: eks-eu-1',
      '    clustertype: drone',
      '  - name: eks-eu-1',
      '    clusterType: drone',
      '  - name: "../etc"',
      '    clusterType: drone',
      '    optional: maybe',
      'cluster: []',
    ].join('\n');
    let error: ComplianceInputError | undefined;
    try {
      parseClusterInventory(text, '.kalypso/clusters.yaml');
    } catch (e) {
      error = e as ComplianceInputError;
    }
    expect(error?.problems.map((p) => p.message)).toEqual([
      '.kalypso/clusters.yaml:9: unknown field "cluster": did you mean \'clusters\'?',
      '.kalypso/clusters.yaml:3: unknown field "clustertype": did you mean \'clusterType\'?',
      ".kalypso/clusters.yaml:2: a cluster has no 'clusterType': write it (e.g. 'clusterType: eks-eu-1').",
      expect.stringMatching(
        /^\.kalypso\/clusters\.yaml:6: 'name' "\.\.\/etc" is not a cluster name/,
      ),
      ".kalypso/clusters.yaml:6: cluster 'without a valid name': 'optional' must be true or false.",
    ]);
  });

  it('reports a cluster listed twice and a file that does not parse', () => {
    expect(() =>
      parseClusterInventory(
        'clusters:\n- {name: a, clusterType: t}\n- {name: A, clusterType: t}\n',
        'f.yaml',
      ),
    ).toThrow("f.yaml:3: cluster 'A' is listed twice (first at line 2)");
    expect(() => parseClusterInventory('clusters: [\n', 'f.yaml')).toThrow(
      /f\.yaml:\d+: does not parse as YAML/,
    );
  });
});

describe('statuses to reports', () => {
  it('all expected clusters reporting success: succeeded, optional silence ignored, unknown reporter a warning', () => {
    const evidence = statusEvidence(
      [
        flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded'),
        flux('gke-us-1', 'large', 'success', 'reconciliation succeeded'),
        flux('eks-eu-2', 'drone', 'failure', 'health check failed'),
        { context: 'ci/build', state: 'failure', description: 'x' },
      ],
      pattern,
      inventory,
      target,
    );
    const verdict = evaluateCompliance(evidence.reports, target, options);
    expect(verdict.status).toBe('succeeded');
    expect(verdict.clusters).toEqual({ compliant: 2, total: 2, exact: true });
    expect(evidence.warnings).toEqual([
      expect.stringContaining(
        "Cluster 'eks-eu-2' reported on 4f2a9c1 but is not in .kalypso/clusters.yaml (did you mean 'eks-eu-1'?)",
      ),
    ]);
  });

  it('a silent cluster is behind; a failure with a terminal reason fails at once', () => {
    const silent = evaluateCompliance(
      statusEvidence(
        [flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded')],
        pattern,
        inventory,
        target,
      ).reports,
      target,
      options,
    );
    expect(silent.status).toBe('waiting');
    expect(silent.summary).toContain("'gke-us-1/commit statuses' is still on no synced commit yet");
    const failed = evaluateCompliance(
      statusEvidence(
        [
          flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded'),
          flux('gke-us-1', 'large', 'failure', 'health check failed'),
        ],
        pattern,
        inventory,
        target,
      ).reports,
      target,
      options,
    );
    expect(failed.status).toBe('failed');
    expect(failed.summary).toContain(
      "cluster 'gke-us-1' configuration 'commit statuses' is Non-Compliant: HealthCheckFailed",
    );
  });

  it('an optional cluster that reports a failure counts; a type mismatch is a warning', () => {
    const evidence = statusEvidence(
      [
        flux('eks-eu-1', 'large', 'success', 'reconciliation succeeded'),
        flux('gke-us-1', 'large', 'success', 'reconciliation succeeded'),
        flux('lab-1', 'drone', 'error', 'build failed'),
      ],
      pattern,
      inventory,
      target,
    );
    expect(evaluateCompliance(evidence.reports, target, options).status).toBe('failed');
    expect(evidence.warnings).toEqual([
      expect.stringContaining(
        "Cluster 'eks-eu-1' reports as cluster type 'large', but .kalypso/clusters.yaml:2 lists it as 'drone'",
      ),
    ]);
  });

  it('previous reporters and new ones are expected; minimum per type adds placeholders', () => {
    const previous = statusEvidence(
      [flux('new-1', 'drone', 'success', 'reconciliation succeeded')],
      pattern,
      { kind: 'previous', commit: 'abc', clusters: [{ name: 'old-1', clusterType: 'drone' }] },
      target,
    );
    expect(previous.reports.map((r) => [r.cluster.name, r.complianceState])).toEqual([
      ['old-1', ''],
      ['new-1', 'Compliant'],
    ]);
    const minimum = statusEvidence(
      [flux('a', 'drone', 'success', 'reconciliation succeeded')],
      pattern,
      { kind: 'minimum', perClusterType: { drone: 2, large: 1 } },
      target,
    );
    const verdict = evaluateCompliance(minimum.reports, target, options);
    expect(verdict.counts).toMatchObject({ total: 3, compliant: 1, behind: 2 });
    expect(verdict.summary).toContain('(cluster 2 of at least 2 of type drone)');
  });
});

class ManualClock implements Clock {
  time = 0;
  now(): number {
    return this.time;
  }
  sleep(ms: number): Promise<void> {
    this.time += ms;
    return Promise.resolve();
  }
}

const reporter: Reporter & { lines: string[] } = {
  lines: [],
  debug() {},
  info(m) {
    this.lines.push(m);
  },
  warning(m) {
    this.lines.push(`warning: ${m}`);
  },
  error() {},
  group: (_t, work) => work(),
};

/** A source over a timeline of statuses on simulated time (what Flux posted by then). */
function timeline(
  clock: Clock,
  at: (seconds: number) => ReportedStatus[],
  expected = inventory,
): ComplianceSource {
  const reports = () => statusEvidence(at(clock.now() / 1000), pattern, expected, target).reports;
  return {
    summarize: () => Promise.resolve({ groups: summarizeReports(reports()), requests: 1 }),
    listConfigurations: (_t, request) => {
      const selected = selectReports(reports(), target, request?.which ?? 'all');
      return Promise.resolve({ configurations: selected, requests: 1 });
    },
  };
}

const wait = (source: ComplianceSource, clock: Clock) =>
  waitForCompliance({
    source,
    clock,
    reporter,
    target,
    timeoutSeconds: 600,
    pollIntervalSeconds: 30,
    gracePeriodSeconds: 120,
  });

describe('waiting on commit statuses, simulated time', () => {
  it('succeeds once the last expected cluster reports', async () => {
    const clock = new ManualClock();
    const outcome = await wait(
      timeline(clock, (s) => [
        flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded'),
        ...(s >= 95 ? [flux('gke-us-1', 'large', 'success', 'reconciliation succeeded')] : []),
      ]),
      clock,
    );
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome.elapsedSeconds).toBe(120);
  });

  it('a transient reason fails only past the grace period; a recovered one succeeds', async () => {
    const clock = new ManualClock();
    const stuck = await wait(
      timeline(clock, () => [
        flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded'),
        flux('gke-us-1', 'large', 'failure', 'dependency not ready'),
      ]),
      clock,
    );
    expect(stuck.verdict.status).toBe('failed');
    expect(stuck.verdict.summary).toContain('past the grace period of 120s');
    expect(stuck.elapsedSeconds).toBe(120);
    const clock2 = new ManualClock();
    const recovered = await wait(
      timeline(clock2, (s) => [
        flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded'),
        flux(
          'gke-us-1',
          'large',
          s < 60 ? 'failure' : 'success',
          s < 60 ? 'dependency not ready' : 'reconciliation succeeded',
        ),
      ]),
      clock2,
    );
    expect(recovered.verdict.status).toBe('succeeded');
  });

  it('a cluster that never reports times out naming it', async () => {
    const clock = new ManualClock();
    const outcome = await wait(
      timeline(clock, () => [flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded')]),
      clock,
    );
    expect(outcome.verdict.status).toBe('timed-out');
    expect(outcome.verdict.summary).toBe(
      "Timed out after 600s: 1 of 2 Flux configurations Compliant on commit 4f2a9c1: 'gke-us-1/commit statuses' is still on no synced commit yet.",
    );
  });

  it('both sources: a disagreement fails as one', async () => {
    const clock = new ManualClock();
    const statuses = timeline(clock, () => [
      flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded'),
      flux('gke-us-1', 'large', 'failure', 'health check failed'),
    ]);
    const azureReport = (name: string): FluxConfigurationReport => ({
      id: `/subscriptions/s/resourceGroups/rg/providers/x/y/${name}/providers/Microsoft.KubernetesConfiguration/fluxConfigurations/dev`,
      name: 'dev',
      cluster: { id: `/subscriptions/s/${name}`, name },
      repositoryUrl: target.repositoryUrl,
      branch: 'dev',
      complianceState: 'Compliant',
      provisioningState: 'Succeeded',
      suspended: false,
      sourceSyncedCommitId: `dev@sha1:${COMMIT}`,
      errorMessage: '',
      objects: [],
    });
    const azure: ComplianceSource = {
      summarize: () =>
        Promise.resolve({
          groups: summarizeReports([azureReport('eks-eu-1'), azureReport('gke-us-1')]),
          requests: 1,
        }),
      listConfigurations: () =>
        Promise.resolve({
          configurations: [azureReport('eks-eu-1'), azureReport('gke-us-1')],
          requests: 1,
        }),
    };
    const outcome = await wait(
      combineComplianceSources([
        { name: 'Azure Resource Graph', source: azure },
        { name: 'commit statuses', source: statuses },
      ]),
      clock,
    );
    expect(outcome.verdict.status).toBe('failed');
    expect(outcome.verdict.summary).toContain(
      "cluster 'gke-us-1' configuration 'commit statuses (sources disagree: commit statuses reports a failure, Azure Resource Graph says Compliant)' is Non-Compliant: HealthCheckFailed",
    );
    expect(outcome.verdict.counts).toMatchObject({ total: 4, compliant: 3, failed: 1 });
  });
});

describe('evidence counts for the deployment record', () => {
  it('counts each cluster once over both sources, and per source what it reported deployed', async () => {
    const { clusterEvidence } = await import('./wait.ts');
    const { describeWithEvidence, evidenceCountsOf } = await import('../ledger/evidence.ts');
    const clock = new ManualClock();
    const statuses = timeline(clock, () => [
      flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded'),
    ]);
    const azureReport = (name: string): FluxConfigurationReport => ({
      id: `/subscriptions/s/${name}/providers/Microsoft.KubernetesConfiguration/fluxConfigurations/dev`,
      name: 'dev',
      cluster: { id: `/subscriptions/s/${name}`, name },
      repositoryUrl: target.repositoryUrl,
      branch: 'dev',
      complianceState: 'Compliant',
      provisioningState: 'Succeeded',
      suspended: false,
      sourceSyncedCommitId: `dev@sha1:${COMMIT}`,
      errorMessage: '',
      objects: [],
    });
    const reports = [azureReport('eks-eu-1'), azureReport('gke-us-1')];
    const azure: ComplianceSource = {
      summarize: () => Promise.resolve({ groups: summarizeReports(reports), requests: 1 }),
      listConfigurations: () => Promise.resolve({ configurations: reports, requests: 1 }),
    };
    const combined = combineComplianceSources([
      { name: 'Azure Resource Graph', source: azure },
      { name: 'commit statuses', source: statuses },
    ]);
    const outcome = await waitForCompliance({
      source: { ...combined, name: 'both' },
      clock,
      reporter,
      target,
      timeoutSeconds: 60,
      pollIntervalSeconds: 30,
      gracePeriodSeconds: 120,
    });
    // gke-us-1 never reported through a commit status: the check times out on it.
    expect(outcome.verdict.status).toBe('timed-out');
    const counts = clusterEvidence(outcome);
    expect(counts).toEqual({
      clusters: 2,
      deployed: 1,
      failed: 0,
      bySource: [
        { name: 'commit statuses', deployed: 1 },
        { name: 'Resource Graph', deployed: 2 },
      ],
    });
    const description = describeWithEvidence('Deployment unknown', counts);
    expect(description).toBe(
      'Deployment unknown · 1 of 2 clusters reporting the commit; evidence: commit statuses 1, Resource Graph 2',
    );
    expect(evidenceCountsOf(description)).toEqual(counts);
  });

  it('counts clusters deployed, failed and unknown, with the source name', async () => {
    const { evidenceCounts } = await import('./wait.ts');
    const clock = new ManualClock();
    const source = timeline(clock, () => [
      flux('eks-eu-1', 'drone', 'success', 'reconciliation succeeded'),
      flux('gke-us-1', 'large', 'failure', 'health check failed'),
    ]);
    const outcome = await wait({ ...source, name: 'commit-statuses' }, clock);
    expect(evidenceCounts(outcome)).toEqual({
      source: 'commit-statuses',
      clusters: 2,
      deployed: 1,
      failed: 1,
      unknown: 0,
    });
  });
});
