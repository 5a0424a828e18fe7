import { describe, expect, it } from 'vitest';
import { ConcurrencyGroups, type Verdict } from './concurrency-groups.ts';

describe("the driver's concurrency groups (GitHub's rules)", () => {
  const setup = () => {
    const lines: string[] = [];
    return { groups: new ConcurrencyGroups((l) => lines.push(l)), lines };
  };
  const settled = async (p: Promise<Verdict>) =>
    Promise.race([p, new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 0))]);

  it('runs one, keeps one waiting, and cancels the older waiting one when a newer one queues', async () => {
    const { groups, lines } = setup();
    const key = ConcurrencyGroups.key('o/r', 'kalypso-schedule-dev');
    expect(await groups.acquire(key, 'g', 'A')).toBe('run');
    const b = groups.acquire(key, 'g', 'B');
    expect(await settled(b)).toBe('waiting');
    const c = groups.acquire(key, 'g', 'C');
    expect(await b).toBe('cancelled');
    expect(lines).toEqual(["  ⊘ B cancelled: a newer run is waiting in 'g'"]);
    groups.release(key);
    expect(await c).toBe('run');
    groups.release(key);
    expect(await groups.acquire(key, 'g', 'D')).toBe('run');
  });

  it('compares group names case-insensitively, per repository', async () => {
    const { groups } = setup();
    expect(await groups.acquire(ConcurrencyGroups.key('o/r', 'Deploy-Prod'), 'g', 'A')).toBe('run');
    const same = groups.acquire(ConcurrencyGroups.key('o/r', 'deploy-prod'), 'g', 'B');
    expect(await settled(same)).toBe('waiting');
    expect(await groups.acquire(ConcurrencyGroups.key('o/other', 'deploy-prod'), 'g', 'C')).toBe(
      'run',
    );
  });
});
