import { describe, expect, it } from 'vitest';
import { readPromotionChainFile } from './chain-file.ts';
import {
  evaluatePolicy,
  STATUS_DESCRIPTION_LIMIT,
  type PolicyEvaluationInput,
} from './evaluate.ts';
import { readLockFile, type LockFile } from './locks.ts';
import { planRelease } from './queue.ts';
import type { PolicyConfig } from './types.ts';

const policyOf = (text: string): PolicyConfig => readPromotionChainFile(text, 'chain.yaml').policy;
const NO_LOCKS: LockFile = { state: 'absent' };
const at = (iso: string) => new Date(iso);

function decide(
  policy: PolicyConfig,
  environment: string,
  now: string,
  more: Partial<PolicyEvaluationInput> = {},
) {
  return evaluatePolicy({ environment, policy, locks: NO_LOCKS, now: at(now), ...more });
}

const HOLIDAY = policyOf(`timezone: Europe/Berlin
freezes:
  - { name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00, reason: Holiday freeze }
  - { name: month-end, cron: "0 0 28-31 * *", duration: 96h, environments: [prod] }
environments: [dev, stage, prod]
`);

const BUSINESS = policyOf(`timezone: Europe/Berlin
environments:
  - dev
  - name: prod
    allow: [ { name: business-hours, cron: "0 9 * * 1-5", duration: 8h } ]
`);

describe('evaluatePolicy: windows and freezes', () => {
  it('lets everything go without a policy', () => {
    const plain = policyOf('environments: [dev, prod]\n');
    expect(decide(plain, 'prod', '2026-12-25T03:00:00Z')).toEqual({
      verdict: 'go',
      description: 'Open',
      lockedClusterTypes: [],
    });
  });

  it('holds a promotion in a freeze until it ends, in the freeze timezone', () => {
    expect(decide(HOLIDAY, 'dev', '2026-12-24T12:00:00Z')).toEqual({
      verdict: 'held',
      reasons: [
        {
          kind: 'freeze',
          text: 'holiday-2026 freeze',
          until: at('2027-01-04T07:00:00Z'),
          timezone: 'Europe/Berlin',
        },
      ],
      until: at('2027-01-04T07:00:00Z'),
      description: 'Held: holiday-2026 freeze (opens Mon 4 Jan 08:00 Europe/Berlin)',
      when: 'opens Mon 4 Jan 08:00 Europe/Berlin',
      lockedClusterTypes: [],
    });
    expect(decide(HOLIDAY, 'dev', '2027-01-04T07:00:00Z').verdict).toBe('go');
    expect(decide(HOLIDAY, 'dev', '2026-12-19T16:59:59Z').verdict).toBe('go');
  });

  it('applies a freeze only to the environments it names; overlapping ticks extend it', () => {
    // Ticks on the 28th, 29th and 30th each start 96 hours: the last one ends on 4 Dec.
    expect(decide(HOLIDAY, 'stage', '2026-11-29T12:00:00Z').verdict).toBe('go');
    expect(decide(HOLIDAY, 'prod', '2026-11-29T12:00:00Z')).toMatchObject({
      verdict: 'held',
      description: 'Held: month-end freeze (opens Fri 4 Dec 00:00 Europe/Berlin)',
    });
  });

  it('chains overlapping freezes: month-end runs into the holiday freeze', () => {
    // 28 Dec (in the holiday freeze) starts a month-end freeze until 3 Jan 00:00; the holiday ends later.
    const decision = decide(HOLIDAY, 'prod', '2026-12-29T12:00:00Z');
    expect(decision).toMatchObject({ verdict: 'held', until: at('2027-01-04T07:00:00Z') });
    expect(decision.verdict === 'held' && decision.reasons.map((r) => r.text)).toEqual([
      'holiday-2026 freeze',
      'month-end freeze',
    ]);
  });

  it('holds outside the allow windows until the next one opens', () => {
    expect(decide(BUSINESS, 'prod', '2026-11-28T10:00:00Z')).toMatchObject({
      verdict: 'held',
      reasons: [{ kind: 'outside-allow', text: 'outside the business-hours window' }],
      until: at('2026-11-30T08:00:00Z'),
      description: 'Held: outside the business-hours window (opens Mon 30 Nov 09:00 Europe/Berlin)',
    });
    expect(decide(BUSINESS, 'prod', '2026-11-30T08:00:00Z').verdict).toBe('go');
    expect(decide(BUSINESS, 'dev', '2026-11-28T10:00:00Z').verdict).toBe('go');
  });

  it.each([
    // Spring forward, Sunday 29 March 2026: 09:00 local is 08:00Z before, 07:00Z after.
    ['2026-03-27T07:30:00Z', 'held', '2026-03-27T08:00:00Z'],
    ['2026-03-27T08:00:00Z', 'go', undefined],
    ['2026-03-28T12:00:00Z', 'held', '2026-03-30T07:00:00Z'],
    ['2026-03-30T07:30:00Z', 'go', undefined],
    ['2026-03-30T15:00:00Z', 'held', '2026-03-31T07:00:00Z'],
    // Fall back, Sunday 25 October 2026: 09:00 local is 07:00Z before, 08:00Z after.
    ['2026-10-23T07:30:00Z', 'go', undefined],
    ['2026-10-24T12:00:00Z', 'held', '2026-10-26T08:00:00Z'],
    ['2026-10-26T07:30:00Z', 'held', '2026-10-26T08:00:00Z'],
    ['2026-10-26T16:00:00Z', 'held', '2026-10-27T08:00:00Z'],
  ])('keeps business hours at 09:00–17:00 local across DST: at %s %s', (now, verdict, until) => {
    const decision = decide(BUSINESS, 'prod', now);
    expect(decision.verdict).toBe(verdict);
    if (decision.verdict === 'held')
      expect(decision.until?.toISOString()).toBe(at(until!).toISOString());
  });

  it('opens when the freeze has ended and an allow window is open', () => {
    const policy = policyOf(`timezone: Europe/Berlin
freezes: [ { name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00 } ]
environments:
  - dev
  - name: prod
    allow: [ { name: business-hours, cron: "0 9 * * 1-5", duration: 8h } ]
`);
    expect(decide(policy, 'prod', '2026-12-26T12:00:00Z')).toMatchObject({
      verdict: 'held',
      until: at('2027-01-04T08:00:00Z'),
      description:
        'Held: holiday-2026 freeze; outside the business-hours window (opens Mon 4 Jan 09:00 Europe/Berlin)',
    });
  });
});

