import { describe, expect, it } from 'vitest';
import { gateSummary, type GateReport } from './summary.ts';

const commit = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const base: Omit<GateReport, 'outcome'> = {
  serverUrl: 'https://github.com',
  repository: 'acme/cp',
  commit,
  cdWorkflow: 'cd.yaml',
  checkEnvironments: true,
  dryRun: false,
};

describe('gateSummary', () => {
  it('reports a valid commit and the dispatch', () => {
    const outcome = {
      kind: 'checked',
      problems: [],
      firstEnvironment: 'dev',
      environments: ['dev', 'stage'],
      broken: [],
      dispatched: true,
      warnings: [],
    } as const;
    expect(gateSummary({ ...base, outcome })).toBe(
      `## ✅ [\`1a2b3c4\`](https://github.com/acme/cp/commit/${commit}) is valid

| | |
| --- | --- |
| Environments rendered with this main | \`dev\` ✅, \`stage\` ✅ |
| CD | dispatched \`cd.yaml\` for \`dev\` |
`,
    );
  });

  it('lists problems and marks the environments that break', () => {
    const outcome = {
      kind: 'checked',
      problems: [{ file: 'templates/flux.yaml', line: 3, message: 'broken.' }],
      firstEnvironment: 'dev',
      environments: ['dev'],
      broken: ['dev'],
      dispatched: false,
      warnings: [],
    } as const;
    const text = gateSummary({ ...base, outcome });
    expect(text.split('\n')[0]).toBe(
      `## ❌ [\`1a2b3c4\`](https://github.com/acme/cp/commit/${commit}) has 1 problem`,
    );
    expect(text).toContain('| Environments rendered with this main | `dev` ❌ |');
    expect(text).toContain('- templates/flux.yaml:3: broken.');
  });

  it('shows warnings without failing the verdict', () => {
    const outcome = {
      kind: 'checked',
      problems: [],
      warnings: [
        {
          file: 'templates/old.yaml',
          line: 1,
          object: "Template 'old'",
          message: 'manifest 1 does not parse.',
          severity: 'warning',
        },
      ],
      firstEnvironment: 'dev',
      environments: ['dev'],
      broken: [],
      dispatched: true,
    } as const;
    const text = gateSummary({ ...base, outcome });
    expect(text.split('\n')[0]).toBe(
      `## ✅ [\`1a2b3c4\`](https://github.com/acme/cp/commit/${commit}) is valid`,
    );
    expect(text).toContain('<details><summary>⚠️ 1 warning (not failing the run)</summary>');
    expect(text).toContain("- templates/old.yaml:1: Template 'old': manifest 1 does not parse.");
  });
});
