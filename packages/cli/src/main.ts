import {
  compareWithTree,
  explainPair,
  formatProblem,
  renderEnvironment,
  redactUrlCredentials,
  type Problem,
  type RenderedEnvironment,
} from '@kalypso/core';
import { printWarnings } from './warnings.ts';
import { diffCommand } from './diff-command.ts';
import { readEnvironmentSources, type EnvironmentArgs } from './environment-input.ts';
import { UsageError } from './fs-source.ts';
import { planOutDir, readTree, startOutPrescan, type OutPrescan } from './gitops-dir.ts';
import { formatPreview, type PreviewFormat } from './preview-output.ts';
import { formatExplanation, formatRenderSummary } from './render-summary.ts';

import {
  commandHelp,
  CommandUsageError,
  closest,
  findCommand,
  mainHelp,
  parseCommand,
  type CommandSpec,
  type ParsedOptions,
} from './commands.ts';
import { validateRepo, type EnvironmentVerdict } from './validate-repo.ts';
import { cliVersion } from './version.ts';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    console.error(mainHelp(cliVersion()));
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    console.log(rest[0] ? commandHelp(findCommand(rest[0])) : mainHelp(cliVersion()));
    return 0;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    console.log(cliVersion());
    return 0;
  }
  const command = findCommand(name);
  const values = parseCommand(command, rest);
  if (values.help) {
    console.log(commandHelp(command));
    return 0;
  }
  if (command.name === 'diff') return diffCommand(rest);
  const json = values.format === 'json';
  if (command.name === 'validate' && (values.repo !== undefined || values['all-environments']))
    return validateClone(command, values, json);
  const args = environmentArgs(command, values);
  if ((command.name === 'render' || command.name === 'plan') && !values.out)
    throw new CommandUsageError(`--out is required for ${command.name}.`, command);
  if (command.name === 'explain' && !values.target)
    throw new CommandUsageError('--target is required for explain.', command);
  if (command.name === 'plan') return planCommand(values, args);
  // Walk and read --out in a worker while the sources are read and rendered.
  const prescan = command.name === 'render' ? startOutPrescan(values.out as string) : undefined;
  try {
    return await renderCommand(command, values, args, json, prescan);
  } finally {
    prescan?.cancel();
  }
}

/**
 * `kalypso plan`: the render compared with the GitOps working tree in --out, in the preview's
 * words (assignments and why, config keys, the unified diff); nothing is written.
 */
async function planCommand(values: ParsedOptions, args: EnvironmentArgs): Promise<number> {
  const format = (values.format ?? 'text') as PreviewFormat;
  const { sources } = await readEnvironmentSources(args);
  const outcome = renderEnvironment(sources);
  printWarnings(outcome.warnings);
  const preview = outcome.ok
    ? compareWithTree(args.environment, await readTree(values.out as string), outcome.rendered)
    : { environment: args.environment, kind: 'problems' as const, problems: outcome.problems };
  console.log(formatPreview('plan', preview, outcome.warnings, format));
  if (preview.kind !== 'problems') return 0;
  for (const p of preview.problems) console.error(formatProblem(p).replaceAll('\n', '\n    '));
  console.error(
    `${preview.problems.length} problem${preview.problems.length === 1 ? '' : 's'} found; nothing was compared.`,
  );
  return 1;
}

async function renderCommand(
  command: CommandSpec,
  values: ParsedOptions,
  args: EnvironmentArgs,
  json: boolean,
  prescan: OutPrescan | undefined,
): Promise<number> {
  const { sources } = await readEnvironmentSources(args);
  const outcome = renderEnvironment(sources);
  printWarnings(outcome.warnings);
  if (!outcome.ok) {
    if (command.name === 'validate' && json)
      return printVerdicts([verdictOf(args.environment, outcome.problems)], true);
    return reportProblems(outcome.problems, json);
  }
  const { rendered } = outcome;
  switch (command.name) {
    case 'validate': {
      const verdict: EnvironmentVerdict = {
        environment: args.environment,
        valid: true,
        assignments: rendered.assignments.length,
        clusterTypes: rendered.view.clusterTypes.length,
        problems: [],
      };
      return printVerdicts([verdict], json);
    }
    case 'explain':
      return explain(
        rendered,
        values.target as string,
        values['cluster-type'] as string | undefined,
        json,
      );
    default:
      return renderInto(
        values.out as string,
        rendered,
        args.environment,
        values.verbose === true,
        prescan,
      );
  }
}

/** `validate --repo <clone> --all-environments`: main and every environment branch, from git. */
async function validateClone(
  command: CommandSpec,
  values: ParsedOptions,
  json: boolean,
): Promise<number> {
  if (values.repo === undefined || !values['all-environments'])
    throw new CommandUsageError('--repo and --all-environments go together.', command);
  for (const single of ['environment', 'base', 'control-plane'] as const) {
    if (values[single] !== undefined)
      throw new CommandUsageError(
        `--${single} cannot be combined with --repo (every environment is read from the clone).`,
        command,
      );
  }
  const verdict = await validateRepo(values.repo as string, workloadDirs(command, values));
  if (json) {
    console.log(
      JSON.stringify(
        {
          valid: verdict.environments.every((e) => e.valid),
          main: verdict.main,
          environmentsFrom: verdict.from,
          environments: verdict.environments,
        },
        null,
        2,
      ),
    );
  } else {
    console.log(`main ${verdict.main.slice(0, 12)}; environments from ${verdict.from}.`);
  }
  return json ? exitOf(verdict.environments) : printVerdicts(verdict.environments, false);
}

