import { describe, expect, it } from 'vitest';
import { memoryRecords, recordLine } from '../ledger/memory-records.test-support.ts';
import { goPolicy, holdingPolicy } from '../policy/memory-policy.test-support.ts';
import type { Clock, CommitStatusWriter, Reporter } from '../ports.ts';
import { renderBaseRepoYaml } from './base-repo.ts';
import {
  promoteCommit,
  promotionCommitMessage,
  type EnvironmentBranch,
  type PromotionRequest,
} from './promote.ts';

const commit = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const older = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const baseRepo = { repo: 'https://github.com/acme/cp', branch: 'main', path: '.' };
const request: PromotionRequest = {
  repository: 'acme/cp',
  environment: 'dev',
  commit,
  baseRepo,
  setStatus: true,
};

/** An environment branch in memory; `movesBeforeWrite` other writers win the next races. */
class MemoryBranch implements EnvironmentBranch {
  commits: { id: string; files: Map<string, string>; message: string }[] = [];
  movesBeforeWrite = 0;
  constructor(files: Record<string, string> | undefined) {
    if (files)
      this.commits.push({ id: 'c0', files: new Map(Object.entries(files)), message: 'init' });
  }
  get head() {
    return this.commits.at(-1);
  }
  read(path: string) {
    const head = this.head;
    return Promise.resolve(head && { head: head.id, content: head.files.get(path) });
  }
  write(change: { parent: string; path: string; content: string; message: string }) {
    if (this.movesBeforeWrite > 0) {
      this.movesBeforeWrite -= 1;
      const head = this.head!;
      this.commits.push({
        id: `c${this.commits.length}`,
        files: new Map([...head.files, [`other-${this.commits.length}`, 'x']]),
        message: 'other',
      });
    }
    if (this.head!.id !== change.parent) return Promise.resolve({ outcome: 'moved' as const });
    const files = new Map(this.head!.files);
    files.set(change.path, change.content);
    const id = `c${this.commits.length}`;
    this.commits.push({ id, files, message: change.message });
    return Promise.resolve({ outcome: 'pushed' as const, commit: id });
  }
}

function world(files: Record<string, string> | undefined) {
  const logs: string[] = [];
  const sleeps: number[] = [];
  const statuses: Parameters<CommitStatusWriter['setStatus']>[0][] = [];
  const reporter: Reporter = {
    debug: () => {},
    info: (m) => logs.push(m),
    warning: (m) => logs.push(m),
    error: (m) => logs.push(m),
    group: (_t, work) => work(),
  };
  const clock: Clock = { now: () => 0, sleep: (ms) => (sleeps.push(ms), Promise.resolve()) };
  const branch = new MemoryBranch(files);
  const records = memoryRecords();
  const deps = {
    branch,
    clock,
    reporter,
    policy: goPolicy(),
    records,
    statuses: {
      setStatus: (s: (typeof statuses)[number]) => (statuses.push(s), Promise.resolve()),
      // The latest status per (commit, context), as GitHub's combined status answers.
      latestStatus: (sha: string, context: string) => {
        const found = statuses.filter((s) => s.sha === sha && s.context === context).at(-1);
        return Promise.resolve(
          found ? { state: found.state, description: found.description } : undefined,
        );
      },
    },
  };
  return { logs, sleeps, statuses, branch, records, deps };
}

