import { describe, expect, it } from 'vitest';
import { isCommitId, promotedCommitOf, renderBaseRepoYaml } from './base-repo.ts';

const commit = '5523a85f5e6c8c4a1c9c0e4b8e5f0b0a8d7c6e5f';

describe('renderBaseRepoYaml', () => {
  it('writes exactly the shape of Kalypso CD, with a trailing newline', () => {
    expect(
      renderBaseRepoYaml({
        repo: 'https://github.com/acme/control-plane',
        branch: 'main',
        path: '.',
        commit,
      }),
    ).toBe(
      `apiVersion: scheduler.kalypso.io/v1alpha1
kind: BaseRepo
metadata:
  name: main
spec:
  repo: https://github.com/acme/control-plane
  branch: main
  path: .
  commit: ${commit}
`,
    );
  });

  it.each([
    ['1234567890123456789012345678901234567890', '"1234567890123456789012345678901234567890"'],
    ['yes', '"yes"'],
    ['a: b', '"a: b"'],
    ['platform/main', 'platform/main'],
  ])('quotes %j only when plain YAML would read it differently', (value, written) => {
    expect(renderBaseRepoYaml({ repo: 'r', branch: value, path: '.', commit })).toContain(
      `  branch: ${written}\n`,
    );
  });
});

describe('promotedCommitOf', () => {
  it('reads the commit back', () => {
    expect(
      promotedCommitOf(renderBaseRepoYaml({ repo: 'r', branch: 'main', path: '.', commit })),
    ).toBe(commit);
  });
  it.each(['', 'spec: {}\n', ': :\n'])('is undefined for %j', (text) => {
    expect(promotedCommitOf(text)).toBeUndefined();
  });
});

describe('isCommitId', () => {
  it.each([
    [commit, true],
    [commit.slice(0, 7), false],
    [commit.toUpperCase(), false],
    [`${commit}0`, false],
  ])('%s → %s', (value, valid) => {
    expect(isCommitId(value)).toBe(valid);
  });
});
