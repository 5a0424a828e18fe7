import { describe, expect, it } from 'vitest';
import type { EnvironmentPromotionReport } from '@kalypso/core';
import { failureOf, outputsOf } from './outputs.ts';
import { summaryOf } from './summary.ts';

const promoted = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const branchCommit = 'ffeeddccbbaa99887766554433221100ffeeddcc';
const before = '0000000000000000000000000000000000000abc';
const base: EnvironmentPromotionReport = {
  serverUrl: 'https://github.com',
  repository: 'acme/cp',
  environment: 'dev',
  commit: promoted,
  schedule: { trigger: 'push' },
  dryRun: false,
  dispatched: undefined,
};
const dispatch = { trigger: 'dispatch', workflow: 'schedule.yaml' } as const;

describe('cd-promote summary', () => {
  it('reports a promotion', () => {
    const outcome = {
      changed: true,
      branchCommit,
      previousCommit: before,
      attempts: 2,
      statusSet: true,
    } as const;
    expect(summaryOf({ ...base, promotion: outcome })).toBe(
      `## ✅ Promoted [\`1a2b3c4\`](https://github.com/acme/cp/commit/${promoted}) to \`dev\`

| Item | Value |
| --- | --- |
| Environment branch | [\`dev\`](https://github.com/acme/cp/tree/dev) |
| Branch commit | [\`ffeeddc\`](https://github.com/acme/cp/commit/${branchCommit}) |
| Promoted before | [\`0000000\`](https://github.com/acme/cp/commit/${before}) |
| Commit status | \`dev environment\`: pending, Promoted |
| Schedule | the push to \`dev\` starts it |
| Attempts | 2 (the branch moved meanwhile) |
`,
    );
  });

  it('reports a promotion that changed nothing', () => {
    const outcome = {
      changed: false,
      branchCommit,
      previousCommit: promoted,
      attempts: 1,
      statusSet: false,
    } as const;
    expect(summaryOf({ ...base, schedule: dispatch, promotion: outcome })).toBe(
      `## ⏭️ \`dev\` already promotes [\`1a2b3c4\`](https://github.com/acme/cp/commit/${promoted}): nothing to commit

| Item | Value |
| --- | --- |
| Environment branch | [\`dev\`](https://github.com/acme/cp/tree/dev) |
| Branch commit | [\`ffeeddc\`](https://github.com/acme/cp/commit/${branchCommit}) (unchanged) |
| Promoted before | [\`1a2b3c4\`](https://github.com/acme/cp/commit/${promoted}) |
| Commit status | not set (\`status: false\`) |
| Schedule | dispatched \`schedule.yaml\` |
`,
    );
  });

  it('reports a failure with the message', () => {
    expect(summaryOf({ ...base, commit: 'abc', error: new Error('It broke. Do this.') })).toBe(
      '## ❌ Promotion of `abc` to `dev` failed\n\n```text\nIt broke. Do this.\n```\n',
    );
  });

  it('reports a dry run: what would be pushed and dispatched, and that nothing was', () => {
    const outcome = {
      changed: true,
      branchCommit,
      previousCommit: before,
      attempts: 1,
      statusSet: false,
    } as const;
    expect(summaryOf({ ...base, schedule: dispatch, dryRun: true, promotion: outcome })).toBe(
      `## ⏭️ Dry run: would promote [\`1a2b3c4\`](https://github.com/acme/cp/commit/${promoted}) to \`dev\` (nothing pushed)

| Item | Value |
| --- | --- |
| Environment branch | [\`dev\`](https://github.com/acme/cp/tree/dev) |
| Branch commit | [\`ffeeddc\`](https://github.com/acme/cp/commit/${branchCommit}) (dry run: unchanged, a commit would go on top) |
| Promoted before | [\`0000000\`](https://github.com/acme/cp/commit/${before}) |
| Commit status | not set (dry run) |
| Schedule | dry run: would dispatch \`schedule.yaml\` |
`,
    );
  });

  it('sets the outputs: the branch commit, changed only when pushed; empty on failure', () => {
    const promotion = {
      changed: true,
      branchCommit,
      previousCommit: before,
      attempts: 1,
      statusSet: true,
    };
    expect(outputsOf({ ...base, promotion })).toEqual({
      'commit-sha': branchCommit,
      changed: true,
    });
    expect(outputsOf({ ...base, dryRun: true, promotion })).toEqual({
      'commit-sha': branchCommit,
      changed: false,
    });
    const failed = { ...base, error: new Error('It broke.') };
    expect(outputsOf(failed)).toEqual({ 'commit-sha': '', changed: false });
    expect(failureOf(failed)).toBe('It broke.');
    expect(failureOf({ ...base, promotion })).toBeUndefined();
  });
});
