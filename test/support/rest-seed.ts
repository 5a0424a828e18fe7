// Seeding the local GitHub over its REST API as other workflows would have left it (a commit
// status set by ci-gate or check-promote, a deployment): the tests' one way to call it raw.
import type { LocalGitHub } from './github-server/client.ts';

/** A raw REST call to the local GitHub with `token`; rejects on an error answer. */
export function restOf(github: LocalGitHub, token: string) {
  return async function api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`${github.url}${path}`, {
      method,
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
