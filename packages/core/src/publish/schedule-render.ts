// The render part of a schedule run (scheduleEnvironment): what a run does when it does not take
// the last proposal. Imported when a run gets there, so that a run that takes the last proposal
// never loads the template engine, the config schemas and the render
// (docs/decisions/startup-cost.md).
import { UserError, type Problem } from '../model/problem.ts';
import type { Source } from '../model/source.ts';
import type { EnvironmentRead } from '../ports.ts';
import { renderScheduled, scheduleEnvironmentSources } from '../render/render-environment.ts';
import {
  composeShards,
  openedFor,
  readsFor,
  startGitOps,
  type EarlyGitOps,
} from './early-gitops.ts';
import type { OpenedGitOps } from './ports.ts';
import type { PublishRequest, PublishResult } from './publish-environment.ts';
import { describePromotion } from './promotion-details.ts';
import { propose } from './propose-environment.ts';
import {
  nextIndexText,
  readIndex,
  runReach,
  writeIndex,
  type NextIndexText,
  type RunReach,
} from './render-index-note.ts';
import { checkFleetSize, DEFAULT_MAX_FILES, gitopsTarget } from './schedule-target.ts';
import type {
  ScheduleEnvironmentPorts,
  ScheduleEnvironmentRequest,
  ScheduleOutcome,
} from './schedule-request.ts';
import { notedWorkloads } from './noted-proposal.ts';
import { proposalToNote, renderedGitOpsRepo } from './unchanged-inputs.ts';

/** What the render of a run sets, which its failure reports and waits for. */
export interface RunState {
  warnings: readonly Problem[];
  /** The GitOps branches read while the environment renders. */
  early?: EarlyGitOps | undefined;
  /** Ends the parse started while the workloads were read (while-reading.ts), once it is of no use. */
  stopParsing?: () => Promise<void>;
  /** Parses the sources the cache does not hold yet, a step at a time, then ends the parse. */
  finishParsing?: (sources: readonly Source[]) => Promise<void>;
}

/** What scheduleEnvironment hands the render: the environment read and how to fail the run. */
export interface RenderRun {
  readonly read: EnvironmentRead;
  /** The run's digested inputs (undefined: the run notes no proposal). */
  readonly inputs: string | undefined;
  /** The digest of its inputs known before the workloads are read (`controlPlaneInputs`). */
  readonly controlPlaneInputs: string | undefined;
  /**
   * Whether the last noted proposal's render was within this run's file budget: the GitOps
   * branches may then be read before the environment is loaded and its size checked (they hold
   * what a run within the budget wrote).
   */
  readonly lastFits: boolean;
  readonly openGitOps: (repository: string) => Promise<OpenedGitOps>;
  readonly fail: (problems: readonly Problem[]) => Promise<ScheduleOutcome>;
  readonly statusCommit: string | undefined;
  readonly state: RunState;
}

/**
 * Loads, schedules and renders the environment (or joins its shards), then proposes it
 * (`propose`), noting the render index and the proposal for the next run.
 */
