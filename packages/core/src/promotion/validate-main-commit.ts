// The ci-gate use case: validate a control-plane `main` commit, set its status, start CD.
import { ControlPlaneError, uniqueProblems, type Problem } from '../model/problem.ts';
import { sourceFromTree } from '../model/source-ignore.ts';
import type {
  CommitStatusWriter,
  ControlPlaneSources,
  Reporter,
  WorkflowDispatcher,
} from '../ports.ts';
import { renderEnvironment } from '../render/render-environment.ts';
import { validatingStatus, validationStatus, type StatusText } from '../status/vocabulary.ts';
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
  /** The CD workflow started for the first environment, and the ref it runs on. */
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
  /** Whether the CD workflow was started for the first environment. */
  dispatched: boolean;
}

/**
 * Validates `main` at `request.commit` on its own, then (unless `checkEnvironments` is off or main
 * is already broken) renders every environment of the promotion chain with it. Sets the commit
 * status pending while it works and success or failure after; a valid commit starts the CD
 * workflow for the first environment. A dry run validates only: no status, no dispatch.
 */
export async function validateMainCommit(
  request: MainCommitRequest,
  ports: MainCommitPorts,
): Promise<MainCommitReport> {
  const { sources, reporter } = ports;
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
  const tree = await sources.readCommit(request.commit);
  if (!tree)
    throw new Error(
      `Commit ${request.commit} is not in '${request.repository}'. Check the 'commit' input.`,
    );
  const warnings: Problem[] = [];
  const problems: Problem[] = await reporter.group('Validating main', () =>
    Promise.resolve(validateMain(tree, warnings)),
  );
  const chain = readChain(tree, request, problems);
  const broken: string[] = [];
  // A broken main breaks every environment the same way: report it once.
  if (request.checkEnvironments && problems.length === 0) {
    for (const environment of chain) {
      const found = await reporter.group(
        `Rendering environment '${environment}' with this main`,
        () => renderWithMain(sources, reporter, environment, request.commit, warnings),
      );
      if (found.length > 0) broken.push(environment);
      problems.push(...found);
    }
  }
  const valid = problems.length === 0;
  await setStatus(validationStatus(problems.length));
  const first = chain[0];
  let dispatched = false;
  if (valid && first !== undefined && !request.dryRun) {
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
): Promise<Problem[]> {
  const read = await sources.readEnvironment(environment, commit);
  if (read.environmentHead === undefined) {
    // An environment of the chain that has no branch yet cannot break; CD creates nothing either.
    reporter.warning(`Environment '${environment}' has no branch yet; not rendered.`);
    return [];
  }
  const problems = [...read.problems];
  if (read.sources) {
    const outcome = renderEnvironment(read.sources);
    if (!outcome.ok) problems.push(...outcome.problems);
    // A warning main already gave (an unused Template, …) is not repeated per environment.
    const known = new Set(warnings.map(problemKey));
    warnings.push(
      ...outcome.warnings
        .filter((w) => !known.has(problemKey(w)))
        .map((w) => ({ ...w, message: `environment '${environment}': ${w.message}` })),
    );
  }
  return problems.map((p) => ({
    ...p,
    message: `environment '${environment}' would break with this main: ${p.message}`,
  }));
}
