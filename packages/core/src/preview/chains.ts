// The promotion chains of both sides of a pull request into main: which environments the preview
// renders, and which join or leave the chain.
import { ControlPlaneError, type Problem } from '../model/problem.ts';
import { appendAll } from '../model/append.ts';
import type { ControlPlaneSources } from '../ports.ts';
import { parsePromotionChain } from '../promotion/chain.ts';
import type { PullRequestFacts } from './ports.ts';

/**
 * The promotion chain of the pull request's main (or of its base when the head has none), and the
 * environments that leave or join it compared with the base's chain.
 */
export async function readChains(
  request: { readonly promotionChainFile: string },
  pr: PullRequestFacts,
  sources: ControlPlaneSources,
  problems: Problem[],
): Promise<{ chain: string[]; left: string[]; joined: string[] }> {
  const { promotionChainFile: file } = request;
  const read = async (commit: string, report: boolean): Promise<string[] | undefined> => {
    const bytes = (await sources.readCommit(commit))?.get(file);
    if (bytes === undefined) return undefined;
    try {
      return [...parsePromotionChain(new TextDecoder().decode(bytes), file).environments];
    } catch (error) {
      if (!(error instanceof ControlPlaneError)) throw error;
      if (report) appendAll(problems, error.problems);
      return [];
    }
  };
  const head = await read(pr.headCommit, true);
  const base = await read(pr.baseCommit, head === undefined);
  const chain = head ?? base;
  if (chain === undefined) {
    problems.push({
      message: `there is no promotion chain: '${file}' does not exist in main, so no environment can be previewed. Add it ('environments: [dev, stage, prod]').`,
    });
    return { chain: [], left: [], joined: [] };
  }
  if (head === undefined || base === undefined) return { chain, left: [], joined: [] };
  return {
    chain,
    left: base.filter((e) => !head.includes(e)),
    joined: head.filter((e) => !base.includes(e)),
  };
}
