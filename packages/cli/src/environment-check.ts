// `--environment` must name an environment the control plane knows: a typo ("deev") otherwise
// renders an empty environment and reports it valid. See docs/decisions/cli-terminal-output.md.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  parsePromotionChain,
  promotionChainPath,
  UserError,
  type EnvironmentView,
} from '@kalypso/core';
import { closest } from './commands.ts';
import { UsageError } from './fs-source.ts';

/** A promotion chain file larger than this is refused (it lists a few branch names). */
const MAX_CHAIN_BYTES = 64 * 1024;

/** The environments of main's promotion chain, read from the --base folder. */
export interface ChainEnvironments {
  readonly file: string;
  readonly environments: readonly string[];
}

/**
 * main's `.github/promotion-chain.yaml` in the `--base` folder, or undefined when there is none
 * (a Kalypso-style control plane without the file, or `--base` given as one file).
 */
export async function readChain(base: string): Promise<ChainEnvironments | undefined> {
  const file = join(base, promotionChainPath);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  if (info.size > MAX_CHAIN_BYTES)
    throw new UserError(
      `'${file}' is ${info.size} bytes; a promotion chain lists a few environments (at most ${MAX_CHAIN_BYTES} bytes).`,
    );
  const chain = parsePromotionChain(await readFile(file, 'utf8'), file);
  return { file, environments: chain.environments };
}

/** The usage error for an environment that is not among `known`, with a suggestion. */
function unknownEnvironment(
  environment: string,
  known: readonly string[],
  where: string,
): UsageError {
  const guess = closest(environment, known);
  return new UsageError(
    `environment '${environment}' is not ${where} (known: ${known.join(', ')}).${guess ? ` Did you mean '${guess}'?` : ''}`,
  );
}

/** Throws when main's promotion chain exists and does not list `environment`. */
export function checkChain(environment: string, chain: ChainEnvironments | undefined): void {
  if (chain && !chain.environments.includes(environment))
    throw unknownEnvironment(
      environment,
      chain.environments,
      `in the promotion chain ${chain.file}`,
    );
}

/**
 * Without a promotion chain, the environments the control plane names: the deployment targets'
 * `environment` and the GitOpsRepo's branch. An environment in none of them has no assignment
 * (nothing names it), so an empty render for it is a typo rather than an empty environment.
 */
export function checkNamed(environment: string, view: EnvironmentView, assignments: number): void {
  if (assignments > 0) return;
  const named = new Set<string>();
  for (const { workload } of view.workloads)
    for (const entry of workload.deploymentTargets) named.add(entry.environment);
  for (const gitops of view.gitOpsRepos) named.add(gitops.branch);
  if (named.size === 0 || named.has(environment)) return;
  throw unknownEnvironment(
    environment,
    [...named].sort(),
    'named by any deployment target nor by the GitOpsRepo of --control-plane',
  );
}
