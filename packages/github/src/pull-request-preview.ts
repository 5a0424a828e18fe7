// The pull request a preview runs for (REST), and its one preview comment (issue comments).
import type { PreviewComments, PullRequestFacts } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure } from './errors.ts';

function splitRepository(repository: string): { owner: string; repo: string } {
  const [owner = '', repo = ''] = repository.split('/');
  return { owner, repo };
}

async function call<T>(
  client: GitHubClient,
  repository: string,
  activity: string,
  permission: string,
  work: () => Promise<T>,
): Promise<T> {
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
}

/** Reads the pull request as it is now (labels change between pushes). */
export function readPullRequest(
  client: GitHubClient,
  repository: string,
  number: number,
): Promise<PullRequestFacts> {
  return call(
    client,
    repository,
    `Reading pull request #${number}`,
    'pull-requests: read',
    async () => {
      const { data } = await client.octokit.rest.pulls.get({
        ...splitRepository(repository),
        pull_number: number,
      });
      return {
        number: data.number,
        baseRef: data.base.ref,
        baseCommit: data.base.sha,
        headCommit: data.head.sha,
        labels: data.labels.flatMap((l) => (l.name ? [l.name] : [])),
      };
    },
  );
}

/** Hard bound on the comments scanned for the marker (100 pages of 100). */
const MAX_COMMENT_PAGES = 100;

/** A login as REST and GraphQL both spell it (GraphQL drops the `[bot]` of an app's login). */
function sameLogin(a: string, b: string): boolean {
  const plain = (login: string) => login.replace(/\[bot\]$/, '').toLowerCase();
  return plain(a) === plain(b);
}

/**
 * The login the token acts as (GraphQL `viewer`, which an Actions token may read, unlike REST
 * `GET /user`); undefined when it cannot be read.
 */
async function ownLogin(client: GitHubClient): Promise<string | undefined> {
  try {
    const data = await client.octokit.graphql<{ viewer?: { login?: string } }>(
      'query { viewer { login } }',
    );
    return data.viewer?.login || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The preview comment of one pull request: the first comment whose body starts with the marker
 * and that the token itself wrote, so that nobody can take it over by pasting the marker into a
 * comment of their own. When the token's login cannot be read, only comments written by an app
 * (`Bot`) count: a person's comment is never rewritten.
 */
export function createPreviewComments(
  client: GitHubClient,
  repository: string,
  number: number,
): PreviewComments {
  const where = { ...splitRepository(repository), issue_number: number };
  const write = 'pull-requests: write';
  return {
    find: (marker) =>
      call(
        client,
        repository,
        `Listing the comments of #${number}`,
        'pull-requests: read',
        async () => {
          const login = await ownLogin(client);
          const mine = (user: { login: string; type: string } | null | undefined) =>
            user != null &&
            (login === undefined ? user.type === 'Bot' : sameLogin(user.login, login));
          for (let page = 1; page <= MAX_COMMENT_PAGES; page++) {
            const { data } = await client.octokit.rest.issues.listComments({
              ...where,
              per_page: 100,
              page,
            });
            const found = data.find((c) => (c.body ?? '').startsWith(marker) && mine(c.user));
            if (found) return { id: found.id, url: found.html_url };
            if (data.length < 100) break;
          }
          return undefined;
        },
      ),
    create: (body) =>
      call(client, repository, `Commenting on #${number}`, write, async () => {
        const { data } = await client.octokit.rest.issues.createComment({ ...where, body });
        return { id: data.id, url: data.html_url };
      }),
    update: (id, body) =>
      call(client, repository, `Updating the preview comment of #${number}`, write, async () => {
        const { data } = await client.octokit.rest.issues.updateComment({
          ...splitRepository(repository),
          comment_id: id,
          body,
        });
        return { id: data.id, url: data.html_url };
      }),
  };
}
