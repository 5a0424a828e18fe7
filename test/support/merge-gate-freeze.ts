// A GitOps pull request opened by schedule while dev is frozen on main: the set-up the merge gate's
// tests share (test/schedule-pull-request.int.test.ts, test/merge-gate-sweep.int.test.ts;
// docs/decisions/policy-merge-gate.md). The freeze is declared on main's promotion chain; lifting
// it keeps the policy declared (it ended an hour ago).
import { expect } from 'vitest';
import type { LocalGitHub } from './github-server/client.ts';
import { seedSample, type SampleControlPlane } from './github-server/control-plane-fixture.ts';
import { runAction, type ActionRun } from './run-action.ts';

const HOUR = 60 * 60 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString().replace(/\.\d+Z$/, 'Z');

/** The chain file: a freeze of dev that is on now, or one that ended an hour ago. */
export const freezeChain = (frozen: boolean): string =>
  [
    'freezes:',
    frozen
      ? `  - { name: change-freeze, from: "${at(-HOUR)}", to: "${at(3 * HOUR)}", environments: [dev] }`
      : `  - { name: change-freeze, from: "${at(-3 * HOUR)}", to: "${at(-HOUR)}", environments: [dev] }`,
    'environments: [dev, stage, prod]',
    '',
  ].join('\n');

export interface FrozenPullRequest {
  sample: SampleControlPlane;
  /** The schedule run that opened the pull request (exit code 0). */
  run: ActionRun;
  /** The GitOps pull request it opened. */
  pr: { number: number; head: string };
  /** The runner's view of GitHub the run had (repository, token, run id 42). */
  actionGitHub: { url: string; repository: string; token: string; runId: string };
  /** `state description` of every `kalypso/policy` status on the pull request's head, oldest first. */
  gate: () => Promise<string[]>;
  /** Ends the freeze on main (the policy stays declared). */
  liftFreeze: () => Promise<unknown>;
}

/**
 * Seeds the sample, freezes dev on main (with `kalypso/policy` required on the GitOps branch dev
 * when `requireGate`) and runs schedule for dev, which opens the pull request.
 */
export async function scheduleInFreeze(
  github: LocalGitHub,
  token: string,
  { requireGate = false }: { requireGate?: boolean } = {},
): Promise<FrozenPullRequest> {
  const sample = await seedSample(github);
  const setChain = (frozen: boolean) =>
    github.commit(sample.controlPlane, {
      branch: 'main',
      files: { '.github/promotion-chain.yaml': freezeChain(frozen) },
    });
  await setChain(true);
  if (requireGate)
    await github.settings(sample.gitops, {
      protection: { dev: { required_status_checks: ['kalypso/policy'] } },
    });
  const actionGitHub = { url: github.url, repository: sample.controlPlane, token, runId: '42' };
  const run = await runAction('schedule', { github: actionGitHub, inputs: { environment: 'dev' } });
  expect(run.exitCode, run.log).toBe(0);
  const [pr] = (await github.state(sample.gitops)).pulls;
  const gate = async () => {
    const head = (await github.log(sample.gitops, pr!.head))[0]!.sha;
    return (await github.state(sample.gitops)).statuses
      .filter((x) => x.sha === head && x.context === 'kalypso/policy')
      .map((x) => `${x.state} ${x.description}`);
  };
  return { sample, run, pr: pr!, actionGitHub, gate, liftFreeze: () => setChain(false) };
}
