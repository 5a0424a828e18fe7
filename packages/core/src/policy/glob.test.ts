import { describe, expect, it } from 'vitest';
import { matchesGlob } from './glob.ts';

describe('matchesGlob', () => {
  it.each([
    ['payments-*', 'payments-eu', true],
    ['payments-*', 'payments-', true],
    ['payments-*', 'payment-eu', false],
    ['*-large', 'edge-large', true],
    ['edge-?', 'edge-1', true],
    ['edge-?', 'edge-12', false],
    ['*', 'anything', true],
    ['drone', 'drone', true],
    ['drone', 'drones', false],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxbyy', false],
  ])('%s against %s is %s', (pattern, name, expected) => {
    expect(matchesGlob(pattern, name)).toBe(expected);
  });

  it('stays linear on a pattern that makes a backtracking matcher explode', () => {
    expect(matchesGlob('a*'.repeat(30) + 'b', 'a'.repeat(5000))).toBe(false);
  });
});
