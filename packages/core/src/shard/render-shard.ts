// The sharded schedule's render step (docs/decisions/sharded-schedule.md#bounded-memory): one
// shard's cluster types scheduled and rendered a few cluster types at a time, each file handed to
// the writer as it is rendered, so a shard holds neither the pairs of the other shards nor its own
// rendered files (only their paths and blob ids, in the writer).
import { TRACKING_FILE } from '../gitops/tree.ts';
import { formatBytes } from '../model/limits.ts';
import { UserError, type Problem } from '../model/problem.ts';
import { compareBytes } from '../model/schedule.ts';
import type { OpenedGitOps } from '../publish/ports.ts';
import { scheduleFacts } from '../publish/schedule-environment.ts';
import { gitopsTarget } from '../publish/schedule-target.ts';
import { renderScheduled, type ScheduledEnvironment } from '../render/render-environment.ts';
import { scheduleSome } from './counts.ts';
import { parseShardPlan, shardRef } from './plan.ts';
import {
  checkFingerprint,
  readLoaded,
  shardGroups,
  type ShardStepPorts,
  type ShardStepReport,
} from './shard-steps.ts';

/** A shard is rendered in pieces of about this many assignments (whole cluster types). */
export const RENDER_CHUNK_ASSIGNMENTS = 10_000;

/**
 * The cluster types of `scheduled` (by name, in byte order) in pieces of whole cluster types of
 * at least one and about `size` assignments each, with their assignments.
 */
export function* renderChunks(
  scheduled: ScheduledEnvironment,
  size = RENDER_CHUNK_ASSIGNMENTS,
): Generator<ScheduledEnvironment> {
  const types = [...scheduled.view.clusterTypes].sort((a, b) => compareBytes(a.name, b.name));
  const { assignments } = scheduled;
  let at = 0;
  let from = 0;
  let chunk: typeof types = [];
  const flush = function* () {
    if (chunk.length === 0) return;
    yield {
      ...scheduled,
      view: { ...scheduled.view, clusterTypes: chunk },
      assignments: assignments.slice(from, at),
    };
    chunk = [];
    from = at;
  };
  for (let i = 0; i < types.length; i++) {
    const clusterType = types[i]!;
    chunk.push(clusterType);
    // The assignments are sorted by cluster type: this one's follow.
    while (at < assignments.length && assignments[at]!.clusterType.name === clusterType.name) at++;
    // Two cluster types of one name (a problem reported while loading) stay together.
    if (at - from >= size && types[i + 1]?.name !== clusterType.name) yield* flush();
  }
  yield* flush();
}

/** The problems of a shard's render, raised through the writer so that nothing is pushed. */
class ShardProblems extends Error {
  readonly problems: readonly Problem[];
  constructor(problems: readonly Problem[]) {
    super('the shard has problems');
    this.problems = problems;
  }
}

/**
 * Renders the chunks one after another and yields every file (the tracking file is the join's);
 * once a chunk has problems nothing more is yielded, the other chunks are rendered for their
 * problems, and the generator throws them all (`ShardProblems`).
 */
function* shardFiles(
  scheduled: ScheduledEnvironment,
  out: { warnings: Problem[]; assignments: number; bytes: number },
): Generator<readonly [string, Uint8Array]> {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const chunk of renderChunks(scheduled)) {
    const outcome = renderScheduled(chunk);
    for (const warning of outcome.warnings) {
      const key = `${warning.file}\0${warning.line}\0${warning.object}\0${warning.message}`;
      if (!seen.has(key)) out.warnings.push(warning);
      seen.add(key);
    }
    if (!outcome.ok) {
      problems.push(...outcome.problems);
      continue;
    }
    if (problems.length > 0) continue;
    out.assignments += outcome.rendered.assignments.length;
    for (const [path, bytes] of outcome.rendered.files) {
      if (path === TRACKING_FILE) continue;
      out.bytes += bytes.length;
      yield [path, bytes];
    }
    if (out.bytes > scheduled.limits.maxOutputBytes) {
      problems.push({
        message: `the rendered GitOps files of this shard of '${scheduled.view.name}' exceed the output budget of ${formatBytes(scheduled.limits.maxOutputBytes)}; rendering stopped. Look for a template or config value that produces runaway output, or plan more shards.`,
      });
      break;
    }
  }
  if (problems.length > 0) throw new ShardProblems(problems);
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
  const out = { warnings: [] as Problem[], assignments: 0, bytes: 0 };
  try {
    const plan = parseShardPlan(request.plan, request.environment);
    if (!Number.isInteger(request.shard) || request.shard < 0 || request.shard >= plan.shards)
      throw new UserError(
        `Input 'shard' is ${request.shard}, but the plan has shards 0 to ${plan.shards - 1}. Pass the matrix value: \`shard: \${{ matrix.shard }}\`.`,
      );
    const ref = shardRef(request.runId, request.environment, request.shard);
    const read = await readLoaded(request.environment, ports);
    if (!read.ok)
      return { ...facts, kind: 'problems', problems: read.problems, statusSetOn: undefined };
    const { loaded, weights } = read;
    checkFingerprint(plan, read.fingerprint, read.assignments);
    const mine = new Set(shardGroups(weights, plan.shards)[request.shard]);
    const scheduled = scheduleSome(loaded, (name) => mine.has(name));
    const target = gitopsTarget(request, scheduled.view.gitOpsRepos[0]);
    if ('problem' in target)
      return { ...facts, kind: 'problems', problems: [target.problem], statusSetOn: undefined };
    const files = shardFiles(scheduled, out);
    let commit: string | undefined;
    let written = 0;
    await ports.reporter.group(
      `Rendering shard ${request.shard} of ${plan.shards} (${mine.size} cluster types, ${scheduled.assignments.length} assignments)`,
      async () => {
        if (request.dryRun) {
          for (const _file of files) written++;
          return;
        }
        const gitops = await ports.openGitOps(target.repository);
        if (!gitops.shards) throw new Error('This GitOps repository adapter has no shard refs.');
        const result = await gitops.shards.write(
          ref,
          files,
          `Kalypso shard ${request.shard} of ${plan.shards} for '${request.environment}'\n\nPlan ${plan.fingerprint}\n`,
        );
        commit = result.commit;
        written = result.files;
        ports.reporter.info(
          `Pushed shard ${request.shard} (${written} files) to '${ref}' at ${commit.slice(0, 7)}.`,
        );
      },
    );
    return {
      ...facts,
      kind: 'shard-rendered',
      shard: request.shard,
      of: plan.shards,
      ref,
      commit,
      clusterTypes: mine.size,
      assignments: out.assignments,
      files: written,
      warnings: out.warnings,
    };
  } catch (error) {
    if (error instanceof ShardProblems)
      return {
        ...facts,
        kind: 'problems',
        problems: error.problems,
        statusSetOn: undefined,
        warnings: out.warnings,
      };
    return { ...facts, kind: 'error', error };
  }
}
