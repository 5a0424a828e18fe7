import { describe, expect, it } from 'vitest';
import { parseGitHubRepositoryUrl, sameHost } from './repository-url.ts';

describe('parseGitHubRepositoryUrl', () => {
  it.each([
    ['https://github.com/acme/gitops', 'https://github.com', 'acme/gitops'],
    ['https://github.com/acme/gitops.git', 'https://github.com', 'acme/gitops'],
    ['https://ghe.example.com/Platform/GitOps/', 'https://ghe.example.com', 'Platform/GitOps'],
    ['http://127.0.0.1:8080/acme/cp', 'http://127.0.0.1:8080', 'acme/cp'],
  ])('reads %s', (url, origin, fullName) => {
    expect(parseGitHubRepositoryUrl(url)).toMatchObject({
      origin,
      fullName,
      cloneUrl: `${origin}/${fullName}.git`,
    });
  });

  it.each([
    'git@github.com:acme/gitops.git',
    'https://github.com/acme',
    'https://github.com/acme/gitops/tree/main',
    'not a url',
  ])('rejects %s', (url) => expect(parseGitHubRepositoryUrl(url)).toBeUndefined());
});

describe('sameHost', () => {
  it('compares hosts only', () => {
    expect(sameHost('https://GitHub.com/a/b', 'https://github.com')).toBe(true);
    expect(sameHost('https://gitlab.com/a/b', 'https://github.com')).toBe(false);
  });
});
