// Problems as the CLI prints them: the same message found at many places (a ConfigMap label typo
// fails the same ConfigSchema on every assignment) is printed once, with a count and a bounded
// list of where. `--format json` still lists every problem.
import { formatProblem, type Problem } from '@kalypso/core';
import { paint, type Paint } from './terminal.ts';

/** Places listed under a repeated problem before "and N more". */
export const SHOWN_PLACES = 5;

/** Problems with the same severity and message, in the order they were first found. */
export interface ProblemGroup {
  readonly problems: readonly [Problem, ...Problem[]];
}

export function groupProblems(problems: readonly Problem[]): ProblemGroup[] {
  const groups = new Map<string, [Problem, ...Problem[]]>();
  for (const problem of problems) {
    const key = `${problem.severity ?? 'error'}\n${problem.message}`;
    const group = groups.get(key);
    if (group) group.push(problem);
    else groups.set(key, [problem]);
  }
  return [...groups.values()].map((p) => ({ problems: p }));
}

/** `file:line`, `file`, or `(no file)`. */
function place(problem: Problem): string {
  if (!problem.file) return '(no file)';
  return problem.line ? `${problem.file}:${problem.line}` : problem.file;
}

/**
 * One group as text: the first problem in full (`file:line: Kind 'name': message`, later lines
 * indented), then for a repeated one `(×13: file:line, file:line, …, and 8 more)`, or, when the
 * places are different objects, one `file:line: object` per line.
 */
export function formatProblemGroup(
  group: ProblemGroup,
  options: { readonly prefix?: string; readonly paint?: Paint } = {},
): string {
  const colors = options.paint ?? paint(false);
  const [first, ...rest] = group.problems;
  const head = `${options.prefix ?? ''}${formatProblem(first).replaceAll('\n', '\n    ')}`;
  if (rest.length === 0) return head;
  const count = colors.bold(`×${group.problems.length}`);
  const more = group.problems.length - SHOWN_PLACES;
  const tail = more > 0 ? `, and ${more} more` : '';
  if (rest.every((p) => p.object === first.object)) {
    const places = group.problems.slice(0, SHOWN_PLACES).map(place).join(', ');
    return `${head}\n    (${count}: ${places}${tail})`;
  }
  const lines = rest
    .slice(0, SHOWN_PLACES - 1)
    .map((p) => `      ${place(p)}${p.object ? `: ${p.object}` : ''}`);
  if (more > 0) lines.push(`      and ${more} more`);
  return [head, `    (${count} in all; also at:`, ...lines].join('\n') + ')';
}

/** Every group of `problems`, one text block each. */
export function formatProblems(
  problems: readonly Problem[],
  options: { readonly prefix?: string; readonly paint?: Paint } = {},
): string[] {
  return groupProblems(problems).map((group) => formatProblemGroup(group, options));
}

/** "13 problems found (2 different)" — the count line after a list of problems. */
export function problemCount(problems: readonly Problem[], what = 'found'): string {
  const n = problems.length;
  const distinct = groupProblems(problems).length;
  return `${n} problem${n === 1 ? '' : 's'} ${what}${distinct < n ? ` (${distinct} different)` : ''}`;
}
