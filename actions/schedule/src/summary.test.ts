import { describe, expect, it } from 'vitest';
import type { Plan, PublishResult, ScheduleFacts } from '@kalypso/core';
import { annotationsOf, failureOf, outputsOf } from './outputs.ts';
import { summaryOf } from './summary.ts';

const commit = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const baseHead = 'ffeeddccbbaa99887766554433221100ffeeddcc';
const plan: Plan = {
  added: ['edge/lift-control/reconciler.yaml'],
  changed: ['.github/tracking/Promoted_Commit_Id'],
  removed: [],
  promoted: true,
  clusterTypes: [
    {
      clusterType: 'edge',
      assignmentsAdded: ['lift-control'],
      assignmentsRemoved: [],
      assignmentsChanged: [],
      filesChanged: 1,
    },
  ],
};
const result: PublishResult = {
  operation: 'created',
  wouldDo: 'created',
  plan,
  pullRequest: { number: 7, url: 'https://github.com/acme/gitops/pull/7' },
  baseHead,
};
const base: ScheduleFacts = {
  serverUrl: 'https://github.com',
  repository: 'acme/cp',
  environment: 'dev',
  dryRun: false,
};
const published = (r: PublishResult) =>
  ({
    kind: 'published',
    result: r,
    gitops: { repository: 'acme/gitops', base: 'dev', branch: 'kalypso/dev' },
    promotedCommit: commit,
    assignments: 4,
  }) as const;

