// Requests gathered by turn of the event loop: what callers ask in one turn is handed over
// together, to go in one request (workload-graphql.ts, wiring/workload-visibility.ts).

/** Returns `add`: the items added in one turn reach `flush` together, in the order added. */
export function turnBatch<T>(flush: (items: T[]) => void): (item: T) => void {
  let waiting: T[] | undefined;
  return (item) => {
    if (waiting === undefined) {
      const batch: T[] = (waiting = []);
      setImmediate(() => {
        waiting = undefined;
        flush(batch);
      });
    }
    waiting.push(item);
  };
}
