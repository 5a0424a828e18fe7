import { describe, expect, it } from 'vitest';
import type { MainCommitReport } from '@kalypso/core';
import { failureOf, outputsOf } from './outputs.ts';
import { summaryOf } from './summary.ts';

const commit = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const base: Pick<
  MainCommitReport,
  'serverUrl' | 'repository' | 'commit' | 'cdWorkflow' | 'checkEnvironments' | 'dryRun'
> = {
  serverUrl: 'https://github.com',
  repository: 'acme/cp',
  commit,
  cdWorkflow: 'cd.yaml',
  checkEnvironments: true,
  dryRun: false,
};

describe('ci-gate summary', () => {
  it('says so first when no cluster type changes, and folds the unchanged rows', () => {
    const unchanged = (clusterType: string) => ({
      clusterType,
      assignments: 3,
      added: [],
      removed: [],
    });
    const summary = summaryOf({
      ...base,
      problems: [],
      firstEnvironment: 'dev',
      environments: ['dev'],
      broken: [],
      dispatched: true,
      warnings: [],
      plans: [
        {
          environment: 'dev',
          state: 'valid',
          promotedCommit: undefined,
          clusterTypes: ['a', 'b', 'c'].map(unchanged),
        },
      ],
    });
    const section = summary.slice(summary.indexOf('### What each environment gets'));
    expect(section.split('\n').slice(2, 5)).toEqual([
      'No cluster type gains or loses an assignment against its promoted commit.',
      '',
      '<details><summary>3 cluster types unchanged</summary>',
    ]);
    // The environment is named once, on the first row of the folded table.
    expect(section).toContain('| `dev` | `a` | 3 | unchanged |\n|  | `b` | 3 | unchanged |');
  });

  it('reports a valid commit and the dispatch', () => {
    const outcome = {
      problems: [],
      firstEnvironment: 'dev',
      environments: ['dev', 'stage'],
      broken: [],
      dispatched: true,
      warnings: [],
      plans: [
        {
          environment: 'dev',
          state: 'valid',
          promotedCommit: 'f'.repeat(40),
          clusterTypes: [
            { clusterType: 'edge', assignments: 2, added: ['api'], removed: [] },
            { clusterType: 'cloud', assignments: 1, added: [], removed: [] },
          ],
        },
        {
          environment: 'stage',
          state: 'valid',
          promotedCommit: undefined,
          clusterTypes: [
            { clusterType: 'edge', assignments: 1, added: undefined, removed: undefined },
          ],
        },
      ],
    } as const;
    expect(summaryOf({ ...base, ...outcome })).toBe(
      `## ✅ [\`1a2b3c4\`](https://github.com/acme/cp/commit/${commit}) is valid

| Item | Value |
| --- | --- |
| Environments rendered with this main | \`dev\` ✅ → \`stage\` ✅ |
| CD | dispatched \`cd.yaml\` for \`dev\` |

### What each environment gets with this main

| Environment | Cluster type | Assignments | Against the promoted commit |
| --- | --- | --- | --- |
| \`dev\` (promotes [\`fffffff\`](https://github.com/acme/cp/commit/${'f'.repeat(40)})) | \`edge\` | 2 | +1 (\`api\`) |
| \`stage\` | \`edge\` | 1 | not compared |

<details><summary>1 cluster type unchanged</summary>

| Environment | Cluster type | Assignments | Against the promoted commit |
| --- | --- | --- | --- |
| \`dev\` (promotes [\`fffffff\`](https://github.com/acme/cp/commit/${'f'.repeat(40)})) | \`cloud\` | 1 | unchanged |

</details>
`,
    );
  });

  it('lists problems and marks the environments that break', () => {
    const outcome = {
      problems: [{ file: 'templates/flux.yaml', line: 3, message: 'broken.' }],
      firstEnvironment: 'dev',
      environments: ['dev'],
      broken: ['dev'],
      dispatched: false,
      warnings: [],
      plans: [{ environment: 'dev', state: 'broken', promotedCommit: undefined, clusterTypes: [] }],
    } as const;
    const text = summaryOf({ ...base, ...outcome });
    expect(text.split('\n')[0]).toBe(
      `## ❌ [\`1a2b3c4\`](https://github.com/acme/cp/commit/${commit}) has 1 problem`,
    );
    expect(text).toContain('| Environments rendered with this main | `dev` ❌ |');
    expect(text).toContain('- templates/flux.yaml:3: broken.');
  });

  it('shows warnings without failing the verdict', () => {
    const outcome = {
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
      plans: [],
    } as const;
    const text = summaryOf({ ...base, ...outcome });
    expect(text.split('\n')[0]).toBe(
      `## ✅ [\`1a2b3c4\`](https://github.com/acme/cp/commit/${commit}) is valid`,
    );
    expect(text).toContain('<details><summary>⚠️ 1 warning (not failing the run)</summary>');
    expect(text).toContain("- templates/old.yaml:1: Template 'old': manifest 1 does not parse.");
  });

  it('shows the chain with what a broken main leaves unchecked, and folds long lists of targets', () => {
    const targets = Array.from({ length: 7 }, (_, i) => `t${i}`);
    const outcome = {
      problems: [{ message: "environment 'stage' would break with this main: boom." }],
      warnings: [],
      firstEnvironment: 'dev',
      environments: ['dev', 'stage', 'qa', 'prod'],
      broken: ['stage'],
      dispatched: false,
      plans: [
        {
          environment: 'dev',
          state: 'valid',
          promotedCommit: undefined,
          clusterTypes: [{ clusterType: 'edge', assignments: 0, added: [], removed: targets }],
        },
        { environment: 'stage', state: 'broken', promotedCommit: undefined, clusterTypes: [] },
        { environment: 'qa', state: 'no-branch', promotedCommit: undefined, clusterTypes: [] },
        { environment: 'prod', state: 'not-checked', promotedCommit: undefined, clusterTypes: [] },
      ],
    } as const;
    const text = summaryOf({ ...base, ...outcome });
    expect(text).toContain(
      '| Environments rendered with this main | `dev` ✅ → `stage` ❌ → `qa` ➖ → `prod` ⏸️ |',
    );
    expect(text).toContain(
      `- environment 'stage' would break with this main: boom.

### What each environment gets with this main

| Environment | Cluster type | Assignments | Against the promoted commit |
| --- | --- | --- | --- |
| \`dev\` | \`edge\` | 0 | −7 (\`t0\`, \`t1\`, \`t2\`, \`t3\`, \`t4\` and 2 more) |

- \`qa\`: no branch yet, nothing to render.
`,
    );
  });

  it('says why CD did not start with an empty cd-workflow', () => {
    const outcome = {
      problems: [],
      firstEnvironment: 'dev',
      environments: ['dev'],
      broken: [],
      dispatched: false,
      warnings: [],
      plans: [],
    } as const;
    expect(summaryOf({ ...base, ...outcome, cdWorkflow: '' })).toContain(
      '| CD | not started (`cd-workflow` is empty) |',
    );
  });

  it('reports an error alone: empty outputs, its message as the summary and the failure', () => {
    const report: MainCommitReport = {
      ...base,
      problems: [],
      warnings: [],
      firstEnvironment: 'dev',
      environments: ['dev'],
      broken: [],
      dispatched: false,
      plans: [],
      error: new Error("Dispatching 'cd.yaml' failed."),
    };
    expect(outputsOf(report)).toEqual({
      valid: false,
      'first-environment': '',
      dispatched: false,
      problems: 0,
    });
    expect(summaryOf(report)).toBe(
      `## ❌ Checking [\`1a2b3c4\`](https://github.com/acme/cp/commit/${commit}) failed\n\n\`\`\`text\nDispatching 'cd.yaml' failed.\n\`\`\`\n`,
    );
    expect(failureOf(report)).toBe("Dispatching 'cd.yaml' failed.");
    expect(failureOf({ ...report, error: undefined, problems: [{ message: 'm' }] })).toBe(
      'The control plane has 1 problem(s) (listed above and in the job summary).',
    );
  });
});

describe('inert output', () => {
  it('pings no one and shows no credential from a problem or a warning', () => {
    const hostile = {
      file: 'templates/a.yaml',
      line: 2,
      message: "kind '@acme/platform-team' from https://u:ghp_leak@github.com/a/b",
    };
    const summary = summaryOf({
      ...base,
      problems: [hostile],
      warnings: [{ ...hostile, severity: 'warning' as const }],
      firstEnvironment: 'dev',
      environments: ['dev'],
      broken: [],
      dispatched: false,
      plans: [],
    });
    expect(summary).toContain('@\u200bacme/platform-team');
    expect(summary).not.toMatch(/(?<![\w`\u200b])@acme\/platform-team/);
    expect(summary).not.toContain('ghp_leak');
  });
});
