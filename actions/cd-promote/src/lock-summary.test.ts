import { describe, expect, it } from 'vitest';
import type { EnvironmentPromotionReport, Lock } from '@kalypso/core';
import { failureOf, outputsOf } from './outputs.ts';
import { summaryOf } from './summary.ts';

const branchCommit = 'ffeeddccbbaa99887766554433221100ffeeddcc';
const base: EnvironmentPromotionReport = {
  serverUrl: 'https://github.com',
  repository: 'acme/cp',
  environment: 'prod',
  commit: '',
  schedule: { trigger: 'push' },
  dryRun: false,
  dispatched: undefined,
};
const incident: Lock = {
  scope: { type: 'environment' },
  reason: 'INC-4211 @platform',
  by: 'alice',
  since: new Date('2026-11-26T10:00:00Z'),
  until: new Date('2026-11-26T14:00:00Z'),
};
const firmware: Lock = {
  scope: { type: 'cluster-type', clusterType: 'drone' },
  reason: 'firmware',
  by: 'bob',
};

describe('cd-promote summary of mode: lock / unlock', () => {
  it('says what was locked, the commit, and the locks now', () => {
    const report = {
      ...base,
      lock: {
        action: 'lock' as const,
        result: {
          ...{ action: 'lock' as const, environment: 'prod', scope: incident.scope },
          ...{ changed: true, branchCommit, locks: [incident], remaining: [firmware, incident] },
          attempts: 1,
        },
      },
    };
    expect(summaryOf(report)).toBe(
      `## 🔒 Locked \`prod\`: its promotions are held

| Item | Value |
| --- | --- |
| Lock | environment: \`INC-4211 @platform\` (alice, since 2026-11-26T10:00:00Z, until 2026-11-26T14:00:00Z) |
| Branch commit | [\`ffeeddc\`](https://github.com/acme/cp/commit/${branchCommit}) (\`.kalypso/locks.yaml\`, with \`Kalypso-Lock:\` trailers) |
| Locks of \`prod\` now | cluster type 'drone': \`firmware\` (bob, until unlocked)<br>environment: \`INC-4211 @platform\` (alice, since 2026-11-26T10:00:00Z, until 2026-11-26T14:00:00Z) |
| Release | held promotions wait until the lock expires or is removed; the sweeper then releases the newest |
`,
    );
    expect(outputsOf(report)).toEqual({ 'commit-sha': branchCommit, changed: true });
    expect(failureOf(report)).toBeUndefined();
  });

  it('says when there was nothing to unlock, and when the change failed', () => {
    const nothing = {
      ...base,
      lock: {
        action: 'unlock' as const,
        result: {
          ...{ action: 'unlock' as const, environment: 'prod', scope: firmware.scope },
          ...{ changed: false, branchCommit, locks: [], remaining: [incident], attempts: 1 },
          nothingToUnlock: "No lock of cluster type 'drone' in 'prod'.",
        },
      },
    };
    expect(summaryOf(nothing)).toMatch(
      /^## ⏭️ Nothing to unlock in `prod` \(cluster type 'drone'\): No lock of cluster type 'drone' in 'prod'\.\n/,
    );
    expect(summaryOf(nothing)).toContain('(unchanged)');
    expect(outputsOf(nothing)).toEqual({ 'commit-sha': branchCommit, changed: false });
    const failed = {
      ...base,
      lock: { action: 'unlock' as const },
      error: new Error('kept moving'),
    };
    expect(summaryOf(failed)).toBe(
      '## ❌ Unlocking `prod` failed: nothing changed\n\n```text\nkept moving\n```\n',
    );
    expect(outputsOf(failed)).toEqual({ 'commit-sha': '', changed: false });
    expect(failureOf(failed)).toBe('kept moving');
  });
});
