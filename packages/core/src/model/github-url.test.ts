import { describe, expect, it } from 'vitest';
import {
  parseGitHubRepositoryUrl,
  sameHost,
  tokenOrigin,
  hasUrlCredentials,
  redactUrlCredentials,
} from './github-url.ts';

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

describe('tokenOrigin', () => {
  it('sends a token only to the exact origin of GITHUB_SERVER_URL', () => {
    expect(tokenOrigin('https://GitHub.com/a/b', 'https://github.com')).toEqual({ kind: 'same' });
    expect(tokenOrigin('https://gitlab.com/a/b', 'https://github.com')).toEqual({
      kind: 'other-host',
    });
  });

  it('refuses http:// on the server host while the server is https://: the token would be in clear text', () => {
    expect(tokenOrigin('http://github.com/a/b', 'https://github.com')).toEqual({
      kind: 'mismatch',
      why: "it uses http:// on the host of GITHUB_SERVER_URL 'https://github.com', so the token would travel in clear text",
    });
  });

  it('refuses another port on the server host', () => {
    expect(
      tokenOrigin('https://ghe.example.com:8443/a/b', 'https://ghe.example.com'),
    ).toMatchObject({
      kind: 'mismatch',
      why: expect.stringContaining('scheme, host and port must all match'),
    });
  });
});

describe('redactUrlCredentials', () => {
  it.each([
    ['https://user:token@github.com/acme/gitops', 'https://***@github.com/acme/gitops'],
    ['https://ghp_x@github.com/acme/gitops.git', 'https://***@github.com/acme/gitops.git'],
    [
      "spec.repo 'http://a:b@ghe.local:8443/o/r' and https://c:d@x.io/y",
      "spec.repo 'http://***@ghe.local:8443/o/r' and https://***@x.io/y",
    ],
    ['ssh://git@github.com/acme/gitops', 'ssh://git@github.com/acme/gitops'],
    ['git@github.com:acme/gitops', 'git@github.com:acme/gitops'],
    ['https://github.com/acme/gitops?ref=@main', 'https://github.com/acme/gitops?ref=@main'],
    ['no url @here', 'no url @here'],
  ])('%s → %s', (text, shown) => {
    expect(redactUrlCredentials(text)).toBe(shown);
    expect(hasUrlCredentials(text)).toBe(text !== shown);
  });
});
