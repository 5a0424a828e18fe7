import { describe, expect, it } from 'vitest';
import {
  canonicalRepository,
  locateRepository,
  repositoryAliases,
  sameRepository,
} from './repository-url.ts';

describe('locateRepository', () => {
  it.each([
    ['https://github.com/contoso/hello-world-gitops', 'github.com', 'contoso/hello-world-gitops'],
    [
      'https://github.com/Contoso/Hello-World-GitOps.git',
      'github.com',
      'contoso/hello-world-gitops',
    ],
    ['https://github.com/contoso/hello-world-gitops/', 'github.com', 'contoso/hello-world-gitops'],
    [
      'https://github.com/contoso/hello-world-gitops.git/',
      'github.com',
      'contoso/hello-world-gitops',
    ],
    ['http://github.com/contoso/hello-world-gitops', 'github.com', 'contoso/hello-world-gitops'],
    [
      '  HTTPS://GitHub.com/contoso/hello-world-gitops  ',
      'github.com',
      'contoso/hello-world-gitops',
    ],
    ['ssh://git@github.com/contoso/hello-world-gitops', 'github.com', 'contoso/hello-world-gitops'],
    [
      'ssh://git@github.com:22/contoso/hello-world-gitops.git',
      'github.com',
      'contoso/hello-world-gitops',
    ],
    ['git@github.com:contoso/hello-world-gitops.git', 'github.com', 'contoso/hello-world-gitops'],
    ['https://ghe.contoso.com:8443/platform/gitops', 'ghe.contoso.com', 'platform/gitops'],
    ['https://org@dev.azure.com/org/proj/_git/repo', 'dev.azure.com', 'org/proj/_git/repo'],
  ])('reads %s as %s/%s', (url, host, path) => {
    expect(locateRepository(url)).toEqual({ host, path });
  });

  it.each(['', 'github.com', 'not a url'])('rejects %j', (url) => {
    expect(locateRepository(url)).toBeUndefined();
  });
});

describe('canonicalRepository', () => {
  it.each([
    ['git@ssh.dev.azure.com:v3/org/proj/repo', 'dev.azure.com', 'org/proj/_git/repo'],
    ['https://org.visualstudio.com/proj/_git/repo', 'dev.azure.com', 'org/proj/_git/repo'],
    [
      'https://org.visualstudio.com/DefaultCollection/proj/_git/repo',
      'dev.azure.com',
      'org/proj/_git/repo',
    ],
    ['git@vs-ssh.visualstudio.com:v3/org/proj/repo', 'dev.azure.com', 'org/proj/_git/repo'],
    ['https://dev.azure.com/org/proj/_git/repo', 'dev.azure.com', 'org/proj/_git/repo'],
    ['https://github.com/a/b', 'github.com', 'a/b'],
  ])('maps %s to %s/%s', (url, host, path) => {
    expect(canonicalRepository(locateRepository(url)!)).toEqual({ host, path });
  });

  it('lists every Azure DevOps spelling as an alias, each mapping back to the canonical form', () => {
    const canonical = { host: 'dev.azure.com', path: 'org/proj/_git/repo' };
    const aliases = repositoryAliases(canonical);
    expect(aliases).toHaveLength(5);
    for (const alias of aliases) expect(canonicalRepository(alias)).toEqual(canonical);
  });

  it('has no aliases for other hosts', () => {
    expect(repositoryAliases({ host: 'github.com', path: 'a/b' })).toEqual([
      { host: 'github.com', path: 'a/b' },
    ]);
  });
});

describe('sameRepository', () => {
  it('ignores scheme, case, .git and trailing slashes', () => {
    const canonical = { host: 'github.com', path: 'contoso/hello-world-gitops' };
    expect(sameRepository('git@GitHub.com:Contoso/hello-world-gitops.git', canonical)).toBe(true);
    expect(sameRepository('https://github.com/contoso/hello-world-gitops-2', canonical)).toBe(
      false,
    );
    expect(sameRepository('https://gitlab.com/contoso/hello-world-gitops', canonical)).toBe(false);
  });
});