describe('schedule summary', () => {
  it('says auto-merge is on, or why GitHub refused it and what to configure, without failing', () => {
    const on = summaryOf({
      ...base,
      ...published({ ...result, autoMerge: { enabled: true, method: 'squash' } }),
    });
    expect(on).toContain('| Auto-merge | on (squash) |');
    expect(on).toContain('## ✅ Scheduled `dev`');
    const reason =
      '\'acme/gitops\' does not allow auto-merge (GitHub: "Auto merge is not allowed for this repository"). Turn on "Allow auto-merge" in its settings.';
    const refused = summaryOf({
      ...base,
      ...published({ ...result, autoMerge: { enabled: false, reason } }),
    });
    expect(refused).toContain('## ✅ Scheduled `dev`');
    expect(refused).toContain('| Auto-merge | ⚠️ not enabled (why, below) |');
    expect(refused).toContain(
      `⚠️ **Auto-merge is not enabled** on [#7](https://github.com/acme/gitops/pull/7): 'acme/gitops' does not allow auto-merge (GitHub: "Auto merge is not allowed for this repository"). Turn on "Allow auto-merge" in its settings.`,
    );
    // Repository text in the reason stays text.
    const hostile = summaryOf({
      ...base,
      ...published({
        ...result,
        autoMerge: { enabled: false, reason: "branch '[x](https://evil)' <b>" },
      }),
    });
    expect(hostile).toContain("branch '\\[x\\](https://evil)' \\<b\\>");
    expect(summaryOf({ ...base, ...published(result) })).not.toContain('Auto-merge');
  });

  it('reports a new pull request with the plan', () => {
    expect(summaryOf({ ...base, ...published(result) })).toMatchInlineSnapshot(`
      "## ✅ Scheduled \`dev\`: opened pull request [#7](https://github.com/acme/gitops/pull/7)

      | Item | Value |
      | --- | --- |
      | GitOps branch | [\`acme/gitops@dev\`](https://github.com/acme/gitops/tree/dev) at \`ffeeddc\` |
      | Pull request branch | \`kalypso/dev\` |
      | Promoted commit | [\`1a2b3c4\`](https://github.com/acme/cp/commit/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b) (new: label \`promoted\`) |
      | Assignments | 4 |
      | Files | 1 added, 1 changed, 0 removed |

      | cluster type | assignments added | assignments removed | re-rendered | files |
      | --- | --- | --- | --- | --- |
      | \`edge\` | \`lift-control\` | – | – | 1 |

      <details><summary>2 files</summary>

      \`\`\`
      A edge/lift-control/reconciler.yaml
      M .github/tracking/Promoted_Commit_Id
      \`\`\`

      </details>
      "
    `);
  });

  it.each([
    [
      { ...result, operation: 'none' as const, pullRequest: undefined },
      false,
      '## ⏭️ Scheduled `dev`: the GitOps branch already holds the rendered environment',
    ],
    [
      { ...result, operation: 'updated' as const },
      false,
      '## ✅ Scheduled `dev`: updated pull request [#7]',
    ],
    [
      { ...result, operation: 'closed' as const },
      false,
      '## ✅ Scheduled `dev`: nothing left to propose, closed pull request [#7]',
    ],
    [
      { ...result, operation: 'none' as const, pullRequest: undefined },
      true,
      '## ⏭️ Dry run for `dev`: would open a pull request',
    ],
  ])('gives one verdict line (%#)', (r, dryRun, verdict) => {
    expect(summaryOf({ ...base, dryRun, ...published(r) }).split('\n')[0]).toContain(verdict);
  });

  it('lists problems with file:line and folds a long list', () => {
    const problems = Array.from({ length: 12 }, (_, i) => ({
      file: `configs/c${i}.yaml`,
      line: i + 1,
      object: `ConfigMap 'c${i}'`,
      message: 'is broken.',
    }));
    const text = summaryOf({ ...base, kind: 'problems', problems, statusSetOn: commit });
    expect(text).toContain('## ❌ `dev` cannot be scheduled: 12 problems in the control plane');
    expect(text).toContain("- `configs/c0.yaml:1` ConfigMap 'c0': is broken.");
    expect(text).toContain('<details><summary>and 2 more</summary>');
    expect(text).toContain('Commit status `dev environment` = failure on [`1a2b3c4`]');
  });

  it('reports an outage with its message', () => {
    expect(summaryOf({ ...base, kind: 'error', error: new Error('It broke. Do this.') })).toBe(
      '## ❌ Scheduling `dev` failed\n\n```text\nIt broke. Do this.\n```\n',
    );
  });

  it('shows warnings on a published run and on a failed one, without changing the verdict', () => {
    const warning = {
      file: 'main/registrations.yaml',
      line: 4,
      object: "WorkloadRegistration 'app'",
      message: 'no Workload was found at spec.workload.path.',
      severity: 'warning',
    } as const;
    const ok = summaryOf({ ...base, ...published(result), warnings: [warning] });
    expect(ok.split('\n')[0]).toContain('## ✅ Scheduled `dev`');
    expect(ok).toContain('<details><summary>⚠️ 1 warning (not failing the run)</summary>');
    expect(ok).toContain(
      "- `main/registrations.yaml:4` WorkloadRegistration 'app': no Workload was found at spec.workload.path.",
    );
    const failed = summaryOf({
      ...base,
      kind: 'problems',
      problems: [{ message: 'broken.' }],
      statusSetOn: undefined,
      warnings: [warning, warning],
    });
    expect(failed).toContain('⚠️ 2 warnings (not failing the run)');
  });

  it('sets every output, annotates warnings and problems, and says why a run fails', () => {
    const warning = { message: 'odd.', severity: 'warning' } as const;
    const done = { ...base, ...published(result), warnings: [warning] };
    expect(outputsOf(done)).toMatchObject({
      'pull-request-number': 7,
      'pull-request-operation': 'created',
      'files-changed': 2,
      promoted: true,
      'gitops-branch': 'dev',
    });
    expect(annotationsOf(done)).toEqual([warning]);
    expect(failureOf(done)).toBeUndefined();
    const problems = { ...base, kind: 'problems', problems: [{ message: 'm.' }] } as const;
    const stopped = { ...problems, statusSetOn: undefined, warnings: [warning] };
    expect(annotationsOf(stopped)).toEqual([warning, { message: 'm.' }]);
    expect(failureOf(stopped)).toBe(
      "'dev' cannot be scheduled: 1 problem(s) in the control plane (listed above and in the job summary).",
    );
    const error = { ...base, kind: 'error', error: new Error('It broke.') } as const;
    expect(outputsOf(error)).toMatchObject({ 'pull-request-operation': 'none', assignments: '0' });
    expect(annotationsOf(error)).toEqual([]);
    expect(failureOf(error)).toBe('It broke.');
  });
});
