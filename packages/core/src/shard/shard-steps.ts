// What the sharded schedule's steps share (docs/decisions/sharded-schedule.md), and the plan step:
// reading the environment, the split every step recomputes from per-cluster-type assignment
// counts (no pair of the schedule is made for it), and the check that a step read what the plan read.
import type { Problem } from '../model/problem.ts';
import { UserError } from '../model/problem.ts';
import type { ControlPlaneSources, Reporter } from '../ports.ts';
import { scheduleFacts, type ScheduleFacts } from '../publish/schedule-environment.ts';
import { DEFAULT_MAX_FILES } from '../publish/schedule-target.ts';
import { assignmentCounts, loadEnvironment, type LoadedEnvironment } from './counts.ts';
import { fingerprintParts, type ShardPlan } from './plan.ts';
import {
  autoShardCount,
  effectiveShardCount,
  splitClusterTypes,
  type ShardWeight,
} from './split.ts';

/** What every step needs besides the GitOps repository. */
export interface ShardStepPorts {
  sources: ControlPlaneSources;
  /** A cryptographic digest (SHA-256, hex) of the parts, in order. */
  digest(parts: Iterable<string>): string;
  reporter: Reporter;
}

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

/** The cluster types of each shard: the same in the plan, every render and the join. */
export function shardGroups(weights: readonly ShardWeight[], shards: number): string[][] {
  return splitClusterTypes(weights, shards);
}

/** Reads and loads the environment and counts its assignments per cluster type; problems end the step. */
export async function readLoaded(
  environment: string,
  ports: ShardStepPorts,
): Promise<
  | {
      ok: true;
      loaded: LoadedEnvironment;
      weights: ShardWeight[];
      assignments: number;
      fingerprint: string;
    }
  | { ok: false; problems: readonly Problem[] }
> {
  const read = await ports.reporter.group(`Reading environment '${environment}'`, () =>
    ports.sources.readEnvironment(environment),
  );
  if (!read.sources) return { ok: false, problems: read.problems };
  const loaded = loadEnvironment(read.sources);
  if (read.problems.length + loaded.problems.length > 0)
    return { ok: false, problems: [...read.problems, ...loaded.problems] };
  const weights = assignmentCounts(loaded.view, loaded.targets);
  return {
    ok: true,
    loaded,
    weights,
    assignments: weights.reduce((sum, w) => sum + w.assignments, 0),
    fingerprint: ports.digest(fingerprintParts(read.sources)),
  };
}

/** The environment must be the one the plan read, or the shards would not fit together. */
export function checkFingerprint(plan: ShardPlan, fingerprint: string, assignments: number): void {
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

/** The plan step: counts the environment's assignments and splits its cluster types. Never throws. */
export async function planShards(
  request: PlanShardsRequest,
  ports: ShardStepPorts,
): Promise<ShardStepReport> {
  const facts = scheduleFacts({ ...request, dryRun: false });
  try {
    const read = await readLoaded(request.environment, ports);
    if (!read.ok)
      return { ...facts, kind: 'problems', problems: read.problems, statusSetOn: undefined };
    const { loaded, weights, assignments } = read;
    const clusterTypes = loaded.view.clusterTypes.length;
    const count =
      request.shards === 'auto'
        ? autoShardCount(assignments, clusterTypes)
        : effectiveShardCount(request.shards, clusterTypes);
    if (request.shards !== 'auto' && count < request.shards)
      ports.reporter.info(
        `Planned ${count} shards, not ${request.shards}: the environment has ${clusterTypes} cluster types.`,
      );
    const weightOf = new Map(weights.map((w) => [w.name, w.assignments]));
    const sizes = shardGroups(weights, count).map((group) => ({
      clusterTypes: group.length,
      assignments: group.reduce((sum, c) => sum + (weightOf.get(c) ?? 0), 0),
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
    return { ...facts, kind: 'planned', plan, shards: sizes, warnings: loaded.warnings };
  } catch (error) {
    return { ...facts, kind: 'error', error };
  }
}
