// `npm run test:unit`: the pure tests only: no local GitHub, no local Resource Graph, no bundles
// driven against servers. Integration (`*.int.test.ts`) and end-to-end (`*.e2e.test.ts`) suites
// need the servers of vitest.config.ts and run in `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'actions/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      '**/*.int.test.ts',
      '**/*.e2e.test.ts',
      // adapter tests that talk to the local GitHub (inject('githubUrl')) under a plain name
      'packages/github/src/client.test.ts',
      'packages/github/src/git.test.ts',
    ],
    pool: 'forks',
    // GitHub's workflow parser imports its JSON schema without an import attribute; let Vite load it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    testTimeout: 30_000,
  },
});
