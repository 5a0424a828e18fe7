// `node bench/check-promote-statuses.bench.ts`: check-promote's commit-status evidence against the
// local GitHub (test/support/github-server, in its own process) with 1,000 and 10,000 status
// contexts on the GitOps commit: requests and seconds per poll, the first poll (inventory and
// every page answered 200) and the next ones (every unchanged page answered 304). The floor is the
// same number of bare conditional page requests (fetch, no Octokit, no mapping) against the same
// server in the same run. One JSON line per scenario; figures, not assertions.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveComplianceTarget, type Reporter } from '@kalypso/core';
import { createStatusComplianceSource } from '../packages/github/src/status-evidence.ts';
import { LocalGitHub } from '../test/support/github-server/client.ts';
import { startGitHubServerProcess } from '../test/support/github-server/process.ts';
import { defaultToken } from '../test/support/github-server/server-state.ts';

const SCENARIOS = [1000, 10_000];
const POLLS = 5;

const quiet: Reporter = {
  debug: () => undefined,
  info: () => undefined,
  warning: (m) => process.stderr.write(`warning: ${m.slice(0, 200)}\n`),
  error: (m) => process.stderr.write(`error: ${m}\n`),
  group: (_t, work) => work(),
};

const scratch = await mkdtemp(join(tmpdir(), 'kalypso-bench-statuses-'));
const server = await startGitHubServerProcess({ root: join(scratch, 'github') });
const github = new LocalGitHub(server.url);
try {
  for (const contexts of SCENARIOS) await scenario(contexts);
} finally {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
}

async function scenario(contexts: number): Promise<void> {
  const name = (i: number) => `c${String(i).padStart(5, '0')}`;
  // Every cluster in the inventory; all but the last report, and one CI status makes the
  // contexts `contexts`: the check waits for the silent cluster.
  const inventory = `clusters:\n${Array.from({ length: contexts }, (_, i) => `  - {name: ${name(i)}, clusterType: drone}\n`).join('')}`;
  const repo = await github.createRepo({ files: { '.kalypso/clusters.yaml': inventory } });
  const commit = repo.heads.main!;
  for (let start = 0; start < contexts; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, contexts - start) }, (_, k) =>
        fetch(`${server.url}/repos/${repo.fullName}/statuses/${commit}`, {
          method: 'POST',
          headers: { authorization: `token ${defaultToken}` },
          body: JSON.stringify({
            state: 'success',
            context:
              start + k === contexts - 1
                ? 'ci/build'
                : `kalypso/drone/${name(start + k)}/kustomization/apps`,
            description: 'reconciliation succeeded',
          }),
        }).then((r) => {
          if (r.status !== 201) throw new Error(`posting a status: ${r.status}`);
        }),
      ),
    );
  }
  const target = resolveComplianceTarget({
    repositoryUrl: `${server.url}/${repo.fullName}`,
    branch: 'main',
    commit,
  });
  const source = createStatusComplianceSource(
    {
      pattern: 'kalypso/{clusterType}/{cluster}/*',
      expected: 'inventory',
      inventoryFile: '.kalypso/clusters.yaml',
    },
    { token: defaultToken, tokenInput: 'github-token', apiUrl: server.url, serverUrl: server.url },
    quiet,
  );
  const polls: { requests: number; seconds: number }[] = [];
  for (let poll = 0; poll < POLLS; poll += 1) {
    const started = performance.now();
    const summary = await source.summarize(target);
    await source.listConfigurations(target, { which: 'pending', limit: 200 });
    polls.push({ requests: summary.requests, seconds: (performance.now() - started) / 1000 });
  }
  const statuses = (await github.state(repo.fullName)).requests
    .filter((r) => r.route === '/repos/{owner}/{repo}/commits/{ref}/status')
    .map((r) => r.status);
  // Floor: the same pages asked bare, with the ETags just answered.
  const pages = Math.ceil(contexts / 100);
  const etags: string[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const r = await fetch(
      `${server.url}/repos/${repo.fullName}/commits/${commit}/status?per_page=100&page=${page}`,
      { headers: { authorization: `token ${defaultToken}` } },
    );
    etags.push(r.headers.get('etag') ?? '');
    await r.arrayBuffer();
  }
  const floorStarted = performance.now();
  for (let page = 1; page <= pages; page += 1) {
    const r = await fetch(
      `${server.url}/repos/${repo.fullName}/commits/${commit}/status?per_page=100&page=${page}`,
      { headers: { authorization: `token ${defaultToken}`, 'if-none-match': etags[page - 1]! } },
    );
    await r.arrayBuffer();
  }
  const floorSeconds = (performance.now() - floorStarted) / 1000;
  const warm = polls.slice(1);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  console.log(
    JSON.stringify({
      scenario: 'check-promote-statuses',
      contexts,
      firstPoll: { requests: polls[0]!.requests, seconds: round(polls[0]!.seconds) },
      requestsPerPoll: Math.max(...warm.map((p) => p.requests)),
      secondsPerPoll: round(warm.reduce((n, p) => n + p.seconds, 0) / warm.length),
      answers: {
        ok: statuses.filter((s) => s === 200).length,
        notModified: statuses.filter((s) => s === 304).length,
      },
      floor: { requests: pages, secondsPerPoll: round(floorSeconds) },
    }),
  );
}
