import { describe, expect, it } from 'vitest';
import { uniqueProblems, type Problem } from './problem.ts';

describe('uniqueProblems', () => {
  const a: Problem = { file: 'a.yaml', line: 3, object: "Template 'x'", message: 'unused' };

  it('keeps the first of repeated problems and every distinct one, in order', () => {
    const b: Problem = { ...a, line: 4 };
    expect(uniqueProblems([a, b, { ...a }, b])).toEqual([a, b]);
  });

  it('takes a key that says what counts as the same problem', () => {
    const prefixed: Problem = { ...a, message: `environment 'dev': ${a.message}` };
    const key = (p: Problem) => p.message.replace(/^environment '[^']*': /, '');
    expect(uniqueProblems([a, prefixed], key)).toEqual([a]);
    expect(uniqueProblems([a, prefixed])).toEqual([a, prefixed]);
  });
});
