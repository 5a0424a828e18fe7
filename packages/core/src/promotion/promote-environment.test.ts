import { describe, expect, it } from 'vitest';
import { recordingReporter } from '../model/control-plane.test-support.ts';
import type { CommitStatusWriter, WorkflowDispatcher } from '../ports.ts';
import { renderBaseRepoYaml } from './base-repo.ts';
import { promoteEnvironment, type EnvironmentPromotionRequest } from './promote-environment.ts';
import type { EnvironmentBranch } from './promote.ts';

const commit = 'a'.repeat(40);
const newer = 'b'.repeat(40);
const baseRepo = { repo: 'https://github.com/acme/cp', branch: 'main', path: '.' };
const request: EnvironmentPromotionRequest = {
  repository: 'acme/cp',
  environment: 'dev',
  commit,
  baseRepo,
  setStatus: true,
  schedule: { trigger: 'dispatch', workflow: 'schedule.yaml' },
};

/** The environment branch as one file map (undefined: no branch) and the main history. */
function run(
  branchFiles: Record<string, string> | undefined,
  overrides: Partial<EnvironmentPromotionRequest> = {},
) {
  const files = branchFiles && new Map(Object.entries(branchFiles));
  let head = 'c0';
  const branch: EnvironmentBranch = {
    read: (path) => Promise.resolve(files && { head, content: files.get(path) }),
    write: (change) => {
      files!.set(change.path, change.content);
      head = 'c1';
      return Promise.resolve({ outcome: 'pushed', commit: head });
    },
  };
  const statuses: Parameters<CommitStatusWriter['setStatus']>[0][] = [];
  const dispatches: Parameters<WorkflowDispatcher['dispatch']>[0][] = [];
  const ports = {
    branch,
    statuses: {
      setStatus: (s: (typeof statuses)[number]) => (statuses.push(s), Promise.resolve()),
      latestStatus: () => Promise.resolve(undefined),
    },
    // `newer` descends from `commit` on main.
    history: { isAncestor: (a: string, d: string) => Promise.resolve(a === d || d === newer) },
    dispatcher: {
      dispatch: (d: (typeof dispatches)[number]) => (dispatches.push(d), Promise.resolve()),
    },
    clock: { now: () => 0, sleep: () => Promise.resolve() },
    reporter: recordingReporter(),
  };
  const report = promoteEnvironment({ ...request, ...overrides }, ports);
  return { report, statuses, dispatches, files };
}

describe('promoteEnvironment', () => {
  it('promotes, marks the commit Promoted, then dispatches the schedule workflow on the BaseRepo branch', async () => {
    const { report, statuses, dispatches, files } = run({});
    expect(await report).toMatchObject({
      changed: true,
      branchCommit: 'c1',
      dispatched: { workflow: 'schedule.yaml', ref: 'main' },
    });
    expect(files!.get('base-repo.yaml')).toBe(renderBaseRepoYaml({ ...baseRepo, commit }));
    expect(statuses.map((s) => `${s.context}: ${s.state} ${s.description}`)).toEqual([
      'dev environment: pending Promoted',
    ]);
    expect(dispatches).toEqual([
      { workflow: 'schedule.yaml', ref: 'main', inputs: { environment: 'dev' } },
    ]);
  });

  it('dispatches nothing when the push starts the schedule', async () => {
    const { report, dispatches } = run({}, { schedule: { trigger: 'push' } });
    expect(await report).toMatchObject({ changed: true, dispatched: undefined });
    expect(dispatches).toEqual([]);
  });

  it('marks a commit the environment already promotes a descendant of superseded, and still schedules', async () => {
    const { report, statuses, dispatches } = run({
      'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: newer }),
    });
    expect(await report).toMatchObject({ changed: false, supersededBy: newer });
    expect(statuses.map((s) => `${s.state} ${s.description}`)).toEqual([
      `error Superseded by ${newer.slice(0, 7)}`,
    ]);
    expect(dispatches).toHaveLength(1);
  });

  it('sets no status with status off', async () => {
    const { report, statuses } = run({}, { setStatus: false });
    expect(await report).toMatchObject({ statusSet: false });
    expect(statuses).toEqual([]);
  });

  it('starts nothing when the promotion fails', async () => {
    const { report, statuses, dispatches } = run(undefined);
    await expect(report).rejects.toThrow(/the environment branch 'dev' does not exist/);
    expect(statuses).toEqual([]);
    expect(dispatches).toEqual([]);
  });

  it('dry run: decides as a real run, writes nothing, sets no status and dispatches nothing', async () => {
    const before = renderBaseRepoYaml({ ...baseRepo, commit: 'd'.repeat(40) });
    const { report, statuses, dispatches, files } = run(
      { 'base-repo.yaml': before },
      { dryRun: true },
    );
    expect(await report).toMatchObject({
      dryRun: true,
      changed: true,
      branchCommit: 'c0',
      previousCommit: 'd'.repeat(40),
      statusSet: false,
      dispatched: { workflow: 'schedule.yaml', ref: 'main' },
    });
    expect(files!.get('base-repo.yaml')).toBe(before);
    expect(statuses).toEqual([]);
    expect(dispatches).toEqual([]);
  });

  it('dry run: reports a superseded commit without marking it', async () => {
    const { report, statuses } = run(
      { 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: newer }) },
      { dryRun: true },
    );
    expect(await report).toMatchObject({ dryRun: true, changed: false, supersededBy: newer });
    expect(statuses).toEqual([]);
  });

  it('dry run: still fails on a missing environment branch', async () => {
    const { report } = run(undefined, { dryRun: true });
    await expect(report).rejects.toThrow(/the environment branch 'dev' does not exist/);
  });
});
