import { describe, expect, it } from 'vitest';
import { UserError } from '../model/problem.ts';
import { LOCKS_PATH, readLockFile } from '../policy/locks.ts';
import type { Clock, Reporter } from '../ports.ts';
import { changeLocks, type LockCommand } from './change-locks.ts';
import type { EnvironmentBranch } from './promote.ts';

const NOW = Date.parse('2026-11-26T10:00:00Z');

/** An environment branch in memory; `movesBeforeWrite` other writers win the next races. */
function memoryBranch(files: Record<string, string> | undefined) {
  const commits: { id: string; files: Map<string, string>; message: string }[] = files
    ? [{ id: 'c0', files: new Map(Object.entries(files)), message: 'init' }]
    : [];
  let movesBeforeWrite = 0;
  const branch: EnvironmentBranch = {
    read: (path) => {
      const head = commits.at(-1);
      return Promise.resolve(head && { head: head.id, content: head.files.get(path) });
    },
    write: (change) => {
      if (movesBeforeWrite > 0) {
        movesBeforeWrite -= 1;
        const head = commits.at(-1)!;
        const moved = new Map(head.files);
        moved.set('base-repo.yaml', `promotion ${commits.length}`);
        commits.push({ id: `c${commits.length}`, files: moved, message: 'Promote' });
      }
      const head = commits.at(-1)!;
      if (head.id !== change.parent) return Promise.resolve({ outcome: 'moved' as const });
      const next = new Map(head.files);
      next.set(change.path, change.content);
      const id = `c${commits.length}`;
      commits.push({ id, files: next, message: change.message });
      return Promise.resolve({ outcome: 'pushed' as const, commit: id });
    },
  };
  return {
    branch,
    commits,
    moveBeforeNextWrites: (n: number) => (movesBeforeWrite = n),
  };
}

function world(files: Record<string, string> | undefined) {
  const logs: string[] = [];
  const sleeps: number[] = [];
  const reporter: Reporter = {
    debug: () => {},
    info: (m) => logs.push(m),
    warning: (m) => logs.push(`warning: ${m}`),
    error: (m) => logs.push(`error: ${m}`),
    group: (_t, work) => work(),
  };
  const clock: Clock = { now: () => NOW, sleep: (ms) => (sleeps.push(ms), Promise.resolve()) };
  const memory = memoryBranch(files);
  return { ...memory, logs, sleeps, ports: { branch: memory.branch, clock, reporter } };
}

const lock: LockCommand = {
  action: 'lock',
  environment: 'prod',
  scope: { type: 'environment' },
  reason: 'INC-4211',
  by: 'alice',
  expires: '4h',
};

