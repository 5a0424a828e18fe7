import { describe, expect, it } from 'vitest';
import { readPromotionChainFile } from './chain-file.ts';
import { readLockFile } from './locks.ts';
import { mergeGateStatus } from './merge-gate.ts';

const policy = readPromotionChainFile(
  `freezes:
  - { name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00 }
environments: [dev, { name: prod, soak: 2h }]
`,
  'chain.yaml',
).policy;
const gate = (now: string, locks = readLockFile(undefined), environment = 'prod') =>
  mergeGateStatus({ environment, policy, locks, now: new Date(now) });

describe('the merge gate (kalypso/policy)', () => {
  it('is pending "Frozen" with the opening during a freeze, success "Open" outside it', () => {
    expect(gate('2026-12-24T10:00:00Z')).toEqual({
      state: 'pending',
      description: 'Frozen: holiday-2026 freeze (opens Mon 4 Jan 08:00 UTC)',
    });
    expect(gate('2027-01-05T10:00:00Z', readLockFile(undefined), 'dev')).toEqual({
      state: 'success',
      description: 'Open',
    });
  });

  it('closes for a lock, but not for soak (the promotion has already started)', () => {
    const locked = readLockFile(
      'locks:\n  - { scope: environment, reason: INC-4211, by: alice }\n',
    );
    expect(gate('2027-01-05T10:00:00Z', locked)).toMatchObject({
      state: 'pending',
      description: expect.stringMatching(/^Frozen: locked: INC-4211 \(alice\)/),
    });
    // prod's soak holds a start without a Deployed time in stage; the merge gate stays open.
    expect(gate('2027-01-05T10:00:00Z')).toEqual({ state: 'success', description: 'Open' });
  });
});
