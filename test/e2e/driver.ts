// Plays GitHub's part for the example workflows: when a workflow would be triggered (a push, a
// `workflow_dispatch` recorded by the local GitHub, a pull request merged by a reviewer) it runs
// that workflow's jobs and steps in order — our actions from their committed bundles through the
// runner contract, `run:` steps with bash — with the inputs and expressions the workflow defines,
// and a job token limited to the job's `permissions:` block. A run starts as soon as its event is
// queued (also while others run) and meets GitHub's concurrency groups, workflow- and job-level, as
// concurrency-groups.ts plays them; `cancel-in-progress: true` is refused rather than approximated.
// Jobs of one run run one after the other in `needs` order.
import { LocalGitHub } from '../support/github-server/client.ts';
import { ConcurrencyGroups } from './concurrency-groups.ts';
import type { DriverOptions, JobRun, TriggerEvent } from './driver-types.ts';
import { groupOf, jobPermissions, runStep } from './step-runner.ts';
import {
  condition,
  interpolate,
  type ExpressionContext,
  type ExpressionValue,
} from './expressions.ts';
import {
  jobOrder,
  needsOf,
  pushTriggers,
  type Workflow,
  type WorkflowJob,
} from './workflow-model.ts';

export type { DriverOptions, JobRun, TriggerEvent } from './driver-types.ts';

function rejectCancelInProgress(
  concurrency: Workflow['concurrency'] | WorkflowJob['concurrency'],
  where: string,
): void {
  if (typeof concurrency === 'object' && concurrency['cancel-in-progress'] !== undefined)
    if (concurrency['cancel-in-progress'] !== false)
      throw new Error(`${where}: the driver does not model cancel-in-progress`);
}

export class WorkflowDriver {
  readonly runs: JobRun[] = [];
  readonly queue: TriggerEvent[] = [];
  readonly #options: DriverOptions;
  readonly #github: LocalGitHub;
  readonly #seenDispatches = new Map<string, number>();
  readonly #heads = new Map<string, string>();
  readonly #groups: ConcurrencyGroups;
  readonly #waiters = new Set<() => void>();
  #wake: (() => void) | undefined;
  #runId = 1000;

  constructor(options: DriverOptions) {
    this.#options = options;
    this.#github = new LocalGitHub(options.github.url);
    this.#groups = new ConcurrencyGroups((line) => this.narrate(line));
  }

  /** Something happened (an event queued, a step started, a run ended): re-check every waiter. */
  #poke(): void {
    this.#wake?.();
    for (const check of [...this.#waiters]) check();
  }

  #enqueue(event: TriggerEvent): void {
    this.queue.push(event);
    this.#poke();
  }

