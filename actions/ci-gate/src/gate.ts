// Wires the adapters to one ci-gate run: validate main, re-render the environments, status, CD.
import {
  ControlPlaneError,
  parsePromotionChain,
  renderEnvironment,
  sourceFromTree,
  uniqueProblems,
  validatingStatus,
  validationStatus,
  type Problem,
  type Reporter,
  type StatusText,
} from '@kalypso/core';
import {
  ControlPlaneReader,
  GitWorkspace,
  createCommitStatusWriter,
  createGitHubClient,
  createWorkflowDispatcher,
  type RunnerContext,
} from '@kalypso/github';
import { join } from 'node:path';
import type { CiGateInputs } from './inputs.ts';
import type { GateOutcome } from './summary.ts';

export async function gate(
  inputs: CiGateInputs,
  endpoints: RunnerContext,
  scratch: string,
  reporter: Reporter,
): Promise<GateOutcome> {
  const client = createGitHubClient({ token: inputs.token, baseUrl: endpoints.apiUrl, reporter });
  const statuses = createCommitStatusWriter(client, inputs.repository);
  const setStatus = async (status: StatusText) => {
    if (inputs.dryRun) return;
    await statuses.setStatus({
      sha: inputs.commit,
      ...status,
      context: inputs.statusContext,
      ...(endpoints.runUrl ? { targetUrl: endpoints.runUrl } : {}),
    });
  };
  await setStatus(validatingStatus());
  const controlPlane = await GitWorkspace.create(join(scratch, 'control-plane'), {
    url: `${endpoints.serverUrl}/${inputs.repository}.git`,
    token: inputs.token,
    repository: inputs.repository,
    tokenInput: 'github-token',
  });
  const reader = new ControlPlaneReader({
    controlPlane,
    serverUrl: endpoints.serverUrl,
    workloads: { token: inputs.workloadToken.token, tokenInput: inputs.workloadToken.input },
    scratch: join(scratch, 'sources'),
    reporter,
  });
  const tree = await reader.readCommit(inputs.commit);
  if (!tree)
    throw new Error(
      `Commit ${inputs.commit} is not in '${inputs.repository}'. Check the 'commit' input.`,
    );
  const warnings: Problem[] = [];
  const problems: Problem[] = await reporter.group('Validating main', () =>
    Promise.resolve(validateMain(tree, warnings)),
  );
  const chain = readChain(tree, inputs, problems);
  const broken: string[] = [];
  // A broken main breaks every environment the same way: report it once.
  if (inputs.checkEnvironments && problems.length === 0) {
    for (const environment of chain) {
      const found = await reporter.group(
        `Rendering environment '${environment}' with this main`,
        () => renderWithMain(reader, reporter, environment, inputs.commit, warnings),
      );
      if (found.length > 0) broken.push(environment);
      problems.push(...found);
    }
  }
  const valid = problems.length === 0;
  await setStatus(validationStatus(problems.length));
  const first = chain[0];
  let dispatched = false;
  if (valid && first !== undefined && !inputs.dryRun) {
    await createWorkflowDispatcher(client, inputs.repository).dispatch({
      workflow: inputs.cdWorkflow,
      ref: inputs.cdWorkflowRef,
      inputs: { environment: first, promoted_commit_id: inputs.commit },
    });
    reporter.info(`Dispatched '${inputs.cdWorkflow}' for '${first}' with ${inputs.commit}.`);
    dispatched = true;
  }
  return {
    kind: 'checked',
    problems,
    warnings: uniqueProblems(warnings, problemKey),
    firstEnvironment: first ?? '',
    environments: chain,
    broken,
    dispatched,
  };
}

/** Everything in main parses and validates on its own (templates, registrations, …). */
function validateMain(tree: Map<string, Uint8Array>, warnings: Problem[]): Problem[] {
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
  tree: Map<string, Uint8Array>,
  inputs: CiGateInputs,
  problems: Problem[],
): string[] {
  const bytes = tree.get(inputs.promotionChainFile);
  if (bytes === undefined) {
    if (inputs.firstEnvironment !== '') return [inputs.firstEnvironment];
    problems.push({
      message: `there is no promotion chain: '${inputs.promotionChainFile}' does not exist in main and the 'first-environment' input is empty. Add the file ('environments: [dev, stage, prod]') or set 'first-environment'.`,
    });
    return [];
  }
  try {
    return [
      ...parsePromotionChain(new TextDecoder().decode(bytes), inputs.promotionChainFile)
        .environments,
    ];
  } catch (error) {
    if (!(error instanceof ControlPlaneError)) throw error;
    problems.push(...error.problems);
    return [];
  }
}

async function renderWithMain(
  reader: ControlPlaneReader,
  reporter: Reporter,
  environment: string,
  commit: string,
  warnings: Problem[],
): Promise<Problem[]> {
  const read = await reader.readEnvironment(environment, commit);
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
