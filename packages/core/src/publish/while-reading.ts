// What a schedule run starts while its workload repositories are read
// (docs/decisions/incremental-render.md, "the wait for the workload repositories used"). The wait
// for their answers (a few GraphQL queries) is the run's longest idle one; once the environment's
// own sources are read, the digest of those inputs (`controlPlaneInputs`) compared with the one
// noted with the last proposal tells whether the run renders whatever the workloads hold. When it
// does, the GitOps branches' read starts then rather than after the workloads, the workloads'
// files are read as each repository is listed rather than after all of them (`renders`), and the
// environment's own files are parsed in that wait (a step at a time: `preloadSources`). Only a
// start: nothing here decides what the run does, which the whole digest decides as before
// (`takeNotedProposal`); a note that lies about the digest costs a read, never a wrong tree.
import type { LoadCache } from '../model/load-cache.ts';
import { preloadSources } from '../model/preload.ts';
import type { Source } from '../model/source.ts';
import { firstObjectIn } from '../model/objects-in.ts';
import type { EnvironmentRead, Reporter } from '../ports.ts';
import { startGitOps, type EarlyGitOps } from './early-gitops.ts';
import { parseNotedProposal, type NotedWorkloads } from './noted-proposal.ts';
import type { OpenedGitOps } from './ports.ts';
import { DEFAULT_MAX_FILES, fleetFiles, gitopsTarget } from './schedule-target.ts';
import { controlPlaneInputs, type InputsPort } from './unchanged-inputs.ts';

type Request = Parameters<typeof controlPlaneInputs>[0] & {
  pullRequestBranch: string;
  maxFiles?: number;
};

/** What `whileReading` started, once it is started; `tell` is the reader's hook. */
export interface WhileReading {
  /**
   * `ReadOptions.whileReadingBase`: the tips of the GitOps repository the environment branch
   * names are read from then, not once the base is (the start takes that read when the base
   * names no other).
   */
  tellBranch(branch: Source): void;
  /** `ReadOptions.whileReadingWorkloads`: the parse waits for `sent`. */
  tell(read: Pick<EnvironmentRead, 'baseCommit' | 'sources'>, sent?: Promise<void>): void;
  /**
   * The GitOps read started for a run that renders, once the tips decided (never rejects):
   * the render takes it over (schedule-render.ts).
   */
  early(): Promise<EarlyGitOps | undefined>;
  /** Ends the parse where it is (what it parsed stays in the cache); settles once it ended. */
  stopParsing(): Promise<void>;
  /**
   * Parses what of `sources` the cache does not hold yet, after what was parsed before, a step at
   * a time (the thread answers the reads started meanwhile between steps); then ends the parse.
   */
  finishParsing(sources: readonly Source[]): Promise<void>;
  /**
   * True once the start found that the run renders whatever the workloads hold (its own inputs
   * are not the last proposal's); false when it found otherwise or could not tell
   * (`ReadOptions.readNow`). Pending until the reader tells the own sources.
   */
  readonly renders: Promise<boolean>;
  /**
   * Parses a workload source read ahead (`ReadOptions.readAhead`) into the cache, after what
   * was parsed before it, a step at a time, until `stopParsing`.
   */
  parseRead(source: Source): void;
  /**
   * The workload texts noted with the last proposal (`ReadOptions.notedTexts`): settled once its
   * note is read, empty when there is none or it could not be read.
   */
  readonly noted: Promise<ReadonlyMap<string, string>>;
}

/** Gives the thread back for a turn, after the I/O that came meanwhile (what it waits for). */
const pause = () => new Promise<void>((resume) => setImmediate(resume));

/**
 * Starts, when told the environment's own sources, the read of the GitOps tips; when they show
 * that the run renders, the read of the GitOps branches and the parse of the environment's own
 * files into `loads` (a step at a time, ended by `stopParsing`).
 */
