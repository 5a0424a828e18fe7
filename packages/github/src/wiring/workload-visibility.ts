// Whether a workload repository is public, asked once per repository with the token that reads
// it: a preview shows only what every reader of the pull request may read
// (docs/decisions/inert-output.md). The questions asked together (in the same turn of the event
// loop) go in one GraphQL query, up to REPOSITORIES_PER_QUERY repositories each, instead of a REST
// request per repository (docs/decisions/preview-base-from-head.md); a query GitHub does not
// answer at all is asked again over REST, one request per repository, as before.
import { mapBounded, type Reporter, type RepositoryVisibility } from '@kalypso/core';
import { createGitHubClient, type GitHubClient } from '../client.ts';
import type { WorkloadRepository } from '../control-plane-sources.ts';
import type { RunnerContext } from '../runner-context.ts';
import type { Credentials } from '../control-plane-sources.ts';
import { turnBatch } from '../turn-batch.ts';

export type VisibilityOf = (found: WorkloadRepository | undefined) => Promise<RepositoryVisibility>;

/** Repositories named in one GraphQL query (one point of GitHub's GraphQL rate limit each). */
const REPOSITORIES_PER_QUERY = 50;
/** REST questions in flight when a query went unanswered. */
const REST_QUESTIONS = 8;

interface Question {
  owner: string;
  name: string;
  answer: (visibility: RepositoryVisibility) => void;
}

export function workloadVisibility(
  workloads: Credentials,
  endpoints: RunnerContext,
  reporter: Reporter,
): VisibilityOf {
  const client = createGitHubClient({
    token: workloads.token,
    baseUrl: endpoints.apiUrl,
    reporter,
    tokenInput: workloads.tokenInput,
    readOnly: true,
  });
  const known = new Map<string, Promise<RepositoryVisibility>>();
  const ask = turnBatch<Question>((asked) => void askAll(client, asked));
  return (found) => {
    if (!found) return Promise.resolve('unknown');
    // Read without a token (another host): anyone can read it.
    if (found.anonymous) return Promise.resolve('public');
    const { owner, name, fullName } = found.repository;
    let visibility = known.get(fullName);
    if (!visibility) {
      visibility = new Promise<RepositoryVisibility>((answer) => ask({ owner, name, answer }));
      known.set(fullName, visibility);
    }
    return visibility;
  };
}

/** Answers every question (never rejects): GraphQL by groups, REST for a group it left open. */
async function askAll(client: GitHubClient, asked: readonly Question[]): Promise<void> {
  for (let i = 0; i < asked.length; i += REPOSITORIES_PER_QUERY) {
    const group = asked.slice(i, i + REPOSITORIES_PER_QUERY);
    const answers = await overGraphql(client, group);
    if (answers !== undefined) group.forEach((q, j) => q.answer(answers[j]!));
    else await mapBounded(group, REST_QUESTIONS, async (q) => q.answer(await overRest(client, q)));
  }
}

/**
 * `isPrivate` of each repository, owner and name as variables (never in the query's text). A
 * repository GitHub does not resolve for this token is `null` in `data` (with an error on its
 * path): 'unknown', as a refused REST request. Undefined when the query got no `data` at all.
 */
async function overGraphql(
  client: GitHubClient,
  group: readonly Question[],
): Promise<RepositoryVisibility[] | undefined> {
  const variables: Record<string, string> = {};
  const declared: string[] = [];
  const fields: string[] = [];
  group.forEach((q, i) => {
    variables[`o${i}`] = q.owner;
    variables[`n${i}`] = q.name;
    declared.push(`$o${i}: String!, $n${i}: String!`);
    fields.push(`r${i}: repository(owner: $o${i}, name: $n${i}) { isPrivate }`);
  });
  const query = `query(${declared.join(', ')}) { ${fields.join(' ')} }`;
  let data: unknown;
  try {
    data = await client.octokit.graphql(query, variables);
  } catch (error) {
    // GitHub answered with errors (some repositories not resolved): the rest of `data` stands.
    data =
      typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const answered = data as Record<string, unknown>;
  return group.map((_, i) => {
    const repository = answered[`r${i}`];
    if (typeof repository !== 'object' || repository === null) return 'unknown';
    return (repository as { isPrivate?: unknown }).isPrivate === false ? 'public' : 'private';
  });
}

async function overRest(client: GitHubClient, q: Question): Promise<RepositoryVisibility> {
  return client.octokit.rest.repos.get({ owner: q.owner, repo: q.name }).then(
    ({ data }) => (data.private === false ? 'public' : 'private'),
    () => 'unknown' as const,
  );
}
