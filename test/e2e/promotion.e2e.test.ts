// The whole promotion, end to end, on the embedded sample: control-plane commit → ci-gate →
// cd-promote → schedule → GitOps PR merged → clusters reconcile → check-promote → next environment,
// every step run from the committed bundles as the example workflows define them. The fleet runs on
// simulated time that the scenario moves (`reconcileFleet`), and every assertion is about events
// and end states, never about speed: SCENARIO_TIMEOUT only stops a scenario that hangs. Races
// between promotions are in promotion-races.e2e.test.ts.
import { describe, expect, it } from 'vitest';
import { driverFor, settle } from './promotion-run.ts';
import {
  endpoints,
  lostRuns,
  registerGroomingPlanner,
  SCENARIO_TIMEOUT,
  statuses,
  withWorld,
} from './promotion-scenario.ts';
import { failingStageCluster } from './scenario-data.ts';
import { frozenChain, releaseFrozenProd } from './freeze-scenario.ts';

describe('promotion end to end', () => {
  it(
    'takes a new workload registration on main through dev, stage and prod',
    async () => {
      await withWorld({}, async (world, github) => {
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const promoted = await registerGroomingPlanner(
          driver,
          world,
          github,
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
});
