// The chain check as pure functions: which status lets a commit in, what a refusal says, and the
// break-glass reason's bounds.
import { describe, expect, it } from 'vitest';
import { chainSkipOf, chainSkippedStatus } from '../status/vocabulary.ts';
import {
  ChainNotSatisfiedError,
  judgeChain,
  MAX_BREAK_GLASS_REASON,
  readSkipReason,
} from './chain-gate.ts';

const base = {
  environments: ['dev', 'stage', 'prod'],
  file: '.github/promotion-chain.yaml',
  environment: 'stage',
  commit: 'a'.repeat(40),
  ciContext: 'Kalypso CI',
  previousStatus: undefined,
  ciStatus: undefined,
  skip: undefined,
};

describe('judgeChain', () => {
  it('accepts "Deployed" in the previous environment, pending (post-deployment steps) or success', () => {
    for (const state of ['pending', 'success'] as const)
      expect(
        judgeChain({ ...base, previousStatus: { state, description: 'Deployed' } }),
      ).toMatchObject({ kind: 'satisfied', previous: 'dev' });
  });

  it('refuses any other status of the previous environment, naming it', () => {
    for (const description of ['Deploying', 'Promoted', 'Failed to deploy']) {
      expect(() =>
        judgeChain({ ...base, previousStatus: { state: 'pending', description } }),
      ).toThrow(ChainNotSatisfiedError);
    }
    expect(() =>
      judgeChain({ ...base, previousStatus: { state: 'pending', description: 'Deploying' } }),
    ).toThrow(
      `'dev' does not report it Deployed (its 'dev environment' status is pending "Deploying")`,
    );
  });

  it('the first environment needs a successful ci-gate status', () => {
    const first = { ...base, environment: 'dev' };
    expect(() => judgeChain(first)).toThrow(
      "it has no successful 'Kalypso CI' status (it is not set): ci-gate validates a commit before its first environment",
    );
    expect(
      judgeChain({ ...first, ciStatus: { state: 'success', description: 'Valid' } }),
    ).toMatchObject({ kind: 'satisfied', previous: undefined });
  });

  it('refuses an environment outside the chain unless skipped', () => {
    expect(() => judgeChain({ ...base, environment: 'qa' })).toThrow(
      "'qa' is not in the promotion chain dev → stage → prod (.github/promotion-chain.yaml)",
    );
    const skip = { reason: 'lab', actor: 'octocat' };
    expect(judgeChain({ ...base, environment: 'qa', skip })).toMatchObject({
      kind: 'skipped',
      skip,
    });
  });
});

describe('readSkipReason', () => {
  it('makes one line of plain text, bounded', () => {
    expect(readSkipReason('  hotfix\n  INC-123  ')).toEqual({ reason: 'hotfix INC-123' });
    expect(readSkipReason('')).toEqual({ reason: '' });
    expect(readSkipReason('x'.repeat(MAX_BREAK_GLASS_REASON))).toEqual({
      reason: 'x'.repeat(MAX_BREAK_GLASS_REASON),
    });
    expect(readSkipReason('x'.repeat(MAX_BREAK_GLASS_REASON + 1))).toEqual({
      problem:
        "Input 'break-glass-reason' is 201 characters long: write at most 200 (e.g. 'INC-4211: hotfix for the payment outage').",
    });
    expect(readSkipReason('y'.repeat(201), 'skip-chain-reason')).toMatchObject({
      problem: expect.stringMatching(/^Input 'skip-chain-reason' is 201 characters long/),
    });
    expect(readSkipReason('fix \u202e gnp.exe')).toMatchObject({
      problem: expect.stringContaining('control or direction'),
    });
    expect(readSkipReason('a\u0007b')).toMatchObject({
      problem: expect.stringContaining('control'),
    });
  });
});

describe('the skip status', () => {
  it('reads back who and why, and fits a description', () => {
    expect(chainSkipOf(chainSkippedStatus('octocat', 'hotfix INC-123'))).toEqual({
      actor: 'octocat',
      reason: 'hotfix INC-123',
    });
    expect(chainSkippedStatus('octocat', 'y'.repeat(200)).description).toHaveLength(140);
    expect(chainSkipOf({ state: 'success', description: 'Valid' })).toBeUndefined();
  });
});
