// `npm run demo`: the whole promotion of the embedded sample, live. Starts a local GitHub (real git
// repositories) and a local Azure Resource Graph with a simulated fleet, seeds the Frostvale
// Resorts control plane, previews a pull request into stage that changes one config value (the
// preview action, as on a pull request) and merges it, registers a new workload on main, and runs
// the example workflows' steps from the committed action bundles until prod is deployed.
// `--freeze` freezes prod: the promotion is held there until the sweeper releases it;
// `--failure` makes a stage cluster fail; `--evidence commit-statuses` has the clusters report as
// commit statuses, with no Azure (test/e2e/demo-status-evidence.ts); `--help` prints the usage.
// It ends with the ledger view, `kalypso status`: which main commit runs in which environment.
// The resulting repositories are left in demo-output/repos for `git log`.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { LocalGitHub as LocalGitHubClient } from '../support/github-server/client.ts';
import type { DriverOptions } from './driver.ts';
import type { PromotionWorld } from './promotion-world.ts';

const USAGE = `Usage: npm run demo -- [--failure] [--freeze] [--evidence <source>] [--out <dir>]

Promotes a new workload of the sample control plane (examples/control-plane) dev → stage → prod
on a local GitHub and a local Azure Resource Graph with a simulated fleet, running the example
workflows' steps with the committed action bundles, and narrates every step.

Options:
  --failure     make a stage cluster fail: stage is marked "Failed to deploy", prod is never touched
  --freeze      a freeze on prod in main's promotion chain: prod's promotion is held ("Held: …"),
                the freeze is ended on main, the sweeper releases it and prod is deployed
  --evidence <source>
                azure-resource-graph (default): check-promote asks the local Resource Graph;
                commit-statuses: the clusters' Flux posts commit statuses on the GitOps commit
                and check-promote reads them, no Azure asked
  --out <dir>   where to leave the resulting repositories, in <dir>/repos (default: demo-output)
  -h, --help    print this help
`;

