import { ControlPlaneError, type Problem } from '../model/problem.ts';
import { defaultPolicy, readPromotionChainFile } from '../policy/chain-file.ts';
import type { PolicyConfig } from '../policy/types.ts';

export { isValidBranchName } from '../model/branch-name.ts';

/** Where the promotion chain is declared, on the control plane's `main` branch. */
export const promotionChainPath = '.github/promotion-chain.yaml';

export { MAX_CHAIN_ENVIRONMENTS } from '../policy/chain-file.ts';

/** The order in which a `main` commit is promoted through the environments. */
export interface PromotionChain {
  readonly environments: readonly string[];
  /** The file it was read from, for messages. */
  readonly file: string;
  /** The promotion policy, when the file declares one (see `policyOf`). */
  readonly policy?: PolicyConfig;
  /** Unknown keys and the like in the policy: shown, never failing a run. */
  readonly warnings?: readonly Problem[];
}

/**
 * Reads a promotion chain file: `environments:` with a non-empty list of at most
 * MAX_CHAIN_ENVIRONMENTS unique branch names,
 * each a plain name or a mapping with its promotion policy (`readPromotionChainFile`). Throws a
 * ControlPlaneError listing every problem with its line. The plain form gives exactly
 * `{ environments, file }`; `policy` and `warnings` are there only when the file has them.
 */
export function parsePromotionChain(
  text: string,
  file: string = promotionChainPath,
): PromotionChain {
  const read = readPromotionChainFile(text, file);
  return {
    environments: read.environments,
    file,
    ...(read.declaresPolicy ? { policy: read.policy } : {}),
    ...(read.warnings.length > 0 ? { warnings: read.warnings } : {}),
  };
}

/** The chain's promotion policy: the one its file declares, or the default (always open). */
export function policyOf(chain: PromotionChain): PolicyConfig {
  return chain.policy ?? defaultPolicy(chain.environments, chain.file);
}

/** The environment a new `main` commit is promoted to first. */
export function firstEnvironment(chain: PromotionChain): string {
  const first = chain.environments[0];
  if (first === undefined)
    throw new ControlPlaneError([{ file: chain.file, message: 'the promotion chain is empty.' }]);
  return first;
}

/**
 * The environment that follows `environment`, or undefined when it is the last one. Throws a
 * ControlPlaneError when `environment` is not part of the chain.
 */
export function nextEnvironment(chain: PromotionChain, environment: string): string | undefined {
  const index = chain.environments.indexOf(environment);
  if (index < 0) {
    throw new ControlPlaneError([
      {
        file: chain.file,
        message: `environment '${environment}' is not in the promotion chain (${chain.environments.join(' → ')}). Add it to 'environments' or check the environment name.`,
      },
    ]);
  }
  return chain.environments[index + 1];
}