export async function renderAndPropose(
  request: ScheduleEnvironmentRequest,
  ports: ScheduleEnvironmentPorts,
  run: RenderRun,
): Promise<ScheduleOutcome> {
  const { environment } = request;
  const { reporter } = ports;
  const { openGitOps, fail, inputs, statusCommit, state } = run;
  let { read } = run;
  // The GitOps branches are fetched (by git, in processes of its own) while the environment
  // loads and renders; only when nothing is wrong so far, and their failures count only if the
  // render works. When the GitOpsRepo the render will take is certain before the environment
  // is loaded (`renderedGitOpsRepo`) and the last proposal's render was within the budget (the
  // branches hold no more than such a run wrote), they start now, while the workload files are
  // read and the environment parsed; a read started for another target than the loaded
  // environment's, or for an environment over the budget or with problems, is waited for (and
  // started again when the render goes on). A join reads the GitOps branches folder by folder
  // later, never as listings of every file.
  const first =
    !ports.compose && run.lastFits && read.sources && read.problems.length === 0
      ? renderedGitOpsRepo(read.sources, ports.loads)
      : undefined;
  // Already started while the workloads were read (while-reading.ts), when that showed the run renders.
  let early =
    state.early ??
    (first?.certain ? startGitOps(request, { openGitOps }, first.gitOpsRepo, true) : undefined);
  state.early = early;
  if (read.readDeferred) read = await read.readDeferred();
  if (!read.sources) return fail(read.problems);
  // The parse started while the workloads were read goes on, a step at a time, over what the
  // cache does not hold yet (the GitOps reads started meanwhile go on between its steps); the
  // load below then takes every file from the cache.
  const { base, controlPlane, workloads } = read.sources;
  await state.finishParsing?.([base, controlPlane, ...workloads]);
  // Loaded and scheduled once: the size check and the render share it.
  const scheduled = scheduleEnvironmentSources(
    read.sources,
    ports.loads ? { loads: ports.loads } : {},
  );
  // The budget bounds what one runner renders; a sharded join renders nothing (its shards each
  // checked their own part: docs/sharded-schedule.md).
  const tooLarge = ports.compose
    ? undefined
    : checkFleetSize(scheduled, request.maxFiles ?? DEFAULT_MAX_FILES);
  const wanted = read.problems.length === 0 && scheduled.problems.length === 0;
  const gitOpsRepo = scheduled.view.gitOpsRepos[0];
  if (early && (tooLarge !== undefined || !wanted || !readsFor(early, request, gitOpsRepo))) {
    await early.reading;
    early = undefined;
  }
  if (tooLarge !== undefined) return { kind: 'error', error: new UserError(tooLarge) };
  if (!early && wanted)
    state.early = early = startGitOps(request, { openGitOps }, gitOpsRepo, !ports.compose);
  const sources = read.sources;
  const blobId = ports.inputs?.blobId?.bind(ports.inputs);
  // The cross-run index (docs/decisions/incremental-render.md): read once the GitOps branch is.
  // Only the cluster types a changed ConfigMap may reach are keyed, when the note proves it; those
  // it names by chunk and no change reaches are kept whole (computed while the index is read).
  let reach: RunReach | undefined;
  const reachOf = (read: Parameters<typeof runReach>[0]) =>
    (reach ??= runReach(read, scheduled.view, reporter, ports.inputs?.build()));
  const index =
    early && !ports.compose
      ? await readIndex(early, request.pullRequestBranch, reporter, {
          reached: (read) => reachOf(read).reached,
          assignments: assignmentsByClusterType(scheduled.assignments),
        })
      : undefined;
  if (index) reachOf(index);
  const whole = new Set<string>();
  for (const { ref } of index?.folded?.whole.values() ?? []) whole.add(ref.clusterType);
  const outcome = ports.compose
    ? await composeShards(
        request,
        { ...ports, openGitOps },
        ports.compose,
        sources,
        scheduled,
        early,
      )
    : await reporter.group(`Rendering environment '${environment}'`, () =>
        Promise.resolve(
          renderScheduled(
            scheduled,
            index
              ? {
                  index: index.entries,
                  digest: index.digest,
                  ...(reach?.reached && { reached: reach.reached }),
                  ...(whole.size > 0 && { whole }),
                }
              : {},
          ),
        ),
      );
  for (const note of outcome.notes) reporter.debug(note);
  const warnings = outcome.warnings;
  state.warnings = warnings;
  if (!outcome.ok || read.problems.length > 0)
    return fail([...read.problems, ...(outcome.ok ? [] : outcome.problems)]);
  const { rendered } = outcome;
  const composed =
    'composed' in outcome ? (outcome.composed as PublishRequest['composed']) : undefined;
  reporter.info(
    composed
      ? `Joined ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types (${composed.files + rendered.files.size} files).`
      : `Rendered ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types (${rendered.files.size} files).`,
  );
  const target = gitopsTarget(request, rendered.gitOpsRepo);
  if ('problem' in target) return fail([target.problem]);
  const earlyRead = early;
  const gitops = () => openedFor(earlyRead, target, request.pullRequestBranch, { openGitOps });
  // Only words in the pull request, gathered when there is something to propose: a failure to
  // gather them leaves them out, never fails the run (and notes no proposal for the next run).
  let detailsComplete = true;
  const promotion = async () =>
    describePromotion(request, ports, (await gitops()).repository, target.base, rendered, {
      compareConfig: composed === undefined,
    }).catch((error: unknown) => {
      detailsComplete = false;
      reporter.info(
        `The pull request leaves out the promotion details: ${error instanceof Error ? error.message : String(error)}`,
      );
      return {};
    });
  // The next index's text is made while git pushes the proposed tree, not after the push.
  let made: NextIndexText | undefined;
  const whilePushing =
    index && earlyRead
      ? (proposed: NonNullable<PublishResult['proposed']>) => {
          made = nextIndexText(rendered, proposed, reach?.record, index);
          return Promise.resolve();
        }
      : undefined;
  // What the early read started and the proposal did not take (the base's tracking file, when
  // nothing was proposed) ends before the run does.
  return propose(request, ports, fail, {
    endReadsAhead: true,
    target,
    gitOpsRepo: rendered.gitOpsRepo,
    gitops,
    promotedCommit: rendered.baseRepo?.commit,
    assignments: rendered.assignments.length,
    publish: {
      rendered,
      promotion,
      ...(composed ? { composed } : {}),
      ...(index?.folded ? { folded: index.folded } : {}),
      ...(whilePushing ? { whilePushing } : {}),
    },
    warnings,
    mainCommit: read.baseCommit,
    statusCommit,
    ...(index && earlyRead
      ? {
          noteIndex: (result: PublishResult) =>
            writeIndex(
              index,
              earlyRead,
              request.pullRequestBranch,
              rendered,
              result,
              reporter,
              proposalToNote(
                inputs,
                run.controlPlaneInputs,
                result,
                {
                  assignments: rendered.assignments.length,
                  clusterTypes: rendered.view.clusterTypes.length,
                },
                detailsComplete,
                // The workload texts read: the next run takes them from the note.
                blobId && notedWorkloads(sources.workloads, blobId),
              ),
              made,
              reach?.record,
            ),
        }
      : {}),
  }).finally(() => earlyRead?.reading);
}

/** How many assignments a run schedules on each cluster type. */
function assignmentsByClusterType(
  assignments: readonly { readonly clusterType: { readonly name: string } }[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { clusterType } of assignments)
    counts.set(clusterType.name, (counts.get(clusterType.name) ?? 0) + 1);
  return counts;
}
