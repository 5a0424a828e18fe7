import { describe, expect, it } from 'vitest';
import { UserError } from '../model/problem.ts';
import {
  addLock,
  lockActiveAt,
  NoMatchingLock,
  readLockFile,
  removeExpiredLocks,
  removeLocks,
  renderLockFile,
  type Lock,
  type LockFile,
} from './locks.ts';
import { parseLockExpiry, parseLockScope } from './lock-request.ts';

const since = new Date('2026-11-25T16:00:00Z');
const until = new Date('2026-11-26T16:00:00Z');

const SAMPLE = `locks:
  - scope: environment
    reason: INC-4211
    by: alice
    since: 2026-11-25T16:00:00Z
    until: 2026-11-26T16:00:00Z
  - { scope: cluster-type, clusterType: drone, reason: "firmware rollout", by: bob, since: "2026-11-25T17:00:00+01:00" }
`;

function read(text: string | undefined): LockFile {
  return readLockFile(text);
}

function problemsOf(text: string) {
  const file = read(text);
  if (file.state !== 'broken') throw new Error(`expected a broken file, got ${file.state}`);
  return file.problems;
}

describe('readLockFile', () => {
  it('reads locks of the environment and of a cluster type', () => {
    expect(read(SAMPLE)).toEqual({
      state: 'read',
      file: '.kalypso/locks.yaml',
      warnings: [],
      locks: [
        { scope: { type: 'environment' }, reason: 'INC-4211', by: 'alice', since, until, line: 2 },
        {
          scope: { type: 'cluster-type', clusterType: 'drone' },
          reason: 'firmware rollout',
          by: 'bob',
          since,
          line: 7,
        },
      ],
    });
  });

  it('takes an absent file, an empty file and an empty list as no locks', () => {
    expect(read(undefined)).toEqual({ state: 'absent' });
    expect(read('')).toMatchObject({ state: 'read', locks: [] });
    expect(read('# nothing\n')).toMatchObject({ state: 'read', locks: [] });
    expect(read('locks: []\n')).toMatchObject({ state: 'read', locks: [] });
  });

  it('accepts a hand-written lock with only a reason', () => {
    expect(read('locks:\n  - reason: hold everything\n')).toMatchObject({
      state: 'read',
      locks: [{ scope: { type: 'environment' }, reason: 'hold everything' }],
    });
  });

  it.each([
    ['locks:\n  - { scope: environment, reason: x\n', 'is not valid YAML'],
    ['- reason: x\n', "must be a mapping with the key 'locks'"],
    ['locks:\n  - { scope: environment }\n', "needs a 'reason'"],
    ['locks:\n  - { scope: region, reason: x }\n', 'write environment or cluster-type'],
    ['locks:\n  - { scope: cluster-type, reason: x }\n', "needs 'clusterType'"],
    ['locks:\n  - { reason: x, until: 2026-11-26T16:00 }\n', 'an instant with a timezone'],
    [
      'locks:\n  - { reason: x, since: 2026-11-26T16:00:00Z, until: 2026-11-26T15:00:00Z }\n',
      "'until' must be after 'since'",
    ],
    ['locks:\n  - { reason: x, untl: 2026-11-26T16:00:00Z }\n', "did you mean 'until'"],
    ['locks:\n  - { reason: "a\\nb" }\n', 'must be one line'],
  ])('fails closed on %j', (text, message) => {
    const problems = problemsOf(text);
    expect(problems[0]?.message).toContain(message);
    expect(problems[0]?.file).toBe('.kalypso/locks.yaml');
  });

  it('refuses a file too large to be a locks file', () => {
    expect(problemsOf('#'.repeat(300 * 1024))[0]?.message).toContain('larger than 256 KiB');
  });
});

describe('lockActiveAt', () => {
  it('holds until its expiry, exclusive', () => {
    const lock = { scope: { type: 'environment' as const }, reason: 'x', until };
    expect(lockActiveAt(lock, new Date('2026-11-26T15:59:59Z'))).toBe(true);
    expect(lockActiveAt(lock, until)).toBe(false);
    expect(lockActiveAt({ scope: { type: 'environment' }, reason: 'x' }, until)).toBe(true);
  });
});

