// The sharded schedule's three steps (docs/decisions/sharded-schedule.md): plan (split the
// environment's cluster types into shards), render (one shard's cluster types, written to a
// throw-away ref) and join (check and compose the shards, then propose them as one pull request
// exactly as the single-runner schedule does).
import { TRACKING_FILE, normaliseGitOpsPath } from '../gitops/tree.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import { UserError, type Problem } from '../model/problem.ts';
import type { Assignment } from '../model/schedule.ts';
import type { ControlPlaneSources, Reporter } from '../ports.ts';
import type { ComposeShards, OpenedGitOps } from '../publish/ports.ts';
import {
  scheduleEnvironment,
  scheduleFacts,
  type EnvironmentScheduleReport,
  type ScheduleEnvironmentPorts,
  type ScheduleEnvironmentRequest,
  type ScheduleFacts,
} from '../publish/schedule-environment.ts';
import { DEFAULT_MAX_FILES, gitopsTarget } from '../publish/schedule-target.ts';
import {
  renderScheduled,
  scheduleEnvironmentSources,
  type ScheduledEnvironment,
} from '../render/render-environment.ts';
import { checkShards, composeShards, type ShardExpectation } from './check.ts';
import { fingerprintParts, parseShardPlan, shardRef, type ShardPlan } from './plan.ts';
import { autoShardCount, effectiveShardCount, splitClusterTypes } from './split.ts';

/** What every step needs besides the GitOps repository. */
export interface ShardStepPorts {
  sources: ControlPlaneSources;
  /** A cryptographic digest (SHA-256, hex) of the parts, in order. */
  digest(parts: Iterable<string>): string;
  reporter: Reporter;
}

/** The schedule action's ports: the single-runner schedule's, and the digest the sharded steps compare sources with. */
export type ShardedSchedulePorts = ScheduleEnvironmentPorts & ShardStepPorts;

/** One shard of the plan, for the summary. */
export interface ShardSize {
  readonly clusterTypes: number;
  readonly assignments: number;
}

/** What a plan or render step did. */
export type ShardStepReport = ScheduleFacts &
  (
    | {
        kind: 'planned';
        plan: ShardPlan;
        shards: readonly ShardSize[];
        warnings?: readonly Problem[];
      }
    | {
        kind: 'shard-rendered';
        shard: number;
        of: number;
        ref: string;
        /** undefined on a dry run (nothing pushed). */
        commit: string | undefined;
        clusterTypes: number;
        assignments: number;
        files: number;
        warnings?: readonly Problem[];
      }
    | {
        kind: 'problems';
        problems: readonly Problem[];
        statusSetOn: undefined;
        warnings?: readonly Problem[];
      }
    | { kind: 'error'; error: unknown }
  );

/** A join: the single-runner report, and what became of the shard refs. */
export type JoinReport = EnvironmentScheduleReport & {
  joined?: { shards: number; removed: boolean };
};

/** Any schedule step's report (the action's `mode`). */
export type ScheduleRunReport = JoinReport | ShardStepReport;

/** The cluster types of each shard and the deployment targets scheduled on each cluster type. */
export function shardExpectation(
  scheduled: ScheduledEnvironment,
  shards: number,
): ShardExpectation {
  const counts = new Map<string, number>(scheduled.view.clusterTypes.map((c) => [c.name, 0]));
  const targets = new Map<string, Set<string>>();
  for (const { clusterType, target } of scheduled.assignments) {
    counts.set(clusterType.name, (counts.get(clusterType.name) ?? 0) + 1);
    const set = targets.get(clusterType.name) ?? new Set<string>();
    set.add(target.name);
    targets.set(clusterType.name, set);
  }
  const weights = [...counts].map(([name, assignments]) => ({ name, assignments }));
  return {
    gitopsPath: normaliseGitOpsPath(scheduled.view.gitOpsRepos[0]?.path ?? '.'),
    groups: splitClusterTypes(weights, shards),
    targets,
  };
}

/** Reads and schedules the environment; problems (or a changed environment) end the step. */
async function readScheduled(
  environment: string,
  ports: ShardStepPorts,
): Promise<
  | { ok: true; sources: EnvironmentSources; scheduled: ScheduledEnvironment; fingerprint: string }
  | { ok: false; problems: readonly Problem[] }
> {
  const read = await ports.reporter.group(`Reading environment '${environment}'`, () =>
    ports.sources.readEnvironment(environment),
  );
  if (!read.sources) return { ok: false, problems: read.problems };
  const scheduled = scheduleEnvironmentSources(read.sources);
  if (read.problems.length + scheduled.problems.length > 0)
    return { ok: false, problems: [...read.problems, ...scheduled.problems] };
  return {
    ok: true,
    sources: read.sources,
    scheduled,
    fingerprint: ports.digest(fingerprintParts(read.sources)),
  };
}

