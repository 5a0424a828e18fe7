import { ControlPlaneError } from '@kalypso/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from './action-inputs.ts';
import { GitHubAccessError } from './errors.ts';
import { debugLog } from './runner-log.ts';

/**
 * Runs `work` in a scratch folder under the runner's temp directory, deleted afterwards whatever
 * happens (it holds fetched repositories).
 */
export async function withScratch<T>(
  action: string,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(process.env.RUNNER_TEMP ?? tmpdir(), `kalypso-${action}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The message a failed run reports. Mistakes the user can fix (inputs, control plane, access)
 * speak for themselves; anything else is a bug or an outage, so its stack goes to the debug log.
 */
export function failureMessage(error: unknown): string {
  const known =
    error instanceof InputError ||
    error instanceof ControlPlaneError ||
    error instanceof GitHubAccessError;
  if (!known && error instanceof Error && error.stack) debugLog(error.stack);
  return error instanceof Error ? error.message : String(error);
}
