// The sharded schedule's join (docs/decisions/sharded-schedule.md): check the shards a shard and
// a cluster type at a time and compose them from their folders' tree ids, then propose them as one
// pull request exactly as the single-runner schedule does. The plan and render steps are in
// shard-steps.ts and render-shard.ts.
import { TRACKING_FILE, normaliseGitOpsPath } from '../gitops/tree.ts';
import { UserError } from '../model/problem.ts';
import type { Assignment } from '../model/schedule.ts';
import type { ComposeShards, OpenedGitOps, ShardTree } from '../publish/ports.ts';
import {
  scheduleEnvironment,
  scheduleFacts,
  type EnvironmentScheduleReport,
  type ScheduleEnvironmentPorts,
  type ScheduleEnvironmentRequest,
} from '../publish/schedule-environment.ts';
import type { ScheduledEnvironment } from '../render/render-environment.ts';
import { composeShards, shardChecker, type ShardExpectation } from './check.ts';
import { assignmentCounts } from './counts.ts';
import { fingerprintParts, parseShardPlan, shardRef, type ShardPlan } from './plan.ts';
import {
  checkFingerprint,
  shardGroups,
  type ShardStepPorts,
  type ShardStepReport,
} from './shard-steps.ts';

/** The schedule action's ports: the single-runner schedule's, and the digest the sharded steps compare sources with. */
export type ShardedSchedulePorts = ScheduleEnvironmentPorts & ShardStepPorts;

/** A join: the single-runner report, and what became of the shard refs. */
export type JoinReport = EnvironmentScheduleReport & {
  joined?: { shards: number; removed: boolean };
};

/** Any schedule step's report (the action's `mode`). */
export type ScheduleRunReport = JoinReport | ShardStepReport;

/**
 * What the join expects of the shards: the split (from per-cluster-type counts, as the plan and
 * the renders compute it) and each cluster type's targets, taken from the schedule's sorted
 * assignments when asked.
 */
export function shardExpectation(
  scheduled: ScheduledEnvironment,
  shards: number,
): ShardExpectation {
  const ranges = new Map<string, [number, number]>();
  const { assignments } = scheduled;
  for (let at = 0; at < assignments.length;) {
    const name = assignments[at]!.clusterType.name;
    let end = at;
    while (end < assignments.length && assignments[end]!.clusterType.name === name) end++;
    ranges.set(name, [at, end]);
    at = end;
  }
  return {
    gitopsPath: normaliseGitOpsPath(scheduled.view.gitOpsRepos[0]?.path ?? '.'),
    groups: shardGroups(assignmentCounts(scheduled.view, scheduled.targets), shards),
    targets(clusterType) {
      const [from, to] = ranges.get(clusterType) ?? [0, 0];
      return new Set(assignments.slice(from, to).map((a: Assignment) => a.target.name));
    },
  };
}

/**
 * Checks the shards read from their refs, one shard's listing at a time; throws every problem
 * (naming shard, ref and path), or returns the cluster-type folders to take whole (path → tree id)
 * and how many files the shards hold.
 */
export async function checkAndCompose(
  environment: string,
  refs: readonly string[],
  read: ReadonlyMap<string, ShardTree | undefined>,
  expected: ShardExpectation,
): Promise<{ folders: Map<string, string>; files: number }> {
  const checker = shardChecker(expected);
  let files = 0;
  const counted = function* (entries: Iterable<readonly [string, string]>) {
    for (const entry of entries) {
      files += 1;
      yield entry;
    }
  };
  for (const [index, ref] of refs.entries()) {
    const tree = read.get(ref);
    checker.check({ index, ref, files: tree && counted(await tree.entries()) });
  }
  const problems = checker.problems();
  if (problems.length > 0)
    throw new UserError(
      `The shards of '${environment}' cannot be joined (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was pushed:\n${problems.map((p) => `  ${p.message}`).join('\n')}`,
      problems,
    );
  return {
    folders: composeShards(
      refs.map((ref) => read.get(ref)!),
      expected,
    ),
    files,
  };
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
    const checked = await checkAndCompose(request.environment, refs, read, expected);
    const shardStore = store;
    for (const ref of refs) leases.set(ref, read.get(ref)!.commit);
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
      composed: { folders: checked.folders, files: checked.files, store: shardStore },
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
