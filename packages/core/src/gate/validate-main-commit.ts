// The ci-gate use case: validate a control-plane `main` commit, set its status, start CD.
import { ControlPlaneError, UserError, uniqueProblems, type Problem } from '../model/problem.ts';
import type { Assignment } from '../model/schedule.ts';
import { sourceFromTree } from '../model/source-ignore.ts';
import { planClusterTypes, scheduleOnly, type EnvironmentPlan } from './environment-plans.ts';
import type {
  CommitStatusWriter,
  ControlPlaneSources,
  Reporter,
  WorkflowDispatcher,
} from '../ports.ts';
import { holdOn } from '../policy/decide.ts';
import type { PolicyHold, PromotionPolicy } from '../policy/ports.ts';
import { renderEnvironment } from '../render/render-environment.ts';
import {
  environmentStatusContext,
  heldStatus,
  validatingStatus,
  validationInterruptedStatus,
  validationStatus,
  type StatusText,
} from '../status/vocabulary.ts';
import { parsePromotionChain } from '../promotion/chain.ts';

export interface MainCommitRequest {
  /** `owner/name` of the control-plane repository, for messages. */
  repository: string;
  /** The `main` commit to validate (40 hex digits). */
  commit: string;
  /** Where the promotion chain is in `main` (`.github/promotion-chain.yaml`). */
  promotionChainFile: string;
  /** The first environment when `main` has no promotion chain; "" = none. */
  firstEnvironment: string;
  /** Whether every environment of the chain is rendered with this `main`. */
  checkEnvironments: boolean;
  /** The CD workflow started for the first environment, and the ref it runs on; "" = start none. */
  cdWorkflow: string;
  cdWorkflowRef: string;
  /** The commit status context (`Kalypso CI`). */
  statusContext: string;
  /** Validate only: no status, no dispatch. */
  dryRun: boolean;
  /** Link of the commit status (the workflow run). */
  targetUrl?: string;
  /** The GitHub the repository is on (`GITHUB_SERVER_URL`), for links in the report. */
  serverUrl: string;
}

export interface MainCommitPorts {
  sources: ControlPlaneSources;
  statuses: CommitStatusWriter;
  dispatcher: WorkflowDispatcher;
  /** Asked before the first environment starts. */
  policy: PromotionPolicy;
  reporter: Reporter;
}

/** What a ci-gate run found and did. */
export interface MainCommitReport {
  /** The request's facts, for the job summary. */
  repository: string;
  commit: string;
  serverUrl: string;
  cdWorkflow: string;
  checkEnvironments: boolean;
  dryRun: boolean;
  /** Errors: the commit is not valid when there is any. */
  problems: readonly Problem[];
  /** What the original accepts but is probably a mistake; never fails the run. */
  warnings: readonly Problem[];
  /** The first environment of the chain ("" when there is no chain). */
  firstEnvironment: string;
  /** The promotion chain, in order. */
  environments: readonly string[];
  /** The environments this `main` would break. */
  broken: readonly string[];
  /** Whether the CD workflow was started for the first environment (never with `cdWorkflow` ""). */
  dispatched: boolean;
  /** The promotion policy held the first environment: CD was not started. */
  held?: { environment: string } & PolicyHold;
  /** What each environment of the chain gets with this `main`, in chain order. */
  plans: readonly EnvironmentPlan[];
  /** What stopped the run before a verdict (a read, the status, the dispatch); nothing else is set. */
  error?: unknown;
}

type ReportFacts = Pick<
  MainCommitRequest,
  'repository' | 'commit' | 'serverUrl' | 'cdWorkflow' | 'checkEnvironments' | 'dryRun'
>;

/** The report a run starts from (also the one main reports when the inputs are wrong). */
export function newMainCommitReport(request: ReportFacts): MainCommitReport {
  const { repository, commit, serverUrl, cdWorkflow, checkEnvironments, dryRun } = request;
  return {
    ...{ repository, commit, serverUrl, cdWorkflow, checkEnvironments, dryRun },
    problems: [],
    warnings: [],
    firstEnvironment: '',
    environments: [],
    broken: [],
    dispatched: false,
    plans: [],
  };
}

