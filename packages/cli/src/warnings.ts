import type { Problem } from '@kalypso/core';
import { formatProblems } from './problem-groups.ts';
import type { Terminal } from './terminal.ts';

/**
 * Prints warnings on stderr as `warning: [<environment>: ]file:line: …`, continuation lines
 * indented, the same warning at many places once with a count.
 */
export function printWarnings(
  warnings: readonly Problem[],
  terminal: Terminal,
  environment?: string,
): void {
  if (warnings.length === 0) return;
  terminal.progress.clear();
  const prefix = `${terminal.err.yellow('warning:')} ${environment === undefined ? '' : `${environment}: `}`;
  for (const text of formatProblems(warnings, { prefix, paint: terminal.err })) console.error(text);
}