/** The environment must be the one the plan read, or the shards would not fit together. */
function checkFingerprint(plan: ShardPlan, fingerprint: string, assignments: number): void {
  if (plan.fingerprint !== fingerprint || plan.assignments !== assignments)
    throw new UserError(
      `The environment '${plan.environment}' changed since the plan job read it (its branch, the promoted commit of main or a workload repository moved). Nothing was written; run the whole workflow again (a new run plans again).`,
    );
}

export interface PlanShardsRequest {
  environment: string;
  repository: string;
  serverUrl: string;
  /** How many shards, or `auto` (one per AUTO_SHARD_ASSIGNMENTS assignments). */
  shards: number | 'auto';
  /** The runner's budget of rendered files, per shard; undefined = DEFAULT_MAX_FILES. */
  maxFiles?: number;
}

/** The plan step: schedules the environment and splits its cluster types. Never throws. */
export async function planShards(
  request: PlanShardsRequest,
  ports: ShardStepPorts,
): Promise<ShardStepReport> {
  const facts = scheduleFacts({ ...request, dryRun: false });
  try {
    const read = await readScheduled(request.environment, ports);
    if (!read.ok)
      return { ...facts, kind: 'problems', problems: read.problems, statusSetOn: undefined };
    const { scheduled } = read;
    const clusterTypes = scheduled.view.clusterTypes.length;
    const assignments = scheduled.assignments.length;
    const count =
      request.shards === 'auto'
        ? autoShardCount(assignments, clusterTypes)
        : effectiveShardCount(request.shards, clusterTypes);
    if (request.shards !== 'auto' && count < request.shards)
      ports.reporter.info(
        `Planned ${count} shards, not ${request.shards}: the environment has ${clusterTypes} cluster types.`,
      );
    const expectation = shardExpectation(scheduled, count);
    const sizes = expectation.groups.map((group) => ({
      clusterTypes: group.length,
      assignments: group.reduce((sum, c) => sum + (expectation.targets.get(c)?.size ?? 0), 0),
    }));
    const budget = request.maxFiles ?? DEFAULT_MAX_FILES;
    const largest = Math.max(...sizes.map((s) => s.assignments * 3 + s.clusterTypes));
    if (largest > budget)
      throw new UserError(
        `The largest of ${count} shards of '${request.environment}' would render up to ${largest.toLocaleString('en-US')} files, over the runner's budget of ${budget.toLocaleString('en-US')}. Nothing was written; set more shards (or 'auto'), or raise KALYPSO_SCHEDULE_MAX_FILES on larger runners.`,
      );
    const plan: ShardPlan = {
      version: 1,
      environment: request.environment,
      shards: count,
      fingerprint: read.fingerprint,
      assignments,
      clusterTypes,
    };
    return { ...facts, kind: 'planned', plan, shards: sizes, warnings: scheduled.warnings };
  } catch (error) {
    return { ...facts, kind: 'error', error };
  }
}

export interface RenderShardRequest {
  environment: string;
  repository: string;
  serverUrl: string;
  /** The plan job's `plan` output. */
  plan: string;
  shard: number;
  /** GITHUB_RUN_ID: names the shard refs of this run. */
  runId: string;
  gitopsRepository: string;
  gitopsBranch: string;
  /** Render only: nothing pushed. */
  dryRun: boolean;
}