  /** Resolves once `condition` holds, re-checked whenever the driver records something. */
  until(condition: () => boolean): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.#waiters.delete(check);
        resolve();
      };
      this.#waiters.add(check);
    });
  }

  /** Steps that have started and not ended, as `job: label`. */
  readonly runningSteps = new Set<string>();

  narrate(line: string): void {
    this.#options.narrate?.(line);
  }

  /** Remembers current branch heads and dispatch counts, so only later changes trigger. */
  async snapshot(): Promise<void> {
    for (const repo of Object.keys(this.#options.workflows)) {
      this.#seenDispatches.set(repo, (await this.#github.dispatches(repo)).length);
      for (const [branch, sha] of await this.branchHeads(repo))
        this.#heads.set(`${repo}:${branch}`, sha);
    }
  }

  /** A human pushes files to a branch: commits them and queues the push event. */
  async humanPush(
    repo: string,
    branch: string,
    files: Record<string, string | null>,
    message: string,
  ): Promise<string> {
    const { sha } = await this.#github.commit(repo, { branch, files, message });
    this.#heads.set(`${repo}:${branch}`, sha);
    this.narrate(`👤 push to ${repo}@${branch}: ${message} (${sha.slice(0, 7)})`);
    this.#enqueue({ repo, name: 'push', branch, sha, paths: Object.keys(files) });
    return sha;
  }

  /** A human runs a workflow by hand ("Run workflow"): queues its workflow_dispatch event. */
  async humanDispatch(
    repo: string,
    workflowFile: string,
    branch: string,
    inputs: Readonly<Record<string, string>> = {},
  ): Promise<void> {
    const sha = (await this.branchHeads(repo)).get(branch);
    if (!sha) throw new Error(`${repo} has no branch '${branch}' to run ${workflowFile} on`);
    this.narrate(`👤 run workflow ${workflowFile} on ${repo}@${branch}`);
    this.#enqueue({ repo, name: 'workflow_dispatch', branch, sha, workflowFile, inputs });
  }

  /**
   * Runs queued events (and everything they trigger) until nothing is left. Workflow runs start as
   * soon as their event is queued (also while others run) and meet GitHub's concurrency groups,
   * workflow- and job-level (see ConcurrencyGroups); a cancelled run is recorded as such.
   */
  async drain(): Promise<void> {
    const active = new Set<Promise<void>>();
    while (this.queue.length > 0 || active.size > 0) {
      for (let event = this.queue.shift(); event; event = this.queue.shift()) {
        for (const workflow of this.#triggered(event)) {
          const run = this.#runWorkflowInGroup(workflow, event);
          active.add(run);
          void run.finally(() => active.delete(run));
        }
      }
      if (active.size === 0) continue;
      const queued = new Promise<void>((wake) => (this.#wake = wake));
      await Promise.race([...active, queued]);
      this.#wake = undefined;
    }
  }

  async #runWorkflowInGroup(workflow: Workflow, event: TriggerEvent): Promise<void> {
    const group = this.#workflowGroup(workflow, event);
    if (!group) return this.#runWorkflow(workflow, event);
    rejectCancelInProgress(workflow.concurrency, workflow.file);
    const key = ConcurrencyGroups.key(event.repo, group);
    const label = `${workflow.name} (${describe(event)})`;
    if ((await this.#groups.acquire(key, group, label)) === 'cancelled') {
      for (const jobId of jobOrder(workflow)) this.#recordCancelled(workflow, jobId, event, group);
      return;
    }
    try {
      await this.#runWorkflow(workflow, event);
    } finally {
      this.#groups.release(key);
    }
  }

  #recordCancelled(workflow: Workflow, jobId: string, event: TriggerEvent, group: string): void {
    const now = Date.now();
    this.runs.push({
      repo: event.repo,
      workflow: workflow.name,
      job: jobId,
      event,
      concurrencyGroup: group,
      conclusion: 'cancelled',
      outputs: {},
      stepOutputs: {},
      summaries: [],
      started: now,
      finished: now,
    });
    this.#poke();
  }

  #workflowGroup(workflow: Workflow, event: TriggerEvent): string {
    const context: ExpressionContext = {
      values: {
        inputs: { ...this.#dispatchDefaults(workflow), ...(event.inputs ?? {}) },
        github: { ref_name: event.branch, sha: event.sha, repository: event.repo },
      },
      jobSucceeded: true,
    };
    return interpolate(groupOf(workflow.concurrency), context);
  }

  /** Branch → head commit of a repository. */
  async branchHeads(repo: string): Promise<Map<string, string>> {
    const response = await fetch(
      `${this.#options.github.url}/repos/${repo}/git/matching-refs/heads/`,
      {
        headers: { authorization: `token ${this.#options.github.token}` },
      },
    );
    if (!response.ok) throw new Error(`listing branches of ${repo}: ${response.status}`);
    const refs = (await response.json()) as { ref: string; object: { sha: string } }[];
    return new Map(refs.map((r) => [r.ref.replace(/^refs\/heads\//, ''), r.object.sha]));
  }

  /** A REST call with the driver's own token (what GitHub itself does around a job). */
  async #api(method: string, path: string, body: unknown): Promise<{ id: number }> {
    const response = await fetch(`${this.#options.github.url}${path}`, {
      method,
      headers: {
        authorization: `token ${this.#options.github.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    return (await response.json()) as { id: number };
  }

  #triggered(event: TriggerEvent): Workflow[] {
    const workflows = this.#options.workflows[event.repo] ?? [];
    if (event.name === 'workflow_dispatch')
      return workflows.filter((w) => w.file === event.workflowFile && 'workflow_dispatch' in w.on);
    return workflows.filter((w) => pushTriggers(w, event.branch, event.paths ?? []));
  }

  async #runWorkflow(workflow: Workflow, event: TriggerEvent): Promise<void> {
    const inputs = { ...this.#dispatchDefaults(workflow), ...(event.inputs ?? {}) };
    const github = {
      repository: event.repo,
      repository_owner: event.repo.split('/')[0]!,
      sha: event.sha,
      ref: `refs/heads/${event.branch}`,
      ref_name: event.branch,
      event_name: event.name,
      server_url: this.#options.github.url,
      api_url: this.#options.github.url,
      workflow: workflow.name,
    };
    this.narrate(
      `▶ ${event.repo}: workflow '${workflow.name}' (${event.name}${
        event.inputs
          ? ` ${Object.entries(event.inputs)
              .map(([k, v]) => `${k}=${v.length === 40 ? v.slice(0, 7) : v}`)
              .join(' ')}`
          : ` ${event.branch}@${event.sha.slice(0, 7)}`
      })`,
    );
    const note = this.#options.explainRun?.(workflow, event);
    if (note) this.narrate(`  ℹ ${note}`);
    const jobResults: Record<string, { result: string; outputs: Record<string, string> }> = {};
    for (const jobId of jobOrder(workflow)) {
      const job = workflow.jobs[jobId]!;
      const needs = Object.fromEntries(
        needsOf(job).map((n) => [n, jobResults[n] ?? { result: 'skipped', outputs: {} }]),
      );
      const needsOk = needsOf(job).every((n) => jobResults[n]?.result === 'success');
      const base = {
        inputs,
        github,
        secrets: this.#options.secrets,
        vars: this.#options.vars,
        needs: needs as unknown as ExpressionValue,
        env: { ...(workflow.env ?? {}) },
      };
      const jobContext: ExpressionContext = {
        values: base as Record<string, ExpressionValue>,
        jobSucceeded: needsOk,
      };
      if (!condition(job.if, jobContext)) {
        jobResults[jobId] = { result: 'skipped', outputs: {} };
        continue;
      }
      const group = job.concurrency ? interpolate(groupOf(job.concurrency), jobContext) : '';
      const key = ConcurrencyGroups.key(event.repo, group);
      if (group) {
        rejectCancelInProgress(job.concurrency, `${workflow.file} job '${jobId}'`);
        const label = `${workflow.name}/${jobId} (${describe(event)})`;
        if ((await this.#groups.acquire(key, group, label)) === 'cancelled') {
          this.#recordCancelled(workflow, jobId, event, group);
          jobResults[jobId] = { result: 'cancelled', outputs: {} };
          continue;
        }
      }
      try {
        const run = await this.#runJob(workflow, jobId, job, event, base);
        jobResults[jobId] = { result: run.conclusion, outputs: run.outputs };
      } finally {
        if (group) this.#groups.release(key);
      }
    }
  }

  #dispatchDefaults(workflow: Workflow): Record<string, string> {
    const declared = workflow.on.workflow_dispatch?.inputs ?? {};
    return Object.fromEntries(Object.entries(declared).map(([k, v]) => [k, v.default ?? '']));
  }

  async #runJob(
    workflow: Workflow,
    jobId: string,
    job: WorkflowJob,
    event: TriggerEvent,
    base: Record<string, unknown>,
  ): Promise<JobRun> {
    const started = Date.now();
    const token = await this.#github.createToken(jobPermissions(workflow, job));
    const env = { ...(workflow.env ?? {}), ...(job.env ?? {}) };
    const stepOutputs: Record<string, Record<string, string>> = {};
    const summaries: string[] = [];
    let succeeded = true;
    const values = (): Record<string, ExpressionValue> => ({
      ...(base as Record<string, ExpressionValue>),
      github: { ...(base.github as Record<string, ExpressionValue>), token },
      secrets: { ...this.#options.secrets, GITHUB_TOKEN: token },
      env,
      steps: Object.fromEntries(
        Object.entries(stepOutputs).map(([id, outputs]) => [id, { outputs }]),
      ),
    });
    const concurrencyGroup = interpolate(groupOf(job.concurrency ?? workflow.concurrency), {
      values: values(),
      jobSucceeded: true,
    });
    const environment =
      typeof job.environment === 'string' ? job.environment : job.environment?.name;
    const resolvedEnvironment = environment
      ? interpolate(environment, { values: values(), jobSucceeded: true })
      : undefined;
    if (resolvedEnvironment)
      this.narrate(
        `  ⏸ job '${jobId}' runs in GitHub Environment '${resolvedEnvironment}' (approved)`,
      );
    // As GitHub does: a job with `environment:` makes a deployment of the run's commit, unless the
    // job says `deployment: false`.
    const ownDeployment =
      resolvedEnvironment &&
      !(typeof job.environment === 'object' && job.environment.deployment === false)
        ? await this.#api('POST', `/repos/${event.repo}/deployments`, {
            ref: event.sha,
            environment: resolvedEnvironment,
            auto_merge: false,
            required_contexts: [],
          })
        : undefined;
    for (const [index, step] of job.steps.entries()) {
      const context: ExpressionContext = { values: values(), jobSucceeded: succeeded };
      if (!condition(step.if, context)) continue;
      const label = interpolate(step.name ?? step.uses ?? `run ${index + 1}`, context);
      const stepInfo = { job: jobId, label, environment: resolvedEnvironment };
      this.#options.onStep?.('start', stepInfo);
      const stepKey = `${jobId}: ${label}`;
      this.runningSteps.add(stepKey);
      this.#poke();
      const result = await runStep(step, context, {
        githubUrl: this.#options.github.url,
        runId: String(++this.#runId),
        event,
        token,
        workflow: workflow.name,
        env,
        runner: this.#options.runnerEnv?.(resolvedEnvironment) ?? {},
      });
      this.#options.onStep?.('end', stepInfo);
      this.runningSteps.delete(stepKey);
      if (step.id) stepOutputs[step.id] = result.outputs;
      if (result.summary) summaries.push(result.summary);
      const ok = result.exitCode === 0 || step['continue-on-error'] === true;
      this.narrate(
        `  ${ok ? '✓' : '✗'} ${jobId}: ${label}${result.note ? ` — ${result.note}` : ''}`,
      );
      if (!ok) {
        succeeded = false;
        if (process.env.KALYPSO_E2E_LOG) this.narrate(result.log);
      }
      // A step that pushed with a token of its own (a PAT or App token in `github-token`, as the
      // sweeper does) starts workflows in its own repository too; the job's GITHUB_TOKEN does not.
      const ownToken = interpolate(String(step.with?.['github-token'] ?? ''), context);
      await this.#collectTriggers(ownToken !== '' && ownToken !== token ? '' : event.repo);
    }
    if (ownDeployment)
      await this.#api('POST', `/repos/${event.repo}/deployments/${ownDeployment.id}/statuses`, {
        state: succeeded ? 'success' : 'failure',
      });
    const finalContext: ExpressionContext = { values: values(), jobSucceeded: succeeded };
    const outputs = Object.fromEntries(
      Object.entries(job.outputs ?? {}).map(([k, v]) => [k, interpolate(v, finalContext)]),
    );
    const run: JobRun = {
      repo: event.repo,
      workflow: workflow.name,
      job: jobId,
      event,
      concurrencyGroup,
      conclusion: succeeded ? 'success' : 'failure',
      outputs,
      stepOutputs,
      summaries,
      started,
      finished: Date.now(),
    };
    this.runs.push(run);
    this.#poke();
    return run;
  }

  /** New dispatches become workflow_dispatch events; pushes by actions to other repositories (PATs) become push events. */
  #collecting: Promise<void> = Promise.resolve();

  /** Serialised, so that concurrent jobs never both claim the same dispatch or push. */
  #collectTriggers(actingRepo: string): Promise<void> {
    const next = this.#collecting.then(() => this.#collectTriggersNow(actingRepo));
    this.#collecting = next.catch(() => undefined);
    return next;
  }

  async #collectTriggersNow(actingRepo: string): Promise<void> {
    for (const repo of Object.keys(this.#options.workflows)) {
      const dispatches = await this.#github.dispatches(repo);
      const seen = this.#seenDispatches.get(repo) ?? 0;
      for (const d of dispatches.slice(seen)) {
        const branch = d.ref.replace(/^refs\/heads\//, '');
        const sha = (await this.branchHeads(repo)).get(branch) ?? '';
        this.#enqueue({
          repo,
          name: 'workflow_dispatch',
          branch,
          sha,
          workflowFile: d.workflow_id,
          inputs: Object.fromEntries(Object.entries(d.inputs).map(([k, v]) => [k, String(v)])),
        });
      }
      this.#seenDispatches.set(repo, dispatches.length);
      for (const [branch, sha] of await this.branchHeads(repo)) {
        const key = `${repo}:${branch}`;
        if (this.#heads.get(key) === sha) continue;
        this.#heads.set(key, sha);
        // Pushes made with a workflow's own GITHUB_TOKEN trigger nothing (GitHub's rule); pushes
        // into another repository need a PAT or App token, and those do trigger.
        if (repo !== actingRepo) this.#enqueue({ repo, name: 'push', branch, sha, paths: ['*'] });
      }
    }
  }

  /** A reviewer merges every open pull request whose head matches, in number order. */
  async mergeOpenPullRequests(
    repo: string,
    head = /^kalypso\//,
  ): Promise<{ number: number; base: string; sha: string; promoted: boolean }[]> {
    const state = await this.#github.state(repo);
    const merged: { number: number; base: string; sha: string; promoted: boolean }[] = [];
    for (const pull of state.pulls
      .filter((p) => p.state === 'open' && head.test(p.head))
      .sort((a, b) => a.number - b.number)) {
      const response = await fetch(
        `${this.#options.github.url}/repos/${repo}/pulls/${pull.number}/merge`,
        {
          method: 'PUT',
          headers: {
            authorization: `token ${this.#options.github.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ merge_method: 'merge' }),
        },
      );
      if (!response.ok)
        throw new Error(
          `merging ${repo}#${pull.number}: ${response.status} ${await response.text()}`,
        );
      const { sha } = (await response.json()) as { sha: string };
      this.#heads.set(`${repo}:${pull.base}`, sha);
      const promoted = pull.labels.includes('promoted');
      this.narrate(
        `👤 reviewer merges ${repo}#${pull.number} into ${pull.base}${promoted ? ' (promoted)' : ''} → ${sha.slice(0, 7)}`,
      );
      this.#enqueue({ repo, name: 'push', branch: pull.base, sha, paths: ['*'] });
      merged.push({ number: pull.number, base: pull.base, sha, promoted });
    }
    return merged;
  }
}

function describe(event: TriggerEvent): string {
  return event.inputs
    ? Object.values(event.inputs)
        .map((v) => (v.length === 40 ? v.slice(0, 7) : v))
        .join(' ')
    : `${event.branch}@${event.sha.slice(0, 7)}`;
}