describe('addLock and removeLocks', () => {
  it('writes a stable file and a commit message with trailers', () => {
    const change = addLock(read(undefined), {
      environment: 'prod',
      scope: { type: 'environment' },
      reason: 'INC-4211',
      by: 'alice',
      since,
      until,
    });
    expect(change.text)
      .toBe(`# Promotion locks of this environment, set with \`kalypso lock\` and removed with \`kalypso unlock\`.
# A lock holds promotions of its scope until it is removed or its 'until' has passed.
locks:
  - scope: environment
    reason: INC-4211
    by: alice
    since: "2026-11-25T16:00:00Z"
    until: "2026-11-26T16:00:00Z"
`);
    expect(change.message).toBe(`Lock prod: INC-4211

Promotions of environment 'prod' are held until 2026-11-26T16:00:00Z.

Kalypso-Lock: add
Kalypso-Lock-Scope: environment
Kalypso-Lock-Reason: INC-4211
Kalypso-Lock-Until: 2026-11-26T16:00:00Z
Kalypso-Lock-By: alice
`);
    // What it writes, it reads back the same.
    expect(read(change.text)).toMatchObject({
      state: 'read',
      locks: [{ reason: 'INC-4211', since, until }],
    });
    expect(renderLockFile((read(change.text) as { locks: readonly Lock[] } & LockFile).locks)).toBe(
      change.text,
    );
  });

  it('quotes what YAML would read as something else', () => {
    const change = addLock(read(undefined), {
      environment: 'prod',
      scope: { type: 'cluster-type', clusterType: 'drone' },
      reason: 'yes',
      by: '123',
      since,
    });
    expect(change.text).toContain('reason: "yes"');
    expect(change.text).toContain('by: "123"');
    expect(read(change.text)).toMatchObject({ locks: [{ reason: 'yes', by: '123' }] });
    expect(change.message).toContain('Lock prod (cluster type drone): yes');
    expect(change.message).toContain('Kalypso-Lock-Scope: cluster-type/drone');
  });

  it('replaces a lock with the same scope and reason, keeps the others', () => {
    const change = addLock(read(SAMPLE), {
      environment: 'prod',
      scope: { type: 'environment' },
      reason: 'INC-4211',
      by: 'carol',
      since: new Date('2026-11-25T18:00:00Z'),
    });
    expect(change.locks.map((l) => [l.reason, l.by])).toEqual([
      ['firmware rollout', 'bob'],
      ['INC-4211', 'carol'],
    ]);
  });

  it('removes the locks of a scope, or the one with a reason', () => {
    const byReason = removeLocks(read(SAMPLE), {
      environment: 'prod',
      scope: { type: 'environment' },
      reason: 'INC-4211',
      by: 'dave',
    });
    expect(byReason.locks).toHaveLength(1);
    expect(byReason.message).toBe(`Unlock prod: INC-4211

Promotions of 'prod' are no longer held by this lock.

Kalypso-Lock: remove
Kalypso-Lock-Scope: environment
Kalypso-Lock-Reason: INC-4211
Kalypso-Lock-By: dave
`);
    const all = removeLocks(read(SAMPLE), {
      environment: 'prod',
      scope: { type: 'cluster-type', clusterType: 'drone' },
      by: 'dave',
    });
    expect(all.changed.map((l) => l.reason)).toEqual(['firmware rollout']);
  });

  it('says which locks there are when none matches', () => {
    expect(() =>
      removeLocks(read(SAMPLE), {
        environment: 'prod',
        scope: { type: 'environment' },
        reason: 'INC-1',
        by: 'd',
      }),
    ).toThrow(
      /No lock of environment with reason 'INC-1' in 'prod'\. Its locks: environment: INC-4211; cluster type 'drone': firmware rollout\./,
    );
  });

  it('changes nothing in a broken file and says how to fix it', () => {
    const error = (() => {
      try {
        addLock(read('locks: [\n'), {
          environment: 'prod',
          scope: { type: 'environment' },
          reason: 'x',
          by: 'a',
          since,
        });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(
      /\.kalypso\/locks\.yaml on branch 'prod' does not parse, so nothing was changed; fix or delete it first/,
    );
  });

  it('refuses a lock that could not be written to a trailer or has expired already', () => {
    expect(() =>
      addLock(read(undefined), {
        environment: 'prod',
        scope: { type: 'environment' },
        reason: 'two\nlines',
        by: '',
        since,
        until: since,
      }),
    ).toThrow(/reason must be one line[\s\S]*author must be one line[\s\S]*must be after now/);
  });

  it('tidies expired locks away', () => {
    const change = removeExpiredLocks(read(SAMPLE), 'prod', new Date('2026-11-27T00:00:00Z'));
    expect(change?.changed.map((l) => l.reason)).toEqual(['INC-4211']);
    expect(change?.message).toMatch(
      /^Expire locks of prod: INC-4211\n[\s\S]*Kalypso-Lock: expire\n/,
    );
    expect(removeExpiredLocks(read(SAMPLE), 'prod', since)).toBeUndefined();
  });
});

describe('parseLockScope', () => {
  it('reads the environment, a cluster type and the trailer form', () => {
    expect(parseLockScope('')).toEqual({ scope: { type: 'environment' } });
    expect(parseLockScope(' environment ')).toEqual({ scope: { type: 'environment' } });
    expect(parseLockScope('drone')).toEqual({
      scope: { type: 'cluster-type', clusterType: 'drone' },
    });
    expect(parseLockScope('cluster-type/environment')).toEqual({
      scope: { type: 'cluster-type', clusterType: 'environment' },
    });
  });

  it('refuses what is not a Kubernetes name', () => {
    for (const bad of ['Drone', '../prod', 'a_b', '-edge', 'x'.repeat(254), '::warning::x'])
      expect(parseLockScope(bad)).toMatchObject({
        problem: expect.stringMatching(/is neither 'environment' nor a cluster type name/),
      });
  });
});

describe('parseLockExpiry', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it('takes nothing, a duration or an instant with a timezone', () => {
    expect(parseLockExpiry('', now)).toEqual({ until: undefined });
    expect(parseLockExpiry('4h', now)).toEqual({ until: new Date('2026-11-26T14:00:00Z') });
    expect(parseLockExpiry('1d', now)).toEqual({ until: new Date('2026-11-27T10:00:00Z') });
    expect(parseLockExpiry('2026-11-26T18:00:00+01:00', now)).toEqual({
      until: new Date('2026-11-26T17:00:00Z'),
    });
  });

  it('refuses a past instant, an instant without timezone and a bad duration', () => {
    expect(parseLockExpiry('2026-11-26T09:00:00Z', now)).toEqual({
      problem: 'expiry 2026-11-26T09:00:00Z is not in the future (now: 2026-11-26T10:00:00Z).',
    });
    expect(parseLockExpiry('2026-11-26T18:00', now)).toMatchObject({
      problem: expect.stringContaining('needs a timezone'),
    });
    expect(parseLockExpiry('1.5h', now)).toMatchObject({
      problem: expect.stringMatching(/^expiry: duration '1.5h' is not valid \(no fractions/),
    });
    expect(parseLockExpiry('400d', now)).toMatchObject({
      problem: expect.stringContaining('longer than the 366 days'),
    });
  });
});

describe('addLock with a cluster type', () => {
  it('refuses a scope that is not a Kubernetes name, and removeLocks says when nothing matches', () => {
    expect(() =>
      addLock(read(undefined), {
        environment: 'prod',
        scope: { type: 'cluster-type', clusterType: 'Edge_1' },
        reason: 'firmware',
        by: 'alice',
        since,
      }),
    ).toThrow(/'Edge_1' is not a cluster type name \(a Kubernetes name/);
    expect(() =>
      removeLocks(read(SAMPLE), {
        environment: 'prod',
        scope: { type: 'cluster-type', clusterType: 'edge' },
        by: 'alice',
      }),
    ).toThrow(NoMatchingLock);
  });
});
