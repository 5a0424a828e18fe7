import { describe, expect, it } from 'vitest';
import type { Clock, Reporter } from '../ports.ts';
import { policyDecider, type PolicySources } from './decider.ts';

const COMMIT = 'c'.repeat(40);
const FILE = '.github/promotion-chain.yaml';

const POLICY = `timezone: Europe/Berlin
freezes:
  - { name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00, environments: [prod] }
environments:
  - dev
  - stage
  - { name: prod, soak: 2h }
`;

/** A clock the test moves by hand. */
function clockAt(iso: string): Clock & { set(iso: string): void } {
  let now = Date.parse(iso);
  return {
    now: () => now,
    sleep: (ms) => ((now += ms), Promise.resolve()),
    set: (to) => (now = Date.parse(to)),
  };
}

function sources(
  options: {
    chain?: string;
    locks?: Record<string, string>;
    deployed?: Record<string, string>;
    at?: string;
    breakGlass?: PolicySources['breakGlass'];
  } = {},
) {
  const reads: string[] = [];
  const logs: string[] = [];
  const reporter: Reporter = {
    debug: () => {},
    info: (m) => logs.push(m),
    warning: (m) => logs.push(m),
    error: (m) => logs.push(m),
    group: (_t, work) => work(),
  };
  const clock = clockAt(options.at ?? '2026-11-25T12:00:00Z');
  const value: PolicySources = {
    chainFile: () => {
      reads.push('chain');
      return Promise.resolve(
        options.chain === undefined ? undefined : { text: options.chain, file: FILE },
      );
    },
    locksFile: (environment) => {
      reads.push(`locks ${environment}`);
      return Promise.resolve(options.locks?.[environment]);
    },
    ledger: {
      deployedSince: (environment, commit) => {
        reads.push(`ledger ${environment} ${commit.slice(0, 7)}`);
        return Promise.resolve(options.deployed?.[environment]);
      },
    },
    clock,
    reporter,
    ...(options.breakGlass ? { breakGlass: options.breakGlass } : {}),
  };
  return { value, reads, logs, clock };
}

const step = (environment: string) => ({ action: 'promote' as const, environment, commit: COMMIT });

describe('policyDecider', () => {
  it('lets everything go without a chain file or without a policy in it, reading no locks', async () => {
    const none = sources();
    expect(await policyDecider(none.value).decide(step('prod'))).toEqual({ verdict: 'go' });
    const plain = sources({ chain: 'environments: [dev, stage, prod]\n' });
    expect(await policyDecider(plain.value).decide(step('prod'))).toEqual({ verdict: 'go' });
    expect(plain.reads).toEqual(['chain']);
  });

  it('holds a promotion into a freeze until it ends, and lets it go after', async () => {
    const s = sources({
      chain: POLICY,
      at: '2026-12-24T12:00:00Z',
      deployed: { stage: '2026-12-20T00:00:00Z' },
    });
    const decider = policyDecider(s.value);
    expect(await decider.decide(step('prod'))).toEqual({
      verdict: 'held',
      reason: 'holiday-2026 freeze',
      until: '2027-01-04T07:00:00.000Z',
      description: 'Held: holiday-2026 freeze (opens Mon 4 Jan 08:00 Europe/Berlin)',
    });
    expect(await decider.decide(step('dev'))).toEqual({ verdict: 'go' });
    s.clock.set('2027-01-04T07:00:00Z');
    expect(await decider.decide(step('prod'))).toEqual({ verdict: 'go' });
    expect(s.reads.filter((r) => r === 'chain')).toEqual(['chain']);
  });

  it('holds prod for the soak time after the commit was Deployed in stage', async () => {
    const s = sources({ chain: POLICY, deployed: { stage: '2026-11-25T11:00:00Z' } });
    const decider = policyDecider(s.value);
    expect(await decider.decide(step('prod'))).toMatchObject({
      verdict: 'held',
      until: '2026-11-25T13:00:00.000Z',
    });
    expect(s.reads).toContain(`ledger stage ${COMMIT.slice(0, 7)}`);
    s.clock.set('2026-11-25T13:00:00Z');
    expect(await decider.decide(step('prod'))).toEqual({ verdict: 'go' });
    const never = sources({ chain: POLICY });
    expect(await policyDecider(never.value).decide(step('prod'))).toMatchObject({
      verdict: 'held',
      description: expect.stringMatching(/^Held: .*\(waits for Deployed\)$/),
    });
  });

  it('holds under a lock of the environment branch until it expires', async () => {
    const locks = {
      dev: 'locks:\n  - { reason: INC-4211, by: alice, until: 2026-11-25T14:00:00Z }\n',
    };
    const s = sources({ chain: POLICY, locks });
    const decider = policyDecider(s.value);
    const held = await decider.decide(step('dev'));
    expect(held).toMatchObject({ verdict: 'held', until: '2026-11-25T14:00:00.000Z' });
    expect(held.verdict === 'held' && held.reason).toContain('INC-4211');
    s.clock.set('2026-11-25T14:00:00Z');
    expect(await decider.decide(step('dev'))).toEqual({ verdict: 'go' });
  });

  it('fails closed on a locks file that does not parse', async () => {
    const s = sources({ chain: POLICY, locks: { dev: 'locks: [ {' } });
    const held = await policyDecider(s.value).decide(step('dev'));
    expect(held).toMatchObject({ verdict: 'held' });
    expect(held.verdict === 'held' && held.description).toContain('fix it to promote');
  });

  it('lets break-glass pass a freeze, and says what it passed and who asked', async () => {
    const s = sources({
      chain: POLICY,
      at: '2026-12-24T12:00:00Z',
      deployed: { stage: '2026-12-20T00:00:00Z' },
      breakGlass: { reason: 'INC-1 hotfix', by: 'carol' },
    });
    expect(await policyDecider(s.value).decide(step('prod'))).toEqual({
      verdict: 'go',
      breakGlass: {
        reason: 'INC-1 hotfix',
        by: 'carol',
        passed: ['holiday-2026 freeze'],
        description: 'Break-glass by carol: INC-1 hotfix (passes holiday-2026 freeze)',
      },
    });
  });

  it('stops with the file and line of a policy that does not read', async () => {
    const s = sources({
      chain: 'environments: [dev]\nfreezes: [ { cron: "nope", duration: 1h } ]\n',
    });
    await expect(policyDecider(s.value).decide(step('dev'))).rejects.toThrow(/promotion-chain/);
  });
});
