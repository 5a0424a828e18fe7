// `npm run demo -- --freeze`: a freeze on prod in main's promotion chain. The promotion runs as
// usual until cd-promote reaches prod, which holds it (pending "Held: …", nothing written, a
// green run). Then the platform team ends the freeze with a reviewed change to main's chain file,
// the sweeper (workflows-examples/control-plane/sweep.yaml, run by hand here instead of waiting
// for its quarter hour) releases the held promotion, and prod is rendered and deployed.
// The actions read the real clock, so the freeze's end is moved on main rather than waited for
// (docs/decisions/promotion-sweeper.md).
import type { LocalGitHub } from '../support/github-server/client.ts';
import type { WorkflowDriver } from './driver.ts';
import type { PromotionWorld } from './promotion-world.ts';

const FREEZE = 'holiday-2026';
const iso = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');

/** main's chain file: the sample's environments, prod frozen from an hour ago until `until`. */
export function frozenChain(environments: readonly string[], now: Date, until: Date): string {
  const from = new Date(now.getTime() - 3_600_000);
  return [
    '# A commit of main is promoted through these environments, in this order.',
    'freezes:',
    `  - { name: ${FREEZE}, from: "${iso(from)}", to: "${iso(until)}", environments: [prod], reason: Holiday freeze }`,
    `environments: [${environments.join(', ')}]`,
    '',
  ].join('\n');
}

/** The freeze ends now (the reviewed change to main). */
export function liftedChain(environments: readonly string[], now: Date): string {
  return frozenChain(
    environments,
    new Date(now.getTime() - 60_000),
    new Date(now.getTime() - 1000),
  );
}

/** The newest `prod environment` status of `commit`, as `<state> <description>`. */
async function prodStatus(local: LocalGitHub, world: PromotionWorld, commit: string) {
  const statuses = (await local.state(world.controlPlane)).statuses
    .filter((s) => s.sha === commit && s.context === 'prod environment')
    .sort((a, b) => a.id - b.id);
  const last = statuses.at(-1);
  return last ? `${last.state} ${last.description ?? ''}`.trim() : 'no status';
}

/**
 * After the promotion came to rest with prod held: shows the hold, ends the freeze on main, runs
 * the sweeper and lets the released promotion run to rest. Returns what it saw, for the demo's
 * closing lines and its test.
 */
export async function releaseFrozenProd(
  driver: WorkflowDriver,
  world: PromotionWorld,
  local: LocalGitHub,
  promoted: string,
  say: (line: string) => void,
  settle: () => Promise<void>,
): Promise<{ held: string; released: string }> {
  const held = await prodStatus(local, world, promoted);
  say('');
  say(`⏸️  prod is frozen (${FREEZE}): ${promoted.slice(0, 7)} is held — ${held}`);
  say('    Nothing was written to prod; the run was green; the ledger records it as queued.');
  if (!/^pending Held: /.test(held)) return { held, released: held };
  const { sha } = await local.commit(world.controlPlane, {
    branch: 'main',
    files: { '.github/promotion-chain.yaml': liftedChain(world.environments, new Date()) },
    message: `End the ${FREEZE} freeze early`,
  });
  await driver.snapshot(); // the change's own CI run is not part of this demo
  say(
    `👤 The platform team ends the freeze with a reviewed change to main's .github/promotion-chain.yaml (${sha.slice(0, 7)}; its own CI run is left out here).`,
  );
  say('⏰ The sweeper runs (every 15 minutes in sweep.yaml; started by hand here):');
  await driver.humanDispatch(world.controlPlane, 'sweep.yaml', 'main');
  await settle();
  const released = await prodStatus(local, world, promoted);
  say(`▶️  prod after the sweep: ${released}`);
  return { held, released };
}
