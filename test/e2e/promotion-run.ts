// Runs a promotion world to rest: drains triggered workflows, lets a reviewer merge the GitOps pull
// requests the scheduler opened (the fleet then starts reconciling the merged commit), and repeats.
import { WorkflowDriver, type DriverOptions } from './driver.ts';
import type { PromotionWorld, WorldEndpoints } from './promotion-world.ts';

export function driverFor(
  world: PromotionWorld,
  endpoints: WorldEndpoints,
  live: Pick<DriverOptions, 'narrate' | 'onStep'> = {},
): WorkflowDriver {
  return new WorkflowDriver({
    github: { url: endpoints.githubUrl, token: endpoints.githubToken },
    workflows: world.workflows,
    secrets: world.secrets,
    vars: world.vars,
    runnerEnv: (environment) => world.runnerEnv(environment),
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
    if (merged.length === 0 && driver.queue.length === 0) return;
  }
  throw new Error(`the promotion did not come to rest within ${maxRounds} rounds`);
}