/**
 * Validates `main` at `request.commit` on its own, then (unless `checkEnvironments` is off or main
 * is already broken) renders every environment of the promotion chain with it. Sets the commit
 * status pending while it works and success or failure after; a valid commit starts the CD
 * workflow for the first environment (none with an empty `cdWorkflow`). A dry run validates only:
 * no status, no dispatch. Never throws: what stops the run is the report's `error`.
 */
export async function validateMainCommit(
  request: MainCommitRequest,
  ports: MainCommitPorts,
): Promise<MainCommitReport> {
  const { reporter } = ports;
  const report = newMainCommitReport(request);
  const setStatus = async (status: StatusText) => {
    if (request.dryRun) return;
    await ports.statuses.setStatus({
      sha: request.commit,
      ...status,
      context: request.statusContext,
      ...(request.targetUrl ? { targetUrl: request.targetUrl } : {}),
    });
  };
  try {
    await setStatus(validatingStatus());
  } catch (error) {
    return { ...report, error };
  }
  let verdictSet = false;
  try {
    const found = await validate(request, ports, async (status) => {
      await setStatus(status);
      verdictSet = true;
    });
    return { ...report, ...found };
  } catch (error) {
    // A run that ends without a verdict does not leave its commit pending.
    if (!verdictSet) {
      try {
        await setStatus(validationInterruptedStatus());
      } catch (statusError) {
        reporter.warning(
          `Could not replace the pending '${request.statusContext}' status on ${request.commit}: ${String(statusError)}`,
        );
      }
    }
    return { ...report, error };
  }
}

type Findings = Omit<MainCommitReport, keyof ReportFacts | 'error'>;

async function validate(
  request: MainCommitRequest,
  ports: MainCommitPorts,
  setVerdict: (status: StatusText) => Promise<void>,
): Promise<Findings> {
  const { sources, reporter } = ports;
  const tree = await sources.readCommit(request.commit);
  if (!tree)
    throw new UserError(
      `Commit ${request.commit} (input 'commit') is not in '${request.repository}' (input 'repository'): pass a commit of that repository, e.g. \${{ github.sha }}, or the repository that holds the commit.`,
    );
  const warnings: Problem[] = [];
  const problems: Problem[] = await reporter.group('Validating main', () =>
    Promise.resolve(validateMain(tree, warnings)),
  );
  const chain = readChain(tree, request, problems);
  const broken: string[] = [];
  const plans: EnvironmentPlan[] = [];
  // A broken main breaks every environment the same way: report it once.
  const check = request.checkEnvironments && problems.length === 0;
  // One listing for every branch of the chain (at most MAX_CHAIN_ENVIRONMENTS).
  if (check && chain.length > 0) await sources.resolveBranches?.(chain);
  for (const environment of chain) {
    if (!check) {
      plans.push({
        environment,
        state: 'not-checked',
        promotedCommit: undefined,
        clusterTypes: [],
      });
      continue;
    }
    const found = await reporter.group(
      `Rendering environment '${environment}' with this main`,
      () => renderWithMain(sources, reporter, environment, request.commit, warnings),
    );
    if (found.problems.length > 0) broken.push(environment);
    problems.push(...found.problems);
    plans.push(found.plan);
  }
  await setVerdict(validationStatus(problems.length));
  const first = chain[0];
  const { dispatched, held } =
    problems.length === 0 && first !== undefined
      ? await startFirst(request, ports, first)
      : { dispatched: false, held: undefined };
  return {
    problems,
    warnings: uniqueProblems(warnings, problemKey),
    firstEnvironment: first ?? '',
    environments: chain,
    broken,
    dispatched,
    plans,
    ...(held ? { held } : {}),
  };
}

/**
 * Starts the CD workflow for the first environment of a valid `main`, unless `cd-workflow` is
 * empty, the promotion policy holds it (then its status says so) or this is a dry run.
 */
