// The whole promotion, end to end, on the embedded sample: control-plane commit → ci-gate →
// cd-promote → schedule → GitOps PR merged → clusters reconcile → check-promote → next environment,
// every step run from the committed bundles as the example workflows define them. The fleet runs on
// simulated time that the scenario moves (`reconcileFleet`), and every assertion is about events
// and end states, never about speed: SCENARIO_TIMEOUT only stops a scenario that hangs.
import { inject, describe, expect, it } from 'vitest';
import { LocalGitHub } from '../support/github-server/client.ts';
import {
  createPromotionWorld,
  type FleetBehaviour,
  type PromotionWorld,
  type WorldEndpoints,
} from './promotion-world.ts';
import { driverFor, settle } from './promotion-run.ts';
import type { JobRun } from './driver.ts';
import { failingStageCluster, groomingRegistration, groomingWorkload } from './scenario-data.ts';
import { frozenChain, releaseFrozenProd } from './freeze-scenario.ts';

const SCENARIO_TIMEOUT = 600_000;

const endpoints = (): WorldEndpoints => ({
  githubUrl: inject('githubUrl'),
  githubToken: inject('githubToken'),
  azure: inject('fakeAzure'),
});

async function withWorld(
  fleet: FleetBehaviour,
  body: (world: PromotionWorld, github: LocalGitHub) => Promise<void>,
): Promise<void> {
  const world = await createPromotionWorld(endpoints(), {
    pickupSeconds: 0.5,
    reconcileSeconds: 0.3,
    clock: 'simulated',
    ...fleet,
  });
  try {
    await body(world, new LocalGitHub(inject('githubUrl')));
  } finally {
    await world.dispose();
  }
}

/** The latest status per context on a commit. */
async function statuses(
  github: LocalGitHub,
  repo: string,
  sha: string,
): Promise<Record<string, string>> {
  const all = (await github.state(repo)).statuses
    .filter((s) => s.sha === sha)
    .sort((a, b) => a.id - b.id);
  const latest: Record<string, string> = {};
  for (const s of all) latest[s.context] = `${s.state} ${s.description ?? ''}`.trim();
  return latest;
}

/** Promotions, gates, notifications and deployment checks that were cancelled: must be none. */
function lostRuns(runs: readonly JobRun[]): string[] {
  return runs
    .filter((r) => r.conclusion === 'cancelled' && r.job !== 'schedule')
    .map((r) => `${r.workflow}/${r.job} ${JSON.stringify(r.event.inputs ?? r.event.branch)}`);
}

/** A status that tells the truth and is final: deployed, failed, or replaced by a named commit. */
const FINAL = /^(success Deployed|failure Failed to deploy|error Superseded by [0-9a-f]{7})$/;

