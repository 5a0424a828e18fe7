import { describe, expect, it } from 'vitest';
import { recordingReporter } from '../model/control-plane.test-support.ts';
import { memoryRecords, recordLine } from '../ledger/memory-records.test-support.ts';
import { messageOf } from '../model/problem.ts';
import { goPolicy, holdingPolicy } from '../policy/memory-policy.test-support.ts';
import type { PromotionPolicy } from '../policy/ports.ts';
import type { CommitState, CommitStatusWriter, WorkflowDispatcher } from '../ports.ts';
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
  serverUrl: 'https://github.com',
  chain: { file: '.github/promotion-chain.yaml', ciContext: 'Kalypso CI' },
};

/** The environment branch as one file map (undefined: no branch) and the main history. */
function run(
  branchFiles: Record<string, string> | undefined,
  overrides: Partial<EnvironmentPromotionRequest> = {},
  policy: PromotionPolicy = goPolicy(),
  /** The chain file on main (none by default) and the latest status of each context. */
  chain: {
    text?: string;
    latest?: Record<string, { state: CommitState; description: string }>;
  } = {},
) {
  const records = memoryRecords();
  const files = branchFiles && new Map(Object.entries(branchFiles));
  let head = 'c0';
  const messages: string[] = [];
  const branch: EnvironmentBranch = {
    read: (path) => Promise.resolve(files && { head, content: files.get(path) }),
    write: (change) => {
      messages.push(change.message);
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
      latestStatus: (_sha: string, context: string) => Promise.resolve(chain.latest?.[context]),
    },
    readChain: () => Promise.resolve(chain.text),
    // `newer` descends from `commit` on main.
    history: { isAncestor: (a: string, d: string) => Promise.resolve(a === d || d === newer) },
    dispatcher: {
      dispatch: (d: (typeof dispatches)[number]) => (dispatches.push(d), Promise.resolve()),
    },
    clock: { now: () => 0, sleep: () => Promise.resolve() },
    reporter: recordingReporter(),
    policy,
    records,
  };
  const report = promoteEnvironment({ ...request, ...overrides }, ports);
  return { report, statuses, dispatches, files, records, messages, reporter: ports.reporter };
}

