import { describe, expect, it } from 'vitest';
import type { Clock, Reporter } from './ports.ts';
import { retryDelay, withRetry, type RetryPolicy } from './retry.ts';

const policy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 3000,
  maxServerDelayMs: 60_000,
};

function clock(): Clock & { slept: number[] } {
  const slept: number[] = [];
  let now = 0;
  return { slept, now: () => now, sleep: (ms) => ((now += ms), slept.push(ms), Promise.resolve()) };
}

const lines: string[] = [];
const reporter: Reporter = {
  debug: () => {},
  info: (m) => void lines.push(m),
  warning: () => {},
  error: () => {},
  group: (_t, work) => work(),
};

describe('withRetry', () => {
  it('backs off exponentially up to the cap and logs each retry', async () => {
    const c = clock();
    let calls = 0;
    const result = await withRetry(
      'read',
      () => (++calls < 4 ? Promise.reject(new Error('boom')) : Promise.resolve('ok')),
      { clock: c, reporter, policy, classify: () => ({ retry: true, description: '503' }) },
    );
    expect(result).toBe('ok');
    expect(c.slept).toEqual([1000, 2000, 3000]);
    expect(lines).toContain("Retry 'read': attempt 1 of 4 failed: 503. Retrying in 1s.");
  });

  it('waits as long as the server asks and gives up after the last attempt', async () => {
    const c = clock();
    const failing = withRetry('read', () => Promise.reject(new Error('throttled')), {
      clock: c,
      reporter,
      policy,
      classify: () => ({ retry: true, description: '429', serverDelayMs: 4500 }),
    });
    await expect(failing).rejects.toThrow('throttled');
    expect(c.slept).toEqual([4500, 4500, 4500]);
  });

  it('does not retry what the classifier refuses', async () => {
    const c = clock();
    await expect(
      withRetry('read', () => Promise.reject(new Error('403')), {
        clock: c,
        reporter,
        policy,
        classify: () => ({ retry: false, description: '403' }),
      }),
    ).rejects.toThrow('403');
    expect(c.slept).toEqual([]);
  });
});

describe('retryDelay', () => {
  it('caps server delays separately from backoff', () => {
    expect(retryDelay(policy, 10)).toBe(3000);
    expect(retryDelay(policy, 1, 120_000)).toBe(60_000);
  });
});
