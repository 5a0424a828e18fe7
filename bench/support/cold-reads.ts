// The reads floor of bench/preview-scale.bench.ts: what any preview of the pull request must read
// before it can render — the environment at the pull request's head and at its base, through the
// preview's own adapters (`controlPlaneSources`: the control plane over git, the workload
// repositories over the API, one `LoadCache`) — in a fresh process, as the action's run reads it
// (its code not yet compiled). The render floor (bench/support/cold-render.ts) is handed its
// sources in memory; a preview has to fetch and parse them first. Then the head's render from
// what was read, with the same `LoadCache`, as the preview renders it: the render after the reads
// (the YAML parser already used by the reads, the files the reads parsed taken from the cache).
// Reads the request (JSON) from the file named by its argument and prints, as its last line, the
// CPU seconds of the two reads and of the render after them (not the process start or the
// imports). Log lines go to stdout, as the action writes them.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoadCache, type Reporter } from '../../packages/core/src/index.ts';
import { renderEnvironment } from '../../packages/core/src/render.ts';
import { createGitHubClient } from '../../packages/github/src/client.ts';
import { readPullRequest } from '../../packages/github/src/pull-request-preview.ts';
import { controlPlaneSources } from '../../packages/github/src/wiring/control-plane.ts';

interface ReadsRequest {
  serverUrl: string;
  apiUrl: string;
  token: string;
  repository: string;
  pullRequest: number;
  environment: string;
}

const request = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ReadsRequest;
const reporter: Reporter = {
  debug: () => {},
  info: (message) => void process.stdout.write(`${message}\n`),
  warning: (message) => void process.stdout.write(`warning: ${message}\n`),
  error: (message) => void process.stdout.write(`error: ${message}\n`),
  group: (_title, work) => work(),
};
const scratch = await mkdtemp(join(tmpdir(), 'bench-cold-reads-'));
try {
  const credentials = { token: request.token, tokenInput: 'github-token' };
  const client = createGitHubClient({ token: request.token, baseUrl: request.apiUrl, reporter });
  // The pull request's commits, read before the window opens: the preview reads them first too,
  // and that request is where the start-up figure ends.
  const pr = await readPullRequest(client, request.repository, request.pullRequest);
  const started = process.cpuUsage();
  const loads = new LoadCache();
  const sources = controlPlaneSources(
    { repository: request.repository, controlPlane: credentials, workloads: credentials },
    { serverUrl: request.serverUrl, apiUrl: request.apiUrl, runUrl: undefined },
    scratch,
    reporter,
    undefined,
    loads,
  );
  const head = await sources.readEnvironment(request.environment, {
    environmentCommit: pr.headCommit,
  });
  const base = await sources.readEnvironment(request.environment, {
    environmentCommit: pr.baseCommit,
  });
  const read = process.cpuUsage(started);
  if (head.sources === undefined || base.sources === undefined)
    throw new Error('bench/cold-reads: the environment did not read');
  const rendering = process.cpuUsage();
  const outcome = renderEnvironment(head.sources, { loads });
  const rendered = process.cpuUsage(rendering);
  if (!outcome.ok) throw new Error('bench/cold-reads: the head did not render');
  process.stdout.write(
    `${JSON.stringify({
      reads: (read.user + read.system) / 1e6,
      render: (rendered.user + rendered.system) / 1e6,
    })}\n`,
  );
} finally {
  await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
}