describe('evaluatePolicy: locks', () => {
  const locks = (text: string) => readLockFile(text);
  const LOCKED = locks(`locks:
  - { scope: environment, reason: INC-4211, by: alice, since: 2026-11-25T16:00:00Z, until: 2026-11-26T16:00:00Z }
`);

  it('holds while a lock is active and lets go when it expires', () => {
    expect(decide(HOLIDAY, 'stage', '2026-11-25T20:00:00Z', { locks: LOCKED })).toMatchObject({
      verdict: 'held',
      reasons: [
        { kind: 'lock', text: 'locked: INC-4211 (alice)', until: at('2026-11-26T16:00:00Z') },
      ],
      until: at('2026-11-26T16:00:00Z'),
      description: 'Held: locked: INC-4211 (alice) (opens Thu 26 Nov 17:00 Europe/Berlin)',
    });
    expect(decide(HOLIDAY, 'stage', '2026-11-26T16:00:00Z', { locks: LOCKED }).verdict).toBe('go');
  });

  it('holds without an opening time under a lock without expiry', () => {
    const decision = decide(HOLIDAY, 'stage', '2026-11-25T20:00:00Z', {
      locks: locks('locks:\n  - { reason: "DR exercise", by: bob, since: 2026-11-25T16:00:00Z }\n'),
    });
    expect(decision).toMatchObject({
      verdict: 'held',
      description: 'Held: locked: DR exercise (bob) (until unlocked)',
    });
    expect(decision.verdict === 'held' && decision.until).toBeUndefined();
  });

  it('holds when the locks file does not parse (fail closed)', () => {
    expect(
      decide(HOLIDAY, 'stage', '2026-11-25T20:00:00Z', { locks: locks('locks: [\n') }),
    ).toMatchObject({
      verdict: 'held',
      reasons: [{ kind: 'lock-file', text: '.kalypso/locks.yaml does not parse' }],
      description: 'Held: .kalypso/locks.yaml does not parse (fix it to promote)',
    });
  });

  it('lets the environment go with a cluster type locked, and names it', () => {
    expect(
      decide(HOLIDAY, 'stage', '2026-11-25T20:00:00Z', {
        locks: locks('locks:\n  - { scope: cluster-type, clusterType: drone, reason: firmware }\n'),
      }),
    ).toEqual({
      verdict: 'go',
      description: 'Open (locked: drone)',
      lockedClusterTypes: ['drone'],
    });
  });
});

