// Appending without spreading. `target.push(...items)` passes every item as one argument of one
// call, and an array of a few hundred thousand items (the lines of a fleet-wide diff) overflows
// the call stack with "RangeError: Maximum call stack size exceeded". Every builder of a preview,
// summary or pull request body appends through `appendAll`; eslint.config.js refuses a spread
// argument in those folders.

/** Appends every item of each source to `target`, one at a time, in order; returns `target`. */
export function appendAll<T>(target: T[], ...sources: readonly Iterable<T>[]): T[] {
  for (const source of sources) for (const item of source) target.push(item);
  return target;
}
