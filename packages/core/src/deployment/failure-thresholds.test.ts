// The failure thresholds of check-promote (docs/decisions/failure-thresholds-in-check-promote.md):
// the use case with in-memory ports, a scripted fleet and simulated time.
import { describe, expect, it } from 'vitest';
import { selectReports, summarizeReports } from '../compliance/evaluate.ts';
import type { ComplianceSource, FluxConfigurationReport } from '../compliance/types.ts';
import { checkDeployment } from './check-deployment.ts';
import { judgeFailures, clusterResultsOf } from './failure-judgement.ts';
import { GITOPS, request, world } from './memory-deployment.test-support.ts';
import { evaluateCompliance } from '../compliance/evaluate.ts';
import { resolveComplianceTarget } from '../compliance/target.ts';

const OLD = 'b'.repeat(40);

interface Cluster {
  name: string;
  type: string;
  /** `ok`, `failed` (BuildFailed), `behind` (still on an older commit), `late` (ok after 60 s). */
  state: 'ok' | 'failed' | 'behind' | 'late';
}

function row(cluster: Cluster, seconds: number): FluxConfigurationReport {
  const behind = cluster.state === 'behind' || (cluster.state === 'late' && seconds < 60);
  const failed = cluster.state === 'failed';
  return {
    id: `clusters/${cluster.name}/configurations/apps`,
    name: 'apps',
    cluster: { id: `clusters/${cluster.name}`, name: cluster.name },
    repositoryUrl: 'https://github.com/contoso/gitops',
    branch: 'dev',
    complianceState: failed ? 'Non-Compliant' : 'Compliant',
    provisioningState: 'Succeeded',
    suspended: false,
    sourceSyncedCommitId: `dev@sha1:${behind ? OLD : GITOPS}`,
    errorMessage: '',
    kustomizationPaths: [`./${cluster.type}`],
    objects: failed
      ? [
          {
            kind: 'Kustomization',
            namespace: 'flux-system',
            name: 'apps',
            complianceState: 'Non-Compliant',
            conditions: [{ type: 'Ready', status: 'False', reason: 'BuildFailed', message: 'bad' }],
          },
        ]
      : [],
  };
}

/** A fleet answering on the simulated clock (`now` in ms); `calls` counts the summaries. */
function fleet(clusters: Cluster[], now: () => number, calls = { polls: 0 }): ComplianceSource {
  const rows = () => clusters.map((c) => row(c, now() / 1000));
  return {
    summarize: () => {
      calls.polls += 1;
      return Promise.resolve({ groups: summarizeReports(rows()), requests: 1 });
    },
    listConfigurations: (target, request = { which: 'all' }) => {
      const selected = selectReports(rows(), target, request.which);
      const limit = request.limit ?? selected.length;
      return Promise.resolve({
        configurations: selected.slice(0, limit),
        requests: 1,
        truncated: selected.length > limit,
      });
    },
  };
}

