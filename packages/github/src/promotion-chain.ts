// The environments of the promotion chain on the control plane's default branch, read over the
// contents API once per run: the ledger marks the last one as a production environment and the
// summaries' chain table follows their order.
import { parsePromotionChain, promotionChainPath } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { createControlPlaneRepository } from './repository-contents.ts';

/**
 * A memoised reader of the chain's environments: undefined when the repository has no chain file.
 * A file that cannot be read or parsed rejects (with the reason).
 */
export function chainReader(
  client: GitHubClient,
  repository: string,
  file: string = promotionChainPath,
): () => Promise<readonly string[] | undefined> {
  let read: Promise<readonly string[] | undefined> | undefined;
  return () =>
    (read ??= (async () => {
      const controlPlane = createControlPlaneRepository(client, repository);
      const text = await controlPlane.readFile(file, await controlPlane.defaultBranch());
      return text === undefined ? undefined : parsePromotionChain(text, file).environments;
    })());
}
