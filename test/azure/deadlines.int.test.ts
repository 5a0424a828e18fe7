// The deadline rule (docs/decisions/deadline-rule.md) against a hostile local Resource Graph:
// continuation tokens that loop, empty pages that carry a token, requests that never answer and a
// Retry-After of an hour. Every case ends in the honest state (timed-out without evidence, or a
// bounded listing) with a message naming what it waited for. Simulated time throughout; the one
// hung request is cut by the deadline, whatever the machine's speed.
import { describe, expect, it } from 'vitest';
import { waitForCompliance } from '@kalypso/core';
import { MAX_PAGES_PER_LISTING } from '../../packages/azure/src/index.ts';
import { NEW, cluster, defaultTiming, devTarget, sourceFor, useWorlds } from './world-fixtures.ts';
import { WORLD_START } from '../support/resource-graph/client.ts';

const target = devTarget;
const world = useWorlds();
const what = (subscription: string) =>
  `Resource Graph query for 'github.com/contoso/hello-world-gitops@dev' in subscription '${subscription}'`;

/** `n` stores in one subscription, on NEW at once. */
const stores =
  (n: number) =>
  ([s]: readonly string[]) =>
    Array.from({ length: n }, (_, i) =>
      cluster(`store-${String(i).padStart(3, '0')}`, s!, { pickupSeconds: 0, reconcileSeconds: 0 }),
    );

describe('Resource Graph paging that would never end', () => {
  it('refuses a continuation token sent again: two requests, then a malformed answer', async () => {
    const w = await world({ clusters: stores(3) });
    await w.fault({ kind: 'loop-skip-token', repeat: true });
    const error = await sourceFor(w, { pageSize: 2 })
      .listConfigurations(target)
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `${what(w.subscriptions[0]!)} got a malformed answer: page 2 carries the continuation token of page 1 again, so the listing would never end.`,
    );
    expect(error).toMatchObject({ name: 'ComplianceSourceError', transient: true, requests: 2 });
    expect((await w.requests('resource-graph')).map((r) => r.detail)).toEqual([
      'fault: looping token, rows 0..2 of 3',
      'fault: looping token, rows 2..3 of 3',
    ]);
  });

  it('refuses an empty page that carries a token: one request', async () => {
    const w = await world({ clusters: stores(3) });
    await w.fault({ kind: 'empty-page-token' });
    const error = await sourceFor(w)
      .listConfigurations(target)
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `${what(w.subscriptions[0]!)} got a malformed answer: page 1 has no rows but a continuation token, so the listing would never end.`,
    );
    expect(error).toMatchObject({ requests: 1 });
  });

  it('a check against a server that always loops ends timed-out without evidence, three requests a poll', async () => {
    const w = await world({ clusters: stores(3) });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault({ kind: 'loop-skip-token', repeat: true });
    const outcome = await waitForCompliance({
      source: sourceFor(w, { pageSize: 2 }),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...defaultTiming,
      timeoutSeconds: 120,
    });
    expect(outcome.verdict).toMatchObject({ status: 'timed-out', evidence: 'unavailable' });
    expect(outcome.verdict.summary).toBe(
      `Timed out after 120s without evidence: the compliance source did not answer: ${what(w.subscriptions[0]!)} got a malformed answer: page 2 carries the continuation token of page 1 again, so the listing would never end. Whether 'github.com/contoso/hello-world-gitops@dev' runs commit ${NEW.slice(0, 7)} is unknown.`,
    );
    // Each poll: the summary (not paged), then two pages of the listing; never more.
    expect(outcome.polls).toBe(5);
    expect(outcome.requests).toBe(15);
    expect(await w.requests('resource-graph')).toHaveLength(15);
    expect(outcome.elapsedSeconds).toBe(120);
  });

  it(`stops a listing after ${MAX_PAGES_PER_LISTING} pages and says it is truncated`, async () => {
    const w = await world({ clusters: stores(MAX_PAGES_PER_LISTING + 20) });
    const snapshot = await sourceFor(w, { pageSize: 1 }).listConfigurations(target);
    expect(snapshot).toMatchObject({ requests: MAX_PAGES_PER_LISTING, truncated: true });
    expect(snapshot.configurations).toHaveLength(MAX_PAGES_PER_LISTING);
    expect(w.reporter.lines).toContain(
      `warning: Resource Graph listing for 'github.com/contoso/hello-world-gitops@dev' stopped after ${MAX_PAGES_PER_LISTING} pages (${MAX_PAGES_PER_LISTING} rows): the rest is not read.`,
    );
  });
});

