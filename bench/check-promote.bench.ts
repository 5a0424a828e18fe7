// `node bench/check-promote.bench.ts`: Resource Graph requests per poll and time per poll of
// check-promote's wait, against the local Resource Graph (test/support/resource-graph) with 2,500
// and 10,000 simulated Flux configurations while they are still rolling out. One JSON line per
// scenario; figures, not assertions. The floor is one bare summary query round trip against the
// same server. The server runs in a child process (this file with `--serve`), so `peakRssMiB` is
// the check's own.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ResourceGraphClient } from '@azure/arm-resourcegraph';
import {
  resolveComplianceTarget,
  waitForCompliance,
  type Clock,
  type Reporter,
} from '@kalypso/core';
import {
  createAzureComplianceSource,
  createAzureCredential,
  fluxSummaryQuery,
  resolveCloud,
} from '../packages/azure/src/index.ts';
import { createCertificate } from '../test/support/resource-graph/certificate.ts';
import type { ClusterSpec, TenantSpec } from '../test/support/resource-graph/protocol.ts';
import { startFakeAzure } from '../test/support/resource-graph/server.ts';

const SCENARIOS = [2500, 10_000];
/** Polls while waiting, then the time-out's one listing. */
const POLLS = 6;
const OLD = '9b1c0d2e3f405162738495a6b7c8d9e0f1a2b3c4';
const NEW = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
const URL_ = 'https://github.com/contoso/hello-world-gitops';
const START = Date.parse('2025-06-03T09:00:00Z');

interface Served {
  httpsUrl: string;
  httpUrl: string;
  caCert: string;
}

async function serve(): Promise<void> {
  const tls = createCertificate();
  const azure = await startFakeAzure(tls);
  process.stdout.write(
    `${JSON.stringify({ httpsUrl: azure.httpsUrl, httpUrl: azure.httpUrl, caCert: tls.cert })}\n`,
  );
  process.stdin.resume();
  process.stdin.on('end', () => {
    void azure.close().then(() => {
      fs.rmSync(tls.dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

async function control(served: Served, method: string, path: string, body?: unknown) {
  const response = await fetch(`${served.httpUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status}`);
  return (await response.json()) as unknown;
}

const quiet: Reporter = {
  debug: () => undefined,
  info: () => undefined,
  warning: (m) => process.stderr.write(`warning: ${m}\n`),
  error: (m) => process.stderr.write(`error: ${m}\n`),
  group: (_t, work) => work(),
};

async function scenario(served: Served, configurations: number): Promise<void> {
  const tenantId = randomUUID();
  const clientId = randomUUID();
  const secret = `secret-${randomUUID()}`;
  const subscriptions = [randomUUID(), randomUUID(), randomUUID()];
  // Half the stores run the merged commit, the other half pick it up only after the bench; one
  // in a hundred of those on the commit is Non-Compliant for a transient reason (within the grace
  // period), the worst case while waiting: every poll then lists those rows too.
  const clusters: ClusterSpec[] = Array.from({ length: configurations }, (_, i) => ({
    name: `store-${String(i).padStart(5, '0')}`,
    subscriptionId: subscriptions[i % subscriptions.length]!,
    resourceGroup: 'rg-edge',
    configurations: [
      { name: 'hello-world', repository: 'hello-world-gitops', url: URL_, branch: 'dev' },
    ],
    pickupSeconds: i % 2 === 0 ? 0 : 86_400,
    reconcileSeconds: 0,
    ...(i % 100 === 0
      ? {
          outcome: {
            kind: 'transient' as const,
            reason: 'DependencyNotReady',
            message: "dependency 'flux-system/infra' is not ready",
            seconds: 86_400,
          },
        }
      : {}),
  }));
  const spec: TenantSpec = {
    tenantId,
    startTime: START,
    applications: [{ clientId, secret, readerScopes: subscriptions }],
    branches: [{ repository: 'hello-world-gitops', branch: 'dev', commit: OLD }],
    clusters,
    quota: { perWindow: 1_000_000, windowSeconds: 5 },
  };
  await control(served, 'POST', '/_control/tenants', spec);
  await control(served, 'POST', `/_control/tenants/${tenantId}/commits`, {
    repository: 'hello-world-gitops',
    branch: 'dev',
    commit: NEW,
  });
  let time = START;
  const clock: Clock = {
    now: () => time,
    sleep: async (ms) => {
      time += ms;
      await control(served, 'PUT', `/_control/tenants/${tenantId}/time`, { now: time });
    },
  };
  const settings = {
    auth: 'client-secret',
    tenantId,
    clientId,
    clientSecret: secret,
    armEndpoint: served.httpsUrl,
    authorityHost: served.httpsUrl,
    ca: served.caCert,
    subscriptions,
  };
  const target = resolveComplianceTarget({ repositoryUrl: URL_, branch: 'dev', commit: NEW });

  // The floor: the same summary query, sent bare with the SDK client (best of three, warm). The
  // clock moves before each, so the server evaluates it afresh as it does for every poll.
  const cloud = resolveCloud(settings);
  const credential = createAzureCredential({
    ...settings,
    auth: 'client-secret',
    cloud,
    clock,
    reporter: quiet,
  });
  const bare = new ResourceGraphClient(credential, {
    endpoint: served.httpsUrl,
    tlsOptions: { ca: served.caCert },
    retryOptions: { maxRetries: 0 },
  });
  const query = fluxSummaryQuery(target);
  let floorSeconds = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i += 1) {
    await clock.sleep(1);
    const started = performance.now();
    await bare.resources({ query, subscriptions, options: { resultFormat: 'objectArray' } });
    floorSeconds = Math.min(floorSeconds, (performance.now() - started) / 1000);
  }

  const source = createAzureComplianceSource(settings, { clock, reporter: quiet });
  await source.summarize(target); // sign-in, outside the measured polls
  const started = performance.now();
  const outcome = await waitForCompliance({
    source,
    clock,
    reporter: quiet,
    target,
    timeoutSeconds: (POLLS - 1) * 30,
    pollIntervalSeconds: 30,
    gracePeriodSeconds: 3600,
  });
  const seconds = (performance.now() - started) / 1000 / outcome.polls;
  if (outcome.verdict.status !== 'timed-out' || outcome.verdict.counts.total !== configurations)
    throw new Error(
      `check-promote-${configurations}: unexpected verdict ${outcome.verdict.summary}`,
    );
  await control(served, 'DELETE', `/_control/tenants/${tenantId}`);
  const line = {
    scenario: `check-promote-${configurations}`,
    configurations,
    requestsPerPoll: outcome.maxRequestsPerPoll,
    polls: outcome.polls,
    requests: outcome.requests,
    seconds: round(seconds),
    floorSeconds: round(floorSeconds),
    ratio: round(seconds / floorSeconds, 2),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  console.log(JSON.stringify(line));
}

function round(value: number, digits = 4): number {
  return Number(value.toFixed(digits));
}

async function main(): Promise<void> {
  const server = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const served = await new Promise<Served>((resolve, reject) => {
    let buffered = '';
    server.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline >= 0) resolve(JSON.parse(buffered.slice(0, newline)) as Served);
    });
    server.on('exit', (code) => reject(new Error(`local Resource Graph exited with ${code}`)));
  });
  try {
    for (const configurations of SCENARIOS) await scenario(served, configurations);
  } finally {
    server.stdin.end();
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