async function startFirst(
  request: MainCommitRequest,
  ports: MainCommitPorts,
  first: string,
): Promise<{ dispatched: boolean; held: MainCommitReport['held'] }> {
  const { reporter } = ports;
  if (request.cdWorkflow === '') {
    reporter.info(`No CD workflow to start ('cd-workflow' is empty): '${first}' is not started.`);
    return { dispatched: false, held: undefined };
  }
  const step = { action: 'start', environment: first, commit: request.commit } as const;
  const hold = await holdOn(ports.policy, reporter, step);
  if (hold) {
    if (!request.dryRun)
      await ports.statuses.setStatus({
        sha: request.commit,
        ...heldStatus(hold),
        context: environmentStatusContext(first),
        ...(request.targetUrl ? { targetUrl: request.targetUrl } : {}),
      });
    return { dispatched: false, held: { environment: first, ...hold } };
  }
  if (request.dryRun) return { dispatched: false, held: undefined };
  await ports.dispatcher.dispatch({
    workflow: request.cdWorkflow,
    ref: request.cdWorkflowRef,
    inputs: { environment: first, promoted_commit_id: request.commit },
  });
  reporter.info(`Dispatched '${request.cdWorkflow}' for '${first}' with ${request.commit}.`);
  return { dispatched: true, held: undefined };
}

/** Everything in main parses and validates on its own (templates, registrations, …). */
function validateMain(tree: ReadonlyMap<string, Uint8Array>, warnings: Problem[]): Problem[] {
  const base = sourceFromTree(tree, { path: '.', origin: { kind: 'base' } });
  const outcome = renderEnvironment({
    environment: 'main',
    base,
    controlPlane: { origin: { kind: 'environment' }, files: [] },
    workloads: [],
  });
  warnings.push(...outcome.warnings);
  return outcome.ok ? [] : [...outcome.problems];
}

/** A warning found by several renders, whichever environment prefixed it, is one warning. */
function problemKey(p: Problem): string {
  const message = p.message.replace(/^environment '[^']*': /, '');
  return `${p.file ?? ''}:${p.line ?? 0}:${p.object ?? ''}:${message}`;
}

/** The promotion chain from main, or the `first-environment` input when main has none. */
function readChain(
  tree: ReadonlyMap<string, Uint8Array>,
  request: MainCommitRequest,
  problems: Problem[],
): string[] {
  const bytes = tree.get(request.promotionChainFile);
  if (bytes === undefined) {
    if (request.firstEnvironment !== '') return [request.firstEnvironment];
    problems.push({
      message: `there is no promotion chain: '${request.promotionChainFile}' does not exist in main and the 'first-environment' input is empty. Add the file ('environments: [dev, stage, prod]') or set 'first-environment'.`,
    });
    return [];
  }
  try {
    return [
      ...parsePromotionChain(new TextDecoder().decode(bytes), request.promotionChainFile)
        .environments,
    ];
  } catch (error) {
    if (!(error instanceof ControlPlaneError)) throw error;
    problems.push(...error.problems);
    return [];
  }
}

async function renderWithMain(
  sources: ControlPlaneSources,
  reporter: Reporter,
  environment: string,
  commit: string,
  warnings: Problem[],
): Promise<{ problems: Problem[]; plan: EnvironmentPlan }> {
  const read = await sources.readEnvironment(environment, { mainCommit: commit });
  if (read.environmentHead === undefined) {
    // An environment of the chain that has no branch yet cannot break; CD creates nothing either.
    reporter.warning(`Environment '${environment}' has no branch yet; not rendered.`);
    const plan = { environment, state: 'no-branch', promotedCommit: undefined, clusterTypes: [] };
    return { problems: [], plan: plan as EnvironmentPlan };
  }
  const problems = [...read.problems];
  let assignments: readonly Assignment[] | undefined;
  if (read.sources) {
    const outcome = renderEnvironment(read.sources);
    if (!outcome.ok) problems.push(...outcome.problems);
    else assignments = outcome.rendered.assignments;
    // A warning main already gave (an unused Template, …) is not repeated per environment.
    const known = new Set(warnings.map(problemKey));
    warnings.push(
      ...outcome.warnings
        .filter((w) => !known.has(problemKey(w)))
        .map((w) => ({ ...w, message: `environment '${environment}': ${w.message}` })),
    );
  }
  // The promoted state: what the environment's BaseRepo commit schedules today.
  const current = problems.length === 0 ? await sources.readEnvironment(environment) : undefined;
  const plan: EnvironmentPlan = {
    environment,
    state: problems.length === 0 ? 'valid' : 'broken',
    promotedCommit: current?.baseCommit,
    clusterTypes:
      assignments === undefined
        ? []
        : planClusterTypes(assignments, current?.sources && scheduleOnly(current.sources)),
  };
  return {
    problems: problems.map((p) => ({
      ...p,
      message: `environment '${environment}' would break with this main: ${p.message}`,
    })),
    plan,
  };
}
