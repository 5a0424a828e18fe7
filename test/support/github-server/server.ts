// The local GitHub: REST routes and git smart HTTP on one loopback port, backed by bare
// repositories, with per-token permissions, GitHub's error bodies, a request log and injectable
// faults. The control API (`/_control/...`) lives in control.ts.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleControl } from './control.ts';
import { handleGraphql } from './graphql.ts';
import { serveGit } from './git-http.ts';
import { installPushHook, pushRules, PUSH_RULES_VARIABLE } from './push-rules.ts';
import { basename, join } from 'node:path';
import { RepoStore } from './repo-store.ts';
import { ContractChecker } from './contract.ts';
import { GitRunner } from './git-runner.ts';
import {
  errorBody,
  HttpError,
  readBody,
  Router,
  send,
  sendError,
  type RepoRecord,
  type Route,
  type RouteResult,
} from './router.ts';
import {
  ACTIONS_LOGIN,
  allPermissions,
  defaultToken,
  rateLimitHeaders,
  takeFault,
  type ServerState,
} from './server-state.ts';
import { registerCommentRoutes } from './routes-comments.ts';
import { registerGitDataRoutes } from './routes-git-data.ts';
import { registerGitObjectRoutes } from './routes-git-objects.ts';
import { registerPullRoutes } from './routes-pulls.ts';
import { registerStatusRoutes } from './routes-statuses.ts';
import { registerCompareRoutes } from './routes-compare.ts';
import { registerDeploymentRoutes } from './routes-deployments.ts';
import type { Fault, PermissionLevel, TokenPermissions } from './state.ts';

export { allPermissions, defaultToken, type ServerState };

export interface GitHubServer {
  url: string;
  state: ServerState;
  close(): Promise<void>;
}

