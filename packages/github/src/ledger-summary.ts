// "Which version runs where" in every action's job summary: the promotion chain with the commit
// each environment runs, read back from the deployments ledger after the run. Reading it is never
// a reason to fail: a failed read is one line saying so (docs/decisions/deployments-ledger.md).
import {
  chainStateLine,
  commitLink,
  messageOf,
  readChainView,
  summaryLine,
  table,
  tableCell,
  waitingText,
  type LedgerEnvironmentView,
  type Reporter,
} from '@kalypso/core';
import { createGitHubClient } from './client.ts';
import { createDeploymentLedger } from './deployment-ledger.ts';
import { promotionChainReader, type PromotionChainReader } from './promotion-chain.ts';
import type { RunnerContext } from './runner-context.ts';

/** The chain table's markdown: a heading, the chain line and one row per environment. */
export function chainTableMarkdown(
  views: readonly LedgerEnvironmentView[],
  repositoryUrl: string,
): string[] {
  const rows = views.map((v) => [
    tableCell(v.environment, 100),
    v.unreadable !== undefined
      ? `❔ ${tableCell(v.unreadable, 200)}`
      : v.current
        ? `✅ ${commitLink(repositoryUrl, v.current.commit)}${v.current.evidence ? ` · ${v.current.evidence.deployed} of ${v.current.evidence.clusters} clusters` : ''}`
        : '·',
    v.current ? tableCell(v.current.since) : '',
    runLink(v.current?.logUrl),
    tableCell(waitingText(v)),
  ]);
  return [
    '### Which version runs where',
    '',
    summaryLine(chainStateLine(views)),
    '',
    ...table(['Environment', 'Runs', 'Since', 'By', 'On its way'], rows),
  ];
}

/** `[run](url)` for an http(s) URL that cannot break out of the link; empty otherwise. */
function runLink(url: string | undefined): string {
  return url && /^https?:\/\/[^\s()<>[\]|`]+$/.test(url) ? `[run](${url})` : '';
}

/**
 * The chain table of the control-plane repository named by the step's `repository` input, read
 * with its `github-token` (which needs `deployments: read`), as markdown to append to the summary;
 * a line when it cannot be read. Never throws. `chain` is the run's own reader of the chain file
 * (of that repository's default branch), when the run has one: the file is then read only once.
 */
export async function chainSummary(
  get: (name: string) => string,
  endpoints: RunnerContext,
  reporter: Reporter,
  chain?: PromotionChainReader,
): Promise<string> {
  const repository = get('repository').trim();
  const token = get('github-token');
  if (!/^[\w.-]+\/[\w.-]+$/.test(repository) || token === '') return '';
  const unreadable = (why: string) =>
    `\n\n_Which version runs where: the deployments ledger of ${summaryLine(repository)} could not be read (${summaryLine(why, 300)})._\n`;
  try {
    const client = createGitHubClient({
      token,
      baseUrl: endpoints.apiUrl,
      reporter,
      retries: 1,
    });
    const environments = await (chain ?? promotionChainReader(client, repository)).environments();
    if (!environments) return '';
    const views = await readChainView(environments, createDeploymentLedger(client, repository));
    const failed = views.find((v) => v.unreadable !== undefined);
    if (failed && views.every((v) => v.unreadable !== undefined))
      return unreadable(failed.unreadable!);
    const repositoryUrl = `${endpoints.serverUrl}/${repository}`;
    reporter.info(`Which version runs where: ${chainStateLine(views)}.`);
    return `\n\n${chainTableMarkdown(views, repositoryUrl).join('\n')}\n`;
  } catch (error) {
    reporter.info(`The chain table is left out: ${messageOf(error)}`);
    return unreadable(messageOf(error));
  }
}