function clusters(count: number, type: string, state: Cluster['state'] = 'ok'): Cluster[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${type}-${String(i + 1).padStart(3, '0')}`,
    type,
    state,
  }));
}

const chainWith = (failures: string) =>
  `environments:\n  - name: dev\n    failures: ${failures}\n  - stage\n`;

async function run(fleetClusters: Cluster[], chain: string, timeoutSeconds = 600) {
  const calls = { polls: 0 };
  let now = () => 0;
  const source = fleet(fleetClusters, () => now(), calls);
  const w = world(source, [], { '.github/promotion-chain.yaml': chain });
  now = () => w.ports.clock.now();
  const report = await checkDeployment(request({ timeoutSeconds }), w.ports);
  return { report, calls, time: now(), ...w };
}

describe('failure thresholds in the deployment check', () => {
  it('passes with tolerated failures: Deployed, the threshold status, the ledger and the next environment', async () => {
    const fleetClusters = [...clusters(38, 'drone'), ...clusters(2, 'edge', 'failed')];
    const { report, statuses, dispatches, records } = await run(
      fleetClusters,
      chainWith('{ max: 5% }'),
    );
    expect(report.error).toBeUndefined();
    expect(report.state).toBe('succeeded');
    expect(report.failures?.result).toMatchObject({
      verdict: 'deployed',
      summary: '2 of 40 clusters failed (threshold 5%)',
    });
    const tolerated =
      report.failures?.result.verdict === 'deployed' ? report.failures.result.tolerated : [];
    expect(tolerated.map((c) => `${c.cluster} ${c.clusterType} ${c.outcome}`)).toEqual([
      'edge-001 edge failed',
      'edge-002 edge failed',
    ]);
    expect(statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: success Deployed',
      'dev environment: failure threshold: success 2 of 40 clusters failed (threshold 5%)',
    ]);
    expect(dispatches).toEqual(['cd.yaml@main stage']);
    expect(records.kept.at(-1)).toMatchObject({
      state: 'success',
      description:
        'Deployed: 2 of 40 clusters failed (threshold 5%) · 38 of 40 clusters reporting the commit, 2 failed; evidence: Resource Graph 38',
    });
  });

  it('rounds a percentage up once: 5% of 41 clusters tolerates 3', async () => {
    const fleetClusters = [...clusters(38, 'drone'), ...clusters(3, 'edge', 'failed')];
    const { report } = await run(fleetClusters, chainWith('{ max: 5% }'));
    expect(report.state).toBe('succeeded');
    expect(report.failures?.result.summary).toBe('3 of 41 clusters failed (threshold 5%)');
  });

  it('fails when a mandatory cluster type fails, whatever the threshold', async () => {
    const fleetClusters = [
      ...clusters(30, 'drone'),
      { name: 'pay-eu-1', type: 'payments-eu', state: 'failed' as const },
    ];
    const { report, statuses, dispatches, records } = await run(
      fleetClusters,
      chainWith('{ max: 10%, mandatory: [payments-*] }'),
    );
    expect(report.state).toBe('failed');
    expect(report.failures?.result).toMatchObject({
      verdict: 'failed',
      reasons: ['mandatory cluster type payments-eu failed on pay-eu-1'],
    });
    expect(statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
      'dev environment: failure threshold: failure mandatory cluster type payments-eu failed on pay-eu-1',
    ]);
    expect(dispatches).toEqual([]);
    expect(records.kept.at(-1)?.description).toBe(
      // The per-source counts are left out: with them the description would pass 140 characters.
      'Failed to deploy: mandatory cluster type payments-eu failed on pay-eu-1 · 30 of 31 clusters reporting the commit, 1 failed',
    );
  });

  it('ends the wait as soon as the failures exceed the threshold', async () => {
    const fleetClusters = [...clusters(10, 'drone', 'late'), ...clusters(3, 'edge', 'failed')];
    const { report, calls } = await run(fleetClusters, chainWith('{ max: 2 }'));
    expect(report.state).toBe('failed');
    expect(calls.polls).toBe(1);
    expect(report.failures?.result.summary).toBe('3 of 13 clusters failed (threshold 2)');
  });

  it('keeps waiting while tolerated failures sit next to clusters still deploying', async () => {
    const fleetClusters = [...clusters(10, 'drone', 'late'), ...clusters(1, 'edge', 'failed')];
    const { report, calls, time } = await run(fleetClusters, chainWith('{ max: 1 }'));
    expect(report.state).toBe('succeeded');
    expect(calls.polls).toBe(3);
    expect(time).toBe(60_000);
  });

  it('counts a cluster without evidence as failed when the wait times out (unreachable: count)', async () => {
    const fleetClusters = [...clusters(9, 'drone'), ...clusters(2, 'edge', 'behind')];
    const tolerated = await run(fleetClusters, chainWith('{ max: 2 }'), 60);
    expect(tolerated.report.state).toBe('succeeded');
    expect(tolerated.report.failures?.result.summary).toBe(
      '2 of 11 clusters failed, all unreachable (threshold 2)',
    );
    const exceeded = await run(fleetClusters, chainWith('{ max: 1 }'), 60);
    expect(exceeded.report.state).toBe('timed-out');
    expect(exceeded.statuses.at(-2)).toBe('dev environment: failure Failed to deploy');
    const ignored = await run(fleetClusters, chainWith('{ max: 0, unreachable: ignore }'), 60);
    expect(ignored.report.state).toBe('succeeded');
    expect(ignored.report.failures?.result.summary).toBe(
      '9 of 9 clusters deployed; 2 unreachable ignored',
    );
  });

  it('without a policy, one failed cluster fails the check as before (no threshold status)', async () => {
    const fleetClusters = [...clusters(38, 'drone'), ...clusters(1, 'edge', 'failed')];
    const { report, statuses, calls } = await run(fleetClusters, 'environments: [dev, stage]\n');
    expect(report.state).toBe('failed');
    expect(report.failures).toBeUndefined();
    expect(calls.polls).toBe(1);
    expect(statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: failure Failed to deploy',
    ]);
  });

  it('sets no threshold status when every cluster deployed', async () => {
    const { report, statuses } = await run(clusters(5, 'drone'), chainWith('{ max: 5% }'));
    expect(report.failures?.result.summary).toBe('5 of 5 clusters deployed');
    expect(statuses).toEqual([
      'dev environment: pending Deploying',
      'dev environment: success Deployed',
    ]);
  });
});

describe('judgeFailures', () => {
  const target = resolveComplianceTarget({
    repositoryUrl: 'https://github.com/contoso/gitops',
    branch: 'dev',
    commit: GITOPS,
  });
  const options = { gracePeriodSeconds: 120 };

  it('reads the cluster type under the GitOps path, and fails closed on an unknown type with mandatory types', () => {
    const rows = [...clusters(3, 'drone'), ...clusters(1, 'edge', 'failed')].map((c) => row(c, 0));
    const nested = rows.map((r) => ({
      ...r,
      kustomizationPaths: r.kustomizationPaths!.map((p) => `./fleet/${p.slice(2)}/apps`),
    }));
    const verdict = evaluateCompliance(nested, target, options);
    expect(clusterResultsOf(verdict, 'final', 'fleet')?.map((c) => c.clusterType)).toEqual([
      'drone',
      'drone',
      'drone',
      'edge',
    ]);
    const untyped = evaluateCompliance(
      rows.map(({ kustomizationPaths: _paths, ...r }) => r),
      target,
      options,
    );
    const judged = judgeFailures(
      untyped,
      {
        max: { type: 'count', count: 5 },
        unreachable: 'count',
        mandatory: ['pay*'],
        perClusterType: [],
      },
      'final',
    );
    expect(judged.verdict).toBe('failed');
    expect(judged.summary).toBe(
      '1 cluster not deployed without a known cluster type (edge-001), which may be mandatory (pay*)',
    );
  });

  it('fails closed when the verdict does not list every configuration', () => {
    const verdict = evaluateCompliance(
      clusters(3, 'drone').map((c) => row(c, 0)),
      target,
      options,
    );
    const partial = { ...verdict, configurations: verdict.configurations.slice(0, 2) };
    const judged = judgeFailures(
      partial,
      { max: { type: 'count', count: 5 }, unreachable: 'count', mandatory: [], perClusterType: [] },
      'final',
    );
    expect(judged.verdict).toBe('failed');
    expect(judged.summary).toMatch(/listed 2 of 3 Flux configurations/);
  });
});