function tokenOf(header: string | undefined): string | undefined {
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

function basicPassword(header: string | undefined): string | undefined {
  const match = /^basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

const rank: Record<PermissionLevel, number> = { read: 1, write: 2 };

function allows(permissions: TokenPermissions, route: Pick<Route, 'scope' | 'level'>): boolean {
  if (route.scope === 'metadata') return true;
  const granted = permissions[route.scope];
  return granted !== undefined && rank[granted] >= rank[route.level];
}

export function canSee(state: ServerState, repo: RepoRecord, token: string | undefined): boolean {
  return !repo.private || (token !== undefined && repo.readers.has(token));
}

function faultError(fault: Fault): HttpError | undefined {
  switch (fault.kind) {
    case 'server-error':
      return new HttpError(fault.status ?? 502, 'Server Error');
    case 'validation':
      return new HttpError(422, 'Validation Failed', {
        errors: [
          {
            resource: 'Fault',
            code: 'custom',
            message: fault.message ?? 'Injected validation failure',
          },
        ],
      });
    case 'secondary-rate-limit':
      return new HttpError(
        fault.status ?? 403,
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID LOCAL.',
        {
          headers: {
            'retry-after': String(fault.retryAfterSeconds),
            'x-ratelimit-remaining': '4000',
          },
        },
      );
    case 'rate-limit':
      return new HttpError(403, 'API rate limit exceeded for installation ID 1.', {
        headers: {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': '5000',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + fault.resetInSeconds),
        },
      });
    default:
      return undefined;
  }
}

async function handleRest(
  state: ServerState,
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  const method = req.method ?? 'GET';
  const header = req.headers.authorization;
  const token = tokenOf(header);
  if (header !== undefined && (token === undefined || !state.tokens.has(token))) {
    return sendError(res, new HttpError(401, 'Bad credentials'));
  }
  const matched = router.match(method, url.pathname);
  if (!matched) {
    return sendError(
      res,
      new HttpError(404, `Not Found (local GitHub: unimplemented route ${method} ${url.pathname})`),
    );
  }
  const { route, params } = matched;
  const fullName = `${params.owner}/${params.repo}`;
  const repo = state.repos.get(fullName);
  /** Answers, logs and holds the answer to GitHub's description of the operation. */
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    repo?.state.requests.push({
      kind: 'rest',
      method,
      route: route.template,
      path: url.pathname,
      status,
    });
    state.contract?.check(method, route.template, status, body);
    send(res, status, body, { ...restRateLimitHeaders(repo), ...headers });
  };
  const fail = (error: HttpError) => answer(error.status, errorBody(error), error.headers);
  if (!repo || !canSee(state, repo, token)) return fail(new HttpError(404, 'Not Found'));
  if (token === undefined && (method !== 'GET' || route.level === 'write')) {
    return fail(new HttpError(401, 'Requires authentication'));
  }
  if (token !== undefined && !allows(state.tokens.get(token)?.permissions ?? {}, route)) {
    return fail(
      new HttpError(403, 'Resource not accessible by integration', {
        headers: { 'x-accepted-github-permissions': `${route.scope}=${route.level}` },
      }),
    );
  }
  const fault = takeFault(state, fullName, method, route.template);
  const injected = fault && faultError(fault);
  if (injected) return fail(injected);
  let body: Record<string, unknown> = {};
  const raw = await readBody(req);
  try {
    body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return fail(new HttpError(400, 'Problems parsing JSON'));
  }
  let result: RouteResult;
  try {
    result = await route.handler({
      repo,
      params,
      query: url.searchParams,
      body,
      store: state.store,
      baseUrl: state.baseUrl,
      nextId: state.nextId,
      login: (token && state.tokens.get(token)?.login) || ACTIONS_LOGIN,
      token: token === undefined ? undefined : state.tokens.get(token),
    });
  } catch (error) {
    return fail(error instanceof HttpError ? error : new HttpError(500, String(error)));
  }
  const status = result.status ?? 200;
  if (method !== 'GET' || status !== 200) return answer(status, result.body, result.headers);
  // As GitHub: every 200 answer to a GET carries a weak ETag (it varies with the token, as
  // GitHub's `Vary: Accept, Authorization`), and a request whose If-None-Match names it gets
  // 304 Not Modified without a body, which GitHub does not count against the rate limit.
  const etag = `W/"${createHash('sha256')
    .update(token ?? '')
    .update('\0')
    .update(JSON.stringify(result.body ?? null))
    .digest('hex')}"`;
  if (matchesETag(req.headers['if-none-match'], etag)) return answer(304, undefined, { etag });
  answer(status, result.body, { ...result.headers, etag });
}

/**
 * The rate-limit headers GitHub sends with every REST answer, for a repository whose test knob
 * `rate_limit_remaining` is set (the local GitHub counts no requests): limit 5,000, that many left.
 */
function restRateLimitHeaders(repo: RepoRecord | undefined): Record<string, string> {
  const remaining = repo?.settings.rate_limit_remaining;
  return remaining === undefined ? {} : rateLimitHeaders(remaining, 'core');
}

/** If-None-Match compared weakly (RFC 9110, section 13.1.2): `*`, or one of the listed tags. */
function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

async function handleGitRequest(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  fullName: string,
) {
  const repo = state.repos.get(fullName);
  const service = url.searchParams.get('service') ?? url.pathname.split('/').pop() ?? '';
  const push = service === 'git-receive-pack';
  const log = (status: number) =>
    repo?.state.requests.push({
      kind: 'git',
      method: req.method ?? 'GET',
      route: service,
      path: url.pathname,
      status,
    });
  const password = basicPassword(req.headers.authorization);
  if (password === undefined || !state.tokens.has(password)) {
    log(401);
    res.writeHead(401, {
      'www-authenticate': 'Basic realm="GitHub"',
      'content-type': 'text/plain',
    });
    return res.end(
      'Invalid username or token. Password authentication is not supported for Git operations.\n',
    );
  }
  if (!repo || !canSee(state, repo, password)) {
    log(404);
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('Repository not found.\n');
  }
  const scope = { scope: 'contents', level: push ? 'write' : 'read' } as const;
  if (!allows(state.tokens.get(password)?.permissions ?? {}, scope)) {
    log(403);
    res.writeHead(403, { 'content-type': 'text/plain' });
    return res.end(`Permission to ${fullName}.git denied to github-actions[bot].\n`);
  }
  if (push && req.method === 'GET') await applyConcurrentPush(state, fullName);
  log(200);
  const pathInfo = url.pathname.startsWith(`/${fullName}.git`)
    ? url.pathname
    : `/${fullName}.git${url.pathname.slice(fullName.length + 1)}`;
  // A push meets the branch protection rules of the repository (push-rules.ts).
  const env =
    push && req.method === 'POST' && repo
      ? {
          GIT_CONFIG_KEY_1: 'core.hooksPath',
          GIT_CONFIG_VALUE_1: state.hooks,
          [PUSH_RULES_VARIABLE]: pushRules(
            repo.settings,
            repo.state.statuses,
            state.tokens.get(password)?.login ?? ACTIONS_LOGIN,
          ),
        }
      : {};
  await serveGit(state.store.root, req, res, pathInfo, url.search.slice(1), env, (args, options) =>
    state.store.startGit(args, options),
  );
}

/** The "concurrent push" fault: another writer moves the branch just before this push starts. */
async function applyConcurrentPush(state: ServerState, repo: string) {
  const index = state.faults.findIndex((f) => f.kind === 'concurrent-push' && f.repo === repo);
  if (index < 0) return;
  const fault = state.faults[index]!;
  if (fault.kind !== 'concurrent-push') return;
  fault.count = (fault.count ?? 1) - 1;
  if (fault.count <= 0) state.faults.splice(index, 1);
  const ref = `refs/heads/${fault.branch}`;
  const head = await state.store.resolveCommit(repo, ref);
  if (!head) return;
  const n = state.nextId();
  const path = fault.path ?? `concurrent/${n}.txt`;
  const commit = await state.store.commitChanges(
    repo,
    head,
    new Map([[path, fault.content ?? `concurrent change ${n}\n`]]),
    `Concurrent change ${n}`,
  );
  await state.store.updateRef(repo, ref, commit, head);
}

/**
 * Starts the local GitHub on 127.0.0.1 with its repositories under `root`. `contract: true` holds
 * every REST answer to GitHub's OpenAPI description (`state.contract`; the test run does).
 * `latencyMs`: every request but the control routes is taken up that much later (a network's
 * round trip, for a bench: `bench/schedule.bench.ts --latency=<ms>`); the tests use none.
 */
export async function startGitHubServer(options: {
  root: string;
  contract?: boolean;
  latencyMs?: number;
}): Promise<GitHubServer> {
  let counter = 1000;
  const runner = new GitRunner();
  const state: ServerState = {
    store: new RepoStore(options.root, runner),
    hooks: installPushHook(join(options.root, '..', `${basename(options.root)}-hooks`)),
    repos: new Map(),
    tokens: new Map([[defaultToken, { permissions: allPermissions, kind: 'app' }]]),
    faults: [],
    baseUrl: '',
    nextId: () => ++counter,
    ...(options.contract ? { contract: new ContractChecker() } : {}),
  };
  const router = new Router();
  registerGitDataRoutes(router);
  registerGitObjectRoutes(router);
  registerStatusRoutes(router);
  registerCompareRoutes(router);
  registerPullRoutes(router);
  registerCommentRoutes(router);
  registerDeploymentRoutes(router);

  const latency = options.latencyMs ?? 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', state.baseUrl || 'http://127.0.0.1');
    if (latency > 0 && !url.pathname.startsWith('/_control/'))
      setTimeout(() => serve(req, res, url), latency);
    else serve(req, res, url);
  });
  const serve = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    // GitHub serves git both at /owner/repo.git/... and at /owner/repo/info/refs etc.
    const git =
      /^\/([^/]+\/[^/]+)\.git(\/.*)?$/.exec(url.pathname) ??
      /^\/([^/]+\/[^/]+?)(\/(?:info\/refs|git-upload-pack|git-receive-pack))$/.exec(url.pathname);
    const work = url.pathname.startsWith('/_control/')
      ? handleControl(state, req, res, url)
      : url.pathname === '/graphql' && req.method === 'POST'
        ? handleGraphql(state, req, res)
        : git
          ? handleGitRequest(state, req, res, url, git[1] ?? '')
          : handleRest(state, router, req, res, url);
    work.catch((error: unknown) => {
      if (!res.headersSent) sendError(res, new HttpError(500, String(error)));
      else res.end();
    });
  };
  keepConnectionsOpen(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.baseUrl,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          state.store.catFiles.close();
          runner.close();
          resolve();
        });
      }),
  };
}

/**
 * Node closes an idle keep-alive connection after 5 s by default. A client whose event loop is
 * late (a loaded 2-core machine) can still send its next request on that connection and get
 * "other side closed". GitHub keeps idle connections far longer, so the local server does too.
 */
function keepConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
}
