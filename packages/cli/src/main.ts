import { parseArgs } from 'node:util';
import {
  explainPair,
  formatProblem,
  planMarkdown,
  renderEnvironment,
  type Problem,
  type RenderedEnvironment,
} from '@kalypso/core';
import { readEnvironmentSources, type EnvironmentArgs } from './environment-input.ts';
import { UsageError } from './fs-source.ts';
import { planOutDir } from './gitops-dir.ts';
import { formatExplanation, formatRenderSummary } from './render-summary.ts';

const USAGE = `Usage:
  kalypso render   --environment <name> --base <dir> --control-plane <dir> [--workload <registration>=<dir-or-file>]... --out <dir>
  kalypso validate --environment <name> --base <dir> --control-plane <dir> [--workload <registration>=<dir-or-file>]...
  kalypso plan     --environment <name> --base <dir> --control-plane <dir> [--workload ...] --out <dir>
  kalypso explain  --environment <name> --base <dir> --control-plane <dir> [--workload ...] --target <deployment target> [--cluster-type <name>]

  --base           control-plane main at the promoted commit
  --control-plane  the environment branch
  --workload       where a WorkloadRegistration's Workload files are (otherwise fetched with git)
  --out            a GitOps working tree: render updates it in place (files outside the
                   scheduler's folders are kept); plan only prints what render would change
  --target         explain: why this deployment target is (not) scheduled on each cluster type
  --verbose        render: list every scheduled target in the summary (long lists are folded)
  --allow-local-workloads
                   read WorkloadRegistrations whose repo is a local path or file:// URL
                   (offline use; otherwise only https:// repositories are fetched)

Exit status: 0 success, 1 control-plane errors (printed as file:line: message), 2 usage errors.`;

const COMMANDS = new Set(['render', 'validate', 'plan', 'explain']);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (!COMMANDS.has(command)) throw new UsageError(`unknown command '${command}'.`);
  const { values } = parseArgs({
    args: rest,
    options: {
      environment: { type: 'string' },
      base: { type: 'string' },
      'control-plane': { type: 'string' },
      workload: { type: 'string', multiple: true },
      out: { type: 'string' },
      target: { type: 'string' },
      'cluster-type': { type: 'string' },
      verbose: { type: 'boolean' },
      'allow-local-workloads': { type: 'boolean' },
    },
    strict: true,
  });
  const args = environmentArgs(values);
  if ((command === 'render' || command === 'plan') && !values.out)
    throw new UsageError(`--out is required for ${command}.`);
  if (command === 'explain' && !values.target)
    throw new UsageError('--target is required for explain.');
  const { sources } = await readEnvironmentSources(args);
  const outcome = renderEnvironment(sources);
  if (!outcome.ok) return reportProblems(outcome.problems);
  const { rendered } = outcome;
  switch (command) {
    case 'validate':
      console.log(
        `Environment '${args.environment}' is valid: ${rendered.assignments.length} assignments on ${rendered.view.clusterTypes.length} cluster types.`,
      );
      return 0;
    case 'explain':
      return explain(rendered, values.target!, values['cluster-type']);
    default:
      return renderInto(
        values.out!,
        rendered,
        args.environment,
        command === 'render',
        values.verbose ?? false,
      );
  }
}

async function renderInto(
  out: string,
  rendered: RenderedEnvironment,
  environment: string,
  write: boolean,
  verbose: boolean,
): Promise<number> {
  const { plan, apply } = await planOutDir(out, rendered.files, rendered.gitopsPath);
  if (write) {
    await apply();
    console.log(formatRenderSummary(environment, rendered, plan, verbose));
  } else {
    console.log(planMarkdown(plan) || 'No changes.');
  }
  return 0;
}

function explain(
  rendered: RenderedEnvironment,
  targetName: string,
  clusterTypeName: string | undefined,
): number {
  const target = rendered.targets.find((t) => t.name === targetName);
  if (!target) {
    throw new UsageError(
      `no deployment target '${targetName}' in this environment (known: ${rendered.targets.map((t) => t.name).join(', ') || 'none'}).`,
    );
  }
  const types = rendered.view.clusterTypes.filter(
    (c) => clusterTypeName === undefined || c.name === clusterTypeName,
  );
  if (types.length === 0)
    throw new UsageError(`no cluster type '${clusterTypeName ?? ''}' in this environment.`);
  for (const clusterType of types)
    console.log(formatExplanation(explainPair(rendered.view, target, clusterType)));
  return 0;
}

function environmentArgs(values: {
  environment?: string;
  base?: string;
  'control-plane'?: string;
  workload?: string[];
  'allow-local-workloads'?: boolean;
}): EnvironmentArgs {
  for (const required of ['environment', 'base', 'control-plane'] as const) {
    if (!values[required]) throw new UsageError(`--${required} is required.`);
  }
  const workloads = new Map<string, string>();
  for (const spec of values.workload ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1)
      throw new UsageError(`--workload '${spec}' must be <registration-name>=<dir-or-file>.`);
    workloads.set(spec.slice(0, eq), spec.slice(eq + 1));
  }
  return {
    environment: values.environment!,
    base: values.base!,
    controlPlane: values['control-plane']!,
    workloads,
    allowLocalWorkloads: values['allow-local-workloads'] ?? false,
  };
}

function reportProblems(problems: readonly Problem[]): number {
  for (const problem of problems) console.error(formatProblem(problem).replaceAll('\n', '\n    '));
  console.error(
    `${problems.length} problem${problems.length === 1 ? '' : 's'} found; nothing was written.`,
  );
  return 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (
    error instanceof UsageError ||
    (error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    console.error(`kalypso: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(`kalypso: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.KALYPSO_DEBUG && error instanceof Error) console.error(error.stack);
    process.exitCode = 1;
  }
}
