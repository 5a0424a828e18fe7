import { describe, expect, it } from 'vitest';
import { inputVariable, parseFileCommands } from './support/run-action.ts';

describe('parseFileCommands', () => {
  it('reads plain and heredoc values', () => {
    expect(
      parseFileCommands('a=1\nmulti<<ghadelimiter_x\nline 1\nline 2\nghadelimiter_x\nb=x=y\n'),
    ).toEqual({
      a: '1',
      multi: 'line 1\nline 2',
      b: 'x=y',
    });
  });
});

describe('inputVariable', () => {
  it.each([
    ['github-token', 'INPUT_GITHUB-TOKEN'],
    ['base repo', 'INPUT_BASE_REPO'],
  ])('%s → %s', (name, variable) => {
    expect(inputVariable(name)).toBe(variable);
  });
});
