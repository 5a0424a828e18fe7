// Promotions that race, end to end (the scenarios of promotion.e2e.test.ts, in a file of their own
// so that vitest runs the two side by side): two quick main commits, and a main commit with a
// dev push arriving while dev is checked. Simulated time; assertions about events and end states.
import { describe, expect, it } from 'vitest';
import type { JobRun } from './driver.ts';
import { driverFor, settle } from './promotion-run.ts';
import {
  endpoints,
  FINAL,
  lostRuns,
  SCENARIO_TIMEOUT,
  statuses,
  withWorld,
} from './promotion-scenario.ts';

describe('promotions that race, end to end', () => {
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
