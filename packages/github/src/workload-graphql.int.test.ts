// When the run may take the thread after starting the workload listings: `GraphqlReads.listingsSent`
// settles once the HTTP client made the listing queries' requests, before any answer
// (docs/decisions/workload-reads-over-rest.md, "the parse after the listing queries are sent").
import diagnostics from 'node:diagnostics_channel';
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { loggingReporter } from '../../../test/support/workload-reader.ts';
import { createGitHubClient } from './client.ts';
import { GraphqlReads } from './workload-graphql.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

describe('GraphqlReads.listingsSent', () => {
  it('settles once a request of every listing query is made, before any is answered', async () => {
    const repositories = await Promise.all(
      Array.from({ length: 25 }, () => github.createRepo({ files: { 'a.yaml': 'a: 1\n' } })),
    );
    const client = createGitHubClient({
      token,
      baseUrl: github.url,
      reporter: loggingReporter([]),
      tokenInput: 'workload-token',
      retries: 0,
      readOnly: true,
    });
    const reads = new GraphqlReads(client);
    const made: string[] = [];
    const onRequest = (message: unknown) => {
      const { request } = message as { request: { path: string } };
      made.push(request.path);
    };
    diagnostics.subscribe('undici:request:create', onRequest);
    try {
      let answered = 0;
      // 25 branches: two listing queries (20 a query).
      const listings = repositories.map(({ fullName }) =>
        reads.list(fullName, 'main', '').then((listing) => {
          answered += 1;
          return listing;
        }),
      );
      await reads.listingsSent;
      expect(made.filter((path) => path.endsWith('/graphql'))).toHaveLength(2);
      expect(answered).toBe(0);
      const listed = await Promise.all(listings);
      expect(listed.map((l) => l?.entries.map((e) => e.path))).toEqual(
        repositories.map(() => ['a.yaml']),
      );
    } finally {
      diagnostics.unsubscribe('undici:request:create', onRequest);
    }
  });
});