describe('evaluatePolicy: soak and trains', () => {
  const SOAK = policyOf(`environments: [dev, { name: stage, soak: 2h }, prod]\n`);

  it('holds until the commit has been Deployed in the previous environment for the soak time', () => {
    const deployedInPreviousSince = at('2026-11-25T10:00:00Z');
    expect(
      decide(SOAK, 'stage', '2026-11-25T11:00:00Z', { deployedInPreviousSince }),
    ).toMatchObject({
      verdict: 'held',
      reasons: [{ kind: 'soak', text: 'soaking in dev, 1h of 2h left' }],
      until: at('2026-11-25T12:00:00Z'),
      description: 'Held: soaking in dev, 1h of 2h left (opens Wed 25 Nov 12:00 UTC)',
    });
    expect(decide(SOAK, 'stage', '2026-11-25T12:00:00Z', { deployedInPreviousSince }).verdict).toBe(
      'go',
    );
    // Soak is stage's rule only.
    expect(decide(SOAK, 'prod', '2026-11-25T11:00:00Z').verdict).toBe('go');
  });

  it('holds without a time when the commit is not Deployed in the previous environment', () => {
    expect(decide(SOAK, 'stage', '2026-11-25T11:00:00Z')).toMatchObject({
      verdict: 'held',
      reasons: [{ kind: 'not-deployed', text: 'not Deployed in dev yet' }],
      description: 'Held: not Deployed in dev yet (waits for Deployed)',
    });
  });

  const TRAIN = policyOf(`timezone: Europe/Berlin
environments: [dev, { name: prod, train: "0 10 * * 2,4" }]
`);

  it('holds a promotion for the first train after it was queued, then lets it go late', () => {
    const queuedSince = at('2026-11-23T08:00:00Z'); // Monday
    expect(decide(TRAIN, 'prod', '2026-11-23T08:00:00Z', { queuedSince })).toMatchObject({
      verdict: 'held',
      reasons: [{ kind: 'train', text: 'train 0 10 * * 2,4' }],
      until: at('2026-11-24T09:00:00Z'),
      description: 'Held: train 0 10 * * 2,4 (opens Tue 24 Nov 10:00 Europe/Berlin)',
    });
    // The sweeper comes a few minutes after the tick (schedules are best-effort).
    expect(decide(TRAIN, 'prod', '2026-11-24T09:07:00Z', { queuedSince }).verdict).toBe('go');
    // Queued after Tuesday's tick: Thursday's train.
    expect(
      decide(TRAIN, 'prod', '2026-11-24T09:07:00Z', { queuedSince: at('2026-11-24T09:03:00Z') }),
    ).toMatchObject({ verdict: 'held', until: at('2026-11-26T09:00:00Z') });
  });

  it('releases only the newest commit queued before the tick', () => {
    const queue = [
      { commit: 'c3', queuedAt: at('2026-11-24T09:03:00Z') },
      { commit: 'c1', queuedAt: at('2026-11-22T12:00:00Z') },
      { commit: 'c2', queuedAt: at('2026-11-24T08:59:00Z') },
    ];
    const plan = planRelease(queue, (p) =>
      decide(TRAIN, 'prod', '2026-11-24T09:07:00Z', { queuedSince: p.queuedAt }),
    );
    expect(plan.release?.promotion.commit).toBe('c2');
    expect(plan.superseded.map((p) => p.commit)).toEqual(['c1']);
    expect(plan.held.map((h) => [h.promotion.commit, h.decision.verdict])).toEqual([
      ['c3', 'held'],
    ]);
  });

  it('releases nothing and supersedes nothing while everything is held', () => {
    const queue = [
      { queuedAt: at('2026-11-23T08:00:00Z') },
      { queuedAt: at('2026-11-23T09:00:00Z') },
    ];
    const plan = planRelease(queue, (p) =>
      decide(TRAIN, 'prod', '2026-11-23T10:00:00Z', { queuedSince: p.queuedAt }),
    );
    expect(plan.release).toBeUndefined();
    expect(plan.superseded).toEqual([]);
    expect(plan.held).toHaveLength(2);
  });
});

