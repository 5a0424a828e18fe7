import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './test/support/long-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'actions/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: [
      './test/support/github-server/global-setup.ts',
      './test/support/resource-graph/global-setup.ts',
    ],
    pool: 'forks',
    // Most test files wait on git, the local servers and child processes rather than compute:
    // with three workers two cores were busy 70 % of the run (CPU 26 min in 18.6 min of wall);
    // four keep them busier (vitest's default is one worker per core, less one).
    maxWorkers: 4,
    // The long files first (end-to-end, then integration), so that none of them starts last.
    sequence: { sequencer: LongFirstSequencer },
    // GitHub's workflow parser imports its JSON schema without an import attribute; let Vite load it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    // Integration tests run several action processes each; on a 2-core machine loaded by other
    // work a test that takes 20 s quiet can take over a minute. The limit only stops a hang.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
