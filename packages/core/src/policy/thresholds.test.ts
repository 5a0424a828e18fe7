import { describe, expect, it } from 'vitest';
import { applyFailureThresholds, resolveThreshold, type ClusterResult } from './thresholds.ts';
import type { FailureThresholds } from './types.ts';

function fleet(count: number, clusterType: string, failed = 0, unreachable = 0): ClusterResult[] {
  return Array.from({ length: count }, (_, i) => ({
    cluster: `${clusterType}-${String(i).padStart(3, '0')}`,
    clusterType,
    outcome: i < failed ? 'failed' : i < failed + unreachable ? 'unreachable' : 'deployed',
  }));
}

const FIVE_PERCENT: FailureThresholds = {
  max: { type: 'percent', percent: 5 },
  unreachable: 'count',
  mandatory: ['payments-*'],
  perClusterType: [],
};

describe('resolveThreshold', () => {
  it.each([
    [{ type: 'percent' as const, percent: 5 }, 400, 20],
    [{ type: 'percent' as const, percent: 5 }, 10, 1],
    [{ type: 'percent' as const, percent: 7 }, 100, 7],
    [{ type: 'percent' as const, percent: 2.5 }, 41, 2],
    [{ type: 'percent' as const, percent: 0 }, 400, 0],
    [{ type: 'count' as const, count: 3 }, 400, 3],
  ])('resolves %j of %i clusters to %i (rounded up)', (threshold, total, expected) => {
    expect(resolveThreshold(threshold, total)).toBe(expected);
  });
});

describe('applyFailureThresholds', () => {
  it('fails on any failure without thresholds, as before', () => {
    expect(applyFailureThresholds(fleet(10, 'drone', 1))).toMatchObject({
      verdict: 'failed',
      summary: '1 of 10 clusters failed (threshold 0)',
    });
    expect(applyFailureThresholds(fleet(10, 'drone'))).toEqual({
      verdict: 'deployed',
      summary: '10 of 10 clusters deployed',
      tolerated: [],
      ignored: [],
    });
  });

  it('tolerates failures up to the threshold and lists them', () => {
    const clusters = [...fleet(397, 'drone', 2, 1), ...fleet(3, 'payments-eu')];
    const verdict = applyFailureThresholds(clusters, FIVE_PERCENT);
    expect(verdict).toMatchObject({
      verdict: 'deployed',
      summary: '3 of 400 clusters failed, 1 unreachable (threshold 5%)',
    });
    expect(verdict.verdict === 'deployed' && verdict.tolerated.map((c) => c.cluster)).toEqual([
      'drone-000',
      'drone-001',
      'drone-002',
    ]);
  });

  it('fails past the threshold', () => {
    const verdict = applyFailureThresholds(fleet(400, 'drone', 21), FIVE_PERCENT);
    expect(verdict).toMatchObject({
      verdict: 'failed',
      summary: '21 of 400 clusters failed (threshold 5%)',
    });
  });

  it('fails when a mandatory cluster type fails, even within the threshold', () => {
    const clusters = [...fleet(397, 'drone'), ...fleet(3, 'payments-eu', 1)];
    expect(applyFailureThresholds(clusters, FIVE_PERCENT)).toMatchObject({
      verdict: 'failed',
      summary: 'mandatory cluster type payments-eu failed on payments-eu-000',
      reasons: ['mandatory cluster type payments-eu failed on payments-eu-000'],
    });
  });

  it('counts an unreachable mandatory cluster as failed even when unreachable ones are ignored', () => {
    const clusters = [...fleet(10, 'drone', 0, 2), ...fleet(2, 'payments-us', 0, 1)];
    const verdict = applyFailureThresholds(clusters, { ...FIVE_PERCENT, unreachable: 'ignore' });
    expect(verdict).toMatchObject({
      verdict: 'failed',
      reasons: ['mandatory cluster type payments-us failed on payments-us-000'],
    });
    expect(verdict.ignored.map((c) => c.cluster)).toEqual(['drone-000', 'drone-001']);
  });

  it('leaves ignored unreachable clusters out of the count and says so', () => {
    const verdict = applyFailureThresholds(fleet(10, 'drone', 0, 3), {
      ...FIVE_PERCENT,
      mandatory: [],
      unreachable: 'ignore',
    });
    expect(verdict).toMatchObject({
      verdict: 'deployed',
      summary: '7 of 7 clusters deployed; 3 unreachable ignored',
    });
  });

  it('applies a threshold per cluster type, each type on its own', () => {
    const thresholds: FailureThresholds = {
      max: { type: 'count', count: 10 },
      unreachable: 'count',
      mandatory: [],
      perClusterType: [{ pattern: 'edge-*', max: { type: 'count', count: 1 } }],
    };
    const ok = applyFailureThresholds(
      [...fleet(10, 'edge-small', 1), ...fleet(10, 'edge-large', 1)],
      thresholds,
    );
    expect(ok.verdict).toBe('deployed');
    const bad = applyFailureThresholds(
      [...fleet(10, 'edge-small', 2), ...fleet(10, 'edge-large', 1)],
      thresholds,
    );
    expect(bad).toMatchObject({
      verdict: 'failed',
      reasons: ['2 of 10 clusters failed of type edge-small (threshold 1 for edge-*)'],
    });
  });

  it('fails when no cluster counts', () => {
    expect(applyFailureThresholds([], FIVE_PERCENT)).toMatchObject({
      verdict: 'failed',
      summary: 'no cluster reported on this deployment',
    });
    expect(
      applyFailureThresholds(fleet(3, 'drone', 0, 3), { ...FIVE_PERCENT, unreachable: 'ignore' }),
    ).toMatchObject({
      verdict: 'failed',
      summary: 'all 3 clusters are unreachable',
    });
  });
});
