// The locks file of an environment branch (`.kalypso/locks.yaml`, docs/decisions/promotion-locks.md)
// through the REST contents API, for check-promote's `onFailure` (docs/decisions/auto-revert.md).
import { LOCKS_PATH, type EnvironmentLocks } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure, isHttpFailure } from './errors.ts';

/**
 * Reads the locks file with its blob id and writes it back as one commit on the environment
 * branch, replacing exactly the version read (GitHub refuses the write with 409 when the file
 * changed meanwhile: the run then reports it, nothing is overwritten).
 */
export function createEnvironmentLocks(client: GitHubClient, repository: string): EnvironmentLocks {
  const [owner = '', repo = ''] = repository.split('/');
  const read = new Map<string, string | undefined>();
  const failure = (activity: string, permission: string, error: unknown) =>
    describeFailure(error, { activity, repository, permission, tokenInput: client.tokenInput });
  return {
    async read(environment) {
      try {
        const { data } = await client.octokit.rest.repos.getContent({
          owner,
          repo,
          path: LOCKS_PATH,
          ref: environment,
        });
        if (Array.isArray(data) || data.type !== 'file' || !('content' in data))
          throw new Error(`'${LOCKS_PATH}' on '${environment}' is not a file.`);
        read.set(environment, data.sha);
        return Buffer.from(data.content, 'base64').toString('utf8');
      } catch (error) {
        if (isHttpFailure(error) && error.status === 404) {
          read.set(environment, undefined);
          return undefined;
        }
        throw failure(`Reading '${LOCKS_PATH}' on '${environment}'`, 'contents: read', error);
      }
    },
    async write(environment, text, message) {
      const sha = read.get(environment);
      try {
        await client.octokit.rest.repos.createOrUpdateFileContents({
          owner,
          repo,
          path: LOCKS_PATH,
          branch: environment,
          message,
          content: Buffer.from(text, 'utf8').toString('base64'),
          ...(sha ? { sha } : {}),
        });
      } catch (error) {
        throw failure(`Writing '${LOCKS_PATH}' on '${environment}'`, 'contents: write', error);
      }
    },
  };
}
