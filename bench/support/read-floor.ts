// The reads a schedule run cannot skip, alone (bench/schedule.bench.ts: `readFloorSeconds`), in
// a process of its own as the action runs, through the action's own adapters
// (`schedulePorts`): the environment branch and `main` at the promoted commit, every workload
// repository (listed, then its files read, as a run that renders reads them), and the GitOps
// tips (heads, trees and the noted proposal). Nothing is parsed beyond what the reads need,
// nothing rendered, fetched from the GitOps trees or written. The git floor does none of this: its
// inputs are on the disk already. Then, in the same process, what a run must do with those inputs
// before it can render anything: load them (parse every file, build the view) and schedule them
// (`scheduleEnvironmentSources`, as the action does).
//   node bench/support/read-floor.ts <server-url> <token> <control-plane> <environment> <gitops>
// Prints one JSON line: the seconds from the first read to the last, the seconds of the load and
// the schedule after them, the assignments scheduled, and how many workload repositories were
// read.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reporter } from '@kalypso/core';
import { schedulePorts } from '@kalypso/github';
import { scheduleEnvironmentSources } from '../../packages/core/src/render/render-environment.ts';

const [serverUrl, token, controlPlane, environment, gitops] = process.argv.slice(2);
if (!serverUrl || !token || !controlPlane || !environment || !gitops)
  throw new Error(
    'usage: read-floor.ts <server-url> <token> <control-plane> <environment> <gitops>',
  );

const quiet: Reporter = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  group: (_title, work) => work(),
};
const scratch = await mkdtemp(join(tmpdir(), 'read-floor-'));
try {
  const credentials = { token, tokenInput: 'github-token' };
  const ports = schedulePorts(
    {
      repository: controlPlane,
      controlPlane: credentials,
      workloads: credentials,
      gitops: credentials,
    },
    { serverUrl, apiUrl: serverUrl, runUrl: undefined },
    scratch,
    quiet,
  );
  const started = performance.now();
  const [read, tips] = await Promise.all([
    ports.sources
      .readEnvironment(environment, undefined, { deferBlobs: true })
      .then((listed) => listed.readDeferred?.() ?? listed),
    ports
      .openGitOps(gitops)
      .then(({ repository }) =>
        repository.renderIndex?.tips?.(environment, `kalypso/${environment}`),
      ),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const sources = read.sources;
  if (sources === undefined || read.problems.length > 0 || tips?.proposal === undefined)
    throw new Error(`read-floor: the reads failed: ${JSON.stringify(read.problems)}`);
  const loadStarted = performance.now();
  const scheduled = scheduleEnvironmentSources(sources);
  const scheduleSeconds = (performance.now() - loadStarted) / 1000;
  if (scheduled.problems.length > 0)
    throw new Error(`read-floor: the schedule failed: ${JSON.stringify(scheduled.problems)}`);
  console.log(
    JSON.stringify({
      seconds,
      scheduleSeconds,
      assignments: scheduled.assignments.length,
      workloads: sources.workloads.length,
    }),
  );
} finally {
  await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
}
