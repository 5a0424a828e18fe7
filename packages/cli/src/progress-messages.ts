// The status lines the CLI shows on a terminal while it works (see terminal.ts).
import type { FetchProgress } from './workload-fetch.ts';

/** "Cloning workload repositories: 2 of 5 done (https://…@main, …)". */
export function cloneProgress(progress: FetchProgress): string {
  const now = progress.cloning.length > 0 ? ` (${progress.cloning.join(', ')})` : '';
  return `Cloning workload repositories: ${progress.done} of ${progress.total} done${now}…`;
}

/** "Rendering environment 'dev'…". */
export function renderProgress(environment: string): string {
  return `Rendering environment '${environment}'…`;
}
