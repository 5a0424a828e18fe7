// The ci-gate use case: validate a control-plane `main` commit, set its status, start CD.
import { assembleEnvironment, type EnvironmentSources } from '../model/environment.ts';
import { ControlPlaneError, UserError, uniqueProblems, type Problem } from '../model/problem.ts';
import { compareBytes, deploymentTargetsOf, schedule, type Assignment } from '../model/schedule.ts';
import { sourceFromTree } from '../model/source-ignore.ts';
import type {
  CommitStatusWriter,
  ControlPlaneSources,
  Reporter,
  WorkflowDispatcher,
} from '../ports.ts';
import { renderEnvironment } from '../render/render-environment.ts';
import {
  validatingStatus,
  validationInterruptedStatus,
  validationStatus,
  type StatusText,
} from '../status/vocabulary.ts';
import { parsePromotionChain } from './chain.ts';

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
}

export interface MainCommitPorts {
  sources: ControlPlaneSources;
  statuses: CommitStatusWriter;
  dispatcher: WorkflowDispatcher;
  reporter: Reporter;
}

/** What a ci-gate run found and did. */
export interface MainCommitReport {
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
  /** What each environment of the chain gets with this `main`, in chain order. */
  plans: readonly EnvironmentPlan[];
}

/**
 * One environment of the chain with this `main`: `valid` or `broken` when it was rendered,
 * `no-branch` when it has no branch yet, `not-checked` when it was not rendered
 * (`check-environments: false`, or `main` itself is broken).
 */
export interface EnvironmentPlan {
  environment: string;
  state: 'valid' | 'broken' | 'no-branch' | 'not-checked';
  /** The commit the environment promotes now; undefined when it names none. */
  promotedCommit: string | undefined;
  /** Assignments per cluster type with this main, by name; empty unless `valid`. */
  clusterTypes: readonly ClusterTypeAssignments[];
}

export interface ClusterTypeAssignments {
  clusterType: string;
  /** Assignments (deployment targets) of this cluster type with this main. */
  assignments: number;
  /**
   * Deployment targets added and removed against what the environment's promoted commit
   * schedules (scheduling only, nothing rendered); undefined when that state cannot be scheduled.
   */
  added: readonly string[] | undefined;
  removed: readonly string[] | undefined;
}

/**
 * Validates `main` at `request.commit` on its own, then (unless `checkEnvironments` is off or main
 * is already broken) renders every environment of the promotion chain with it. Sets the commit
 * status pending while it works and success or failure after; a valid commit starts the CD
 * workflow for the first environment (none with an empty `cdWorkflow`). A dry run validates only:
 * no status, no dispatch.
 */
export async function validateMainCommit(
  request: MainCommitRequest,
  ports: MainCommitPorts,
): Promise<MainCommitReport> {
  const { reporter } = ports;
  const setStatus = async (status: StatusText) => {
    if (request.dryRun) return;
    await ports.statuses.setStatus({
      sha: request.commit,
      ...status,
      context: request.statusContext,
      ...(request.targetUrl ? { targetUrl: request.targetUrl } : {}),
    });
  };
  await setStatus(validatingStatus());
  let verdictSet = false;
  try {
    return await validate(request, ports, async (status) => {
      await setStatus(status);
      verdictSet = true;
    });
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
    throw error;
  }
}

async function validate(
  request: MainCommitRequest,
  ports: MainCommitPorts,
  setVerdict: (status: StatusText) => Promise<void>,
): Promise<MainCommitReport> {
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
  const valid = problems.length === 0;
  await setVerdict(validationStatus(problems.length));
  const first = chain[0];
  let dispatched = false;
  if (valid && first !== undefined && request.cdWorkflow === '') {
    reporter.info(`No CD workflow to start ('cd-workflow' is empty): '${first}' is not started.`);
  } else if (valid && first !== undefined && !request.dryRun) {
    await ports.dispatcher.dispatch({
      workflow: request.cdWorkflow,
      ref: request.cdWorkflowRef,
      inputs: { environment: first, promoted_commit_id: request.commit },
    });
    reporter.info(`Dispatched '${request.cdWorkflow}' for '${first}' with ${request.commit}.`);
    dispatched = true;
  }
  return {
    problems,
    warnings: uniqueProblems(warnings, problemKey),
    firstEnvironment: first ?? '',
    environments: chain,
    broken,
    dispatched,
    plans,
  };
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
  const read = await sources.readEnvironment(environment, commit);
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

/** What `sources` schedules (no render); undefined when it has problems. */
function scheduleOnly(sources: EnvironmentSources): readonly Assignment[] | undefined {
  const { view, problems } = assembleEnvironment(sources);
  if (problems.length > 0) return undefined;
  const found: Problem[] = [];
  const assignments = schedule(view, deploymentTargetsOf(view, found));
  return found.length > 0 ? undefined : assignments;
}

/** Assignments per cluster type, with the targets added and removed against `before`. */
function planClusterTypes(
  after: readonly Assignment[],
  before: readonly Assignment[] | undefined,
): ClusterTypeAssignments[] {
  const byType = (list: readonly Assignment[]) => {
    const map = new Map<string, Set<string>>();
    for (const a of list) {
      const targets = map.get(a.clusterType.name) ?? new Set<string>();
      targets.add(a.target.name);
      map.set(a.clusterType.name, targets);
    }
    return map;
  };
  const now = byType(after);
  const was = before && byType(before);
  const names = [...new Set([...now.keys(), ...(was?.keys() ?? [])])].sort(compareBytes);
  return names.map((clusterType) => {
    const targets = now.get(clusterType) ?? new Set<string>();
    const previous = was?.get(clusterType) ?? new Set<string>();
    const diff = (a: Set<string>, b: Set<string>) =>
      [...a].filter((t) => !b.has(t)).sort(compareBytes);
    return {
      clusterType,
      assignments: targets.size,
      added: was && diff(targets, previous),
      removed: was && diff(previous, targets),
    };
  });
}
