import { describe, expect, it } from 'vitest';
import {
  brokenMainYaml,
  environmentYaml,
  mainYaml,
  memorySources,
  recordingReporter,
  workloadYaml,
  type MemoryControlPlane,
} from '../model/control-plane.test-support.ts';
import { isUserError, messageOf } from '../model/problem.ts';
import { goPolicy, holdingPolicy } from '../policy/memory-policy.test-support.ts';
import type { PromotionPolicy } from '../policy/ports.ts';
import type { CommitStatusWriter, WorkflowDispatcher } from '../ports.ts';
import { validateMainCommit, type MainCommitRequest } from './validate-main-commit.ts';

const good = 'a'.repeat(40);
const broken = 'b'.repeat(40);
const chain = 'environments: [dev, stage]\n';

function world(overrides: Partial<MemoryControlPlane> = {}): MemoryControlPlane {
  return {
    main: {
      [good]: { 'main.yaml': mainYaml, '.github/promotion-chain.yaml': chain },
      [broken]: { 'main.yaml': brokenMainYaml, '.github/promotion-chain.yaml': chain },
    },
    environments: {
      dev: { yaml: environmentYaml({ environment: 'dev' }), promotes: good },
      stage: { yaml: environmentYaml({ environment: 'stage' }), promotes: good },
    },
    workload: workloadYaml(['dev', 'stage']),
    ...overrides,
  };
}

const request: MainCommitRequest = {
  repository: 'acme/cp',
  commit: good,
  promotionChainFile: '.github/promotion-chain.yaml',
  firstEnvironment: '',
  checkEnvironments: true,
  cdWorkflow: 'cd.yaml',
  cdWorkflowRef: 'main',
  statusContext: 'Kalypso CI',
  dryRun: false,
  targetUrl: 'https://run/1',
  serverUrl: 'https://github.com',
};

function run(
  overrides: Partial<MainCommitRequest> = {},
  cp = world(),
  policy: PromotionPolicy = goPolicy(),
) {
  const statuses: Parameters<CommitStatusWriter['setStatus']>[0][] = [];
  const dispatches: Parameters<WorkflowDispatcher['dispatch']>[0][] = [];
  const sources = memorySources(cp);
  const reporter = recordingReporter();
  const ports = {
    sources,
    statuses: {
      setStatus: (s: (typeof statuses)[number]) => (statuses.push(s), Promise.resolve()),
    },
    dispatcher: {
      dispatch: (d: (typeof dispatches)[number]) => (dispatches.push(d), Promise.resolve()),
    },
    policy,
    reporter,
  };
  const report = validateMainCommit({ ...request, ...overrides }, ports);
  return { report, statuses, dispatches, sources, reporter };
}

const states = (statuses: { state: string; description: string }[]) =>
  statuses.map((s) => `${s.state} ${s.description}`);

