import { describe, expect, it } from 'vitest';
import { functionCalls } from './calls.ts';
import { parseTemplate } from './index.ts';
import { templateFunctions } from './functions/index.ts';
import { sprig3OnlyFunctions } from './functions/sprig3-only.ts';

describe('functionCalls', () => {
  it('finds every call with its line, in branches that never run and nested pipelines too', () => {
    const template = parseTemplate(
      '{{ upper "a" }}\n{{ if false }}\n{{ get (dict "a" 1) "a" | quote }}{{ end }}\n{{ define "x" }}{{ (seq 3).Foo }}{{ end }}',
      templateFunctions,
    );
    expect(functionCalls(template)).toEqual([
      { name: 'upper', line: 1 },
      { name: 'get', line: 3 },
      { name: 'dict', line: 3 },
      { name: 'quote', line: 3 },
      { name: 'seq', line: 4 },
    ]);
  });

  it('knows the sprig-3-only functions, all of them in the table', () => {
    for (const name of sprig3OnlyFunctions) expect(templateFunctions.has(name)).toBe(true);
    expect(sprig3OnlyFunctions.has('get')).toBe(true);
    expect(sprig3OnlyFunctions.has('trunc')).toBe(false);
  });
});
