// The summary-first poll and Resource Graph faults, through the real Azure SDK client against the
// local Resource Graph, on simulated time (the world's clock): nothing here depends on speed.
import { describe, expect, it } from 'vitest';
import { waitForCompliance } from '@kalypso/core';
import type { ClusterSpec } from '../support/resource-graph/client.ts';
import {
  NEW,
  OLD,
  cluster,
  defaultTiming,
  devTarget,
  sourceFor,
  useWorlds,
} from './world-fixtures.ts';

const target = devTarget;
const timing = defaultTiming;
const world = useWorlds();

/** `n` stores over three subscriptions, picking the commit up between 30 s and 150 s. */
const fleetOf =
  (n: number) =>
  (subscriptions: readonly string[]): ClusterSpec[] =>
    Array.from({ length: n }, (_, i) =>
      cluster(`store-${String(i).padStart(5, '0')}`, subscriptions[i % subscriptions.length]!, {
        pickupSeconds: 30 + (i % 5) * 30,
      }),
    );

const oneStore = ([s]: readonly string[]) => [
  cluster('store-001', s!, { pickupSeconds: 0, reconcileSeconds: 0 }),
];

describe('summary first', () => {
  it('counts 2,500 configurations in one request per poll while waiting, and lists one page at the end', async () => {
    const w = await world({ subscriptionCount: 3, clusters: fleetOf(2500) });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome.verdict.counts).toMatchObject({ total: 2500, compliant: 2500 });
    expect(outcome.verdict.clusters).toEqual({ compliant: 2500, total: 2500, exact: true });
    expect(outcome.verdict.configurations).toHaveLength(200);
    // Polls at 0, 30, …, 180 s: six summaries while waiting, then summary + one page of rows.
    expect(outcome).toMatchObject({ polls: 7, requests: 8, maxRequestsPerPoll: 2 });
    const log = await w.requests('resource-graph');
    expect(log.map((r) => r.detail)).toEqual([
      ...Array.from(
        { length: 7 },
        () => expect.stringMatching(/^rows 0\.\.\d+ of \d+$/) as unknown,
      ),
      'rows 0..200 of 2500',
    ]);
    expect(w.reporter.lines).toContain(
      'info: Poll 3: 500 of 2500 Flux configurations Compliant on commit 4f2a9c1; waiting for 1500 configurations still on commit 9b1c0d2 (Compliant there); 500 configurations Pending on the target commit.',
    );
  });

  it('groups by state and synced commit with exact cluster counts', async () => {
    const w = await world({
      clusters: ([s]) => [
        cluster('store-001', s!, { pickupSeconds: 0, reconcileSeconds: 0 }),
        cluster('store-002', s!, { pickupSeconds: 0, reconcileSeconds: 60 }),
        cluster('store-003', s!, { pickupSeconds: 600 }),
        cluster('store-004', s!, { pickupSeconds: 600 }),
      ],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const summary = await sourceFor(w).summarize(target);
    expect(summary.requests).toBe(1);
    expect(summary.groups).toEqual([
      {
        complianceState: 'Compliant',
        syncedCommit: OLD,
        suspended: false,
        provisioningState: 'Succeeded',
        configurations: 2,
        clusters: 2,
      },
      expect.objectContaining({ complianceState: 'Compliant', syncedCommit: NEW, clusters: 1 }),
      expect.objectContaining({ complianceState: 'Pending', syncedCommit: NEW, clusters: 1 }),
    ]);
  });

  it('respects the quota headers across polls: waits for the window instead of being throttled', async () => {
    const w = await world({
      clusters: fleetOf(10),
      quota: { perWindow: 3, windowSeconds: 10 },
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
      pollIntervalSeconds: 1,
      timeoutSeconds: 600,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    const log = await w.requests('resource-graph');
    expect(log.every((r) => r.status === 200)).toBe(true);
    expect(w.reporter.lines.filter((l) => l.includes('quota used up')).length).toBeGreaterThan(0);
  });
});

describe('Resource Graph faults end in honest states', () => {
  it.each([
    ['malformed-json', 'malformed answer'],
    ['truncated-page', 'malformed answer'],
  ] as const)('retries a %s answer and succeeds', async (kind, description) => {
    const w = await world({ clusters: oneStore });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault({ kind });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome).toMatchObject({ polls: 1, requests: 3 });
    const retries = w.reporter.lines.filter((l) => l.includes('Retrying in 2s'));
    expect(retries).toHaveLength(1);
    expect(retries[0]).toContain(`failed: ${description}.`);
    // The proxy's page never reaches the log.
    expect(w.reporter.lines.join('\n')).not.toContain('Bad Gateway');
  });

  it('abandons a slow answer after the request timeout and retries', async () => {
    const w = await world({ clusters: oneStore });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    // Held back for ten minutes: only the client's own timeout can end the wait. The timeout is
    // real time, so it is long enough that an answer that is not held back is never cut short on
    // a loaded machine.
    await w.fault({ kind: 'slow-response', milliseconds: 600_000 });
    const outcome = await waitForCompliance({
      source: sourceFor(w, { requestTimeoutMs: 8_000 }),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome).toMatchObject({ polls: 1, requests: 3 });
    expect(w.reporter.lines.some((l) => l.includes('failed: no answer in time. Retrying'))).toBe(
      true,
    );
  });

  it('ends timed-out without evidence when Resource Graph stays unavailable past the timeout', async () => {
    const w = await world({ clusters: oneStore });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault(
      ...Array.from({ length: 40 }, () => ({ kind: 'unavailable' as const, status: 503 as const })),
    );
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
      timeoutSeconds: 120,
    });
    expect(outcome.verdict).toMatchObject({
      status: 'timed-out',
      evidence: 'unavailable',
      configurations: [],
    });
    expect(outcome.verdict.summary).toMatch(
      /^Timed out after 120s without evidence: the compliance source did not answer: Resource Graph query for 'github\.com\/contoso\/hello-world-gitops@dev' in subscription '[^']+' failed \(503 ServiceUnavailable/,
    );
    expect(outcome.elapsedSeconds).toBeLessThanOrEqual(120);
  });

  it('does not wait past the timeout for a quota window: one request, then stops at once without evidence', async () => {
    const w = await world({ clusters: oneStore });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault({ kind: 'throttle', resetsAfterSeconds: 900 });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
      timeoutSeconds: 60,
    });
    expect(outcome.verdict).toMatchObject({ status: 'timed-out', evidence: 'unavailable' });
    expect(outcome.elapsedSeconds).toBe(0);
    expect((await w.requests('resource-graph')).map((r) => r.status)).toEqual([429]);
    expect(outcome.verdict.summary).toContain(
      'was throttled (429 RateLimiting): Resource Graph asks to wait 900s, until 2025-06-03T09:15:00Z, after the deadline (60s left). Nothing was waited for',
    );
  });

  it('bounds Flux messages from the clusters and flattens them to one line', async () => {
    const message = `${'x'.repeat(100_000)}\n::add-mask::secret\n::stop-commands::abc`;
    const w = await world({
      clusters: ([s]) => [
        cluster('store-001', s!, {
          pickupSeconds: 0,
          reconcileSeconds: 0,
          outcome: {
            kind: 'fails',
            reason: 'HealthCheckFailed',
            object: { kind: 'Kustomization', namespace: 'flux-system', name: 'apps' },
            message,
          },
        }),
      ],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('failed');
    const failing = outcome.verdict.configurations[0]!.failingObjects[0]!;
    expect(failing.message.length).toBeLessThanOrEqual(1024);
    expect(failing.message).not.toContain('\n');
    expect(outcome.verdict.summary.length).toBeLessThan(4000);
  });
});
