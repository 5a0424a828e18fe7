// Route table of the local GitHub: templates as in GitHub's REST docs, with the permission each
// route needs, and GitHub's error bodies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RepoStore } from './repo-store.ts';
import type {
  PermissionLevel,
  PermissionScope,
  RepoSettings,
  RepoState,
  TokenRecord,
} from './state.ts';

export const documentationUrl = 'https://docs.github.com/rest';

/** One entry of a 422 `errors` array. */
export interface ValidationErrorItem {
  resource: string;
  field?: string;
  code: string;
  message?: string;
  /** The refused value, where GitHub echoes it. */
  value?: string;
  /** The contexts and their states, when a deployment's required contexts failed. */
  contexts?: { context: string; state: string }[];
}

/** An error answered with GitHub's body `{message, documentation_url, status}`. */
export class HttpError extends Error {
  readonly status: number;
  /** `errors` of the body: items, or plain messages (GitHub's "simple" validation errors). */
  readonly errors: (ValidationErrorItem | string)[] | undefined;
  readonly headers: Record<string, string>;
  /** GitHub's link to the operation's docs, where GitHub gives one (default: the REST docs). */
  readonly documentationUrl: string | undefined;
  constructor(
    status: number,
    message: string,
    extra: {
      errors?: (ValidationErrorItem | string)[];
      headers?: Record<string, string>;
      documentationUrl?: string;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = extra.errors;
    this.headers = extra.headers ?? {};
    this.documentationUrl = extra.documentationUrl;
  }
}

export const notFound = (): HttpError => new HttpError(404, 'Not Found');

export const validationFailed = (...errors: ValidationErrorItem[]): HttpError =>
  new HttpError(422, 'Validation Failed', { errors });

/** Per-repository data the REST routes share. */
export interface RepoRecord {
  fullName: string;
  owner: string;
  name: string;
  id: number;
  private: boolean;
  readers: Set<string>;
  state: RepoState;
  nextNumber: number;
  created_at: string;
  settings: RepoSettings;
}

/** What a route handler gets. */
export interface RouteContext {
  repo: RepoRecord;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  store: RepoStore;
  baseUrl: string;
  nextId: () => number;
  /** The login the request's token acts as (comments record it as their author). */
  login: string;
  /** The request's token; undefined for an anonymous request. */
  token: TokenRecord | undefined;
}

export interface RouteResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  method: string;
  template: string;
  scope: PermissionScope;
  level: PermissionLevel;
  pattern: RegExp;
  handler: (context: RouteContext) => Promise<RouteResult>;
}

/** `{name}` matches one path segment, `{name+}` the rest of the path. */
function compile(template: string): RegExp {
  const source = template
    .split('/')
    .map((part) => {
      const rest = /^\{(\w+)\+\}$/.exec(part);
      if (rest) return `(?<${rest[1]}>.+)`;
      const param = /^\{(\w+)\}$/.exec(part);
      if (param) return `(?<${param[1]}>[^/]+)`;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

export class Router {
  readonly routes: Route[] = [];

  on(
    method: string,
    template: string,
    permission: `${PermissionScope}:${PermissionLevel}`,
    handler: Route['handler'],
  ): void {
    const [scope, level] = permission.split(':') as [PermissionScope, PermissionLevel];
    this.routes.push({ method, template, scope, level, pattern: compile(template), handler });
  }

  match(
    method: string,
    path: string,
  ): { route: Route; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      // GitHub accepts encoded path parameters (Octokit sends `heads%2Fdev`), so decode them.
      for (const [key, value] of Object.entries(found.groups ?? {})) {
        params[key] = decodeURIComponent(value);
      }
      return { route, params };
    }
    return undefined;
  }
}

/** Slices a list as `per_page`/`page` ask and builds GitHub's `Link` header. */
export function paginate<T>(
  items: readonly T[],
  query: URLSearchParams,
  url: string,
): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Math.max(Number(query.get('per_page') ?? 30) || 30, 1), 100);
  const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  const last = Math.max(Math.ceil(items.length / perPage), 1);
  const link = (n: number, rel: string): string => {
    const next = new URL(url);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('page', String(n));
    return `<${next.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
  return {
    page: items.slice((page - 1) * perPage, page * perPage),
    headers: links.length > 0 ? { link: links.join(', ') } : {},
  };
}

export function requireString(
  body: Record<string, unknown>,
  field: string,
  resource: string,
): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') {
    throw validationFailed({ resource, field, code: 'missing_field' });
  }
  return value;
}

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'x-github-api-version-selected': '2022-11-28',
    'x-github-request-id': `LOCAL:${Math.random().toString(16).slice(2, 10).toUpperCase()}`,
    ...headers,
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/** GitHub's error body: `{message, documentation_url, status}`, with `errors` for a 422. */
export function errorBody(error: HttpError): Record<string, unknown> {
  const body: Record<string, unknown> = {
    message: error.message,
    documentation_url: error.documentationUrl ?? documentationUrl,
    status: String(error.status),
  };
  if (error.errors) body.errors = error.errors;
  return body;
}

export function sendError(res: ServerResponse, error: HttpError) {
  send(res, error.status, errorBody(error), error.headers);
}

/**
 * The request body as text. The chunks are joined as bytes and decoded once: decoding each chunk
 * on its own would turn a multi-byte UTF-8 character split across two chunks into two U+FFFD.
 */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
