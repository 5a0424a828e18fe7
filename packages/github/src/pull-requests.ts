import type { MergeMethod, OpenPullRequest, PullRequestService } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeAutoMergeFailure, describeFailure, isHttpFailure } from './errors.ts';

interface PullShape {
  number: number;
  html_url: string;
  node_id?: string;
  title?: string;
  body?: string | null;
  draft?: boolean;
  labels?: { name?: string }[];
  auto_merge?: unknown;
  base?: { ref?: string };
}

function toOpenPullRequest(pull: PullShape): OpenPullRequest {
  return {
    number: pull.number,
    url: pull.html_url,
    nodeId: pull.node_id ?? '',
    title: pull.title ?? '',
    body: pull.body ?? '',
    draft: pull.draft === true,
    labels: (pull.labels ?? []).flatMap((l) => (l.name ? [l.name] : [])),
    autoMergeEnabled: pull.auto_merge !== null && pull.auto_merge !== undefined,
  };
}

const graphqlMergeMethod: Record<MergeMethod, string> = {
  merge: 'MERGE',
  squash: 'SQUASH',
  rebase: 'REBASE',
};

/**
 * Pull request operations on one repository: REST for pull requests, labels and reviewers,
 * GraphQL for auto-merge (REST has no endpoint for it). Failures name the token input and the
 * permission the call needs.
 */
export function createPullRequestService(
  client: GitHubClient,
  repository: string,
): PullRequestService {
  const [owner = '', repo = ''] = repository.split('/');
  const { octokit } = client;
  // The base branch of each pull request this service has seen, for auto-merge's messages.
  const bases = new Map<number, string>();
  const seen = (pull: PullShape): OpenPullRequest => {
    if (pull.base?.ref) bases.set(pull.number, pull.base.ref);
    return toOpenPullRequest(pull);
  };
  const call = async <T>(activity: string, permission: string, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      throw describeFailure(error, {
        activity,
        repository,
        permission,
        tokenInput: client.tokenInput,
      });
    }
  };
  const write = 'pull-requests: write';
  return {
    listOpen: (head, base) =>
      call('Listing pull requests', 'pull-requests: read', async () => {
        const { data } = await octokit.rest.pulls.list({
          owner,
          repo,
          state: 'open',
          head: `${owner}:${head}`,
          base,
          per_page: 100,
        });
        return data.map((p) => seen(p));
      }),
    create: (request) =>
      call(`Creating a pull request from '${request.head}'`, write, async () => {
        const { data } = await octokit.rest.pulls.create({
          owner,
          repo,
          head: request.head,
          base: request.base,
          title: request.title,
          body: request.body,
          draft: request.draft,
          maintainer_can_modify: true,
        });
        return seen(data);
      }),
    update: (number, change) =>
      call(`Updating pull request #${number}`, write, async () => {
        await octokit.rest.pulls.update({ owner, repo, pull_number: number, ...change });
      }),
    close: (number) =>
      call(`Closing pull request #${number}`, write, async () => {
        await octokit.rest.pulls.update({ owner, repo, pull_number: number, state: 'closed' });
      }),
    setDraft: (pr, draft) =>
      call(
        draft
          ? `Converting pull request #${pr.number} to a draft`
          : `Marking pull request #${pr.number} ready for review`,
        write,
        async () => {
          const mutation = draft ? 'convertPullRequestToDraft' : 'markPullRequestReadyForReview';
          await octokit.graphql(
            `mutation($id: ID!) { ${mutation}(input: { pullRequestId: $id }) { pullRequest { number } } }`,
            { id: pr.nodeId },
          );
        },
      ),
    addLabels: (number, labels) =>
      call(`Labelling pull request #${number}`, write, async () => {
        await octokit.rest.issues.addLabels({
          owner,
          repo,
          issue_number: number,
          labels: [...labels],
        });
      }),
    removeLabel: (number, label) =>
      call(`Removing label '${label}' from pull request #${number}`, write, async () => {
        try {
          await octokit.rest.issues.removeLabel({ owner, repo, issue_number: number, name: label });
        } catch (error) {
          // Already gone (removed by a person meanwhile): the outcome we wanted.
          if (!(isHttpFailure(error) && error.status === 404)) throw error;
        }
      }),
    requestReviewers: (number, reviewers, teamReviewers) =>
      call(`Requesting reviewers on pull request #${number}`, write, async () => {
        await octokit.rest.pulls.requestReviewers({
          owner,
          repo,
          pull_number: number,
          reviewers: [...reviewers],
          team_reviewers: [...teamReviewers],
        });
      }),
    enableAutoMerge: async (pr, method) => {
      try {
        await octokit.graphql(
          `mutation($id: ID!, $mergeMethod: PullRequestMergeMethod!) {
            enablePullRequestAutoMerge(input: { pullRequestId: $id, mergeMethod: $mergeMethod }) {
              pullRequest { number }
            }
          }`,
          { id: pr.nodeId, mergeMethod: graphqlMergeMethod[method] },
        );
      } catch (error) {
        // Why GitHub refused (repository setting, unprotected branch, nothing to wait for) and
        // what to configure: a UserError whose message is the whole story.
        throw describeAutoMergeFailure(error, {
          number: pr.number,
          base: bases.get(pr.number),
          repository,
          tokenInput: client.tokenInput,
        });
      }
    },
  };
}