describe('promoteEnvironment', () => {
  it('promotes, marks the commit Promoted, then dispatches the schedule workflow on the BaseRepo branch', async () => {
    const { report, statuses, dispatches, files } = run({});
    expect(await report).toMatchObject({
      promotion: { changed: true, branchCommit: 'c1' },
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
    expect(await report).toMatchObject({ promotion: { changed: true }, dispatched: undefined });
    expect(dispatches).toEqual([]);
  });

  it('marks a commit the environment already promotes a descendant of superseded, and still schedules', async () => {
    const { report, statuses, dispatches } = run({
      'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit: newer }),
    });
    expect(await report).toMatchObject({ promotion: { changed: false, supersededBy: newer } });
    expect(statuses.map((s) => `${s.state} ${s.description}`)).toEqual([
      `error Superseded by ${newer.slice(0, 7)}`,
    ]);
    expect(dispatches).toHaveLength(1);
  });

  it('sets no status with status off', async () => {
    const { report, statuses } = run({}, { setStatus: false });
    expect(await report).toMatchObject({ promotion: { statusSet: false } });
    expect(statuses).toEqual([]);
  });

  it('starts nothing when the promotion fails, and reports why', async () => {
    const { report, statuses, dispatches } = run(undefined);
    const { error, promotion } = await report;
    expect(promotion).toBeUndefined();
    expect(messageOf(error)).toMatch(/the environment branch 'dev' does not exist/);
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
      promotion: {
        changed: true,
        branchCommit: 'c0',
        previousCommit: 'd'.repeat(40),
        statusSet: false,
      },
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
    expect(await report).toMatchObject({
      dryRun: true,
      promotion: { changed: false, supersededBy: newer },
    });
    expect(statuses).toEqual([]);
  });

  it('held by the policy: writes nothing, dispatches nothing, sets the held status, does not fail', async () => {
    const hold = { reason: 'prod is locked by @ana', until: '2025-01-06T08:00:00Z' };
    const { report, statuses, dispatches, files } = run({}, {}, holdingPolicy(hold));
    expect(await report).toMatchObject({ held: hold, heldStatusSet: true, dispatched: undefined });
    expect((await report).promotion).toBeUndefined();
    expect((await report).error).toBeUndefined();
    expect(files!.has('base-repo.yaml')).toBe(false);
    expect(dispatches).toEqual([]);
    expect(statuses.map((s) => `${s.context}: ${s.state} ${s.description}`)).toEqual([
      'dev environment: pending Held: prod is locked by @ana (opens 2025-01-06T08:00:00Z)',
    ]);
  });

  it('dry run held by the policy: reports the hold, sets no status', async () => {
    const hold = { reason: 'soak time: stage deployed 2 hours ago' };
    const { report, statuses } = run({}, { dryRun: true }, holdingPolicy(hold));
    expect(await report).toMatchObject({ dryRun: true, held: hold });
    expect(statuses).toEqual([]);
  });

  it('records the promotion queued, and nothing in a dry run', async () => {
    const live = run({});
    await live.report;
    expect(live.records.kept.map(recordLine)).toEqual(['queued dev aaaaaaa']);
    const dry = run({}, { dryRun: true });
    await dry.report;
    const already = run(
      { 'base-repo.yaml': renderBaseRepoYaml({ ...baseRepo, commit }) },
      { dryRun: true },
    );
    await already.report;
    expect([...dry.records.kept, ...already.records.kept]).toEqual([]);
  });

  it('dry run: still fails on a missing environment branch', async () => {
    const { report } = run(undefined, { dryRun: true });
    expect(messageOf((await report).error)).toMatch(/the environment branch 'dev' does not exist/);
  });

  describe('the chain check', () => {
    const text = 'environments: [dev, stage, prod]\n';
    const deployedInStage = {
      'stage environment': { state: 'success' as const, description: 'Deployed' },
    };
    const skip = { reason: 'hotfix INC-123 @platform', actor: 'octocat' };

    it('refuses a commit the previous environment never deployed: nothing written, set or dispatched', async () => {
      const { report, statuses, dispatches, files } = run({}, { environment: 'prod' }, goPolicy(), {
        text,
      });
      const done = await report;
      expect(messageOf(done.error)).toBe(
        "Promoted commit aaaaaaa cannot enter 'prod': 'stage' does not report it Deployed (its 'stage environment' status is not set). Promote it through the chain (dev → stage → prod), or skip it deliberately with 'break-glass-reason' (shown in the commit status, the GitOps pull request and the summary).",
      );
      expect(done.promotion).toBeUndefined();
      expect(statuses).toEqual([]);
      expect(dispatches).toEqual([]);
      expect(files?.get('base-repo.yaml')).toBeUndefined();
    });

    it('lets in a commit the previous environment reports Deployed', async () => {
      const { report } = run({}, { environment: 'prod' }, goPolicy(), {
        text,
        latest: deployedInStage,
      });
      const done = await report;
      expect(done.error).toBeUndefined();
      expect(done.chain).toMatchObject({ kind: 'satisfied', previous: 'stage' });
    });

    it('requires a successful ci-gate status for the first environment', async () => {
      const refused = await run({}, {}, goPolicy(), {
        text,
        latest: { 'Kalypso CI': { state: 'failure', description: '2 problems' } },
      }).report;
      expect(messageOf(refused.error)).toContain(
        `it has no successful 'Kalypso CI' status (it is failure "2 problems")`,
      );
      const valid = await run({}, {}, goPolicy(), {
        text,
        latest: { 'Kalypso CI': { state: 'success', description: 'Valid' } },
      }).report;
      expect(valid.chain).toMatchObject({ kind: 'satisfied', previous: undefined });
    });

    it('skips deliberately with a reason: promoted, the skip in a status of its own and the break-glass record', async () => {
      const { report, statuses, messages, records } = run(
        {},
        { environment: 'prod', chain: { ...request.chain, skip } },
        goPolicy(),
        { text },
      );
      const done = await report;
      expect(done.error).toBeUndefined();
      expect(done.chain).toMatchObject({ kind: 'skipped', previous: 'stage', skip });
      expect(statuses.map((s) => `${s.context}: ${s.state} ${s.description}`)).toEqual([
        'prod environment: pending Promoted',
        'kalypso/policy: success Break-glass by octocat: hotfix INC-123 @platform (passes promotion chain)',
        'prod environment: chain skipped: success Chain skipped by octocat: hotfix INC-123 @\u200bplatform',
      ]);
      // One record of the break-glass: trailers in the environment branch commit, and the ledger.
      expect(messages[0]).toContain(
        'Kalypso-Break-Glass: hotfix INC-123 @platform\nKalypso-Break-Glass-By: octocat\nKalypso-Break-Glass-Passes: promotion chain\n',
      );
      expect(records.kept.map((r) => r.description)).toEqual([
        'Promoted; Break-glass by octocat: hotfix INC-123 @platform (passes promotion chain)',
      ]);
    });

    it('says so when a skip was not needed, and keeps the chain unchecked without a chain file', async () => {
      const { report, reporter } = run(
        {},
        { environment: 'prod', chain: { ...request.chain, skip } },
        goPolicy(),
        {
          text,
          latest: deployedInStage,
        },
      );
      expect((await report).chain).toMatchObject({ kind: 'satisfied', unusedSkip: skip });
      expect(reporter.lines.filter((l) => l.startsWith('warning: '))).toEqual([
        "warning: A break-glass reason is set, but the chain holds for 'prod': the chain was not skipped.",
      ]);
      expect((await run({}, { environment: 'prod' }).report).chain).toEqual({
        kind: 'no-chain',
        file: '.github/promotion-chain.yaml',
      });
    });
  });
});
