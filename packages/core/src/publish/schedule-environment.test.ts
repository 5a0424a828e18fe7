import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INPUT_LIMITS } from '../model/limits.ts';
import { LoadCache } from '../model/load-cache.ts';
import type { Source } from '../model/source.ts';
import {
  environmentYaml,
  mainYaml,
  memorySources,
  recordingReporter,
  workloadYaml,
  type MemoryControlPlane,
} from '../model/control-plane.test-support.ts';
import { memoryRecords, recordLine } from '../ledger/memory-records.test-support.ts';
import { messageOf } from '../model/problem.ts';
import type { CommitStatusWriter } from '../ports.ts';
import { memoryPullRequests, memoryRepository } from './memory-gitops.test-support.ts';
import {
  boundedPlan,
  formatNotedProposal,
  notedWorkloads,
  type NotedProposal,
} from './noted-proposal.ts';
import { controlPlaneInputs, runInputs } from './unchanged-inputs.ts';
import { DEFAULT_MAX_FILES } from './schedule-target.ts';
import {
  DEFAULT_BODY_TEMPLATE,
  DEFAULT_COMMIT_TEMPLATE,
  DEFAULT_TITLE_TEMPLATE,
} from './messages.ts';
import {
  scheduleEnvironment,
  type ScheduleEnvironmentPorts,
  type ScheduleEnvironmentRequest,
} from './schedule-environment.ts';

const promoted = 'a'.repeat(40);

function world(yaml = environmentYaml({ environment: 'dev' })): MemoryControlPlane {
  return {
    main: { [promoted]: { 'main.yaml': mainYaml } },
    environments: { dev: { yaml, promotes: promoted } },
    workload: workloadYaml(['dev']),
  };
}

const request: ScheduleEnvironmentRequest = {
  environment: 'dev',
  repository: 'acme/cp',
  gitopsRepository: '',
  gitopsBranch: '',
  pullRequestBranch: 'kalypso/dev',
  templates: {
    title: DEFAULT_TITLE_TEMPLATE,
    body: DEFAULT_BODY_TEMPLATE,
    commit: DEFAULT_COMMIT_TEMPLATE,
  },
  labels: [],
  reviewers: [],
  teamReviewers: [],
  draft: false,
  autoMerge: undefined,
  setStatus: true,
  dryRun: false,
  serverUrl: 'https://github.com',
  runUrl: 'https://run/1',
};

type Status = Parameters<CommitStatusWriter['setStatus']>[0];

/** One control plane and one GitOps repository, shared by the runs of a test. */
function setup(
  cp = world(),
  earlier: Status[] = [],
  gitopsBase: Record<string, string> = {},
  records = memoryRecords(),
) {
  const statuses = [...earlier];
  const gitops = memoryRepository(gitopsBase);
  const pulls = memoryPullRequests();
  const opened: string[] = [];
  // When statuses were read and pull requests looked for or created, in order.
  const log: string[] = [];
  const listOpen = pulls.service.listOpen.bind(pulls.service);
  const create = pulls.service.create.bind(pulls.service);
  pulls.service.listOpen = (head, base) => (log.push('pull requests'), listOpen(head, base));
  pulls.service.create = (pull) => (log.push('pull request'), create(pull));
  const ports = {
    sources: memorySources(cp),
    statuses: {
      setStatus: (s: Status) => (statuses.push(s), Promise.resolve()),
      latestStatus: (sha: string, context: string) => {
        log.push(`latest ${context}`);
        const found = statuses.filter((s) => s.sha === sha && s.context === context).at(-1);
        return Promise.resolve(found && { state: found.state, description: found.description });
      },
    },
    openGitOps: (repository: string) => {
      opened.push(repository);
      return Promise.resolve({ repository: gitops.repository, pullRequests: pulls.service });
    },
    records,
    reporter: recordingReporter(),
  };
  const run = (
    overrides: Partial<ScheduleEnvironmentRequest> = {},
    more: Partial<ScheduleEnvironmentPorts> = {},
  ) => scheduleEnvironment({ ...request, ...overrides }, { ...ports, ...more });
  return { run, statuses, gitops, pulls, opened, records, log, reporter: ports.reporter };
}

