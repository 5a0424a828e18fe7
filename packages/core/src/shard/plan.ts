// The shard plan: what the plan job hands to the render and join jobs (a job output, a few hundred
// bytes), and the names of the throw-away refs the shards are pushed to.
import { isValidBranchName } from '../model/branch-name.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import { UserError } from '../model/problem.ts';
import { MAX_SHARDS } from './split.ts';

/** What every job of one sharded run agrees on. */
export interface ShardPlan {
  readonly version: 1;
  readonly environment: string;
  /** How many shards (matrix jobs) render the environment. */
  readonly shards: number;
  /** The digest of every source the environment was scheduled from (`sourcesFingerprint`). */
  readonly fingerprint: string;
  readonly assignments: number;
  readonly clusterTypes: number;
}

/** A plan is a few hundred bytes; anything much larger is not one. */
const MAX_PLAN_BYTES = 4096;

/** The plan as the job output carries it (one line of JSON). */
export function encodeShardPlan(plan: ShardPlan): string {
  return JSON.stringify(plan);
}

/**
 * Reads the `plan` input of a render or join step: the plan job's output for this environment.
 * Throws a UserError saying what to pass otherwise.
 */
export function parseShardPlan(text: string, environment: string): ShardPlan {
  const fix =
    "Pass the plan job's output: `plan: ${{ needs.<plan job>.outputs.plan }}` (docs/sharded-schedule.md).";
  if (text.trim() === '') throw new UserError(`Input 'plan' is empty. ${fix}`);
  if (text.length > MAX_PLAN_BYTES)
    throw new UserError(`Input 'plan' is ${text.length} characters, not a shard plan. ${fix}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UserError(`Input 'plan' is not JSON. ${fix}`);
  }
  const plan = value as Partial<Record<keyof ShardPlan, unknown>>;
  const whole = (n: unknown, min: number, max: number) =>
    typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
  const wrong: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    wrong.push('not an object');
  else {
    if (plan.version !== 1) wrong.push('version is not 1');
    if (typeof plan.environment !== 'string' || !isValidBranchName(plan.environment))
      wrong.push('environment is not a branch name');
    if (!whole(plan.shards, 1, MAX_SHARDS))
      wrong.push(`shards is not a whole number from 1 to ${MAX_SHARDS}`);
    if (typeof plan.fingerprint !== 'string' || !/^[0-9a-f]{64}$/.test(plan.fingerprint))
      wrong.push('fingerprint is not a SHA-256 in hex');
    if (!whole(plan.assignments, 0, Number.MAX_SAFE_INTEGER))
      wrong.push('assignments is not a count');
    if (!whole(plan.clusterTypes, 0, Number.MAX_SAFE_INTEGER))
      wrong.push('clusterTypes is not a count');
  }
  if (wrong.length > 0)
    throw new UserError(`Input 'plan' is not a shard plan (${wrong.join('; ')}). ${fix}`);
  if (plan.environment !== environment)
    throw new UserError(
      `Input 'plan' plans environment '${String(plan.environment)}', not '${environment}'. Pass the plan of the same environment.`,
    );
  return value as ShardPlan;
}

/**
 * Feeds `digest` with every source of the environment in a fixed order (origin, then each file's
 * path, size and text), so that two jobs that read the same commits get the same fingerprint and
 * any difference in what they read gives another.
 */
export function* fingerprintParts(sources: EnvironmentSources): Generator<string> {
  yield `environment\0${sources.environment}\0`;
  for (const source of [sources.base, sources.controlPlane, ...sources.workloads]) {
    yield `source\0${JSON.stringify(source.origin)}\0${source.files.length}\0`;
    for (const file of source.files) {
      yield `file\0${file.path}\0${file.text.length}\0${file.unreadBytes ?? ''}\0${(file.invalidUtf8Lines ?? []).join(',')}\0`;
      yield file.text;
    }
  }
}

/** A run's shard refs live under this prefix of the GitOps repository, out of sight of branches and tags. */
export const SHARD_REF_ROOT = 'refs/kalypso/shards';

/**
 * The throw-away ref of shard `index`: `refs/kalypso/shards/<run id>/<environment>/<index>`. A
 * re-run of the workflow run (same run id) replaces it.
 */
export function shardRef(runId: string, environment: string, index: number): string {
  if (!/^[0-9]{1,20}$/.test(runId))
    throw new UserError(
      `The run id is '${runId.slice(0, 40)}', not a number: a sharded schedule runs in GitHub Actions (GITHUB_RUN_ID).`,
    );
  return `${SHARD_REF_ROOT}/${runId}/${environment}/${index}`;
}
