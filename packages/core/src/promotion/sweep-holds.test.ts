import { describe, expect, it } from 'vitest';
import { memoryRecords, recordLine } from '../ledger/memory-records.test-support.ts';
import { recordingReporter } from '../model/control-plane.test-support.ts';
import { policyDecider } from '../policy/decider.ts';
import type { CommitStatusWriter } from '../ports.ts';
import { heldStatus } from '../status/vocabulary.ts';
import { promoteCommit, type EnvironmentBranch } from './promote.ts';
import { sweepHolds, type HeldPromotion } from './sweep-holds.ts';

const older = 'a'.repeat(40);
const newer = 'b'.repeat(40);
const baseRepo = { repo: 'https://github.com/acme/cp', branch: 'main', path: '.' };
const CHAIN = `freezes:
  - { name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00, environments: [prod] }
environments: [dev, stage, prod]
`;

/**
 * One world: prod's branch, the commit statuses (the held queue is read back from them, as the
 * GitHub adapter does), a clock the test moves, and the policy decider over them.
 */
function world(start: string) {
  let chain = CHAIN;
  let now = Date.parse(start);
  const files = new Map<string, string>();
  let head = 'c0';
  const commits: string[] = [];
  const branch: EnvironmentBranch = {
    read: () => Promise.resolve({ head, content: files.get('base-repo.yaml') }),
    write: (change) => {
      files.set(change.path, change.content);
      head = `c${commits.push(change.message)}`;
      return Promise.resolve({ outcome: 'pushed', commit: head });
    },
  };
  const statuses: (Parameters<CommitStatusWriter['setStatus']>[0] & { at: number })[] = [];
  const latest = (sha: string, context: string) =>
    statuses.filter((s) => s.sha === sha && s.context === context).at(-1);
  const clock = { now: () => now, sleep: (ms: number) => ((now += ms), Promise.resolve()) };
  const reporter = recordingReporter();
  const records = memoryRecords();
  const queue = (environment: string): HeldPromotion[] =>
    [older, newer].flatMap((commit) => {
      const status = latest(commit, `${environment} environment`);
      if (!status?.description.startsWith('Held: ') || status.state !== 'pending') return [];
      const first = statuses.find((s) => s.sha === commit && s.description.startsWith('Held: '))!;
      return [{ commit, description: status.description, queuedAt: new Date(first.at) }];
    });
  const decider = () =>
    policyDecider({
      chainFile: () => Promise.resolve({ text: chain, file: '.github/promotion-chain.yaml' }),
      locksFile: () => Promise.resolve(undefined),
      ledger: { deployedSince: () => Promise.resolve(undefined) },
      clock,
      reporter,
    });
  const ports = {
    statuses: {
      setStatus: (s: Parameters<CommitStatusWriter['setStatus']>[0]) => (
        statuses.push({ ...s, at: now }),
        Promise.resolve()
      ),
      latestStatus: (sha: string, context: string) => Promise.resolve(latest(sha, context)),
    },
    records,
    clock,
    reporter,
    policy: decider(),
  };
  const request = { repository: 'acme/cp', baseRepo, setStatus: true };
  return {
    files,
    commits,
    statuses,
    records,
    set: (iso: string) => (now = Date.parse(iso)),
    setChain: (text: string) => (chain = text),
    promote: (commit: string) =>
      promoteCommit({ ...request, environment: 'prod', commit }, { ...ports, branch }),
    sweep: () =>
      sweepHolds(
        { ...request, environments: ['prod'] },
        {
          ...ports,
          // Each sweep is a new run: it reads the chain afresh.
          policy: decider(),
          held: { held: (environment) => Promise.resolve(queue(environment)) },
          branchOf: () => branch,
          dispatcher: { dispatch: () => Promise.reject(new Error('no schedule-workflow')) },
          chainEnvironments: () => Promise.reject(new Error('not asked: the request names prod')),
        },
      ),
    line: (sha: string) => {
      const s = latest(sha, 'prod environment');
      return s && `${s.state} ${s.description}`;
    },
  };
}

describe('sweepHolds', () => {
  it('keeps promotions held through a freeze, then releases the newest and supersedes the older', async () => {
    const w = world('2026-12-24T12:00:00Z');
    expect(await w.promote(older)).toMatchObject({ held: { reason: 'holiday-2026 freeze' } });
    w.set('2026-12-28T12:00:00Z');
    expect(await w.promote(newer)).toMatchObject({ held: { reason: 'holiday-2026 freeze' } });
    expect(w.files.has('base-repo.yaml')).toBe(false);

    const during = await w.sweep();
    expect(during.environments).toEqual([
      {
        environment: 'prod',
        superseded: [],
        held: [
          { commit: older, description: heldStatus(during.environments[0]!.held[0]!).description },
          { commit: newer, description: heldStatus(during.environments[0]!.held[1]!).description },
        ],
      },
    ]);
    expect(w.line(newer)).toBe('pending Held: holiday-2026 freeze (opens Mon 4 Jan 08:00 UTC)');
    expect(w.commits).toEqual([]);

    w.set('2027-01-04T08:15:00Z');
    const after = await w.sweep();
    expect(after.environments[0]).toMatchObject({
      released: { commit: newer, result: { changed: true } },
      superseded: [older],
      held: [],
    });
    expect(w.files.get('base-repo.yaml')).toContain(newer);
    expect(w.line(newer)).toBe('pending Promoted');
    expect(w.line(older)).toBe(`error Superseded by ${newer.slice(0, 7)}`);
    expect(w.records.kept.map(recordLine)).toEqual([
      'queued prod aaaaaaa',
      'queued prod bbbbbbb',
      'queued prod bbbbbbb',
      'inactive prod aaaaaaa',
    ]);

    const again = await w.sweep();
    expect(again.environments[0]).toEqual({ environment: 'prod', superseded: [], held: [] });
    expect(w.commits).toHaveLength(1);
  });

  it('releases the newest held promotion once the policy is gone from the chain', async () => {
    const w = world('2026-12-24T12:00:00Z');
    await w.promote(older);
    expect(w.line(older)).toMatch(/^pending Held: /);
    w.setChain('environments: [dev, stage, prod]\n');
    const swept = await w.sweep();
    expect(swept.environments[0]).toMatchObject({ released: { commit: older }, held: [] });
    expect(w.line(older)).toBe('pending Promoted');
  });
});