const described = (statuses: Status[]) =>
  statuses.map((s) => `${s.sha.slice(0, 7)} ${s.context}: ${s.state} ${s.description}`);

/**
 * Has `repository` note a last proposal (other inputs than any run's, unless `fields` says) on
 * the GitOps branch at `base`: the proposals the run notes, and how often the tips were read.
 */
function noteLast(
  repository: ReturnType<typeof memoryRepository>['repository'],
  fields: Partial<NotedProposal>,
  base: { head: string; treeId: string },
  /** Told 'note' when the note is written. */
  log?: string[],
) {
  const last = formatNotedProposal({
    tree: 'c'.repeat(40),
    inputs: 'd'.repeat(64),
    baseHead: 'e'.repeat(40),
    assignments: 1,
    clusterTypes: 1,
    plan: boundedPlan({ added: [], changed: [], removed: [], promoted: false, clusterTypes: [] }),
    view: undefined,
    chainSkip: undefined,
    ...fields,
  });
  const proposals: (string | undefined)[] = [];
  let tips = 0;
  repository.renderIndex = {
    read: () => Promise.resolve(undefined),
    write: (_base, _tree, _text, _keep, proposal) => (
      log?.push('note'),
      proposals.push(proposal),
      Promise.resolve(true)
    ),
    digest: (text) => text,
    tips: () => {
      tips += 1;
      return Promise.resolve({ base, branch: undefined, proposal: last });
    },
  };
  return { proposals, tipsRead: () => tips };
}

