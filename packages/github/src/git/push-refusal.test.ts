import { describe, expect, it } from 'vitest';
import { classifyPushRefusal, pushRefusedError } from './push-refusal.ts';

// What git prints for a refused push (`git push --porcelain`: the ref lines on stdout, the
// server's `remote:` lines on stderr), with the texts GitHub sends.
const protectedBranch = [
  'To https://github.com/acme/control-plane.git',
  '!\trefs/heads/dev:refs/heads/dev\t[remote rejected] (protected branch hook declined)',
  'Done',
  'remote: error: GH006: Protected branch update failed for refs/heads/dev.',
  'remote: error: Changes must be made through a pull request.',
  "error: failed to push some refs to 'https://github.com/acme/control-plane.git'",
].join('\n');

const ruleset = [
  '!\trefs/heads/dev:refs/heads/dev\t[remote rejected] (push declined due to repository rule violations)',
  'remote: error: GH013: Repository rule violations found for refs/heads/dev.',
  'remote: Review all repository rules at https://github.com/acme/control-plane/rules?ref=refs%2Fheads%2Fdev',
  'remote: ',
  'remote: - Changes must be made through a pull request.',
  'remote: ',
].join('\n');

const pushProtection = [
  '!\trefs/heads/dev:refs/heads/dev\t[remote rejected] (push declined due to repository rule violations)',
  'remote: error: GH013: Repository rule violations found for refs/heads/dev.',
  'remote: - GITHUB PUSH PROTECTION',
  'remote:   Push cannot contain secrets',
].join('\n');

describe('classifyPushRefusal', () => {
  it('takes a refused push by branch protection, a ruleset or push protection as permanent', () => {
    expect(classifyPushRefusal(protectedBranch)).toEqual({
      kind: 'refused',
      reason: 'protected branch hook declined',
      lines: [
        'GH006: Protected branch update failed for refs/heads/dev.',
        'Changes must be made through a pull request.',
      ],
    });
    expect(classifyPushRefusal(ruleset)).toMatchObject({
      kind: 'refused',
      reason: 'push declined due to repository rule violations',
      lines: [
        'GH013: Repository rule violations found for refs/heads/dev.',
        'Review all repository rules at https://github.com/acme/control-plane/rules?ref=refs%2Fheads%2Fdev',
        '- Changes must be made through a pull request.',
      ],
    });
    expect(classifyPushRefusal(pushProtection)).toMatchObject({ kind: 'refused' });
  });

  it('takes a branch that moved as moved: the caller re-reads and tries again', () => {
    for (const output of [
      '!\trefs/heads/dev:refs/heads/dev\t[rejected] (fetch first)',
      '!\trefs/heads/dev:refs/heads/dev\t[rejected] (non-fast-forward)',
      '!\trefs/heads/kalypso/dev:refs/heads/kalypso/dev\t[rejected] (stale info)',
      "!\trefs/heads/dev:refs/heads/dev\t[remote rejected] (cannot lock ref 'refs/heads/dev': is at 1111 but expected 2222)",
      '!\trefs/heads/dev:refs/heads/dev\t[remote rejected] (failed to update ref)',
    ])
      expect(classifyPushRefusal(output), output).toEqual({ kind: 'moved' });
  });

  it('leaves a failure that is neither to the usual translation', () => {
    expect(
      classifyPushRefusal('fatal: unable to access: The requested URL returned error: 403'),
    ).toBeUndefined();
  });

  it('keeps the server lines bounded and free of control characters', () => {
    const hostile = [
      '!\trefs/heads/dev:refs/heads/dev\t[remote rejected] (pre-receive hook declined)',
      ...Array.from(
        { length: 50 },
        (_, i) => `remote: ::error::line ${i}\u001b[31m ${'x'.repeat(500)}`,
      ),
    ].join('\n');
    const refusal = classifyPushRefusal(hostile);
    if (refusal?.kind !== 'refused') throw new Error('expected a refusal');
    expect(refusal.lines).toHaveLength(6);
    for (const line of refusal.lines) {
      expect(line.length).toBeLessThanOrEqual(200);
      expect(line).not.toMatch(/[\u0000-\u001f]/);
    }
  });
});

describe('pushRefusedError', () => {
  const error = (output: string) => {
    const refusal = classifyPushRefusal(output);
    if (refusal?.kind !== 'refused') throw new Error('expected a refusal');
    return pushRefusedError(
      "Pushing to branch 'dev'",
      'acme/control-plane',
      'github-token',
      refusal,
    );
  };

  it('quotes GitHub and says what to do about a protected branch, and that nothing was retried', () => {
    expect(error(protectedBranch).message).toBe(
      "Pushing to branch 'dev' in 'acme/control-plane' was refused by GitHub (GitHub: \"GH006: Protected branch update failed for refs/heads/dev. Changes must be made through a pull request.\"). The branch is protected: let the token's actor bypass it (branch protection \"Allow specified actors to bypass required pull requests\", or a ruleset's bypass list), or pass in 'github-token' a token whose actor may push to it. Nothing was retried: the same push would be refused again.",
    );
    expect(error(protectedBranch).name).toBe('GitHubAccessError');
  });

  it('names the ruleset bypass list for a ruleset, and the secret for push protection', () => {
    expect(error(ruleset).message).toContain("add the token's actor");
    expect(error(ruleset).message).toContain("ruleset's bypass list");
    expect(error(pushProtection).message).toContain('Push protection found a secret');
  });
});
