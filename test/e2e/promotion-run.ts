// Runs a promotion world to rest: drains triggered workflows, lets a reviewer merge the GitOps pull
// requests the scheduler opened (the fleet then starts reconciling the merged commit), and repeats.
import { WorkflowDriver, type DriverOptions } from './driver.ts';
import type { PromotionWorld, WorldEndpoints } from './promotion-world.ts';

export function driverFor(
  world: PromotionWorld,
  endpoints: WorldEndpoints,
  live: Pick<DriverOptions, 'narrate' | 'onStep' | 'explainRun'> = {},
): WorkflowDriver {
  return new WorkflowDriver({
    github: { url: endpoints.githubUrl, token: endpoints.githubToken },
    workflows: world.workflows,
    secrets: world.secrets,
    vars: world.vars,
    runnerEnv: (environment) => world.runnerEnv(environment),
    // KALYPSO_E2E_NARRATE=1 prints the narrative of a test run, with the time of each line.
    ...(process.env.KALYPSO_E2E_NARRATE
      ? {
          narrate: (line: string) =>
            console.error(`${new Date().toISOString().slice(14, 23)} ${line}`),
        }
      : {}),
    ...live,
  });
}

/** Drains events and merges promotion PRs until nothing is left to do. */
export async function settle(
  driver: WorkflowDriver,
  world: PromotionWorld,
  maxRounds = 30,
): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    await driver.drain();
    const merged = await driver.mergeOpenPullRequests(world.gitops);
    for (const merge of merged) await world.pushToFleet(merge.base, merge.sha);
    await world.reconcileFleet();
    if (merged.length === 0 && driver.queue.length === 0) return;
  }
  throw new Error(`the promotion did not come to rest within ${maxRounds} rounds`);
}
