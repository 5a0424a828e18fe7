// Promotions that are held or stopped, end to end (the scenarios of promotion.e2e.test.ts, in a
// file of their own so that vitest runs them side by side): prod held by a freeze on main until the
// sweeper releases it, and a failing stage cluster that stops the chain before prod. Simulated
// time; assertions about events and end states.
import { describe, expect, it } from 'vitest';
import { driverFor, settle } from './promotion-run.ts';
import {
  endpoints,
  lostRuns,
  SCENARIO_TIMEOUT,
  statuses,
  withWorld,
} from './promotion-scenario.ts';
import { failingStageCluster } from './scenario-data.ts';
import { frozenChain, releaseFrozenProd } from './freeze-scenario.ts';

describe('promotion end to end: held and stopped', () => {
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
});
