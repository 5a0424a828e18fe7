// The preview's visibility questions against the local GitHub: the repositories asked together
// go in one GraphQL query; the answers are those of a REST request per repository (public,
// private, unknown when the token cannot see it or it does not exist), and a query GitHub does
// not answer is asked again over REST.
import { describe, expect, inject, it } from 'vitest';
import { parseGitHubRepositoryUrl } from '@kalypso/core';
import { LocalGitHub } from '../../../../test/support/github-server/client.ts';
import { workloadVisibility } from './workload-visibility.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const reporter = {
  debug() {},
  info() {},
  warning() {},
  error() {},
  group: <T>(_: string, work: () => Promise<T>) => work(),
};
const endpoints = { serverUrl: github.url, apiUrl: github.url, runUrl: undefined };

const found = (fullName: string) => ({
  repository: parseGitHubRepositoryUrl(`${github.url}/${fullName}`)!,
  anonymous: false,
});

async function repositories() {
  const other = await github.createToken({ contents: 'read' });
  const files = { 'a.yaml': 'a: 1\n' };
  const open = await github.createRepo({ files });
  const readable = await github.createRepo({ files, private: true, readers: [token] });
  const hidden = await github.createRepo({ files, private: true, readers: [other] });
  const missing = `acme/${LocalGitHub.uniqueName('gone')}`;
  return { open, readable, hidden, missing };
}

/** The visibility requests each repository received, by kind and route. */
async function requests(...names: string[]) {
  const all = await Promise.all(names.map(async (name) => (await github.state(name)).requests));
  return all
    .flat()
    .filter((r) => r.route === 'repository' || r.route === '/repos/{owner}/{repo}')
    .map((r) => `${r.kind} ${r.route}`);
}

describe('workloadVisibility', () => {
  it('asks the repositories asked together in one GraphQL query, with the answers of REST', async () => {
    const { open, readable, hidden, missing } = await repositories();
    const visibilityOf = workloadVisibility(
      { token, tokenInput: 'workload-token' },
      endpoints,
      reporter,
    );
    const answers = await Promise.all(
      [open.fullName, readable.fullName, hidden.fullName, missing].map((n) =>
        visibilityOf(found(n)),
      ),
    );
    expect(answers).toEqual(['public', 'private', 'unknown', 'unknown']);
    // Asked once: a later question takes the first answer.
    expect(await visibilityOf(found(readable.fullName))).toBe('private');
    expect(await requests(open.fullName, readable.fullName, hidden.fullName)).toEqual([
      'graphql repository',
      'graphql repository',
    ]);
    expect(await visibilityOf(undefined)).toBe('unknown');
    expect(await visibilityOf({ ...found(hidden.fullName), anonymous: true })).toBe('public');
  });

  it('asks over REST, one request per repository, when the query is not answered', async () => {
    const { open, readable, hidden, missing } = await repositories();
    // 400: an answer without data that the client does not retry.
    await github.injectFault({
      kind: 'server-error',
      status: 400,
      repo: open.fullName,
      method: 'POST',
      route: 'graphql repository',
    });
    const visibilityOf = workloadVisibility(
      { token, tokenInput: 'workload-token' },
      endpoints,
      reporter,
    );
    const answers = await Promise.all(
      [open.fullName, readable.fullName, hidden.fullName, missing].map((n) =>
        visibilityOf(found(n)),
      ),
    );
    expect(answers).toEqual(['public', 'private', 'unknown', 'unknown']);
    expect(await requests(open.fullName, readable.fullName)).toEqual([
      'rest /repos/{owner}/{repo}',
      'rest /repos/{owner}/{repo}',
    ]);
  });
});