export function whileReading(
  request: Request,
  ports: {
    inputs: InputsPort | undefined;
    openGitOps(repository: string): Promise<OpenedGitOps>;
    reporter: Reporter;
    loads?: LoadCache;
    /** The render's module, imported while the run waits (it would be, to render). */
    importRender?: () => Promise<unknown>;
  },
): WhileReading {
  let started: Promise<EarlyGitOps | undefined> | undefined;
  let decide: (renders: boolean) => void = () => undefined;
  const renders = new Promise<boolean>((resolve) => (decide = resolve));
  let know: (texts: ReadonlyMap<string, string>) => void = () => undefined;
  const noted = new Promise<ReadonlyMap<string, string>>((resolve) => (know = resolve));
  let parsing: Promise<void> | undefined;
  let stopped = false;
  // Kept apart, so that a read once started is handed over even when what follows it throws.
  let early: EarlyGitOps | undefined;
  const parse = async (sources: readonly Source[], loads: LoadCache) => {
    if (stopped) return;
    await pause();
    await preloadSources(sources, loads, async () => {
      await pause();
      return !stopped;
    });
  };
  const start = async (
    read: Pick<EnvironmentRead, 'baseCommit' | 'sources'>,
    sent: Promise<void>,
  ): Promise<EarlyGitOps | undefined> => {
    const sources = read.sources;
    const own = controlPlaneInputs(request, ports.inputs, read, false);
    if (sources === undefined || own === undefined) return undefined;
    // The GitOpsRepo the render takes is the first the sources hold: certain when the
    // environment's own sources hold one (they come before every workload).
    const found = await tipsOf([sources.base, sources.controlPlane]);
    if (found === undefined) return undefined;
    const { gitOpsRepo, tips } = found;
    // What follows holds the thread (the note read, the parse): the workload reads go first.
    await sent;
    const last = parseNotedProposal(tips.proposal);
    know(new Map(Object.entries(last?.workloads?.texts ?? {})));
    // The same inputs of its own: the run may take the last proposal (the workloads decide).
    if (last !== undefined && last.controlPlaneInputs === own) return undefined;
    decide(true);
    ports.reporter.debug(
      `The environment's own inputs differ from those of the last proposal: its GitOps branches are read while the workload repositories are.`,
    );
    // As the render would start it (schedule-render.ts): only when the last render was within
    // this run's budget, so that the branches hold no more than such a run wrote.
    const fits =
      last !== undefined &&
      fleetFiles(last.assignments, last.clusterTypes) <= (request.maxFiles ?? DEFAULT_MAX_FILES);
    if (fits) early = startGitOps(request, ports, gitOpsRepo, true);
    // The own files, then the workload files as the last proposal noted them: the same file
    // (registration, path and text) listed again is then loaded from the cache.
    if (ports.loads && !stopped)
      parsing = parse(
        [sources.base, sources.controlPlane, ...notedSources(last?.workloads)],
        ports.loads,
      );
    await ports.importRender?.();
    return early;
  };
  /** Settles once what is being parsed is (never rejects). */
  const settledParse = () => quietly(parsing ?? Promise.resolve(), () => undefined);
  const stopParsing = async () => {
    stopped = true;
    await settledParse();
  };
  const quietly = <T>(work: Promise<T>, otherwise: () => T) =>
    work.catch((error: unknown) => {
      ports.reporter.debug(
        `What a run starts while the workload repositories are read stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
      return otherwise();
    });
  /**
   * The tips of the GitOps repository `sources` name, read (or their read taken: `openGitOps`
   * reads a repository's tips once a run); undefined when they name none the run could use.
   */
  const tipsOf = async (sources: readonly Source[]) => {
    const gitOpsRepo = firstObjectIn(sources, 'GitOpsRepo', ports.loads);
    if (gitOpsRepo === undefined) return undefined;
    const target = gitopsTarget(request, gitOpsRepo);
    if ('problem' in target) return undefined;
    const gitops = await ports.openGitOps(target.repository);
    const tips = await gitops.repository.renderIndex?.tips?.(
      target.base,
      request.pullRequestBranch,
    );
    return tips && { gitOpsRepo, tips };
  };
  return {
    tellBranch(branch) {
      // Only a read ahead: its failure is the start's to meet, if the start reads the same.
      if (started === undefined) tipsOf([branch]).catch(() => undefined);
    },
    tell(read, sent = Promise.resolve()) {
      // Whatever the start ends with, `renders` is settled (a second decision changes nothing).
      started ??= quietly(start(read, sent), () => early).finally(() => {
        decide(false);
        know(new Map());
      });
    },
    renders,
    noted,
    parseRead(source) {
      const loads = ports.loads;
      if (!loads || stopped) return;
      parsing = (parsing ?? Promise.resolve()).then(() => parse([source], loads));
    },
    early: () => started ?? Promise.resolve(undefined),
    stopParsing,
    async finishParsing(sources) {
      const loads = ports.loads;
      if (loads && !stopped)
        parsing = (parsing ?? Promise.resolve()).then(() => parse(sources, loads));
      await settledParse();
      await stopParsing();
    },
  };
}

/** The workload files a proposal noted, as the sources (one per registration) that read them. */
function notedSources(noted: NotedWorkloads | undefined): Source[] {
  const byRegistration = new Map<string, { path: string; text: string }[]>();
  for (const [registration, path, blob] of noted?.files ?? []) {
    let files = byRegistration.get(registration);
    if (!files) byRegistration.set(registration, (files = []));
    files.push({ path, text: noted!.texts[blob]! });
  }
  return [...byRegistration].map(([registration, files]) => ({
    origin: { kind: 'workload', registration },
    files,
  }));
}
