// A bounded pool, the one of the project: work over a list with a fixed number of calls running at
// once (workload repositories read, files written), results in the order of the list.

/**
 * `work` over `items` with at most `limit` calls running at once; the results in the order of
 * `items`. The first failure rejects (the calls already started run to their end).
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}

/**
 * `task` over every item with at most `limit` running at once; every item is tried, and the
 * failures come back in the order of the items.
 */
export async function settleBounded<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<unknown>,
): Promise<unknown[]> {
  const outcomes = await mapBounded(items, limit, (item, index) =>
    task(item, index).then(
      () => ({ failed: false as const }),
      (error: unknown) => ({ failed: true as const, error }),
    ),
  );
  return outcomes.flatMap((o) => (o.failed ? [o.error] : []));
}