describe('validateMainCommit', () => {
  it('renders every environment of the chain, sets pending then success, and starts CD for the first', async () => {
    const { report, statuses, dispatches, sources } = run();
    expect(await report).toMatchObject({
      problems: [],
      environments: ['dev', 'stage'],
      broken: [],
      firstEnvironment: 'dev',
      dispatched: true,
    });
    expect(states(statuses)).toEqual(['pending Validating the control plane', 'success Valid']);
    expect(statuses.every((s) => s.sha === good && s.context === 'Kalypso CI')).toBe(true);
    expect(statuses[0]!.targetUrl).toBe('https://run/1');
    // Each environment with this main, then as promoted (to compare the plan).
    expect(sources.reads).toEqual([`dev@${good}`, `dev@${good}`, `stage@${good}`, `stage@${good}`]);
    expect(dispatches).toEqual([
      {
        workflow: 'cd.yaml',
        ref: 'main',
        inputs: { environment: 'dev', promoted_commit_id: good },
      },
    ]);
  });

  it('reports a broken main once, renders no environment, sets failure and starts nothing', async () => {
    const { report, statuses, dispatches, sources } = run({ commit: broken });
    const result = await report;
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.broken).toEqual([]);
    expect(result.dispatched).toBe(false);
    expect(sources.reads).toEqual([]);
    expect(states(statuses)[1]).toMatch(/^failure /);
    expect(dispatches).toEqual([]);
  });

  it('names the environment a valid main would break', async () => {
    const cp = world();
    cp.environments.stage = {
      yaml: environmentYaml({ environment: 'stage' }).replace(
        'reconciler: flux',
        'reconciler: gone',
      ),
      promotes: good,
    };
    const { report, dispatches } = run({}, cp);
    const result = await report;
    expect(result.broken).toEqual(['stage']);
    expect(result.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^environment 'stage' would break with this main: /),
    ]);
    expect(dispatches).toEqual([]);
  });

  it('sets no status and dispatches nothing on a dry run', async () => {
    const { report, statuses, dispatches } = run({ dryRun: true });
    expect((await report).dispatched).toBe(false);
    expect(statuses).toEqual([]);
    expect(dispatches).toEqual([]);
  });

  it('skips the environments with check-environments off, and warns about a chain environment without a branch', async () => {
    const off = run({ checkEnvironments: false });
    expect((await off.report).dispatched).toBe(true);
    expect(off.sources.reads).toEqual([]);
    const cp = world();
    delete cp.environments.stage;
    const missing = run({}, cp);
    expect((await missing.report).problems).toEqual([]);
    expect(missing.reporter.lines).toContain(
      "warning: Environment 'stage' has no branch yet; not rendered.",
    );
  });

  it('falls back to first-environment without a chain file, and is a problem without either', async () => {
    const cp = world({ main: { [good]: { 'main.yaml': mainYaml } } });
    const fallback = run({ firstEnvironment: 'dev' }, cp);
    expect(await fallback.report).toMatchObject({ environments: ['dev'], dispatched: true });
    const none = run({}, cp);
    const result = await none.report;
    expect(result.problems.map((p) => p.message)).toEqual([
      expect.stringContaining("there is no promotion chain: '.github/promotion-chain.yaml'"),
    ]);
    expect(states(none.statuses)).toEqual([
      'pending Validating the control plane',
      'failure 1 problem',
    ]);
  });

  it('reports a commit the repository does not have as its error, and replaces its pending status', async () => {
    const { report, statuses } = run({ commit: 'c'.repeat(40) });
    const { error, problems, dispatched } = await report;
    expect(problems).toEqual([]);
    expect(dispatched).toBe(false);
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^Commit c{40} \(input 'commit'\) is not in 'acme\/cp' \(input 'repository'\): pass a commit of that repository/,
    );
    expect(states(statuses)).toEqual([
      'pending Validating the control plane',
      'error Validation did not finish: see the workflow run',
    ]);
  });

  it('keeps its verdict when only the dispatch fails', async () => {
    const statuses: string[] = [];
    const ports = {
      sources: memorySources(world()),
      statuses: {
        setStatus: (s: { state: string; description: string }) => (
          statuses.push(`${s.state} ${s.description}`),
          Promise.resolve()
        ),
      },
      dispatcher: { dispatch: () => Promise.reject(new Error('dispatch refused')) },
      policy: goPolicy(),
      reporter: recordingReporter(),
    };
    const report = await validateMainCommit(request, ports);
    expect(messageOf(report.error)).toBe('dispatch refused');
    expect(report).toMatchObject({ repository: 'acme/cp', commit: good, dispatched: false });
    expect(statuses).toEqual(['pending Validating the control plane', 'success Valid']);
  });

  it('asks the policy before starting the first environment: held, it starts nothing and says so on that environment', async () => {
    const policy = holdingPolicy({ reason: 'dev is locked for a demo' });
    const { report, statuses, dispatches } = run({}, world(), policy);
    expect(await report).toMatchObject({
      problems: [],
      dispatched: false,
      held: { environment: 'dev', reason: 'dev is locked for a demo' },
    });
    expect(policy.asked).toEqual([{ action: 'start', environment: 'dev', commit: good }]);
    expect(dispatches).toEqual([]);
    expect(statuses.map((s) => `${s.context}: ${s.state} ${s.description}`)).toEqual([
      'Kalypso CI: pending Validating the control plane',
      'Kalypso CI: success Valid',
      'dev environment: pending Held: dev is locked for a demo (until lifted)',
    ]);
    const dry = run({ dryRun: true }, world(), policy);
    expect(await dry.report).toMatchObject({ held: { environment: 'dev' }, dispatched: false });
    expect(dry.statuses).toEqual([]);
  });

  it('does not ask the policy about a commit that is not valid', async () => {
    const policy = goPolicy();
    const cp = world({ main: { [good]: { 'main.yaml': mainYaml } } });
    await run({}, cp, policy).report;
    expect(policy.asked).toEqual([]);
  });

  it('starts no CD with an empty cd-workflow, and still sets the status', async () => {
    const { report, statuses, dispatches, reporter } = run({ cdWorkflow: '' });
    expect(await report).toMatchObject({ problems: [], dispatched: false });
    expect(states(statuses)).toEqual(['pending Validating the control plane', 'success Valid']);
    expect(dispatches).toEqual([]);
    expect(reporter.lines).toContain(
      "info: No CD workflow to start ('cd-workflow' is empty): 'dev' is not started.",
    );
  });

  it('plans each environment: assignments per cluster type, and the targets added against the promoted commit', async () => {
    const older = 'd'.repeat(40);
    const cp = world();
    // The promoted main registers the workload in another workspace, which dev's policy skips.
    cp.main[older] = { 'main.yaml': mainYaml.replace('workspace: team', 'workspace: other') };
    cp.environments.dev = {
      yaml: environmentYaml({ environment: 'dev', workspace: 'team' }),
      promotes: older,
    };
    const { report, sources } = run({}, cp);
    const result = await report;
    expect(result.plans).toEqual([
      {
        environment: 'dev',
        state: 'valid',
        promotedCommit: older,
        clusterTypes: [
          { clusterType: 'edge', assignments: 1, added: ['app-api-dev'], removed: [] },
        ],
      },
      {
        environment: 'stage',
        state: 'valid',
        promotedCommit: good,
        clusterTypes: [{ clusterType: 'edge', assignments: 1, added: [], removed: [] }],
      },
    ]);
    expect(sources.reads).toEqual([
      `dev@${good}`,
      `dev@${older}`,
      `stage@${good}`,
      `stage@${good}`,
    ]);
  });

  it('plans nothing for environments it does not render', async () => {
    const cp = world();
    delete cp.environments.stage;
    expect((await run({}, cp).report).plans.map((p) => p.state)).toEqual(['valid', 'no-branch']);
    expect((await run({ commit: broken }).report).plans.map((p) => p.state)).toEqual([
      'not-checked',
      'not-checked',
    ]);
    const cpBroken = world();
    cpBroken.environments.stage!.yaml = cpBroken.environments.stage!.yaml.replace(
      'reconciler: flux',
      'reconciler: gone',
    );
    const plans = (await run({}, cpBroken).report).plans;
    expect(plans[1]).toEqual({
      environment: 'stage',
      state: 'broken',
      promotedCommit: undefined,
      clusterTypes: [],
    });
  });
});
