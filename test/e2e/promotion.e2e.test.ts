// The whole promotion, end to end, on the embedded sample: control-plane commit → ci-gate →
// cd-promote → schedule → GitOps PR merged → clusters reconcile → check-promote → next environment,
// every step run from the committed bundles as the example workflows define them. The fleet runs on
// simulated time that the scenario moves (`reconcileFleet`), and every assertion is about events
// and end states, never about speed: SCENARIO_TIMEOUT only stops a scenario that hangs. Promotions
// that are held or stopped are in promotion-holds.e2e.test.ts, races between promotions in
// promotion-races.e2e.test.ts (files of their own, so that vitest runs them side by side).
import { describe, expect, it } from 'vitest';
import { driverFor, settle } from './promotion-run.ts';
import {
  endpoints,
  registerGroomingPlanner,
  SCENARIO_TIMEOUT,
  statuses,
  withWorld,
} from './promotion-scenario.ts';

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