describe('promoteCommit', () => {
  it('commits base-repo.yaml once and marks the commit Promoted', async () => {
    const w = world({ 'gitops-repo.yaml': 'x' });
    const result = await promoteCommit(request, w.deps);
    expect(result).toEqual({
      changed: true,
      branchCommit: 'c1',
      previousCommit: undefined,
      attempts: 1,
      statusSet: true,
    });
    expect(w.branch.head!.files.get('base-repo.yaml')).toBe(
      renderBaseRepoYaml({ ...baseRepo, commit }),
    );
    expect(w.branch.head!.message).toBe(
      `Promote main@aaaaaaa to dev\n\nPromoted commit: ${commit}\n`,
    );
    expect(w.statuses).toEqual([
      { sha: commit, state: 'pending', context: 'dev environment', description: 'Promoted' },
    ]);
  });

  it('changes nothing when the branch already promotes the commit', async () => {
    const w = world({ 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit }) });
    const result = await promoteCommit(request, w.deps);
    expect(result).toMatchObject({ changed: false, branchCommit: 'c0', previousCommit: commit });
    expect(w.branch.commits).toHaveLength(1);
  });

  it('re-applies the change on the moved branch, keeping the other change, with backoff', async () => {
    const w = world({ 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: older }) });
    w.branch.movesBeforeWrite = 2;
    const result = await promoteCommit(request, w.deps);
    expect(result).toMatchObject({ changed: true, attempts: 3, previousCommit: older });
    expect(w.sleeps).toEqual([1000, 2000]);
    expect(w.branch.head!.files.has('other-1')).toBe(true);
    expect(w.logs).toContain(
      "Retry 'push base-repo.yaml to dev': attempt 2 of 5 failed: the branch moved. Retrying in 2s.",
    );
  });

  it('gives up after the last attempt, saying what to do', async () => {
    const w = world({});
    w.branch.movesBeforeWrite = 10;
    await expect(promoteCommit(request, { ...w.deps, maxAttempts: 3 })).rejects.toThrow(
      /kept moving: 3 attempts .* Run the promotion again\./,
    );
  });

  it('names the missing environment branch', async () => {
    const w = world(undefined);
    await expect(promoteCommit(request, w.deps)).rejects.toThrow(
      /the environment branch 'dev' does not exist in 'acme\/cp'/,
    );
  });

  it('marks the promotion it replaces superseded when that one never deployed', async () => {
    const w = world({ 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: older }) });
    w.statuses.push({
      sha: older,
      state: 'pending',
      context: 'dev environment',
      description: 'Promoted',
    });
    await promoteCommit(request, w.deps);
    expect(w.statuses.slice(1)).toEqual([
      { sha: commit, state: 'pending', context: 'dev environment', description: 'Promoted' },
      {
        sha: older,
        state: 'error',
        context: 'dev environment',
        description: 'Superseded by aaaaaaa',
      },
    ]);
  });

  it('leaves a replaced promotion that was deployed (or is deploying) alone', async () => {
    for (const [state, description] of [
      ['success', 'Deployed'],
      ['pending', 'Deploying'],
    ] as const) {
      const w = world({ 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: older }) });
      w.statuses.push({ sha: older, state, context: 'dev environment', description });
      await promoteCommit(request, w.deps);
      expect(w.statuses.filter((s) => s.sha === older)).toHaveLength(1);
    }
  });

  it('never moves the environment back to an ancestor of the commit it promotes', async () => {
    // `older` promotes now; `commit` is its ancestor here (a promotion dispatched out of order).
    const w = world({ 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: older }) });
    const asked: string[][] = [];
    const history = {
      isAncestor: (a: string, d: string) => (asked.push([a, d]), Promise.resolve(true)),
    };
    const result = await promoteCommit(request, { ...w.deps, history });
    expect(asked).toEqual([[commit, older]]);
    expect(result).toMatchObject({ changed: false, branchCommit: 'c0', supersededBy: older });
    expect(w.branch.commits).toHaveLength(1);
    expect(w.statuses).toEqual([
      {
        sha: commit,
        state: 'error',
        context: 'dev environment',
        description: 'Superseded by bbbbbbb',
      },
    ]);
  });

  it('promotes over a commit that is not a descendant (a newer or unrelated commit)', async () => {
    const w = world({ 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: older }) });
    const history = { isAncestor: () => Promise.resolve(false) };
    const result = await promoteCommit(request, { ...w.deps, history });
    expect(result).toMatchObject({ changed: true, previousCommit: older });
    expect('supersededBy' in result).toBe(false);
  });

  it('leaves the status alone when asked to', async () => {
    const w = world({});
    expect((await promoteCommit({ ...request, setStatus: false }, w.deps)).statusSet).toBe(false);
    expect(w.statuses).toEqual([]);
  });

  it('asks the policy first: a held promotion reads and writes nothing and sets the held status', async () => {
    const w = world({ 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: older }) });
    const policy = holdingPolicy({
      reason: "the freeze window 'year-end' is open",
      until: '2025-01-06T08:00:00Z',
    });
    const result = await promoteCommit(request, { ...w.deps, policy });
    expect(policy.asked).toEqual([{ action: 'promote', environment: 'dev', commit }]);
    expect(result).toEqual({
      held: {
        reason: "the freeze window 'year-end' is open",
        until: '2025-01-06T08:00:00Z',
        description: "Held: the freeze window 'year-end' is open (opens 2025-01-06T08:00:00Z)",
      },
      statusSet: true,
    });
    expect(w.branch.commits).toHaveLength(1);
    expect(w.statuses).toEqual([
      {
        sha: commit,
        state: 'pending',
        context: 'dev environment',
        description: "Held: the freeze window 'year-end' is open (opens 2025-01-06T08:00:00Z)",
      },
    ]);
    expect(w.records.kept.map(recordLine)).toEqual(['queued dev aaaaaaa']);
    expect(w.records.kept[0]?.description).toBe(
      "Held: the freeze window 'year-end' is open (opens 2025-01-06T08:00:00Z)",
    );
    expect(w.logs).toContain(
      "Promoting aaaaaaa to 'dev' is held by the promotion policy: the freeze window 'year-end' is open (until 2025-01-06T08:00:00Z).",
    );
  });

  it('break-glass: promotes, and leaves its trace in the commit, the statuses and the record', async () => {
    const w = world({});
    const breakGlass = {
      reason: 'INC-1 hotfix',
      by: 'carol',
      passed: ['holiday-2026 freeze'],
      description: 'Break-glass by carol: INC-1 hotfix (passes holiday-2026 freeze)',
    };
    const policy = { decide: () => Promise.resolve({ verdict: 'go' as const, breakGlass }) };
    const result = await promoteCommit(request, { ...w.deps, policy });
    expect(result).toMatchObject({ changed: true, breakGlass });
    expect(w.branch.head!.message).toBe(
      `Promote main@aaaaaaa to dev\n\nPromoted commit: ${commit}\n\nKalypso-Break-Glass: INC-1 hotfix\nKalypso-Break-Glass-By: carol\nKalypso-Break-Glass-Passes: holiday-2026 freeze\n`,
    );
    expect(w.statuses.map((s) => `${s.context}: ${s.state} ${s.description}`)).toEqual([
      'dev environment: pending Promoted',
      'kalypso/policy: success Break-glass by carol: INC-1 hotfix (passes holiday-2026 freeze)',
    ]);
    expect(w.records.kept[0]?.description).toBe(
      'Promoted; Break-glass by carol: INC-1 hotfix (passes holiday-2026 freeze)',
    );
    expect(w.logs).toContain(
      "Promoting aaaaaaa to 'dev' goes by break-glass: Break-glass by carol: INC-1 hotfix (passes holiday-2026 freeze).",
    );
  });

  it('stops with the error of a policy that cannot decide, writing nothing', async () => {
    const w = world({});
    const policy = { decide: () => Promise.reject(new Error('the lock file does not parse')) };
    await expect(promoteCommit(request, { ...w.deps, policy })).rejects.toThrow(
      'the lock file does not parse',
    );
    expect(w.branch.commits).toHaveLength(1);
    expect(w.statuses).toEqual([]);
  });

  it('records each state it sets: queued, and the promotion it supersedes inactive', async () => {
    const w = world({ 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: older }) });
    w.statuses.push({
      sha: older,
      state: 'pending',
      context: 'dev environment',
      description: 'Promoted',
    });
    await promoteCommit({ ...request, targetUrl: 'https://run/1' }, w.deps);
    expect(w.records.kept).toEqual([
      {
        environment: 'dev',
        promotedCommit: commit,
        state: 'queued',
        description: 'Promoted',
        logUrl: 'https://run/1',
      },
      {
        environment: 'dev',
        promotedCommit: older,
        state: 'inactive',
        description: 'Superseded by aaaaaaa',
        logUrl: 'https://run/1',
      },
    ]);
  });

  it('turns a failure to record into a warning: the promotion still lands', async () => {
    const w = world({});
    const records = memoryRecords(new Error('503 from the ledger'));
    const result = await promoteCommit(request, { ...w.deps, records });
    expect(result).toMatchObject({ changed: true, statusSet: true });
    expect(w.statuses.map((s) => s.description)).toEqual(['Promoted']);
    expect(w.logs).toContain(
      "Could not record aaaaaaa in 'dev' as queued (the commit status says it): 503 from the ledger",
    );
  });

  it('writes the promoted branch name into the message', () => {
    expect(
      promotionCommitMessage({
        environment: 'prod',
        commit,
        baseRepo: { ...baseRepo, branch: 'trunk' },
      }),
    ).toMatch(/^Promote trunk@aaaaaaa to prod\n/);
  });
});