describe('evaluatePolicy: break-glass', () => {
  const locks = readLockFile('locks:\n  - { reason: INC-4211, by: alice }\n');

  it('passes a freeze and a lock and records what it passed', () => {
    const decision = decide(HOLIDAY, 'dev', '2026-12-24T12:00:00Z', {
      locks,
      breakGlass: { reason: 'hotfix CVE-2026-1234', by: 'carol' },
    });
    expect(decision).toMatchObject({
      verdict: 'go',
      description:
        'Break-glass by carol: hotfix CVE-2026-1234 (passes holiday-2026 freeze; locked: INC-4211 (alice))',
      breakGlass: {
        reason: 'hotfix CVE-2026-1234',
        by: 'carol',
        overridden: [{ kind: 'freeze' }, { kind: 'lock' }],
      },
    });
  });

  it('is recorded even when nothing was held', () => {
    expect(
      decide(HOLIDAY, 'dev', '2026-11-01T12:00:00Z', { breakGlass: { reason: 'drill' } }),
    ).toMatchObject({
      verdict: 'go',
      description: 'Break-glass: drill (nothing held)',
      breakGlass: { reason: 'drill', overridden: [] },
    });
  });
});

describe('status descriptions', () => {
  it(`stay within ${STATUS_DESCRIPTION_LIMIT} characters, listing what fits`, () => {
    const freezes = Array.from(
      { length: 12 },
      (_, i) =>
        `  - { name: a-rather-long-freeze-name-${i}, from: 2026-12-01T00:00, to: 2026-12-31T00:00 }`,
    );
    const policy = policyOf(`environments: [dev]\nfreezes:\n${freezes.join('\n')}\n`);
    const decision = decide(policy, 'dev', '2026-12-10T00:00:00Z');
    expect(decision.description.length).toBeLessThanOrEqual(STATUS_DESCRIPTION_LIMIT);
    expect(decision.description).toMatch(
      /^Held: a-rather-long-freeze-name-0 freeze; .* \+\d+ more \(opens Thu 31 Dec 00:00 UTC\)$/,
    );

    const long = readLockFile(`locks:\n  - { reason: "${'x'.repeat(200)}" }\n`);
    const locked = decide(policy, 'dev', '2027-01-10T00:00:00Z', { locks: long });
    expect(locked.description.length).toBeLessThanOrEqual(STATUS_DESCRIPTION_LIMIT);
    expect(locked.description).toMatch(/^Held: locked: x+… \(until unlocked\)$/);
    const glass = decide(policy, 'dev', '2027-01-10T00:00:00Z', {
      locks: long,
      breakGlass: { reason: 'y'.repeat(150) },
    });
    expect(glass.description.length).toBeLessThanOrEqual(STATUS_DESCRIPTION_LIMIT);
  });
});
