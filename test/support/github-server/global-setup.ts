// Starts the local GitHub once per test run, in a process of its own (process.ts): not in the
// workers, whose synchronous git calls would block its event loop, and not in vitest's main
// process, whose large heap made every git process the server starts costly to fork. Every REST
// answer it gives during the run is held to GitHub's OpenAPI description (contract.ts); the
// teardown fails the run on any mismatch, naming the operation, the status and the JSON path.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { formatMismatch } from './contract.ts';
import { startGitHubServerProcess } from './process.ts';
import { defaultToken } from './server-state.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'local-github-'));
  const server = await startGitHubServerProcess({ root, contract: true });
  project.provide('githubUrl', server.url);
  project.provide('githubToken', defaultToken);
  return async () => {
    const { mismatches } = await server.close();
    await rm(root, { recursive: true, force: true });
    if (mismatches.length > 0) {
      throw new Error(
        `The local GitHub answered ${mismatches.length === 50 ? '50 or more times' : `${mismatches.length} time(s)`} unlike GitHub's OpenAPI description (@octokit/openapi); fix the server (test/support/github-server/):\n` +
          mismatches.map((m) => `- ${formatMismatch(m)}`).join('\n'),
      );
    }
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
