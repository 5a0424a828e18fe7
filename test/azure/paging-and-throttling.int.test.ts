import { describe, expect, it } from 'vitest';
import { waitForCompliance } from '@kalypso/core';
import type { ClusterSpec } from '../support/resource-graph/client.ts';
import { NEW, cluster, defaultTiming, devTarget, sourceFor, useWorlds } from './world-fixtures.ts';

const target = devTarget;
const timing = defaultTiming;

const world = useWorlds();

/** 2,500 stores over three subscriptions, picking the commit up between 30 s and 150 s. */
function largeFleet(subscriptions: readonly string[]): ClusterSpec[] {
  return Array.from({ length: 2500 }, (_, i) =>
    cluster(`store-${String(i).padStart(4, '0')}`, subscriptions[i % subscriptions.length]!, {
      pickupSeconds: 30 + (i % 5) * 30,
    }),
  );
}

describe('Resource Graph paging, quota and retries', () => {
  it('pages through 2,500 configurations when listing them all: three requests', async () => {
    const w = await world({ subscriptionCount: 3, clusters: largeFleet });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const source = sourceFor(w);
    const first = await source.listConfigurations(target);
    expect(first.configurations).toHaveLength(2500);
    expect(first.requests).toBe(3);
    const outcome = await waitForCompliance({
      source,
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome.verdict.counts.compliant).toBe(2500);
    // Polls ask for the summary; the rows are listed once, for the report (one bounded page).
    expect(outcome.requests).toBe(outcome.polls + 1);
    const log = await w.requests('resource-graph');
    expect(log.map((r) => r.detail).slice(0, 3)).toEqual([
      'rows 0..1000 of 2500',
      'rows 1000..2000 of 2500',
      'rows 2000..2500 of 2500',
    ]);
    expect(log.every((r) => r.status === 200)).toBe(true);
  });

  it('waits for the quota window before the limit is hit instead of being throttled', async () => {
    const w = await world({
      subscriptionCount: 3,
      clusters: largeFleet,
      quota: { perWindow: 2, windowSeconds: 5 },
    });
    const source = sourceFor(w);
    const before = w.clock.now();
    const snapshot = await source.listConfigurations(target);
    expect(snapshot.configurations).toHaveLength(2500);
    expect(snapshot.requests).toBe(3);
    expect(w.clock.now() - before).toBe(5000);
    expect((await w.requests('resource-graph')).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(w.reporter.lines).toContain(
      'info: Resource Graph quota used up; waiting 5s for it to reset.',
    );
  });

  it('backs off on 429 for the time the quota header names, then succeeds', async () => {
    const w = await world({
      clusters: ([s]) => [cluster('store-001', s!, { pickupSeconds: 0, reconcileSeconds: 0 })],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault(
      { kind: 'throttle', resetsAfterSeconds: 3 },
      { kind: 'throttle', resetsAfterSeconds: 4 },
    );
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome).toMatchObject({ polls: 1, requests: 4, elapsedSeconds: 7 });
    expect(w.reporter.lines.filter((l) => l.includes('Retry '))).toEqual([
      "info: Retry 'Resource Graph summary for 'github.com/contoso/hello-world-gitops@dev'': attempt 1 of 5 failed: 429 RateLimiting. Retrying in 3s.",
      "info: Retry 'Resource Graph summary for 'github.com/contoso/hello-world-gitops@dev'': attempt 2 of 5 failed: 429 RateLimiting. Retrying in 4s.",
    ]);
  });

  it('retries 5xx with exponential backoff and polls again when the outage outlasts the retries', async () => {
    const w = await world({
      clusters: ([s]) => [cluster('store-001', s!, { pickupSeconds: 0, reconcileSeconds: 0 })],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault(
      ...Array.from({ length: 6 }, () => ({ kind: 'unavailable' as const, status: 503 as const })),
    );
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome).toMatchObject({ polls: 2, requests: 8 });
    expect(
      w.reporter.lines
        .filter((l) => l.includes('Retrying in'))
        .map((l) => /Retrying in (\w+)/.exec(l)![1]),
    ).toEqual(['2s', '4s', '8s', '16s', '2s']);
    expect(
      w.reporter.lines.some(
        (l) =>
          l.startsWith('warning: Poll 1:') &&
          l.includes(
            '(503 ServiceUnavailable: ServiceUnavailable: The service is temporarily unavailable.) after retries',
          ),
      ),
    ).toBe(true);
  });

  it('searches management groups and splits the work by scope', async () => {
    const w = await world({
      subscriptionCount: 2,
      clusters: ([a, b]) => [
        cluster('store-a', a!, { pickupSeconds: 0 }),
        cluster('store-b', b!, { pickupSeconds: 0 }),
      ],
      managementGroups: ([a, b]) => ({ 'mg-edge': [a!, b!] }),
      readerScopes: () => ['mg:mg-edge'],
    });
    const snapshot = await sourceFor(w, {
      subscriptions: [],
      managementGroups: ['mg-edge'],
    }).listConfigurations(target);
    expect(snapshot.configurations.map((c) => c.cluster.name).sort()).toEqual([
      'store-a',
      'store-b',
    ]);
  });

  it('explains a missing Reader role', async () => {
    const w = await world({
      clusters: ([s]) => [cluster('store-001', s!, { pickupSeconds: 0 })],
      readerScopes: () => [],
    });
    await expect(sourceFor(w).listConfigurations(target)).rejects.toThrow(
      `Resource Graph query for 'github.com/contoso/hello-world-gitops@dev' in subscription '${w.subscriptions[0]}' was denied (403 AccessDenied: AccessDenied: Access is denied to the requested resource. The user might not have enough permission.): grant the identity the Reader role on the subscriptions or management groups that hold the clusters.`,
    );
    const tenantWide = await waitForCompliance({
      source: sourceFor(w, { subscriptions: [] }),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(tenantWide.verdict.summary).toContain(
      'the identity has the Reader role on the clusters',
    );
  });
});
