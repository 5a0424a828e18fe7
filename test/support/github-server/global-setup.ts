// Starts the local GitHub once per test run, in vitest's main process: test files run in forked
// workers, so their synchronous git calls cannot block the server's event loop.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultToken, startGitHubServer } from './server.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'local-github-'));
  const server = await startGitHubServer({ root });
  project.provide('githubUrl', server.url);
  project.provide('githubToken', defaultToken);
  return async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the local GitHub: REST at `/repos/...`, git at `/<owner>/<repo>.git`. */
    githubUrl: string;
    /** A token with write access to every repository of the local GitHub. */
    githubToken: string;
  }
}
