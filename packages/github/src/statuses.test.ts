import { isUserError } from '@kalypso/core';
import { describe, expect, it } from 'vitest';
import type { GitHubClient } from './client.ts';
import { createCommitStatusWriter } from './statuses.ts';

/** A client whose status call GitHub refuses with `status` (a plain object, no network). */
function refusing(status: number, message: string): GitHubClient {
  const refusal = Object.assign(new Error(message), { status, response: { data: { message } } });
  const octokit = { rest: { repos: { createCommitStatus: () => Promise.reject(refusal) } } };
  return {
    octokit: octokit as unknown as GitHubClient['octokit'],
    tokenInput: 'github-token',
    reporter: { debug() {}, info() {}, warning() {}, error() {}, group: (_, work) => work() },
  } as GitHubClient;
}

describe('createCommitStatusWriter', () => {
  it('turns a status on a commit the repository does not have (422) into a user error', async () => {
    const sha = 'c'.repeat(40);
    const writer = createCommitStatusWriter(
      refusing(422, `No commit found for SHA: ${sha}`),
      'acme/cp',
    );
    const error: unknown = await writer
      .setStatus({ sha, state: 'pending', context: 'Kalypso CI', description: 'Validating' })
      .catch((e: unknown) => e);
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toBe(
      `Setting commit status 'Kalypso CI' on ccccccc in 'acme/cp' failed: 422 No commit found for SHA: ${sha}. Pass a commit of 'acme/cp' (the step's commit input, e.g. \${{ github.sha }}), pushed before the run, or the repository that holds ${sha}.`,
    );
  });
});