describe('scheduleEnvironment', () => {
  it('renders the environment and opens one pull request on the GitOpsRepo branch', async () => {
    const { run, statuses, pulls, opened } = setup();
    const report = await run();
    expect(report).toMatchObject({
      kind: 'published',
      gitops: { repository: 'acme/gitops', base: 'dev', branch: 'kalypso/dev' },
      promotedCommit: promoted,
      assignments: 1,
      result: { operation: 'created', pullRequest: { number: 1 } },
    });
    expect(opened).toEqual(['acme/gitops']);
    expect(pulls.calls[0]).toBe('create #1');
    expect(statuses).toEqual([]);
  });

  it('leaves the pull request alone when it already proposes the same content', async () => {
    const { run, pulls } = setup();
    await run();
    const before = [...pulls.calls];
    const again = await run();
    expect(again).toMatchObject({ kind: 'published', result: { operation: 'none' } });
    expect(pulls.calls).toEqual(before);
  });

  it('puts an earlier "Failed to schedule" back to Promoted once the environment is proposed', async () => {
    const failed: Status = {
      sha: promoted,
      context: 'dev environment',
      state: 'failure',
      description: 'Failed to schedule',
    };
    const { run, statuses } = setup(world(), [failed]);
    await run();
    expect(described(statuses)).toEqual([
      'aaaaaaa dev environment: failure Failed to schedule',
      'aaaaaaa dev environment: pending Promoted',
    ]);
  });

  it('reads what its end needs (the latest status, the merge gate, the deployment) before it proposes', async () => {
    const failed: Status = {
      sha: promoted,
      context: 'dev environment',
      state: 'failure',
      description: 'Failed to schedule',
    };
    const records = memoryRecords();
    // The setup's log, once there is one (the ledger's read ahead goes in it too).
    let order: string[] = [];
    const { run, statuses, log } = setup(
      world(),
      [failed],
      {},
      {
        ...records,
        prepare: (environment, commit) =>
          void order.push(`prepare ${environment} ${commit.slice(0, 7)}`),
      },
    );
    order = log;
    const outcome = await run(
      {},
      {
        mergeGate: (environment) => {
          order.push(`gate ${environment}`);
          return Promise.resolve({ state: 'success', description: 'No policy holds it' });
        },
      },
    );
    expect(outcome).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    // First, before the proposal reads what it needs (the chain-skip status among it).
    expect(order.slice(0, 3)).toEqual([
      'prepare dev aaaaaaa',
      'latest dev environment',
      'gate dev',
    ]);
    expect(order.indexOf('pull request')).toBeGreaterThan(2);
    expect(order.filter((o) => o === 'latest dev environment' || o === 'gate dev')).toHaveLength(2);
    // What the end did with them is as before.
    expect(described(statuses)).toEqual([
      'aaaaaaa dev environment: failure Failed to schedule',
      'aaaaaaa dev environment: pending Promoted',
    ]);
    expect(records.kept.map(recordLine)).toEqual(['queued dev aaaaaaa', 'in_progress dev aaaaaaa']);
  });

  it('sets "Failed to schedule" on the promoted commit for a broken environment, and writes nothing to the GitOps repository', async () => {
    const broken = environmentYaml({ environment: 'dev' }).replace(
      'reconciler: flux',
      'reconciler: gone',
    );
    const { run, statuses, gitops, pulls } = setup(world(broken));
    const report = await run();
    expect(report).toMatchObject({ kind: 'problems', statusSetOn: promoted });
    expect(report.kind === 'problems' && report.problems.length).toBeGreaterThan(0);
    expect(described(statuses)).toEqual(['aaaaaaa dev environment: failure Failed to schedule']);
    // Its branches may have been read while the environment rendered; nothing more.
    expect(gitops.calls).toEqual([]);
    expect(pulls.calls).toEqual([]);
  });

  it('sets no status on a dry run or with status off, and a dry run writes nothing', async () => {
    const broken = environmentYaml({ environment: 'dev', gitops: false });
    for (const overrides of [{ dryRun: true }, { setStatus: false }]) {
      const { run, statuses } = setup(world(broken));
      expect(await run(overrides)).toMatchObject({ kind: 'problems', statusSetOn: undefined });
      expect(statuses).toEqual([]);
    }
    const { run, pulls, gitops } = setup();
    expect(await run({ dryRun: true })).toMatchObject({
      kind: 'published',
      result: { operation: 'none', wouldDo: 'created' },
    });
    expect(pulls.calls).toEqual([]);
    expect(gitops.calls).toEqual([]);
  });

  it('is a problem, with the file, when there is no usable GitOps target', async () => {
    const none = setup(world(environmentYaml({ environment: 'dev', gitops: false })));
    const report = await none.run();
    expect(report.kind === 'problems' && report.problems[0]!.message).toMatch(
      /^the environment 'dev' has no GitOpsRepo, so there is nowhere to propose its manifests\./,
    );
    const elsewhere = setup(
      world(environmentYaml({ environment: 'dev', gitops: 'https://gitlab.example/acme/gitops' })),
    );
    const other = await elsewhere.run();
    expect(other.kind === 'problems' && other.problems[0]).toMatchObject({
      file: 'objects.yaml',
      object: "GitOpsRepo 'dev'",
      message: expect.stringContaining('is not on the GitHub this action runs against'),
    });
    expect(elsewhere.opened).toEqual([]);
    // The input overrides the GitOpsRepo's repository.
    const overridden = await elsewhere.run({ gitopsRepository: 'acme/other' });
    expect(overridden).toMatchObject({ gitops: { repository: 'acme/other', base: 'dev' } });
    expect(elsewhere.opened).toEqual(['acme/other']);
  });

  it('records the promotion in progress once its pull request opens, and a failure to schedule', async () => {
    const { run, records } = setup();
    expect(await run()).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    expect(records.kept).toEqual([
      expect.objectContaining({
        environment: 'dev',
        promotedCommit: promoted,
        state: 'in_progress',
        description: 'GitOps pull request opened',
        logUrl: 'https://run/1',
        gitops: expect.objectContaining({ repository: 'acme/gitops' }),
      }),
    ]);
    expect(await run()).toMatchObject({ kind: 'published', result: { operation: 'none' } });
    expect(records.kept).toHaveLength(1);
    const yaml = environmentYaml({ environment: 'dev' }).replace(
      'reconciler: flux',
      'reconciler: gone',
    );
    const broken = setup(world(yaml));
    expect(await broken.run()).toMatchObject({ kind: 'problems' });
    expect(broken.records.kept.map(recordLine)).toEqual(['failure dev aaaaaaa']);
  });

  it('schedules even when the records cannot be written: a warning, not a failure', async () => {
    const failing = setup(world(), [], {}, memoryRecords(new Error('ledger down')));
    expect(await failing.run()).toMatchObject({ kind: 'published' });
    expect(failing.reporter.lines).toContain(
      `warning: Could not record ${promoted.slice(0, 7)} in 'dev' as in_progress (the commit status says it): ledger down`,
    );
  });

  it('reports a failed write as its error, never throws', async () => {
    const broken = new Error('push rejected: 403');
    const failing = setup();
    failing.gitops.repository.replaceBranch = () => Promise.reject(broken);
    expect(await failing.run()).toMatchObject({ kind: 'error', error: broken });
  });

  it('stops before rendering an environment over the file budget, naming the size', async () => {
    const { run, statuses, opened } = setup();
    const report = await run({ maxFiles: 3 });
    expect(report.kind).toBe('error');
    expect(report.kind === 'error' && messageOf(report.error)).toContain(
      "The environment 'dev' is too large for this runner: 1 assignments on 1 cluster types would render up to 5 GitOps files, over the budget of 3 files.",
    );
    expect(report).toMatchObject({ environment: 'dev', repository: 'acme/cp', dryRun: false });
    expect(statuses).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('lets a sharded join past the file budget: it renders nothing, its shards each had theirs', async () => {
    const { run } = setup();
    const seen: number[] = [];
    const report = await run(
      { maxFiles: 3 },
      {
        compose: ({ scheduled }) => {
          seen.push(scheduled.assignments.length);
          return Promise.resolve({
            ok: false,
            problems: [{ message: 'shard 0 is missing' }],
            warnings: [],
            notes: [],
          });
        },
      },
    );
    expect(seen).toEqual([1]);
    expect(report).toMatchObject({
      kind: 'problems',
      problems: [{ message: 'shard 0 is missing' }],
    });
  });

  it('describes the promotion in the pull request: commit, compare link, config keys, and the policy behind each assignment', async () => {
    const older = 'd'.repeat(40);
    const config = (region: string) => `---
apiVersion: v1
kind: ConfigMap
metadata: {name: main-config, labels: {platform-config: "true"}}
data: {REGION: ${region}}
`;
    const cp = world();
    cp.main[promoted] = { 'main.yaml': mainYaml + config('eu') };
    cp.main[older] = { 'main.yaml': mainYaml + config('us') };
    const { run, pulls } = setup(cp, [], { '.github/tracking/Promoted_Commit_Id': older });
    await run();
    const body = pulls.pulls[0]!.body;
    const commitUrl = `https://github.com/acme/cp/commit/${promoted}`;
    expect(body).toContain(
      `[\`aaaaaaa\`](${commitUrl}) Change aaaaaaa — Ana Example · [changes since \`ddddddd\`](https://github.com/acme/cp/compare/${older}...${promoted})`,
    );
    expect(body).toContain(
      [
        '<details><summary>Config keys that change (1)</summary>',
        '',
        '| cluster type | key | old | new | targets |',
        '| --- | --- | --- | --- | --- |',
        '| `edge` | `REGION` | `us` | `eu` | 1 |',
        '',
        '</details>',
      ].join('\n'),
    );
    expect(body).toContain(
      [
        '<details><summary>Why each assignment (1 assignment)</summary>',
        '',
        '| cluster type | deployment target | selected by policy |',
        '| --- | --- | --- |',
        '| `edge` | `app-api-dev` | `all` |',
        '',
        '</details>',
      ].join('\n'),
    );
  });

  it('leaves the compare link and config out when the GitOps branch already tracks the commit or tracks none', async () => {
    for (const tracked of [promoted, undefined]) {
      const { run, pulls } = setup(
        world(),
        [],
        tracked ? { '.github/tracking/Promoted_Commit_Id': tracked } : {},
      );
      await run();
      const body = pulls.pulls[0]!.body;
      expect(body).toContain('Change aaaaaaa — Ana Example\n');
      expect(body).not.toContain('changes since');
      expect(body).not.toContain('Config keys that change');
    }
  });

  it('still proposes the environment when the promotion details cannot be read', async () => {
    const { run, pulls, gitops } = setup();
    gitops.repository.readText = () => Promise.reject(new Error('blob fetch refused'));
    expect(await run()).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    expect(pulls.pulls[0]!.body).not.toContain('Ana Example');
  });

  /**
   * A run whose workload files come deferred (read after the inputs are digested), on a GitOps
   * repository that notes a last proposal of `assignments` (other inputs: not taken); `order`
   * says when the GitOps branches were read and when the deferred files came.
   */
  function deferredRun(assignments: number, moved = false) {
    const { run, gitops } = setup();
    const order: string[] = [];
    const read = gitops.repository.read.bind(gitops.repository);
    gitops.repository.read = (base, branch) => (
      order.push(`gitops ${base} ${branch}`),
      read(base, branch)
    );
    noteLast(gitops.repository, { assignments }, { head: 'c0', treeId: 't-c0' });
    const sources = memorySources(world());
    // The environment loaded after the deferred files names another spec.path (`moved`).
    const path = (yaml: string) =>
      moved ? yaml.replace('branch: dev, path: .}', 'branch: dev, path: moved}') : yaml;
    const deferring: ScheduleEnvironmentPorts['sources'] = {
      ...sources,
      readEnvironment: async (...args) => {
        const whole = await sources.readEnvironment(...args);
        return {
          ...whole,
          // Answers once every started read has had its turn (the files come over the network).
          readDeferred: async () => {
            await new Promise((resolve) => setImmediate(resolve));
            order.push('deferred files');
            const s = whole.sources!;
            return {
              ...whole,
              sources: {
                ...s,
                controlPlane: {
                  ...s.controlPlane,
                  files: s.controlPlane.files.map((f) => ({ ...f, text: path(f.text) })),
                },
              },
            };
          },
        };
      },
    };
    const inputs = { build: () => 'build', digest: () => 'f'.repeat(64) };
    return { order, result: run({}, { sources: deferring, inputs }) };
  }

  it('starts reading the GitOps branches before the deferred workload files are read when the last proposal was within the budget', async () => {
    const { order, result } = deferredRun(1);
    expect(await result).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    expect(order).toEqual(['gitops dev kalypso/dev', 'deferred files']);
  });

  it('reads the GitOps branches after the environment is loaded when the last proposal was over the budget', async () => {
    const { order, result } = deferredRun(DEFAULT_MAX_FILES);
    expect(await result).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    expect(order).toEqual(['deferred files', 'gitops dev kalypso/dev']);
  });

  it('reads the GitOps branches again when the loaded environment names another spec.path than the one read early', async () => {
    const { order, result } = deferredRun(1, true);
    expect(await result).toMatchObject({ kind: 'published' });
    expect(order).toEqual(['gitops dev kalypso/dev', 'deferred files', 'gitops dev kalypso/dev']);
  });
});

describe('what a schedule run starts while its workload repositories are read', () => {
  /** A digest over the parts (the same parts give the same digest, any other part another). */
  const inputs = {
    build: () => 'build',
    digest: (parts: Iterable<string>) =>
      createHash('sha256')
        .update([...parts].join('|'))
        .digest('hex'),
  };
  /** git's blob id of a text (`InputsPort.blobId`). */
  const blobId = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  };
  /** The digest of the run's own inputs, as `controlPlaneInputs` makes it. */
  async function ownDigest() {
    const read = await memorySources(world()).readEnvironment('dev');
    return controlPlaneInputs(request, inputs, read, false)!;
  }

  /**
   * A run whose reader tells the environment's own sources, then gives the workloads a few turns
   * later (their reads over the network), on a GitOps repository that notes a last proposal with
   * these digests; `order` says when the GitOps branches were read and the workloads came.
   */
  function whileRun(
    noted: Pick<Partial<NotedProposal>, 'inputs' | 'controlPlaneInputs' | 'tree' | 'workloads'>,
    /** The workloads' read fails (after the own sources were told). */
    readFails = false,
    /** The reader tells the workloads it read ahead (`ReadOptions.readAhead`). */
    tellsAhead = true,
    /** Turns the workloads take to come (the network's). */
    readTurns = 20,
  ) {
    // `end`: when the proposal looked for its pull request, and when the latest status was read.
    const { run, gitops, log: end, pulls } = setup();
    // The pull request is created a few turns after it is asked for (a request to GitHub).
    const create = pulls.service.create.bind(pulls.service);
    pulls.service.create = async (pull) => {
      end.push('pull request asked');
      for (let turn = 0; turn < 20; turn++) await new Promise((done) => setImmediate(done));
      const created = await create(pull);
      end.push('pull request created');
      return created;
    };
    const order: string[] = [];
    let settled = false;
    const read = gitops.repository.read.bind(gitops.repository);
    gitops.repository.read = async (base, branch) => {
      order.push(`gitops ${base} ${branch}`);
      // Slower than the rest of the run: a run that did not wait for it would end first.
      for (let turn = 0; turn < 100; turn++) await new Promise((done) => setImmediate(done));
      return read(base, branch).finally(() => (settled = true));
    };
    const { proposals, tipsRead } = noteLast(
      gitops.repository,
      noted,
      { head: 'e'.repeat(40), treeId: noted.tree ?? 't-e' },
      end,
    );
    const sources = memorySources(world());
    const loads = new LoadCache();
    // What `readNow` settled to, and whether before the workloads came.
    const readNow: string[] = [];
    // What `notedTexts` settled to, and whether before the workloads came.
    const notedTexts: { texts: [string, string][]; before: boolean }[] = [];
    let workloadFiles = 0;
    // How many times the GitOps tips were read once the base was; how many own files the cache
    // held before the workload reads were sent.
    let tipsAtBase = -1;
    let heldBeforeSent = -1;
    // How many of the own files and of the workloads' the cache held when the workloads came.
    const heldAtRead = { own: -1, workloads: -1 };
    const held = (of: readonly Source[]) =>
      of.flatMap((source) =>
        source.files.filter((f) =>
          loads.holds(f, source.origin, DEFAULT_INPUT_LIMITS.maxAliasCount),
        ),
      ).length;
    const telling: ScheduleEnvironmentPorts['sources'] = {
      ...sources,
      readEnvironment: async (environment, at, options) => {
        const whole = await sources.readEnvironment(environment, at);
        void options?.notedTexts?.then((texts) =>
          notedTexts.push({ texts: [...texts], before: !order.includes('workloads read') }),
        );
        void options?.readNow?.then((now) => {
          readNow.push(`${now} ${order.includes('workloads read') ? 'after' : 'before'}`);
          // The workloads' files read ahead, told as they come.
          if (now && tellsAhead)
            for (const workload of whole.sources!.workloads) options.readAhead?.(workload);
        });
        workloadFiles = whole.sources!.workloads.flatMap((w) => w.files).length;
        // The environment branch read, then the base a few turns later (a fetch).
        options?.whileReadingBase?.(whole.sources!.controlPlane);
        for (let turn = 0; turn < 10; turn++) await new Promise((done) => setImmediate(done));
        tipsAtBase = tipsRead();
        // The workload reads started; their queries are sent a few turns later.
        let send = () => undefined as void;
        const sent = new Promise<void>((done) => (send = done));
        options?.whileReadingWorkloads?.(
          { baseCommit: whole.baseCommit, sources: { ...whole.sources!, workloads: [] } },
          sent,
        );
        for (let turn = 0; turn < 10; turn++) await new Promise((done) => setImmediate(done));
        heldBeforeSent = held([whole.sources!.base, whole.sources!.controlPlane]);
        send();
        // Turns enough for the start (a turn per file parsed: three here), as the network gives.
        for (let turn = 0; turn < readTurns; turn++)
          await new Promise((done) => setImmediate(done));
        if (readFails) throw new Error('a workload repository could not be read');
        heldAtRead.own = held([whole.sources!.base, whole.sources!.controlPlane]);
        heldAtRead.workloads = held(whole.sources!.workloads);
        order.push('workloads read');
        return whole;
      },
    };
    return {
      order,
      end,
      readNow,
      notedTexts,
      workloadFiles: () => workloadFiles,
      heldAtRead,
      proposals,
      loads,
      tipsRead,
      tipsAtBase: () => tipsAtBase,
      heldBeforeSent: () => heldBeforeSent,
      settled: () => settled,
      result: run({}, { sources: telling, inputs: { ...inputs, blobId }, loads }),
    };
  }

  it('reads the GitOps branches and parses the own files while the workloads are read when its own inputs differ from the noted ones', async () => {
    const own = await ownDigest();
    const run = whileRun({ controlPlaneInputs: 'e'.repeat(64) });
    const { order, end, readNow, workloadFiles, proposals, loads, tipsRead, result } = run;
    expect(await result).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    // The note is written once the commit is pushed, while the pull request is created.
    expect(end.indexOf('pull request asked')).toBeGreaterThanOrEqual(0);
    expect(end.indexOf('note')).toBeGreaterThan(end.indexOf('pull request asked'));
    expect(end.indexOf('note')).toBeLessThan(end.indexOf('pull request created'));
    expect(order).toEqual(['gitops dev kalypso/dev', 'workloads read']);
    // The reader was told to read the deferred files at once, before the workloads came.
    expect(readNow).toEqual(['true before']);
    // The tips are read once (the take's check sees the same); the render took the parsed files
    // from the cache (the base's and the environment branch's three files, and the workloads'
    // files, parsed as they were read ahead).
    expect(tipsRead()).toBe(1);
    // That read started once the environment branch was read, before the base: the environment
    // branch names the GitOps repository. Nothing was parsed before the workload reads were sent.
    expect(run.tipsAtBase()).toBe(1);
    expect(run.heldBeforeSent()).toBe(0);
    expect(workloadFiles()).toBeGreaterThan(0);
    expect(loads.hits).toBeGreaterThanOrEqual(3 + workloadFiles());
    // The proposal noted for the next run carries this run's own digest.
    expect(proposals).toHaveLength(1);
    // (The memory repository's tree ids are not git's: the text is read as JSON here.)
    const [header, json] = proposals[0]!.split('\n');
    expect(header).toMatch(/^kalypso-proposal 1 /);
    expect((JSON.parse(json!) as { controlPlaneInputs?: string }).controlPlaneInputs).toBe(own);
  });

  it('gives the reader the workload texts noted with the last proposal, parses them while the workloads are read, and notes those it read', async () => {
    const read = await memorySources(world()).readEnvironment('dev');
    const workloads = read.sources!.workloads;
    const files = workloads.flatMap((w) => w.files);
    expect(files.length).toBeGreaterThan(0);
    const noted = notedWorkloads(workloads, blobId)!;
    // A reader that tells nothing read ahead: only the note can have put them in the cache
    // before they came.
    const { notedTexts, proposals, loads, heldAtRead, result } = whileRun(
      { controlPlaneInputs: 'e'.repeat(64), workloads: noted },
      false,
      false,
      200,
    );
    expect(await result).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    // Known before the workloads came, as the note holds them.
    expect(notedTexts).toEqual([{ texts: Object.entries(noted.texts), before: true }]);
    // Parsed before they came; the render took the own files (three) and every workload file
    // from the cache.
    expect(heldAtRead.workloads).toBe(files.length);
    expect(loads.hits).toBeGreaterThanOrEqual(3 + files.length);
    // The next run's: every workload file this run read, by its git blob id.
    const json = proposals[0]!.split('\n')[1]!;
    expect((JSON.parse(json) as { workloads?: unknown }).workloads).toEqual({
      files: workloads.flatMap((w) =>
        w.files.map((f) => [
          w.origin.kind === 'workload' ? w.origin.registration : '',
          f.path,
          blobId(f.text),
        ]),
      ),
      texts: Object.fromEntries(files.map((f) => [blobId(f.text), f.text])),
    });
  });

  it('parses a noted text only for the file it was noted for: another text under the same path is parsed when it comes', async () => {
    const read = await memorySources(world()).readEnvironment('dev');
    const workloads = read.sources!.workloads;
    const lie = 'kind: Workload\nmetadata: {name: other}\n';
    const noted = notedWorkloads(
      workloads.map((w) => ({ ...w, files: w.files.map((f) => ({ ...f, text: lie })) })),
      blobId,
    )!;
    const { heldAtRead, result } = whileRun(
      { controlPlaneInputs: 'e'.repeat(64), workloads: noted },
      false,
      false,
      200,
    );
    const report = await result;
    expect(report).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    // The own files were parsed before the workloads came, none of theirs (the note's texts are
    // other files); the proposal is the one a run without the note makes.
    expect(heldAtRead).toEqual({ own: 3, workloads: 0 });
    const plain = await whileRun({ controlPlaneInputs: 'e'.repeat(64) }, false, false).result;
    expect(plain).toMatchObject({ kind: 'published' });
    expect(JSON.stringify(proposed(report))).toBe(JSON.stringify(proposed(plain)));
    function proposed(r: unknown) {
      return (r as { result?: { proposed?: { files?: unknown } } }).result?.proposed?.files;
    }
  });

  it('gives the reader no texts when the last proposal notes none, and when its own inputs are the noted ones, those noted', async () => {
    expect((await ownRun({})).notedTexts).toEqual([{ texts: [], before: true }]);
    const id = 'b'.repeat(40);
    const noted = { files: [['app', 'x.yaml', id] as const], texts: { [id]: 'x: 1\n' } };
    const same = await ownRun({ controlPlaneInputs: await ownDigest(), workloads: noted });
    expect(same.notedTexts).toEqual([{ texts: Object.entries(noted.texts), before: true }]);
    async function ownRun(last: Parameters<typeof whileRun>[0]) {
      const run = whileRun(last);
      await run.result;
      return run;
    }
  });

  it('starts nothing while the workloads are read when its own inputs are the noted ones', async () => {
    const { order, readNow, heldAtRead, loads, workloadFiles, tipsRead, result } = whileRun({
      controlPlaneInputs: await ownDigest(),
    });
    // The whole inputs differ (the workloads decide): the run renders, reading the branches after.
    expect(await result).toMatchObject({ kind: 'published', result: { operation: 'created' } });
    expect(order).toEqual(['workloads read', 'gitops dev kalypso/dev']);
    // The deferred files stay deferred: the run might take the last proposal.
    expect(readNow).toEqual(['false before']);
    expect(tipsRead()).toBe(1);
    expect(heldAtRead).toEqual({ own: 0, workloads: 0 });
    // The render parsed every file a step at a time before its load, which took them all from
    // the cache (`finishParsing`).
    expect(loads.hits).toBe(3 + workloadFiles());
  });

  it('starts as for other inputs when the last proposal has no digest of its own (an earlier build)', async () => {
    const { order, readNow, result } = whileRun({});
    expect(await result).toMatchObject({ kind: 'published' });
    expect(order).toEqual(['gitops dev kalypso/dev', 'workloads read']);
    expect(readNow).toEqual(['true before']);
  });

  it('waits for what it started when the workloads cannot be read', async () => {
    const { order, settled, result } = whileRun({ controlPlaneInputs: 'e'.repeat(64) }, true);
    expect(await result).toMatchObject({ kind: 'error' });
    expect(order).toEqual(['gitops dev kalypso/dev']);
    expect(settled()).toBe(true);
  });

  it('still takes the last proposal when a note lies about its own inputs, once the read it started settled', async () => {
    // The noted tree is the GitOps branch's and the whole inputs are this run's: taken. The own
    // digest noted is another: the run started reading the branches, which must end before it does.
    const read = await memorySources(world()).readEnvironment('dev');
    const whole = runInputs({ ...request }, inputs, read, false)!;
    // A taken proposal reads nothing ahead for an end that most likely writes nothing.
    const { order, end, settled, result } = whileRun({
      inputs: whole,
      controlPlaneInputs: 'e'.repeat(64),
      tree: 'c'.repeat(40),
    });
    const report = await result;
    expect(report).toMatchObject({ kind: 'published', result: { operation: 'none' } });
    expect(order).toEqual(['gitops dev kalypso/dev', 'workloads read']);
    expect(settled()).toBe(true);
    // The latest status is read where it is used, after the proposal looked for its pull request.
    expect(end.indexOf('latest dev environment')).toBeGreaterThan(end.indexOf('pull requests'));
    expect(end.indexOf('pull requests')).toBeGreaterThanOrEqual(0);
  });
});
