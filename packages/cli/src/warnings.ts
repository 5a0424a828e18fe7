import { formatProblem, type Problem } from '@kalypso/core';

/** Prints warnings on stderr as `warning: [<environment>: ]file:line: …`, continuation lines indented. */
export function printWarnings(warnings: readonly Problem[], environment?: string): void {
  const prefix = environment === undefined ? '' : `${environment}: `;
  for (const w of warnings)
    console.error(`warning: ${prefix}${formatProblem(w).replaceAll('\n', '\n    ')}`);
}
