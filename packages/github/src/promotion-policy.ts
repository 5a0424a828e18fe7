// The promotion policy the actions run with. Without settings every step may go (ci-gate and
// check-promote start environments; cd-promote is where promotions are held). With settings it
// reads the policy in `.github/promotion-chain.yaml` on the default branch, the environment
// branch's `.kalypso/locks.yaml` and the soak clock's start, and the core decides
// (docs/decisions/promotion-holds.md).
import {
  LOCKS_PATH,
  policyDecider,
  promotionChainPath,
  type BreakGlass,
  type Clock,
  type DeploymentLedger,
  type PromotionPolicy,
  type PromotionStep,
  type Reporter,
} from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { createControlPlaneRepository } from './repository-contents.ts';

export interface PolicyAccess {
  client: GitHubClient;
  /** The control-plane repository, `owner/name`. */
  repository: string;
  clock: Clock;
  reporter: Reporter;
  /** Where the chain is on the default branch; default `.github/promotion-chain.yaml`. */
  chainFile?: string;
  /** Reads the chain file's text on the default branch (shared with the chain gate); default: here. */
  readChain?: () => Promise<string | undefined>;
  /** The deployments ledger's Deployed times (soak runs from the previous environment's). */
  ledger: Pick<DeploymentLedger, 'deployedSince'>;
  /** This run's audited override (input `policy-override-reason`). */
  breakGlass?: BreakGlass;
  /** When a step was first held (the sweeper reads it from the held status). */
  queuedSince?: (step: PromotionStep) => Promise<Date | undefined>;
}

/** The policy of every action: always "go" without `access`; the configured policy with it. */
export function createPromotionPolicy(access?: PolicyAccess): PromotionPolicy {
  if (!access) return { decide: () => Promise.resolve({ verdict: 'go' }) };
  return createPolicyDecider(access);
}

/** The decider itself, whose `read` gives the whole evaluation (the sweeper's, the merge gate's). */
export function createPolicyDecider(access: PolicyAccess): ReturnType<typeof policyDecider> {
  const contents = createControlPlaneRepository(access.client, access.repository);
  const file = access.chainFile ?? promotionChainPath;
  return policyDecider({
    chainFile: async () => {
      const text = access.readChain
        ? await access.readChain()
        : await contents.readFile(file, await contents.defaultBranch());
      return text === undefined ? undefined : { text, file };
    },
    locksFile: (environment) => contents.readFile(LOCKS_PATH, environment),
    ledger: access.ledger,
    clock: access.clock,
    reporter: access.reporter,
    ...(access.breakGlass ? { breakGlass: access.breakGlass } : {}),
    ...(access.queuedSince ? { queuedSince: access.queuedSince } : {}),
  });
}