describe('waits the server asks for', () => {
  it('fails at once on a Retry-After of an hour with 30 minutes left, naming the time', async () => {
    const w = await world({ clusters: stores(1) });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault({ kind: 'retry-after', seconds: 3600, repeat: true });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...defaultTiming,
    });
    const until = new Date(WORLD_START + 3_600_000).toISOString().replace('.000Z', 'Z');
    expect(outcome.verdict).toMatchObject({ status: 'timed-out', evidence: 'unavailable' });
    expect(outcome.verdict.summary).toBe(
      `Stopped after 0s of the 1800s timeout without evidence: the compliance source cannot answer before the deadline: ${what(w.subscriptions[0]!)} was throttled (429 TooManyRequests): Resource Graph asks to wait 3600s, until ${until}, after the deadline (1800s left). Nothing was waited for; run the check again after ${until}. Whether 'github.com/contoso/hello-world-gitops@dev' runs commit ${NEW.slice(0, 7)} is unknown.`,
    );
    expect(outcome).toMatchObject({ polls: 1, requests: 1, elapsedSeconds: 0 });
    expect((await w.requests('resource-graph')).map((r) => r.status)).toEqual([429]);
    expect(w.reporter.lines.some((l) => l.includes('Retrying in'))).toBe(false);
  });

  it('waits a Retry-After in full when it ends before the deadline, longer than the backoff cap', async () => {
    const w = await world({ clusters: stores(1) });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault({ kind: 'retry-after', seconds: 600 });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...defaultTiming,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome.elapsedSeconds).toBe(600);
    expect(w.reporter.lines.filter((l) => l.includes('Retrying in'))).toEqual([
      "info: Retry 'Resource Graph summary for 'github.com/contoso/hello-world-gitops@dev'': attempt 1 of 5 failed: 429 TooManyRequests. Retrying in 600s.",
    ]);
  });

  it('without a deadline, refuses a wait longer than one wait may take', async () => {
    const w = await world({ clusters: stores(1) });
    await w.fault({ kind: 'retry-after', seconds: 3600 });
    const until = new Date(WORLD_START + 3_600_000).toISOString().replace('.000Z', 'Z');
    await expect(sourceFor(w).summarize(target)).rejects.toThrow(
      `${what(w.subscriptions[0]!)} was throttled (429 TooManyRequests): Resource Graph asks to wait 3600s, until ${until}, longer than the 300s one wait may take. Nothing was waited for; run the check again after ${until}.`,
    );
  });

  it('does not wait for a quota window that resets after the deadline, naming the reset time', async () => {
    const w = await world({ clusters: stores(4), quota: { perWindow: 2, windowSeconds: 60 } });
    const source = sourceFor(w, { pageSize: 1 });
    const error = await source
      .listConfigurations(target, { which: 'all' }, { deadline: WORLD_START + 30_000 })
      .catch((e: unknown) => e);
    const resets = new Date(WORLD_START + 60_000).toISOString().replace('.000Z', 'Z');
    expect((error as Error).message).toBe(
      `${what(w.subscriptions[0]!)} cannot run: the Resource Graph quota of this identity is used up until ${resets} (60s), after the deadline (30s left). Nothing was waited for; other jobs with the same identity are querying too, run the check again after ${resets}.`,
    );
    expect(error).toMatchObject({ requests: 2, notBefore: WORLD_START + 60_000 });
  });
});

describe('a request that never answers', () => {
  it('is cut at the deadline, not after the request timeout, and the check ends at once', async () => {
    const w = await world({ clusters: stores(1) });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    await w.fault({ kind: 'hang', repeat: true });
    const outcome = await waitForCompliance({
      // The request timeout is ten minutes: only the check's deadline (1 s) can end the wait.
      source: sourceFor(w, { requestTimeoutMs: 600_000 }),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...defaultTiming,
      timeoutSeconds: 1,
    });
    expect(outcome.verdict).toMatchObject({ status: 'timed-out', evidence: 'unavailable' });
    expect(outcome.verdict.summary).toBe(
      `Stopped after 0s of the 1s timeout without evidence: the compliance source cannot answer before the deadline: ${what(w.subscriptions[0]!)} got no answer within the 1s left before the deadline; the request was abandoned at the deadline. Whether 'github.com/contoso/hello-world-gitops@dev' runs commit ${NEW.slice(0, 7)} is unknown.`,
    );
    expect(outcome).toMatchObject({ polls: 1, requests: 1 });
    expect((await w.requests('resource-graph')).map((r) => r.detail)).toEqual(['fault: hang']);
  });
});
