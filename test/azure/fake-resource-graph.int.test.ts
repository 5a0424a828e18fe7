import { afterEach, describe, expect, it } from 'vitest';
import { ResourceGraphClient, isRestError } from '@azure/arm-resourcegraph';
import { createAzureCredential, resolveCloud } from '../../packages/azure/src/index.ts';
import { fakeAzure, type World } from '../support/resource-graph/client.ts';
import { cluster, createWorld } from './world-fixtures.ts';

let world: World | undefined;
afterEach(async () => {
  await world?.dispose();
  world = undefined;
});

async function client(
  clusterNames = ['store-001'],
): Promise<{ client: ResourceGraphClient; w: World }> {
  const w = await createWorld({
    clusters: ([s]) => clusterNames.map((name) => cluster(name, s!, { pickupSeconds: 0 })),
  });
  world = w;
  const { httpsUrl, caCert } = fakeAzure();
  const cloud = resolveCloud({ armEndpoint: httpsUrl, authorityHost: httpsUrl });
  const credential = createAzureCredential({
    auth: 'client-secret',
    cloud,
    tenantId: w.tenantId,
    clientId: w.clientId,
    clientSecret: w.clientSecret,
    clock: w.clock,
    reporter: w.reporter,
    ca: caCert,
  });
  return {
    client: new ResourceGraphClient(credential, {
      endpoint: httpsUrl,
      tlsOptions: { ca: caCert },
      retryOptions: { maxRetries: 0 },
    }),
    w,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to be rejected');
}

describe('the local Resource Graph', () => {
  it.each([
    ['kubernetesconfigurationresources | summarize make_set(name)', 'UnknownFunction'],
    ['kubernetesconfigurationresources | top 5 by name', 'ParserFailure'],
    ['kubernetesconfigurationresources | where isnotempty(name)', 'UnknownFunction'],
    ['resources | take 1', 'ParserFailure'],
    ['securityresources', 'UnknownTable'],
    [
      "kubernetesconfigurationresources | where nosuchcolumn == 'x'",
      'FailedToResolveScalarExpression',
    ],
  ])('rejects %j loudly as an invalid query', async (query, code) => {
    const { client: rg, w } = await client();
    const error = await rejection(
      rg.resources({
        query,
        subscriptions: w.subscriptions,
        options: { resultFormat: 'objectArray' },
      }),
    );
    expect(isRestError(error) && error.statusCode).toBe(400);
    expect(JSON.stringify((error as { details?: unknown }).details)).toContain(code);
  });

  it('evaluates projections, case-insensitive comparison and ordering, and answers the real response shape', async () => {
    const { client: rg, w } = await client();
    const page = await rg.resources({
      query:
        "kubernetesconfigurationresources | where type =~ 'Microsoft.KubernetesConfiguration/fluxConfigurations' | project id, state = tostring(properties.complianceState) | order by id asc",
      subscriptions: w.subscriptions,
      options: { top: 10, resultFormat: 'objectArray' },
    });
    expect(page).toMatchObject({
      totalRecords: 1,
      count: 1,
      resultTruncated: 'false',
      data: [{ state: 'Compliant' }],
    });
    expect(page.skipToken).toBeUndefined();
  });

  it('summarizes with count, countif, dcount and sum, by columns or over everything', async () => {
    const { client: rg, w } = await client(['a', 'b', 'c']);
    const grouped = await rg.resources({
      query:
        "kubernetesconfigurationresources | extend c = extract(@'connectedClusters/([^/]+)', 1, id) | extend big = c != 'a' | summarize count(), n = countif(big), d = dcount(c) by big | order by big asc",
      subscriptions: w.subscriptions,
      options: { resultFormat: 'objectArray' },
    });
    expect(grouped.data).toEqual([
      { big: false, count_: 1, n: 0, d: 1 },
      { big: true, count_: 2, n: 2, d: 2 },
    ]);
    const total = await rg.resources({
      query:
        "kubernetesconfigurationresources | where name == 'none' | summarize total = count(), s = sum(total)",
      subscriptions: w.subscriptions,
      options: { resultFormat: 'objectArray' },
    });
    expect(total).toMatchObject({ totalRecords: 1, resultTruncated: 'false' });
  });

  it('cannot page without the id column, and says so with resultTruncated', async () => {
    const { client: rg, w } = await client(['a', 'b']);
    const page = await rg.resources({
      query: 'kubernetesconfigurationresources | project name',
      subscriptions: w.subscriptions,
      options: { top: 1, resultFormat: 'objectArray' },
    });
    expect(page).toMatchObject({ totalRecords: 2, count: 1, resultTruncated: 'true' });
    expect(page.skipToken).toBeUndefined();
  });
});
