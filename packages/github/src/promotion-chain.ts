// The promotion chain file on the control plane's default branch, read over the contents API once
// per run and shared by everyone who asks in that run: the ledger marks the last environment as a
// production environment, the summaries' chain table follows their order, the merge gate and the
// policy read the promotion policy in it.
import { parsePromotionChain, promotionChainPath, type PromotionChain } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { createControlPlaneRepository } from './repository-contents.ts';

/** One run's reader of the chain file: every method reads the file at most once, together. */
export interface PromotionChainReader {
  /** The file's path on the default branch, for messages. */
  readonly file: string;
  /** The file's text; undefined when the default branch has no such file. */
  readonly text: () => Promise<string | undefined>;
  /**
   * The whole parsed file (environments, and the policy and warnings when it has them); undefined
   * when there is no file. A file that cannot be read or parsed rejects (with the reason).
   */
  readonly read: () => Promise<PromotionChain | undefined>;
  /** The chain's environments (`read().environments`). */
  readonly environments: () => Promise<readonly string[] | undefined>;
}

/** A memoised reader of the chain file of `repository`'s default branch. */
export function promotionChainReader(
  client: GitHubClient,
  repository: string,
  file: string = promotionChainPath,
): PromotionChainReader {
  let text: Promise<string | undefined> | undefined;
  let parsed: Promise<PromotionChain | undefined> | undefined;
  const readText = () =>
    (text ??= (async () => {
      const controlPlane = createControlPlaneRepository(client, repository);
      return controlPlane.readFile(file, await controlPlane.defaultBranch());
    })());
  const read = () =>
    (parsed ??= readText().then((t) =>
      t === undefined ? undefined : parsePromotionChain(t, file),
    ));
  return {
    file,
    text: readText,
    read,
    environments: async () => (await read())?.environments,
  };
}

/**
 * A memoised reader of the chain's environments: undefined when the repository has no chain file.
 * A file that cannot be read or parsed rejects (with the reason).
 */
export function chainReader(
  client: GitHubClient,
  repository: string,
  file: string = promotionChainPath,
): () => Promise<readonly string[] | undefined> {
  return promotionChainReader(client, repository, file).environments;
}
