/**
 * "Did you mean" for field names, label keys, kinds and API groups. The work is bounded whatever
 * the input: names longer than `MAX_NAME` are never compared, the edit distance stops as soon as
 * it exceeds its limit, and callers offer at most a few dozen candidates.
 */

/** Names longer than this are not compared (hostile input: keys of any length). */
export const MAX_NAME = 64;

/** Lower case without `-`, `_`, `.` and spaces: `platform_config`, `Platform-Config` → `platformconfig`. */
export function loose(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions and swaps of adjacent
 * characters), or `limit + 1` as soon as it is certain to exceed `limit`. O(a·b) with a, b ≤ MAX_NAME.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length > MAX_NAME || b.length > MAX_NAME) return limit + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** How many edits still make a near miss: 1 for short names, 2 from 5 characters, 3 from 12. */
export function nearLimit(name: string): number {
  return name.length < 5 ? 1 : name.length < 12 ? 2 : 3;
}

/**
 * The candidate `name` most probably meant, or undefined: equal when compared loosely (case and
 * separators), else the closest within `nearLimit`. Ties go to the first candidate (deterministic).
 */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length === 0 || name.length > MAX_NAME) return undefined;
  const looseName = loose(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name || candidate.length > MAX_NAME) continue;
    if (loose(candidate) === looseName) return candidate;
    const limit = nearLimit(candidate);
    const d = Math.min(
      editDistance(name, candidate, limit),
      editDistance(looseName, loose(candidate), limit),
    );
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
