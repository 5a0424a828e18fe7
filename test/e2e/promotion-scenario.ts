// What the end-to-end promotion scenarios share (test/e2e/promotion.e2e.test.ts,
// promotion-holds.e2e.test.ts and promotion-races.e2e.test.ts, files of their own so that vitest
// runs them side by side): the world on simulated time, the latest statuses of a commit, the runs
// that were lost.
import { inject } from 'vitest';
import { LocalGitHub } from '../support/github-server/client.ts';
import {
  createPromotionWorld,
  type FleetBehaviour,
  type PromotionWorld,
  type WorldEndpoints,
} from './promotion-world.ts';
import type { JobRun, WorkflowDriver } from './driver.ts';
import { groomingRegistration, groomingWorkload } from './scenario-data.ts';

export const SCENARIO_TIMEOUT = 600_000;

export const endpoints = (): WorldEndpoints => ({
  githubUrl: inject('githubUrl'),
  githubToken: inject('githubToken'),
  azure: inject('fakeAzure'),
});

export async function withWorld(
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
export async function statuses(
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
export function lostRuns(runs: readonly JobRun[]): string[] {
  return runs
    .filter((r) => r.conclusion === 'cancelled' && r.job !== 'schedule')
    .map((r) => `${r.workflow}/${r.job} ${JSON.stringify(r.event.inputs ?? r.event.branch)}`);
}

/** A status that tells the truth and is final: deployed, failed, or replaced by a named commit. */
export const FINAL =
  /^(success Deployed|failure Failed to deploy|error Superseded by [0-9a-f]{7})$/;

/**
 * The application team ships the grooming planner's Workload and the platform team registers it on
 * main (a human push the driver reacts to): returns the main commit to promote.
 */
export async function registerGroomingPlanner(
  driver: WorkflowDriver,
  world: PromotionWorld,
  github: LocalGitHub,
  subject: string,
): Promise<string> {
  const url = inject('githubUrl');
  await github.commit(`${world.owner}/lift-ops`, {
    branch: 'main',
    files: { 'grooming/workload.yaml': groomingWorkload(url, world.owner) },
    message: 'Grooming planner workload',
  });
  return driver.humanPush(
    world.controlPlane,
    'main',
    { 'workloads/snow-grooming.yaml': groomingRegistration(url, world.owner) },
    subject,
  );
}
