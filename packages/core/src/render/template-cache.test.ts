import { describe, expect, it } from 'vitest';
import type { Problem } from '../model/problem.ts';
import type { Template } from '../model/types.ts';
import { compileTemplates } from './template-cache.ts';

function parseProblem(manifest: string): string {
  const template = {
    kind: 'Template',
    name: 'flux',
    labels: {},
    origin: { file: 'templates/flux.yaml', line: 3, source: 'base' },
    type: 'reconciler',
    contentType: 'yaml',
    manifests: [manifest],
  } as unknown as Template;
  const problems: Problem[] = [];
  compileTemplates(new Map([['flux', template]]), new Set(['flux']), problems, []);
  expect(problems).toHaveLength(1);
  return problems[0]?.message ?? '';
}

describe('compileTemplates', () => {
  it('mentions the excluded functions when a function is undefined', () => {
    expect(parseProblem('{{ env "HOME" }}')).toBe(
      'manifest 1 does not parse (its line 1): function "env" not defined. Fix the template (excluded functions such as "env", "now" and "rand*" are not available: rendering must be deterministic).',
    );
  });

  it('does not mention them for other syntax errors', () => {
    expect(parseProblem('{{ .Namespace ')).toBe(
      'manifest 1 does not parse (its line 1): unclosed action. Fix the template.',
    );
  });
});