const values = (() => {
  try {
    return parseArgs({
      options: {
        failure: { type: 'boolean', default: false },
        freeze: { type: 'boolean', default: false },
        evidence: { type: 'string', default: 'azure-resource-graph' },
        out: { type: 'string', default: 'demo-output' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`demo: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const { demoEvidence, evidenceIntroduction, evidenceReport } =
  await import('./demo-status-evidence.ts');
const chosen = demoEvidence(values.evidence);
if ('error' in chosen) {
  process.stderr.write(`demo: ${chosen.error}\n\n${USAGE}`);
  process.exit(2);
}
const { evidence } = chosen;

// Loaded once the arguments are known, so that --help and usage errors answer at once.
const { LocalGitHub } = await import('../support/github-server/client.ts');
const { runAction } = await import('../support/run-action.ts');
const { defaultToken, startGitHubServer } = await import('../support/github-server/server.ts');
const { createCertificate } = await import('../support/resource-graph/certificate.ts');
const { startFakeAzure } = await import('../support/resource-graph/server.ts');
const { driverFor, settle } = await import('./promotion-run.ts');
const { frozenChain, releaseFrozenProd } = await import('./freeze-scenario.ts');
const { createPromotionWorld } = await import('./promotion-world.ts');
const { failingStageCluster, groomingRegistration, groomingWorkload } =
  await import('./scenario-data.ts');
const outDir = resolve(values.out);
const started = Date.now();
const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)}s`;
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s`;
const say = (line: string) => process.stdout.write(`${clearLine()}${elapsed()}  ${line}\n`);
const interactive = process.stdout.isTTY === true;
const clearLine = () => (interactive ? '\r\x1b[2K' : '');

const gitRoot = mkdtempSync(join(tmpdir(), 'kalypso-demo-git-'));
const tls = createCertificate();
const github = await startGitHubServer({ root: gitRoot });
const azure = await startFakeAzure(tls);
let world: PromotionWorld | undefined;
try {
  say(`Local GitHub at ${github.url}, local Azure Resource Graph at ${azure.httpsUrl}`);
  const endpoints = {
    githubUrl: github.url,
    githubToken: defaultToken,
    azure: { httpsUrl: azure.httpsUrl, httpUrl: azure.httpUrl, caCertPath: tls.certPath },
  };
  const failure = values.failure ? failingStageCluster : undefined;
  world = await createPromotionWorld(endpoints, {
    pickupSeconds: 1,
    reconcileSeconds: 0.5,
    ...(failure ? { outcomes: failure } : {}),
    ...(values.freeze
      ? {
          promotionChain: (environments: readonly string[]) =>
            frozenChain(environments, new Date(), new Date(Date.now() + 30 * 86_400_000)),
        }
      : {}),
    evidence,
  });
  say(
    `Seeded ${world.controlPlane} (main + ${world.environments.join(', ')}), ${world.gitops}, and the teams' repositories; every environment runs main@${world.mainCommit.slice(0, 7)}.`,
  );
  if (evidence === 'commit-statuses') for (const line of evidenceIntroduction(world)) say(line);
  const seeded = Date.now();

  let spinner: NodeJS.Timeout | undefined;
  // While check-promote waits for the fleet, show that time passes (interactive terminals only).
  const onStep = (
    phase: 'start' | 'end',
    step: { label: string; environment: string | undefined },
  ) => {
    if (!interactive || !/Wait until every cluster/.test(step.label)) return;
    clearInterval(spinner);
    if (phase === 'end') return void process.stdout.write(clearLine());
    const frames = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';
    const since = Date.now();
    let i = 0;
    spinner = setInterval(() => {
      const waited = ((Date.now() - since) / 1000).toFixed(0);
      process.stdout.write(
        `${clearLine()}${elapsed()}  ${frames[i++ % frames.length]} clusters of ${step.environment ?? '?'} reconciling the merged commit… ${waited}s`,
      );
    }, 120);
  };
  const live = driverFor(world, endpoints, { narrate: say, onStep, explainRun });
  await live.snapshot();
  const local = new LocalGitHub(github.url);
  // Requests from here on are the promotion's (seeding the repositories does not count).
  const seedRequests = new Map<string, number>();
  for (const name of [
    'control-plane',
    'platform-gitops',
    'lift-ops',
    'guest-services',
    'platform-services',
  ]) {
    const repo = `${world.owner}/${name}`;
    seedRequests.set(repo, (await local.state(repo)).requests.length);
  }

  // Before it merges: a pull request into stage that changes one config value, previewed.
  const previewStarted = Date.now();
  await previewStagePullRequest(local, world, endpoints.githubToken);
  await live.mergeOpenPullRequests(world.controlPlane, /^rename-web-eastus$/);
  const previewEnded = Date.now();

  // An application team ships a new workload; the platform team registers it on main.
  await local.commit(`${world.owner}/lift-ops`, {
    branch: 'main',
    files: { 'grooming/workload.yaml': groomingWorkload(github.url, world.owner) },
    message: 'Grooming planner workload',
  });
  // The promotion's time runs from the push to main until every run it caused has ended.
  const promotionStarted = Date.now();
  const promoted = await live.humanPush(
    world.controlPlane,
    'main',
    { 'workloads/snow-grooming.yaml': groomingRegistration(github.url, world.owner) },
    'Register the snow-grooming planner',
  );
  await settle(live, world);
  const frozen = values.freeze
    ? await releaseFrozenProd(live, world!, local, promoted, say, () => settle(live, world!))
    : undefined;
  const promotionEnded = Date.now();

  // Counted first: the table below reads the GitOps branches through the API as well.
  const requestLog = [];
  for (const name of [
    'control-plane',
    'platform-gitops',
    'lift-ops',
    'guest-services',
    'platform-services',
  ]) {
    requestLog.push(...(await local.state(`${world.owner}/${name}`)).requests);
  }
  // Leave out what the driver itself asks while playing GitHub (listing branches, merging as the
  // reviewer): only the actions' requests count.
  const actions = requestLog.filter((r) => !/matching-refs|\/merge$/.test(r.route));
  if (process.env.KALYPSO_DEMO_ROUTES) {
    const byRoute = new Map<string, number>();
    for (const r of actions)
      byRoute.set(
        `${r.kind} ${r.method} ${r.route}`,
        (byRoute.get(`${r.kind} ${r.method} ${r.route}`) ?? 0) + 1,
      );
    for (const [route, count] of [...byRoute].sort((a, b) => b[1] - a[1]))
      console.log(`${String(count).padStart(5)}  ${route}`);
  }
  const rest = actions.filter((r) => r.kind !== 'git').length;
  const gitHubRequests = `${rest} REST/GraphQL + ${actions.length - rest} git`;
  const resourceGraphRequests = await world.resourceGraphRequests();
  // The final table: one row per environment.
  const statuses = (await local.state(world.controlPlane)).statuses
    .filter((s) => s.sha === promoted)
    .sort((a, b) => a.id - b.id);
  const latest = new Map(
    statuses.map((s) => [s.context, `${s.state} ${s.description ?? ''}`.trim()]),
  );
  say('');
  const rows = [['environment', 'promoted commit', 'GitOps commit', 'state']];
  for (const env of world.environments) {
    const gitopsHead = (await local.log(world.gitops, env))[0]!;
    const tracked = await trackedCommit(github.url, world.gitops, env, endpoints.githubToken);
    rows.push([
      env,
      tracked.slice(0, 7),
      gitopsHead.sha.slice(0, 7),
      latest.get(`${env} environment`) ?? 'not started',
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const [i, row] of rows.entries()) {
    console.log(`  ${row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}`);
    if (i === 0) console.log(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  }
  for (const run of live.runs.filter((r) => r.conclusion === 'failure')) {
    // The verdict paragraph of the failed job's summary names the cluster and the failing object.
    const verdict = run.summaries
      .flatMap((text) => text.split('\n'))
      .find((line) => line.trim() !== '' && !line.startsWith('#'));
    console.log(
      `\n✗ ${run.workflow} / ${run.job} (${run.event.inputs?.environment ?? run.event.branch}): ${verdict ?? 'failed'}`,
    );
  }
  if (evidence === 'commit-statuses')
    console.log(`\n${(await evidenceReport(local, world)).join('\n')}`);
  // The ledger view: `kalypso status` (the built CLI) reads the deployments ledger the actions
  // wrote on the control-plane repository, as a platform engineer would after the promotion.
  console.log(`\n$ kalypso status --repo ${world.controlPlane} --api-url ${github.url}\n`);
  // Asynchronously: the local GitHub answers from this very process.
  const status = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [
        join(resolve(import.meta.dirname, '..', '..'), 'dist', 'cli', 'kalypso.mjs'),
        ...['status', '--repo', world!.controlPlane, '--api-url', github.url, '--no-color'],
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, GITHUB_TOKEN: endpoints.githubToken },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  console.log(status.stdout.trimEnd());
  if (status.code !== 0) console.log(`kalypso status exited ${status.code}: ${status.stderr}`);
  const reposDir = join(outDir, 'repos');
  console.log(
    `\nThe promotion of main@${promoted.slice(0, 7)} ran in ${seconds(promotionStarted, promotionEnded)}, from the push to main until the last check ended; ${live.runs.length} jobs ran; GitHub requests: ${gitHubRequests}; Resource Graph queries: ${resourceGraphRequests}.`,
  );
  const copyStarted = Date.now();
  await world.mirror(reposDir);
  const copyEnded = Date.now();
  console.log(
    `Around it: setting up ${seconds(started, seeded)}, the stage pull request's preview ${seconds(previewStarted, previewEnded)}, copying the repositories to ${reposDir} ${seconds(copyStarted, copyEnded)}; ${seconds(started, copyEnded)} in all.`,
  );
  console.log(
    `Inspect the result: git -C ${reposDir}/control-plane log --oneline --all   and   git -C ${reposDir}/platform-gitops log --oneline --graph --all`,
  );
  const failed = live.runs.some((r) => r.conclusion === 'failure');
  if (values.failure)
    console.log(
      failed
        ? 'As intended, the failing stage cluster stopped the promotion before prod.'
        : 'Expected the stage failure to stop the promotion, but it did not.',
    );
  if (frozen)
    console.log(
      /^pending Held: /.test(frozen.held) && !/^pending Held: /.test(frozen.released)
        ? `As intended, the freeze held prod (${frozen.held}) until the sweeper released it.`
        : `Expected the freeze to hold prod and the sweeper to release it; prod was '${frozen.held}', then '${frozen.released}'.`,
    );
  const freezeMissed =
    frozen !== undefined &&
    !(/^pending Held: /.test(frozen.held) && /^success /.test(frozen.released));
  process.exitCode = values.failure ? (failed ? 0 : 1) : failed || freezeMissed ? 1 : 0;
} finally {
  await world?.dispose();
  await azure.close();
  await github.close();
  rmSync(gitRoot, { recursive: true, force: true });
  rmSync(tls.dir, { recursive: true, force: true });
}

/** The main commit a GitOps branch records in .github/tracking/Promoted_Commit_Id ('' if none). */
async function trackedCommit(
  url: string,
  repo: string,
  branch: string,
  token: string,
): Promise<string> {
  const response = await fetch(
    `${url}/repos/${repo}/contents/.github/tracking/Promoted_Commit_Id?ref=${encodeURIComponent(branch)}`,
    { headers: { authorization: `token ${token}`, accept: 'application/vnd.github+json' } },
  );
  if (response.status === 404) return '';
  if (!response.ok)
    throw new Error(`reading the tracking file of ${repo}@${branch}: ${response.status}`);
  const { content } = (await response.json()) as { content: string };
  return Buffer.from(content, 'base64').toString('utf8').trim();
}

/**
 * What a run that is not part of the promotion of main is for: a change made directly on an
 * environment branch (here the merged config change into stage) is rendered and deployed on its
 * own, and its deployment check runs next to the promotion's.
 */
function explainRun(...[workflow, event]: Parameters<NonNullable<DriverOptions['explainRun']>>) {
  if (workflow.file === 'schedule.yaml' && event.name === 'push')
    return `a config change: ${event.branch}'s branch changed, so schedule re-renders ${event.branch} and opens a GitOps pull request that promotes no main commit`;
  if (workflow.file === 'check-promote.yaml' && event.inputs && !event.inputs.promoted_commit_id)
    return `a config-change deployment check: the merge into ${event.inputs.environment ?? '?'}'s GitOps branch promotes no main commit, so check-promote waits until the clusters run it but sets no commit status and starts no next environment`;
  return undefined;
}

/**
 * Opens a pull request into stage that renames a cluster in its platform config, runs the preview
 * action on it as the `pull_request` workflow would, and tells what the preview says: the
 * assignments re-rendered and the config key, old → new. The reviewer merges it afterwards.
 */
async function previewStagePullRequest(
  local: LocalGitHubClient,
  world: PromotionWorld,
  token: string,
): Promise<void> {
  const file = 'cluster-types/eastus/web-eastus.yaml';
  const text = (await local.files(world.controlPlane, 'stage'))[file] ?? '';
  await local.commit(world.controlPlane, {
    branch: 'rename-web-eastus',
    from: 'refs/heads/stage',
    files: { [file]: text.replace('CLUSTER_NAME: Web East US', 'CLUSTER_NAME: Web East US 2') },
    message: 'Rename the East US web cluster',
  });
  const response = await fetch(`${local.url}/repos/${world.controlPlane}/pulls`, {
    method: 'POST',
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Rename the East US web cluster',
      head: 'rename-web-eastus',
      base: 'stage',
    }),
  });
  if (!response.ok)
    throw new Error(`opening the pull request: ${response.status} ${await response.text()}`);
  const { number } = (await response.json()) as { number: number };
  say(
    `👤 pull request ${world.controlPlane}#${number} into stage: CLUSTER_NAME of web-eastus → "Web East US 2"`,
  );
  const run = await runAction('preview', {
    github: {
      url: local.url,
      repository: world.controlPlane,
      token,
      eventName: 'pull_request',
      runId: '7',
    },
    inputs: { 'pull-request': String(number) },
  });
  if (run.exitCode !== 0) throw new Error(`the preview failed:\n${run.log}`);
  for (const line of previewSummary(run.summary)) say(`   ${line}`);
  say(
    `   preview check ${run.outputs.blocked === 'true' ? 'blocked' : 'passed'} (removals: ${run.outputs.removals}); comment: ${run.outputs['comment-url']}`,
  );
}

/** The preview's news in a few lines: the assignments re-rendered and the config keys, old → new. */
function previewSummary(markdown: string): string[] {
  const unquote = (cell: string) =>
    cell
      .trim()
      .replace(/^`+ ?|`+$/g, '')
      .trim();
  const lines: string[] = [];
  let environment = '';
  for (const line of markdown.split('\n')) {
    const heading = /^### `([^`]+)`/.exec(line);
    if (heading) environment = heading[1]!;
    const cells = line.split(' | ');
    if (line.includes('✏️ re-rendered') || line.includes('➕ added') || line.includes('➖ removed'))
      lines.push(
        `🔎 ${environment}: ${unquote(cells[0]!.replace(/^\| /, ''))} ${cells[1]!.replace(/^\S+ /, '')}`,
      );
    else if (/^\| `[^`]+` \| (`|\*)/.test(line) && cells.length === 4)
      lines.push(
        `🔎 ${environment}: config ${unquote(cells[0]!.replace(/^\| /, ''))}: ${unquote(cells[1]!)} → ${unquote(cells[2]!)}`,
      );
  }
  return lines.length > 0 ? lines : ['🔎 the preview shows no change in the rendered output'];
}
