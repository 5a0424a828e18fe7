import { describe, expect, it } from 'vitest';
import { condition, evaluate, interpolate, type ExpressionContext } from './expressions.ts';

const context: ExpressionContext = {
  jobSucceeded: true,
  values: {
    inputs: { environment: 'dev', promoted_commit_id: '' },
    github: { ref_name: 'stage', sha: 'abc' },
    steps: { wait: { outputs: { 'deployment-state': 'succeeded' } } },
    secrets: { GITOPS_TOKEN: 'pat' },
  },
};

describe('workflow expressions', () => {
  it.each([
    ['inputs.environment', 'dev'],
    ["inputs.promoted_commit_id || 'none'", 'none'],
    ["steps.wait.outputs.deployment-state == 'succeeded'", true],
    ["github.ref_name != 'stage'", false],
    ["!inputs.promoted_commit_id && github.sha == 'ABC'", true],
    ['secrets.MISSING', null],
  ])('evaluates %s', (expression, expected) =>
    expect(evaluate(expression, context)).toBe(expected),
  );

  it('interpolates strings like the runner', () => {
    expect(
      interpolate('kalypso-promote-${{ inputs.environment }}-${{ github.sha }}', context),
    ).toBe('kalypso-promote-dev-abc');
  });

  it('applies success() implicitly to conditions without a status function', () => {
    const failed = { ...context, jobSucceeded: false };
    expect(condition("inputs.environment == 'dev'", failed)).toBe(false);
    expect(condition('${{ failure() }}', failed)).toBe(true);
    expect(condition('always()', failed)).toBe(true);
    expect(condition(undefined, context)).toBe(true);
  });

  it('refuses what it does not emulate', () => {
    expect(() => evaluate("contains(github.ref, 'x')", context)).toThrow(/not supported/);
    expect(() => evaluate('fromJSON(x)', context)).toThrow(/not supported/);
  });
});
