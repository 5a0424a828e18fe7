import { describe, expect, it } from 'vitest';
import { describeWithEvidence, evidenceCountsOf, evidenceCountsText } from './evidence.ts';
import { ledgerEntryOf } from './read.ts';

const counts = {
  clusters: 40,
  deployed: 40,
  failed: 0,
  bySource: [
    { name: 'commit statuses', deployed: 38 },
    { name: 'Resource Graph', deployed: 40 },
  ],
};

describe('evidence counts in the deployment status description', () => {
  it('reads as the issue asks, and reads back', () => {
    expect(evidenceCountsText(counts)).toBe(
      '40 of 40 clusters reporting the commit; evidence: commit statuses 38, Resource Graph 40',
    );
    const description = describeWithEvidence('Deployed', counts);
    expect(description).toBe(
      'Deployed · 40 of 40 clusters reporting the commit; evidence: commit statuses 38, Resource Graph 40',
    );
    expect(evidenceCountsOf(description)).toEqual(counts);
    const failed = { ...counts, deployed: 37, failed: 3, bySource: [] };
    expect(evidenceCountsOf(describeWithEvidence('Failed to deploy', failed))).toEqual(failed);
  });

  it('stays within the 140 characters GitHub allows: the per-source part goes first, then all', () => {
    const big = { ...counts, clusters: 123456789, deployed: 123456789 };
    const long = 'x'.repeat(70);
    const shorter = describeWithEvidence(long, big);
    expect([...shorter].length).toBeLessThanOrEqual(140);
    expect(shorter).toBe(`${long} · 123456789 of 123456789 clusters reporting the commit`);
    expect(describeWithEvidence('y'.repeat(120), big)).toBe('y'.repeat(120));
  });

  it('ignores descriptions without counts', () => {
    expect(evidenceCountsOf('Deployed')).toBeUndefined();
    expect(evidenceCountsOf(null)).toBeUndefined();
    expect(evidenceCountsOf('Deployed · many clusters reporting the commit')).toBeUndefined();
  });

  it('puts the newest counts on the ledger entry', () => {
    const entry = ledgerEntryOf(
      {
        id: 1,
        sha: 'a'.repeat(40),
        environment: 'prod',
        created_at: '2026-11-26T10:00:00Z',
        payload: { kalypso: 1 },
      },
      [
        { state: 'success', created_at: '2026-11-26T10:05:00Z', description: 'Deployed' },
        {
          state: 'in_progress',
          created_at: '2026-11-26T10:04:00Z',
          description: describeWithEvidence('Deployed', counts),
        },
        { state: 'in_progress', created_at: '2026-11-26T10:01:00Z', description: 'Deploying' },
      ],
    );
    expect(entry.evidence).toEqual(counts);
  });
});
