// What the local GitHub holds; REST routes, git serving and the control API share it.
import type { RepoStore } from './repo-store.ts';
import type { RepoRecord } from './router.ts';
import type { ContractChecker } from './contract.ts';
import type { Fault, TokenPermissions, TokenRecord } from './state.ts';

export type { TokenRecord };

/** The token every test may use: write access to everything, as a GitHub App installation token. */
export const defaultToken = 'test-token';

export const allPermissions: TokenPermissions = {
  contents: 'write',
  statuses: 'write',
  pull_requests: 'write',
  issues: 'write',
  actions: 'write',
  deployments: 'write',
  metadata: 'read',
};

/** The login of the workflow token (an app installation: REST says `[bot]`, GraphQL does not). */
export const ACTIONS_LOGIN = 'github-actions[bot]';

/** Everything the server holds; the control API reads and changes it. */
export interface ServerState {
  store: RepoStore;
  /** The hooks folder of pushes (push-rules.ts), outside every repository. */
  hooks: string;
  repos: Map<string, RepoRecord>;
  tokens: Map<string, TokenRecord>;
  faults: Fault[];
  baseUrl: string;
  nextId: () => number;
  /** Holds every REST answer to GitHub's OpenAPI description, when enabled (contract.ts). */
  contract?: ContractChecker;
}

/** Takes the next armed fault matching a REST request (or a GraphQL field, graphql.ts), if any. */
export function takeFault(state: ServerState, repo: string, method: string, route: string) {
  const index = state.faults.findIndex(
    (f) =>
      f.kind !== 'concurrent-push' && f.repo === repo && f.method === method && f.route === route,
  );
  if (index < 0) return undefined;
  const fault = state.faults[index]!;
  fault.count = (fault.count ?? 1) - 1;
  if (fault.count <= 0) state.faults.splice(index, 1);
  return fault;
}

/**
 * GitHub's rate-limit headers for a test knob's count of requests (REST, `core`) or points
 * (GraphQL, `graphql`) left of 5,000; the local GitHub counts none itself.
 */
export function rateLimitHeaders(
  remaining: number,
  resource: 'core' | 'graphql',
): Record<string, string> {
  return {
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-used': String(5000 - remaining),
    'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3600),
    'x-ratelimit-resource': resource,
  };
}
