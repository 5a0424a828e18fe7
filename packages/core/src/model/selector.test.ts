import { describe, expect, it } from 'vitest';
import { firstFailingTerm, selectorMatches } from './selector.ts';
import type { LabelSelector } from './types.ts';

const sel = (s: Partial<LabelSelector>): LabelSelector => ({
  matchLabels: {},
  matchExpressions: [],
  ...s,
});
const labels = { region: 'west', edge: 'true', size: 'large' };

describe('label selector', () => {
  it.each([
    ['empty selector matches everything', sel({}), true],
    ['matchLabels equal', sel({ matchLabels: { region: 'west' } }), true],
    ['matchLabels different value', sel({ matchLabels: { region: 'east' } }), false],
    ['matchLabels missing key', sel({ matchLabels: { zone: 'a' } }), false],
    [
      'In with the value',
      sel({ matchExpressions: [{ key: 'size', operator: 'In', values: ['small', 'large'] }] }),
      true,
    ],
    [
      'In without the key',
      sel({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }),
      false,
    ],
    [
      'NotIn with another value',
      sel({ matchExpressions: [{ key: 'size', operator: 'NotIn', values: ['small'] }] }),
      true,
    ],
    [
      'NotIn matches when the key is absent',
      sel({ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }),
      true,
    ],
    [
      'NotIn with the value',
      sel({ matchExpressions: [{ key: 'edge', operator: 'NotIn', values: ['true'] }] }),
      false,
    ],
    ['Exists', sel({ matchExpressions: [{ key: 'edge', operator: 'Exists', values: [] }] }), true],
    [
      'DoesNotExist',
      sel({ matchExpressions: [{ key: 'edge', operator: 'DoesNotExist', values: [] }] }),
      false,
    ],
    [
      'all terms are ANDed',
      sel({
        matchLabels: { region: 'west' },
        matchExpressions: [{ key: 'gpu', operator: 'Exists', values: [] }],
      }),
      false,
    ],
  ])('%s', (_name, selector, expected) => {
    expect(selectorMatches(selector, labels)).toBe(expected);
  });

  it('names the term that excludes a label set', () => {
    expect(
      firstFailingTerm(
        sel({ matchExpressions: [{ key: 'edge', operator: 'NotIn', values: ['true'] }] }),
        labels,
      ),
    ).toBe('edge NotIn [true] (has edge=true)');
    expect(firstFailingTerm(sel({ matchLabels: { zone: 'a' } }), labels)).toBe(
      "matchLabels zone=a (has no 'zone' label)",
    );
  });
});
