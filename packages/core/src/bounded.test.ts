import { describe, expect, it } from 'vitest';
import { mapBounded, settleBounded } from './bounded.ts';

/** A task whose calls finish in the order the test releases them. */
function gate() {
  let running = 0;
  let most = 0;
  const waiting: (() => void)[] = [];
  return {
    get most() {
      return most;
    },
    async call<R>(result: R): Promise<R> {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running -= 1;
      return result;
    },
    releaseAll() {
      while (waiting.length > 0) waiting.shift()!();
    },
    get waiting() {
      return waiting.length;
    },
  };
}

async function drain(g: ReturnType<typeof gate>, done: Promise<unknown>): Promise<void> {
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    await new Promise((resolve) => setImmediate(resolve));
    g.releaseAll();
  }
}

describe('mapBounded', () => {
  it('runs at most `limit` calls at once and keeps the order of the items', async () => {
    const g = gate();
    const items = [5, 4, 3, 2, 1, 0];
    const done = mapBounded(items, 2, (n, i) => g.call(`${i}:${n}`));
    await drain(g, done);
    expect(await done).toEqual(['0:5', '1:4', '2:3', '3:2', '4:1', '5:0']);
    expect(g.most).toBe(2);
  });

  it('rejects with the first failure', async () => {
    await expect(
      mapBounded([1, 2, 3], 2, (n) =>
        n === 2 ? Promise.reject(new Error('two')) : Promise.resolve(n),
      ),
    ).rejects.toThrow('two');
  });

  it('answers an empty list at once, and treats a limit below 1 as 1', async () => {
    expect(await mapBounded([], 4, () => Promise.resolve(1))).toEqual([]);
    expect(await mapBounded([1, 2], 0, (n) => Promise.resolve(n * 2))).toEqual([2, 4]);
  });
});

describe('settleBounded', () => {
  it('tries every item and returns the failures in the order of the items', async () => {
    const tried: number[] = [];
    const failures = await settleBounded([1, 2, 3, 4], 3, (n) => {
      tried.push(n);
      return n % 2 === 0 ? Promise.reject(new Error(`bad ${n}`)) : Promise.resolve();
    });
    expect(tried.sort()).toEqual([1, 2, 3, 4]);
    expect(failures.map((e) => (e as Error).message)).toEqual(['bad 2', 'bad 4']);
  });
});