describe('changeLocks', () => {
  it('locks an environment with one commit that carries the trailers', async () => {
    const w = world({ 'base-repo.yaml': 'x' });
    const result = await changeLocks(lock, w.ports);
    expect(result).toMatchObject({
      action: 'lock',
      changed: true,
      branchCommit: 'c1',
      attempts: 1,
    });
    expect(result.locks).toEqual([
      {
        scope: { type: 'environment' },
        reason: 'INC-4211',
        by: 'alice',
        since: new Date(NOW),
        until: new Date('2026-11-26T14:00:00Z'),
      },
    ]);
    const head = w.commits.at(-1)!;
    expect(head.message).toBe(
      [
        'Lock prod: INC-4211',
        '',
        "Promotions of environment 'prod' are held until 2026-11-26T14:00:00Z.",
        '',
        'Kalypso-Lock: add',
        'Kalypso-Lock-Scope: environment',
        'Kalypso-Lock-Reason: INC-4211',
        'Kalypso-Lock-Until: 2026-11-26T14:00:00Z',
        'Kalypso-Lock-By: alice',
        '',
      ].join('\n'),
    );
    const file = readLockFile(head.files.get(LOCKS_PATH));
    expect(file).toMatchObject({ state: 'read', locks: [{ reason: 'INC-4211', by: 'alice' }] });
    expect(head.files.get('base-repo.yaml')).toBe('x');
  });

  it('re-reads and re-applies the edit when another writer moved the branch, keeping its change', async () => {
    const w = world({ 'base-repo.yaml': 'x' });
    w.moveBeforeNextWrites(2);
    const result = await changeLocks(lock, w.ports);
    expect(result.attempts).toBe(3);
    expect(w.sleeps).toEqual([1000, 2000]);
    const head = w.commits.at(-1)!;
    expect(head.files.get('base-repo.yaml')).toBe('promotion 2');
    expect(head.files.get(LOCKS_PATH)).toContain('INC-4211');
  });

  it('gives up after the attempts, with what to do', async () => {
    const w = world({ 'base-repo.yaml': 'x' });
    w.moveBeforeNextWrites(5);
    await expect(changeLocks(lock, w.ports)).rejects.toThrow(
      "Branch 'prod' kept moving: 5 attempts to commit .kalypso/locks.yaml lost the race. Run it again.",
    );
  });

  it('unlocks the scope, and says when there is nothing to unlock', async () => {
    const w = world({ 'base-repo.yaml': 'x' });
    await changeLocks(lock, w.ports);
    await changeLocks(
      { ...lock, scope: { type: 'cluster-type', clusterType: 'drone' }, reason: 'firmware' },
      w.ports,
    );
    const unlocked = await changeLocks(
      { action: 'unlock', environment: 'prod', scope: { type: 'environment' }, by: 'bob' },
      w.ports,
    );
    expect(unlocked).toMatchObject({ changed: true, locks: [{ reason: 'INC-4211' }] });
    expect(unlocked.remaining.map((l) => l.reason)).toEqual(['firmware']);
    expect(w.commits.at(-1)!.message).toMatch(
      /^Unlock prod: INC-4211\n[\s\S]*Kalypso-Lock: remove\nKalypso-Lock-Scope: environment\nKalypso-Lock-Reason: INC-4211\nKalypso-Lock-By: bob\n$/,
    );
    const commits = w.commits.length;
    const again = await changeLocks(
      { action: 'unlock', environment: 'prod', scope: { type: 'environment' }, by: 'bob' },
      w.ports,
    );
    expect(again).toMatchObject({ changed: false, branchCommit: `c${commits - 1}`, locks: [] });
    expect(again.nothingToUnlock).toBe(
      "No lock of environment in 'prod'. Its locks: cluster type 'drone': firmware.",
    );
    expect(w.commits.length).toBe(commits);
    expect(w.logs.at(-1)).toMatch(
      /^warning: No lock of environment in 'prod'.*Nothing was changed\.$/,
    );
  });

  it('refuses an expiry in the past or without a timezone, before anything is read', async () => {
    const w = world({ 'base-repo.yaml': 'x' });
    await expect(
      changeLocks({ ...lock, expires: '2026-11-26T09:00:00Z' }, w.ports),
    ).rejects.toThrow(
      "Cannot lock 'prod': the expiry 2026-11-26T09:00:00Z is not in the future (now: 2026-11-26T10:00:00Z).",
    );
    await expect(changeLocks({ ...lock, expires: '90' }, w.ports)).rejects.toThrow(
      /^Cannot lock 'prod': the expiry duration '90' has no unit/,
    );
    expect(w.commits).toHaveLength(1);
  });

  it('leaves a broken locks file and a missing branch alone, saying what to do', async () => {
    const broken = world({ [LOCKS_PATH]: 'locks: [ {\n' });
    const error = await changeLocks(lock, broken.ports).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(
      /does not parse, so nothing was changed; fix or delete it first/,
    );
    expect(broken.commits).toHaveLength(1);
    await expect(changeLocks(lock, world(undefined).ports)).rejects.toThrow(
      /the environment branch 'prod' does not exist/,
    );
  });
});
