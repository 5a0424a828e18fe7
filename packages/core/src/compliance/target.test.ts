import { describe, expect, it } from 'vitest';
import { resolveComplianceTarget, syncedCommitOf } from './target.ts';
import { ComplianceInputError } from './types.ts';

const sha = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';

describe('resolveComplianceTarget', () => {
  it('normalises the URL, strips refs/heads/ and lower-cases the commit', () => {
    const target = resolveComplianceTarget({
      repositoryUrl: 'https://GitHub.com/Contoso/Hello-World-GitOps.git/',
      branch: 'refs/heads/dev',
      commit: sha.toUpperCase(),
    });
    expect(target.repository).toEqual({ host: 'github.com', path: 'contoso/hello-world-gitops' });
    expect(target.branch).toBe('dev');
    expect(target.commit).toBe(sha);
  });

  it('keeps the branch case, because git branch names are case-sensitive', () => {
    expect(
      resolveComplianceTarget({
        repositoryUrl: 'https://github.com/a/b',
        branch: 'Release/1.x',
        commit: sha,
      }).branch,
    ).toBe('Release/1.x');
  });

  it.each([
    ["https://github.com/a/b' or 1==1 //", 'dev', sha, 'contains characters'],
    ['https://github.com/a/b', "dev' | take 1", sha, "Branch 'dev' | take 1'"],
    ['https://github.com/a/b', 'dev', '4f2a9c1', 'full 40- or 64-digit'],
    ['https://github.com/a/b', '../main', sha, 'plain git branch'],
    ['github', 'dev', sha, 'not a repository URL'],
  ])('rejects %j / %j / %j', (repositoryUrl, branch, commit, message) => {
    expect(() => resolveComplianceTarget({ repositoryUrl, branch, commit })).toThrow(message);
  });

  it('reports every problem at once', () => {
    try {
      resolveComplianceTarget({ repositoryUrl: 'x', branch: "'", commit: 'abc' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ComplianceInputError);
      expect((error as ComplianceInputError).problems).toHaveLength(3);
    }
  });
});

describe('syncedCommitOf', () => {
  it.each([
    [`dev@sha1:${sha}`, sha],
    [`refs/heads/dev@sha1:${sha}`, sha],
    [`sha1:${sha}`, sha],
    [`dev/${sha}`, sha],
    [sha.toUpperCase(), sha],
    [`main@sha256:${'ab'.repeat(32)}`, 'ab'.repeat(32)],
    ['', ''],
    ['dev', ''],
  ])('reads %j as %j', (revision, expected) => {
    expect(syncedCommitOf(revision)).toBe(expected);
  });
});
