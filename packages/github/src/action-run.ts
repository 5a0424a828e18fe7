import { isUserError } from '@kalypso/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** What a failed run reports: the message, and the stack trace for the debug log, if any. */
export interface FailureReport {
  readonly message: string;
  readonly debugStack?: string;
}

/**
 * How a failure is reported. Every mistake the user can fix is a {@link UserError} (inputs, the
 * control plane, GitHub access, Azure sign-in, …) and speaks for itself: its message, no stack.
 * Anything else is a bug or an outage, so its stack goes to the debug log.
 */
export function failureReport(error: unknown): FailureReport {
  const message = error instanceof Error ? error.message : String(error);
  if (isUserError(error) || !(error instanceof Error) || !error.stack) return { message };
  return { message, debugStack: error.stack };
}

/** The message a failed run reports; the stack of an unexpected error goes to the debug log. */
export function failureMessage(error: unknown): string {
  const { message, debugStack } = failureReport(error);
  if (debugStack) debugLog(debugStack);
  return message;
}