function verdictOf(environment: string, problems: readonly Problem[]): EnvironmentVerdict {
  return { environment, valid: false, assignments: 0, clusterTypes: 0, problems };
}

function exitOf(verdicts: readonly EnvironmentVerdict[]): number {
  return verdicts.every((v) => v.valid) ? 0 : 1;
}

function printVerdicts(verdicts: readonly EnvironmentVerdict[], json: boolean): number {
  if (json && verdicts.length === 1 && verdicts[0]!.commit === undefined) {
    console.log(JSON.stringify({ valid: verdicts[0]!.valid, environments: verdicts }, null, 2));
    return exitOf(verdicts);
  }
  for (const v of verdicts) {
    if (v.valid) {
      console.log(
        `Environment '${v.environment}' is valid: ${v.assignments} assignments on ${v.clusterTypes} cluster types.`,
      );
    } else {
      console.error(`Environment '${v.environment}':`);
      for (const problem of v.problems)
        console.error(`  ${formatProblem(problem).replaceAll('\n', '\n      ')}`);
    }
  }
  const failed = verdicts.filter((v) => !v.valid);
  if (failed.length > 0)
    console.error(
      `${failed.length} of ${verdicts.length} environment${verdicts.length === 1 ? '' : 's'} have problems; nothing was written.`,
    );
  return exitOf(verdicts);
}

async function renderInto(
  out: string,
  rendered: RenderedEnvironment,
  environment: string,
  verbose: boolean,
  prescan?: OutPrescan,
): Promise<number> {
  const { plan, apply } = await planOutDir(out, rendered.files, rendered.gitopsPath, prescan);
  await apply();
  console.log(formatRenderSummary(environment, rendered, plan, verbose));
  return 0;
}

function explain(
  rendered: RenderedEnvironment,
  targetName: string,
  clusterTypeName: string | undefined,
  json: boolean,
): number {
  const target = rendered.targets.find((t) => t.name === targetName);
  if (!target) {
    const known = rendered.targets.map((t) => t.name);
    const guess = closest(targetName, known);
    throw new UsageError(
      `no deployment target '${targetName}' in this environment (known: ${known.join(', ') || 'none'}).${guess ? ` Did you mean '${guess}'?` : ''}`,
    );
  }
  const types = rendered.view.clusterTypes.filter(
    (c) => clusterTypeName === undefined || c.name === clusterTypeName,
  );
  if (types.length === 0) {
    const known = rendered.view.clusterTypes.map((c) => c.name);
    const guess = closest(clusterTypeName ?? '', known);
    throw new UsageError(
      `no cluster type '${clusterTypeName ?? ''}' in this environment (known: ${known.join(', ') || 'none'}).${guess ? ` Did you mean '${guess}'?` : ''}`,
    );
  }
  const explanations = types.map((clusterType) => explainPair(rendered.view, target, clusterType));
  if (json) console.log(JSON.stringify({ target: targetName, explanations }, null, 2));
  else for (const explanation of explanations) console.log(formatExplanation(explanation));
  return 0;
}

/** The --workload values as registration name → folder or file. */
function workloadDirs(command: CommandSpec, values: ParsedOptions): Map<string, string> {
  const workloads = new Map<string, string>();
  for (const spec of (values.workload as string[] | undefined) ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1)
      throw new CommandUsageError(
        `--workload '${spec}' must be <registration-name>=<dir-or-file>.`,
        command,
      );
    workloads.set(spec.slice(0, eq), spec.slice(eq + 1));
  }
  return workloads;
}

function environmentArgs(command: CommandSpec, values: ParsedOptions): EnvironmentArgs {
  for (const required of ['environment', 'base', 'control-plane'] as const) {
    if (!values[required]) throw new CommandUsageError(`--${required} is required.`, command);
  }
  return {
    environment: values.environment as string,
    base: values.base as string,
    controlPlane: values['control-plane'] as string,
    workloads: workloadDirs(command, values),
    allowLocalWorkloads: values['allow-local-workloads'] === true,
  };
}

function reportProblems(problems: readonly Problem[], json: boolean): number {
  if (json) {
    console.log(JSON.stringify({ valid: false, problems }, null, 2));
    return 1;
  }
  for (const problem of problems) console.error(formatProblem(problem).replaceAll('\n', '\n    '));
  console.error(
    `${problems.length} problem${problems.length === 1 ? '' : 's'} found; nothing was written.`,
  );
  return 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    // The command's own help after a mistake in calling it; a pointer to --help otherwise.
    const help =
      error instanceof CommandUsageError && error.command
        ? `\n\n${commandHelp(error.command)}`
        : `\n\nUsage: kalypso <command> [options]; 'kalypso --help' lists the commands.`;
    console.error(`kalypso: ${redactUrlCredentials(error.message)}${help}`);
    process.exitCode = 2;
  } else {
    console.error(
      `kalypso: ${redactUrlCredentials(error instanceof Error ? error.message : String(error))}`,
    );
    if (process.env.KALYPSO_DEBUG && error instanceof Error) console.error(error.stack);
    process.exitCode = 1;
  }
}