describe('promotion end to end', () => {
  it(
    'takes a new workload registration on main through dev, stage and prod',
    async () => {
      await withWorld({}, async (world, github) => {
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const url = inject('githubUrl');
        await github.commit(`${world.owner}/lift-ops`, {
          branch: 'main',
          files: { 'grooming/workload.yaml': groomingWorkload(url, world.owner) },
          message: 'Grooming planner workload',
        });
        const promoted = await driver.humanPush(
          world.controlPlane,
          'main',
          { 'workloads/snow-grooming.yaml': groomingRegistration(url, world.owner) },
          'Register snow-grooming',
        );
        await settle(driver, world);

        expect(await statuses(github, world.controlPlane, promoted)).toMatchObject({
          'Kalypso CI': expect.stringMatching(/^success/),
          'dev environment': 'success Deployed',
          'stage environment': 'success Deployed',
          'prod environment': 'success Deployed',
        });
        for (const env of world.environments) {
          const files = await github.files(world.gitops, env);
          expect(files['.github/tracking/Promoted_Commit_Id'], env).toBe(promoted);
          const grooming = Object.keys(files).filter((p) =>
            p.includes(`/grooming-planner-${env}/`),
          );
          expect(grooming.length, `${env}: ${grooming.join(', ')}`).toBeGreaterThan(0);
        }
        const order = driver.runs
          .filter((r) => r.job === 'check-promote')
          .map((r) => r.event.inputs?.environment);
        expect(order).toEqual(['dev', 'stage', 'prod']);
      });
    },
    SCENARIO_TIMEOUT,
  );

  it(
    'holds prod in a freeze, and the sweeper releases it once the freeze ends on main',
    async () => {
      const promotionChain = (environments: readonly string[]) =>
        frozenChain(environments, new Date(), new Date(Date.now() + 30 * 86_400_000));
      await withWorld({ promotionChain }, async (world, github) => {
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const prodBefore = await github.log(world.gitops, 'prod');
        const promoted = await driver.humanPush(
          world.controlPlane,
          'main',
          { 'README.md': '# Frostvale control plane\n' },
          'Touch main',
        );
        await settle(driver, world);
        expect(await statuses(github, world.controlPlane, promoted)).toMatchObject({
          'stage environment': 'success Deployed',
          'prod environment': expect.stringMatching(/^pending Held: holiday-2026 freeze \(opens /),
        });
        expect(await github.log(world.gitops, 'prod')).toEqual(prodBefore);

        const seen = await releaseFrozenProd(
          driver,
          world,
          github,
          promoted,
          () => {},
          () => settle(driver, world),
        );
        expect(seen.held).toMatch(/^pending Held: holiday-2026 freeze/);
        expect(seen.released).toBe('success Deployed');
        const sweeps = driver.runs.filter((r) => r.workflow === 'Sweep held promotions');
        expect(sweeps.map((r) => r.conclusion)).toEqual(['success']);
        const files = await github.files(world.gitops, 'prod');
        expect(files['.github/tracking/Promoted_Commit_Id']).toBe(promoted);
        expect(lostRuns(driver.runs)).toEqual([]);
      });
    },
    SCENARIO_TIMEOUT,
  );

  it(
    'stops at stage when a stage cluster fails, and never touches prod',
    async () => {
      await withWorld({ outcomes: failingStageCluster }, async (world, github) => {
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const prodBefore = await github.log(world.gitops, 'prod');
        const promoted = await driver.humanPush(
          world.controlPlane,
          'main',
          { 'README.md': '# Frostvale control plane\n' },
          'Touch main',
        );
        await settle(driver, world);

        expect(await statuses(github, world.controlPlane, promoted)).toMatchObject({
          'dev environment': 'success Deployed',
          'stage environment': 'failure Failed to deploy',
        });
        expect(
          (await statuses(github, world.controlPlane, promoted))['prod environment'],
        ).toBeUndefined();
        expect(await github.log(world.gitops, 'prod')).toEqual(prodBefore);
        const stageCheck = driver.runs.find(
          (r) => r.job === 'check-promote' && r.event.inputs?.environment === 'stage',
        )!;
        expect(stageCheck.conclusion).toBe('failure');
        expect(stageCheck.summaries.join('\n')).toContain('stage-hub-eastus');
        expect(stageCheck.summaries.join('\n')).toContain('workloads');
      });
    },
    SCENARIO_TIMEOUT,
  );

  it(
    're-schedules and re-checks only stage after a config change on the stage branch',
    async () => {
      await withWorld({}, async (world, github) => {
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const stageConfig = (await github.files(world.controlPlane, 'stage'))[
          'configs/stage-config.yaml'
        ]!;
        await driver.humanPush(
          world.controlPlane,
          'stage',
          {
            'configs/stage-config.yaml': stageConfig.replace(/LOG_LEVEL: \S+/, 'LOG_LEVEL: debug'),
          },
          'Debug logs on stage',
        );
        await settle(driver, world);

        const environmentsTouched = new Set(
          driver.runs.map((r) => r.event.inputs?.environment ?? r.event.branch),
        );
        expect([...environmentsTouched].sort()).toEqual(['stage']);
        expect(driver.runs.map((r) => `${r.workflow}/${r.job}:${r.conclusion}`)).toEqual([
          'Schedule/schedule:success',
          'Notify control plane/notify:success',
          'Check promote/check-promote:success',
        ]);
        expect(driver.runs.some((r) => r.workflow === 'CD')).toBe(false);
      });
    },
    SCENARIO_TIMEOUT,
  );

  it(
    'never interleaves two quick main commits within an environment and ends on the newer one everywhere',
    async () => {
      await withWorld({}, async (world, github) => {
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const first = await driver.humanPush(
          world.controlPlane,
          'main',
          { 'README.md': 'first\n' },
          'First change',
        );
        const second = await driver.humanPush(
          world.controlPlane,
          'main',
          { 'README.md': 'second\n' },
          'Second change',
        );
        await settle(driver, world);

        for (const env of world.environments) {
          expect(
            (await github.files(world.gitops, env))['.github/tracking/Promoted_Commit_Id'],
            env,
          ).toBe(second);
        }
        expect(await statuses(github, world.controlPlane, second)).toMatchObject({
          'prod environment': 'success Deployed',
        });
        // The first commit reached dev's base-repo.yaml but was replaced before it deployed: it says
        // so instead of staying pending forever.
        expect((await statuses(github, world.controlPlane, first))['dev environment']).toBe(
          `error Superseded by ${second.slice(0, 7)}`,
        );
        expect(lostRuns(driver.runs)).toEqual([]);
        const byGroup = new Map<string, { started: number; finished: number }[]>();
        for (const run of driver.runs)
          if (run.concurrencyGroup)
            byGroup.set(run.concurrencyGroup, [...(byGroup.get(run.concurrencyGroup) ?? []), run]);
        for (const [group, runs] of byGroup) {
          const sorted = [...runs].sort((a, b) => a.started - b.started);
          for (let i = 1; i < sorted.length; i++)
            expect(sorted[i]!.started, group).toBeGreaterThanOrEqual(sorted[i - 1]!.finished);
        }
      });
    },
    SCENARIO_TIMEOUT,
  );

  it(
    'loses nothing when a main commit and a dev push arrive while dev is being checked: every commit ends honestly',
    async () => {
      await withWorld({}, async (world, github) => {
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const cp = world.controlPlane;
        const first = await driver.humanPush(cp, 'main', { 'README.md': 'first\n' }, 'First');
        await driver.drain();
        const [merge] = await driver.mergeOpenPullRequests(world.gitops);
        expect(merge).toMatchObject({ base: 'dev', promoted: true });
        // The clusters have not picked the merge up yet: check-promote of dev waits for them.
        await world.pushToFleet(merge!.base, merge!.sha);
        const draining = driver.drain();
        const checkStep = 'check-promote: Wait until every cluster runs the merged commit';
        await driver.until(() => driver.runningSteps.has(checkStep));

        // Meanwhile: a new main commit is promoted to dev, and a platform engineer changes dev.
        const second = await driver.humanPush(cp, 'main', { 'README.md': 'second\n' }, 'Second');
        const devConfig = (await github.files(cp, 'dev'))['configs/dev-config.yaml']!;
        const devPush = await driver.humanPush(
          cp,
          'dev',
          { 'configs/dev-config.yaml': devConfig.replace(/LOG_LEVEL: \S+/, 'LOG_LEVEL: info') },
          'Quieter logs on dev',
        );
        const ran = (workflow: string, job: string, match: (r: JobRun) => boolean) =>
          driver.runs.some((r) => r.workflow === workflow && r.job === job && match(r));
        await driver.until(
          () =>
            ran('CD', 'schedule', (r) => r.event.inputs?.promoted_commit_id === second) &&
            ran('Schedule', 'schedule', (r) => r.event.sha === devPush),
        );
        // All of that happened while the check of dev was still waiting.
        expect(driver.runningSteps.has(checkStep)).toBe(true);
        expect(driver.runs.some((r) => r.job === 'check-promote')).toBe(false);
        expect((await statuses(github, cp, second))['dev environment']).toBe('pending Promoted');

        await world.reconcileFleet();
        await draining;
        await settle(driver, world);

        expect(lostRuns(driver.runs)).toEqual([]);
        for (const env of world.environments) {
          const files = await github.files(world.gitops, env);
          expect(files['.github/tracking/Promoted_Commit_Id'], env).toBe(second);
        }
        const firstStatuses = await statuses(github, cp, first);
        const secondStatuses = await statuses(github, cp, second);
        expect(firstStatuses['dev environment']).toBe('success Deployed');
        expect(secondStatuses).toMatchObject({
          'dev environment': 'success Deployed',
          'stage environment': 'success Deployed',
          'prod environment': 'success Deployed',
        });
        for (const env of world.environments) {
          const status = firstStatuses[`${env} environment`];
          if (status !== undefined) expect(status, `${env} of the first commit`).toMatch(FINAL);
          if (status?.startsWith('error'))
            expect(status).toBe(`error Superseded by ${second.slice(0, 7)}`);
        }
        // The dev config change reached the GitOps repository together with the second commit.
        const devGitops = Object.entries(await github.files(world.gitops, 'dev'));
        expect(devGitops.some(([, text]) => text.includes('LOG_LEVEL: info'))).toBe(true);
        expect(driver.queue).toEqual([]);
        expect(driver.runningSteps.size).toBe(0);
      });
    },
    SCENARIO_TIMEOUT,
  );
});