/** The render step: renders one shard's cluster types and pushes them to its ref. Never throws. */
export async function renderShard(
  request: RenderShardRequest,
  ports: ShardStepPorts & { openGitOps(repository: string): Promise<OpenedGitOps> },
): Promise<ShardStepReport> {
  const facts = scheduleFacts(request);
  try {
    const plan = parseShardPlan(request.plan, request.environment);
    if (!Number.isInteger(request.shard) || request.shard < 0 || request.shard >= plan.shards)
      throw new UserError(
        `Input 'shard' is ${request.shard}, but the plan has shards 0 to ${plan.shards - 1}. Pass the matrix value: \`shard: \${{ matrix.shard }}\`.`,
      );
    const ref = shardRef(request.runId, request.environment, request.shard);
    const read = await readScheduled(request.environment, ports);
    if (!read.ok)
      return { ...facts, kind: 'problems', problems: read.problems, statusSetOn: undefined };
    const { scheduled } = read;
    checkFingerprint(plan, read.fingerprint, scheduled.assignments.length);
    const mine = new Set(shardExpectation(scheduled, plan.shards).groups[request.shard]);
    const only = (a: Assignment) => mine.has(a.clusterType.name);
    const outcome = await ports.reporter.group(
      `Rendering shard ${request.shard} of ${plan.shards} (${mine.size} cluster types)`,
      () =>
        Promise.resolve(
          renderScheduled({
            ...scheduled,
            view: {
              ...scheduled.view,
              clusterTypes: scheduled.view.clusterTypes.filter((c) => mine.has(c.name)),
            },
            assignments: scheduled.assignments.filter(only),
          }),
        ),
    );
    if (!outcome.ok)
      return {
        ...facts,
        kind: 'problems',
        problems: outcome.problems,
        statusSetOn: undefined,
        warnings: outcome.warnings,
      };
    const { rendered } = outcome;
    // The tracking file is the join's: a shard holds only its cluster types' folders.
    const files = new Map(rendered.files);
    files.delete(TRACKING_FILE);
    const target = gitopsTarget(request, rendered.gitOpsRepo);
    if ('problem' in target)
      return {
        ...facts,
        kind: 'problems',
        problems: [target.problem],
        statusSetOn: undefined,
        warnings: outcome.warnings,
      };
    let commit: string | undefined;
    if (!request.dryRun) {
      const gitops = await ports.openGitOps(target.repository);
      if (!gitops.shards) throw new Error('This GitOps repository adapter has no shard refs.');
      const written = await gitops.shards.write(
        ref,
        files,
        `Kalypso shard ${request.shard} of ${plan.shards} for '${request.environment}'\n\nPlan ${plan.fingerprint}\n`,
      );
      commit = written.commit;
      ports.reporter.info(
        `Pushed shard ${request.shard} (${files.size} files) to '${ref}' at ${commit.slice(0, 7)}.`,
      );
    }
    return {
      ...facts,
      kind: 'shard-rendered',
      shard: request.shard,
      of: plan.shards,
      ref,
      commit,
      clusterTypes: mine.size,
      assignments: rendered.assignments.length,
      files: files.size,
      warnings: outcome.warnings,
    };
  } catch (error) {
    return { ...facts, kind: 'error', error };
  }
}

/**
 * The join step: the single-runner schedule (`scheduleEnvironment`: statuses, records, the one
 * pull request with the same body, idempotence and ownership rules) with the shards' trees in
 * place of the render; the shard refs are deleted once the pull request is proposed. Never throws.
 */
export async function joinShards(
  request: ScheduleEnvironmentRequest & { plan: string; runId: string },
  ports: ShardedSchedulePorts,
): Promise<JoinReport> {
  let plan: ShardPlan;
  let refs: string[];
  try {
    plan = parseShardPlan(request.plan, request.environment);
    refs = Array.from({ length: plan.shards }, (_, i) =>
      shardRef(request.runId, request.environment, i),
    );
  } catch (error) {
    return { ...scheduleFacts(request), kind: 'error', error };
  }
  const leases = new Map<string, string>();
  let store: OpenedGitOps['shards'];
  const compose: ComposeShards = async ({ sources, scheduled }, open) => {
    checkFingerprint(plan, ports.digest(fingerprintParts(sources)), scheduled.assignments.length);
    const expected = shardExpectation(scheduled, plan.shards);
    const gitops = await open();
    store = gitops.shards;
    if (!store) throw new Error('This GitOps repository adapter has no shard refs.');
    const read = await store.read(refs, expected.gitopsPath);
    const listings = refs.map((ref, index) => ({ index, ref, files: read.get(ref)?.files }));
    const problems = checkShards(listings, expected);
    if (problems.length > 0)
      throw new UserError(
        `The shards of '${request.environment}' cannot be joined (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was pushed:\n${problems.map((p) => `  ${p.message}`).join('\n')}`,
        problems,
      );
    for (const ref of refs) leases.set(ref, read.get(ref)!.commit);
    const composed = composeShards(
      refs.map((ref) => read.get(ref)!),
      expected,
    );
    const view = scheduled.view;
    const baseRepo = view.baseRepos.find((b) => b.name === 'main');
    const gitOpsRepo = view.gitOpsRepos[0];
    const own = new Map<string, Uint8Array>();
    if (baseRepo?.commit) own.set(TRACKING_FILE, new TextEncoder().encode(baseRepo.commit));
    return {
      ok: true,
      rendered: {
        view,
        targets: scheduled.targets,
        assignments: scheduled.assignments,
        baseRepo,
        gitOpsRepo,
        gitopsPath: expected.gitopsPath,
        files: own,
      },
      composed,
      warnings: scheduled.warnings,
      notes: scheduled.notes,
    };
  };
  const report: JoinReport = await scheduleEnvironment(request, { ...ports, compose });
  if (report.kind !== 'published' || request.dryRun || !store) return report;
  try {
    await store.remove(leases);
    ports.reporter.info(`Deleted the ${leases.size} shard refs of this run.`);
    return { ...report, joined: { shards: plan.shards, removed: true } };
  } catch (error) {
    ports.reporter.warning(
      `The shard refs of this run were not deleted (${error instanceof Error ? error.message : String(error)}); the pull request stands. Delete refs under refs/kalypso/shards/${request.runId}/ by hand.`,
    );
    return { ...report, joined: { shards: plan.shards, removed: false } };
  }
}
