// A minimal GraphQL endpoint (`POST /graphql`): the one mutation the actions use,
// `enablePullRequestAutoMerge`, with GitHub's response and error shapes. Anything else answers
// with a GraphQL error naming what is not implemented, so a new query fails loudly.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, send } from './router.ts';
import { pullNodeId } from './routes-pulls.ts';
import { ACTIONS_LOGIN, type ServerState } from './server-state.ts';

function tokenOf(header: string | undefined): string | undefined {
  return /^(?:token|bearer)\s+(\S+)$/i.exec(header ?? '')?.[1];
}

function graphqlError(res: ServerResponse, message: string, type = 'UNPROCESSABLE') {
  send(res, 200, { data: null, errors: [{ type, message, path: [], locations: [] }] });
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
    variables?: Record<string, string>;
  };
  if (/^\s*(?:query\s*)?\{\s*viewer\s*\{\s*login\s*\}\s*\}\s*$/.test(query)) {
    // GraphQL spells an app's login without `[bot]`.
    const login = (state.logins.get(token) ?? ACTIONS_LOGIN).replace(/\[bot\]$/, '');
    return send(res, 200, { data: { viewer: { login } } });
  }
  const draftMutation = /\b(convertPullRequestToDraft|markPullRequestReadyForReview)\b/.exec(
    query,
  )?.[1];
  if (!/enablePullRequestAutoMerge/.test(query) && !draftMutation) {
    return graphqlError(
      res,
      'local GitHub: only enablePullRequestAutoMerge, convertPullRequestToDraft and markPullRequestReadyForReview are implemented',
    );
  }
  const id = String(variables.id ?? /pullRequestId:\s*"([^"]+)"/.exec(query)?.[1] ?? '');
  const method = String(
    variables.mergeMethod ?? /mergeMethod:\s*(\w+)/.exec(query)?.[1] ?? 'MERGE',
  );
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
    const permissions = state.tokens.get(token) ?? {};
    if (permissions.pull_requests !== 'write' || permissions.contents !== 'write') {
      log(403);
      return graphqlError(res, 'Resource not accessible by integration', 'FORBIDDEN');
    }
    if (pr.state !== 'open') {
      log(422);
      return graphqlError(res, 'Pull request is in closed state');
    }
    if (draftMutation) {
      pr.draft = draftMutation === 'convertPullRequestToDraft';
      log(200);
      return send(res, 200, { data: { [draftMutation]: { pullRequest: { number: pr.number } } } });
    }
    pr.auto_merge = { merge_method: method.toLowerCase() };
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
