import { describe, expect, it } from 'vitest';
import { promotionSummary, type PromotionReport } from './summary.ts';

const promoted = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const branchCommit = 'ffeeddccbbaa99887766554433221100ffeeddcc';
const before = '0000000000000000000000000000000000000abc';
const base: Omit<PromotionReport, 'outcome'> = {
  serverUrl: 'https://github.com',
  repository: 'acme/cp',
  environment: 'dev',
  promotedCommit: promoted,
  schedule: 'push',
  scheduleWorkflow: 'schedule.yaml',
};

describe('promotionSummary', () => {
  it('reports a promotion', () => {
    const outcome = {
      ok: true,
      dryRun: false,
      changed: true,
      branchCommit,
      previousCommit: before,
      attempts: 2,
      statusSet: true,
    } as const;
    expect(promotionSummary({ ...base, outcome })).toBe(
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
      ok: true,
      dryRun: false,
      changed: false,
      branchCommit,
      previousCommit: promoted,
      attempts: 1,
      statusSet: false,
    } as const;
    expect(promotionSummary({ ...base, schedule: 'dispatch', outcome })).toBe(
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
    expect(
      promotionSummary({
        ...base,
        promotedCommit: 'abc',
        outcome: { ok: false, message: 'It broke. Do this.' },
      }),
    ).toBe('## ❌ Promotion of `abc` to `dev` failed\n\n```text\nIt broke. Do this.\n```\n');
  });

  it('reports a dry run: what would be pushed and dispatched, and that nothing was', () => {
    const outcome = {
      ok: true,
      dryRun: true,
      changed: true,
      branchCommit,
      previousCommit: before,
      attempts: 1,
      statusSet: false,
    } as const;
    expect(promotionSummary({ ...base, schedule: 'dispatch', outcome })).toBe(
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
});
