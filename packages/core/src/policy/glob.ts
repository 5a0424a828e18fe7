/**
 * Whether `name` matches a glob with `*` (any run of characters, also empty) and `?` (one
 * character); every other character matches itself. Linear-time wildcard matching without regular
 * expressions, so a hostile pattern (`a*a*a*a*b`) cannot make it backtrack exponentially.
 */
export function matchesGlob(pattern: string, name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === name[n])) {
      p++;
      n++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = n;
    } else if (star >= 0) {
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
