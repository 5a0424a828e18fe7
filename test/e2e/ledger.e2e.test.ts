// The deployments ledger after whole promotions, end to end: two main commits, one after the other,
// each taken through dev, stage and prod by the example workflows run from the bundles. GitHub's
// Deployments API on the control-plane repository then says which commit runs where: one
// `success` deployment per environment (the newer commit), the older one `inactive`, nothing from
// GitHub's own `environment:` deployments (the example sets `deployment: false`). Assertions are
// about end states, never about speed.
import { inject, describe, expect, it } from 'vitest';
import { LocalGitHub } from '../support/github-server/client.ts';
import type { RecordedDeployment } from '../support/github-server/state.ts';
import { createPromotionWorld, type WorldEndpoints } from './promotion-world.ts';
import { driverFor, settle } from './promotion-run.ts';

const SCENARIO_TIMEOUT = 600_000;

const endpoints = (): WorldEndpoints => ({
  githubUrl: inject('githubUrl'),
  githubToken: inject('githubToken'),
  azure: inject('fakeAzure'),
});

const latest = (d: RecordedDeployment) => d.statuses.at(-1)?.state;

describe('deployments ledger end to end', () => {
  it(
    'holds one success per environment after two full promotions, the older one inactive',
    async () => {
      const world = await createPromotionWorld(endpoints(), {
        pickupSeconds: 0.5,
        reconcileSeconds: 0.3,
        clock: 'simulated',
      });
      try {
        const github = new LocalGitHub(inject('githubUrl'));
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const cp = world.controlPlane;
        const first = await driver.humanPush(cp, 'main', { 'README.md': 'first\n' }, 'First');
        await settle(driver, world);
        const second = await driver.humanPush(cp, 'main', { 'README.md': 'second\n' }, 'Second');
        await settle(driver, world);

        const { deployments } = await github.state(cp);
        // Only the ledger's own deployments: no job with `environment:` made one of its own.
        expect(new Set(deployments.map((d) => d.task))).toEqual(new Set(['kalypso:promote']));
        expect(world.environments).toEqual(['dev', 'stage', 'prod']);
        for (const env of world.environments) {
          const mine = deployments.filter((d) => d.environment === env);
          // One deployment per promoted commit: re-runs and later states reuse it.
          expect(mine.map((d) => d.sha).sort(), env).toEqual([first, second].sort());
          const [older, newer] = [first, second].map((sha) => mine.find((d) => d.sha === sha)!);
          expect(latest(newer!), env).toBe('success');
          expect(latest(older!), env).toBe('inactive');
          expect(
            older!.statuses.map((s) => s.state),
            env,
          ).toContain('success');
          expect(
            mine.filter((d) => latest(d) === 'success'),
            env,
          ).toHaveLength(1);
          // The promotion's path, in order: queued by cd-promote, in progress from schedule and
          // check-promote, then success.
          const states = newer!.statuses.map((s) => s.state);
          expect(states[0], env).toBe('queued');
          expect(states, env).toContain('in_progress');
          expect(states.at(-1), env).toBe('success');
          expect(newer!.production_environment, env).toBe(env === 'prod');
          expect(newer!.transient_environment, env).toBe(false);
          expect(newer!.payload, env).toMatchObject({ kalypso: 1 });
          const success = newer!.statuses.at(-1)!;
          expect(success.log_url, env).toMatch(/\/actions\/runs\/\d+$/);
          expect(success.environment_url, env).toMatch(
            new RegExp(`/${world.gitops}/(pull/\\d+|commit/[0-9a-f]{40})$`),
          );
          for (const s of newer!.statuses)
            expect([...s.description].length).toBeLessThanOrEqual(140);
        }
        // Every action's summary shows the chain; the last check-promote's shows the new commit.
        const lastCheck = driver.runs.filter((r) => r.job === 'check-promote').at(-1)!;
        const summary = lastCheck.summaries.join('\n');
        expect(summary).toContain('### Which version runs where');
        const short = second.slice(0, 7);
        expect(summary).toContain(`dev ✅ ${short} → stage ✅ ${short} → prod ✅ ${short}`);
      } finally {
        await world.dispose();
      }
    },
    SCENARIO_TIMEOUT,
  );
});
