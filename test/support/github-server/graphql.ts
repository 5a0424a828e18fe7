// A minimal GraphQL endpoint (`POST /graphql`): the mutations the actions use —
// `enablePullRequestAutoMerge` with GitHub's refusals (auto-merge not allowed in the repository,
// a base branch without protection rules, a pull request already mergeable), and the draft
// toggles — the `viewer`'s login, and queries of `repository` fields (visibility, refs, trees and
// blobs: graphql-repository.ts, validated against GitHub's own schema), with GitHub's response and
// error shapes. Anything else answers with a GraphQL error naming what is not implemented, so a
// new query fails loudly.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerRepositoryQuery } from './graphql-repository.ts';
import { readBody, send, type RepoRecord } from './router.ts';
import { mergeState, pullNodeId } from './routes-pulls.ts';
import { ACTIONS_LOGIN, type ServerState } from './server-state.ts';
import type { RecordedPull } from './state.ts';

/**
 * Why GitHub refuses to enable auto-merge, in GitHub's words: the repository does not allow it,
 * the base branch has no protection rule, or nothing is left to wait for (the pull request can be
 * merged now: GitHub answers with its merge state, clean or unstable).
 */
async function autoMergeRefusal(
  state: ServerState,
  repo: RepoRecord,
  pr: RecordedPull,
): Promise<string | undefined> {
  if (!repo.settings.allow_auto_merge) return 'Auto merge is not allowed for this repository';
  if (repo.settings.protection[pr.base] === undefined) {
    return 'Pull request Protected branch rules not configured for this branch';
  }
  const merge = await mergeState(state.store, repo, pr);
  if (merge === 'clean' || merge === 'unstable') {
    return `Pull request Pull request is in ${merge} status`;
  }
  return undefined;
}

function tokenOf(header: string | undefined): string | undefined {
  return /^(?:token|bearer)\s+(\S+)$/i.exec(header ?? '')?.[1];
}

function graphqlError(res: ServerResponse, message: string, type = 'UNPROCESSABLE') {
  send(res, 200, { data: null, errors: [{ type, message, path: [], locations: [] }] });
}

/**
 * A mutation that GitHub refused: `data.<field>` is null and the error names the field's path
 * and where the field stands in the query, as GitHub answers.
 */
function mutationError(
  res: ServerResponse,
  query: string,
  field: string,
  message: string,
  type = 'UNPROCESSABLE',
) {
  const at = Math.max(query.indexOf(field), 0);
  const before = query.slice(0, at).split('\n');
  const location = { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
  send(res, 200, {
    data: { [field]: null },
    errors: [{ type, path: [field], locations: [location], message }],
  });
}

export async function handleGraphql(state: ServerState, req: IncomingMessage, res: ServerResponse) {
  const token = tokenOf(req.headers.authorization);
  if (token === undefined || !state.tokens.has(token)) {
    return send(res, 401, {
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/graphql',
    });
  }
  const { query = '', variables = {} } = JSON.parse((await readBody(req)) || '{}') as {
    query?: string;
    variables?: Record<string, unknown>;
  };
  const variable = (name: string) => {
    const value = variables[name];
    return typeof value === 'string' ? value : undefined;
  };
  if (/^\s*(?:query\s*)?\{\s*viewer\s*\{\s*login\s*\}\s*\}\s*$/.test(query)) {
    // GraphQL spells an app's login without `[bot]`.
    const login = (state.tokens.get(token)?.login ?? ACTIONS_LOGIN).replace(/\[bot\]$/, '');
    return send(res, 200, { data: { viewer: { login } } });
  }
  // Every query but the viewer's login and the mutations: `repository` fields, answered against
  // GitHub's own schema (graphql-repository.ts).
  if (!/^\s*mutation\b/.test(query))
    return answerRepositoryQuery(state, token, query, variables, res);
  const draftMutation = /\b(convertPullRequestToDraft|markPullRequestReadyForReview)\b/.exec(
    query,
  )?.[1];
  if (!/enablePullRequestAutoMerge/.test(query) && !draftMutation) {
    return graphqlError(
      res,
      'local GitHub: only enablePullRequestAutoMerge, convertPullRequestToDraft and markPullRequestReadyForReview are implemented',
    );
  }
  const id = String(variable('id') ?? /pullRequestId:\s*"([^"]+)"/.exec(query)?.[1] ?? '');
  const method = String(
    variable('mergeMethod') ?? /mergeMethod:\s*(\w+)/.exec(query)?.[1] ?? 'MERGE',
  ).toLowerCase();
  for (const repo of state.repos.values()) {
    const pr = repo.state.pulls.find((p) => pullNodeId(repo.id, p.number) === id);
    if (!pr || (repo.private && !repo.readers.has(token))) continue;
    const log = (status: number) =>
      repo.state.requests.push({
        kind: 'graphql',
        method: 'POST',
        route: draftMutation ?? 'enablePullRequestAutoMerge',
        path: '/graphql',
        status,
      });
    const field = draftMutation ?? 'enablePullRequestAutoMerge';
    const permissions = state.tokens.get(token)?.permissions ?? {};
    if (permissions.pull_requests !== 'write' || permissions.contents !== 'write') {
      log(403);
      return mutationError(
        res,
        query,
        field,
        'Resource not accessible by integration',
        'FORBIDDEN',
      );
    }
    if (pr.state !== 'open') {
      log(422);
      return mutationError(res, query, field, 'Pull request is in closed state');
    }
    if (draftMutation) {
      pr.draft = draftMutation === 'convertPullRequestToDraft';
      log(200);
      return send(res, 200, { data: { [draftMutation]: { pullRequest: { number: pr.number } } } });
    }
    if (method !== 'merge' && method !== 'squash' && method !== 'rebase') {
      log(422);
      return graphqlError(
        res,
        `Variable $mergeMethod of type PullRequestMergeMethod was provided invalid value`,
        'INVALID',
      );
    }
    const refusal = await autoMergeRefusal(state, repo, pr);
    if (refusal) {
      log(422);
      return mutationError(res, query, field, refusal);
    }
    const login = state.tokens.get(token)?.login ?? ACTIONS_LOGIN;
    pr.auto_merge = {
      merge_method: method,
      enabled_by: login,
      commit_title:
        method === 'squash'
          ? `${pr.title} (#${pr.number})`
          : `Merge pull request #${pr.number} from ${repo.owner}/${pr.head}`,
      commit_message: method === 'squash' ? '' : pr.title,
    };
    log(200);
    return send(res, 200, {
      data: { enablePullRequestAutoMerge: { pullRequest: { number: pr.number } } },
    });
  }
  return graphqlError(
    res,
    `Could not resolve to a node with the global id of '${id}'`,
    'NOT_FOUND',
  );
}
