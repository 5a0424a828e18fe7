import { describe, expect, it } from 'vitest';
import { readPromotionChainFile } from './chain-file.ts';
import { FULL } from './policy.test-support.ts';
import { describePolicy, describePolicyChange, describeWeek, weeklyHours } from './explain.ts';

const policyOf = (text: string) => readPromotionChainFile(text, 'chain.yaml').policy;
const now = new Date('2026-11-04T12:00:00Z'); // a Wednesday; the weeks looked at start on 9 Nov

const PLAIN = policyOf('environments: [dev, stage, prod]\n');
const BUSINESS = policyOf(`timezone: Europe/Berlin
environments:
  - dev
  - stage
  - name: prod
    allow: [ { name: business-hours, cron: "0 9 * * 1-5", duration: 8h } ]
`);

describe('weeklyHours', () => {
  it('is always open without windows', () => {
    expect(describeWeek(weeklyHours(PLAIN, 'prod', now))).toBe('always open');
    expect(weeklyHours(PLAIN, 'prod', now).hoursPerWeek).toBe(168);
  });

  it('reads business hours as local weekday hours', () => {
    const week = weeklyHours(BUSINESS, 'prod', now);
    expect(describeWeek(week)).toBe('Mon–Fri 09:00–17:00; Sat–Sun closed (Europe/Berlin)');
    expect(week.hoursPerWeek).toBe(40);
  });

  it('takes recurring freezes out of the week, and splits windows at midnight', () => {
    const policy = policyOf(`environments:
  - dev
  - name: prod
    allow: [ { cron: "0 22 * * *", duration: 4h } ]
freezes:
  - { name: weekend, cron: "0 0 * * 6", duration: 48h, environments: [prod] }
`);
    expect(describeWeek(weeklyHours(policy, 'prod', now))).toBe(
      'Mon–Fri 00:00–02:00, 22:00–24:00; Sat–Sun closed (UTC)',
    );
  });

  it('says when the weeks differ (a monthly freeze)', () => {
    const policy = policyOf(`environments: [dev]
freezes: [ { name: month-end, cron: "0 0 28 * *", duration: 24h } ]
`);
    expect(describeWeek(weeklyHours(policy, 'dev', now))).toBe(
      'open about 162 hours a week, varying from week to week (UTC)',
    );
  });
});

describe('describePolicy', () => {
  it('says what each environment and dated freeze means', () => {
    expect(describePolicy(policyOf(FULL), now)).toEqual([
      'dev: always open',
      'stage: always open; soak 2h',
      expect.stringMatching(
        /^prod: open about \d+(\.\d)? hours a week, varying from week to week \(Europe\/Berlin\); train 0 10 \* \* 2,4 \(Europe\/Berlin\); tolerates 5% failed clusters \(unreachable ones count\), 1 per cluster type edge-\*, any failure in payments-\* fails; on failure: revert$/,
      ),
      'freeze holiday-2026 from Sat 19 Dec 18:00 to Mon 4 Jan 08:00 Europe/Berlin',
      "freeze month-end at '0 0 28-31 * *' for 4d (Europe/Berlin) (prod)",
    ]);
  });
});

describe('describePolicyChange', () => {
  it('says nothing when nothing changes', () => {
    expect(describePolicyChange(BUSINESS, BUSINESS, now)).toEqual([]);
    expect(describePolicyChange(undefined, PLAIN, now)).toEqual([]);
  });

  it('says that business hours close prod every weekend', () => {
    expect(describePolicyChange(PLAIN, BUSINESS, now)).toEqual([
      'sets the default timezone to Europe/Berlin (was UTC)',
      'prod: Mon–Fri 09:00–17:00; Sat–Sun closed (Europe/Berlin), was always open; this closes prod every weekend',
    ]);
  });

  it('names added, changed and removed freezes with their dates', () => {
    const before = policyOf(`timezone: Europe/Berlin
environments: [dev, prod]
freezes:
  - { name: old, from: 2026-11-20T00:00, to: 2026-11-21T00:00 }
  - { name: fri, cron: "0 12 * * 5", duration: 12h }
`);
    const after = policyOf(`timezone: Europe/Berlin
environments: [dev, prod]
freezes:
  - { name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00 }
  - { name: fri, cron: "0 12 * * 5", duration: 36h, environments: [prod] }
`);
    expect(describePolicyChange(before, after, now)).toEqual([
      'adds freeze holiday-2026 from Sat 19 Dec 18:00 to Mon 4 Jan 08:00 Europe/Berlin',
      "changes freeze fri at '0 12 * * 5' for 1d12h (Europe/Berlin) (prod) (was fri at '0 12 * * 5' for 12h (Europe/Berlin))",
      'removes freeze old from Fri 20 Nov 00:00 to Sat 21 Nov 00:00 Europe/Berlin',
      'dev: always open, was Mon–Thu all day; Fri 00:00–12:00; Sat–Sun all day (Europe/Berlin)',
      'prod: Mon–Thu all day; Fri 00:00–12:00; Sat closed; Sun all day (Europe/Berlin), was Mon–Thu all day; Fri 00:00–12:00; Sat–Sun all day (Europe/Berlin); this closes prod every Saturday',
    ]);
  });

  it('names soak, train, thresholds, onFailure and break-glass changes', () => {
    const after = policyOf(`environments:
  - dev
  - name: prod
    soak: 2h
    train: "0 10 * * 2"
    failures: { max: 3 }
    onFailure: hold
breakGlass: { label: kalypso/break-glass }
`);
    expect(describePolicyChange(PLAIN, after, now)).toEqual([
      'prod: soak 2h in the previous environment (was none)',
      'prod: release train 0 10 * * 2 (UTC) (was none)',
      'prod: tolerates 3 failed clusters (unreachable ones count) (was any failure fails)',
      'prod: on failure: hold (was none)',
      'break-glass through label kalypso/break-glass',
    ]);
  });
});
