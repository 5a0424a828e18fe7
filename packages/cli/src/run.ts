// The `kalypso` commands with the engine: main.ts loads this module only when a command runs, so
// that --help and --version answer without it.
import {
  ControlPlaneError,
  explainPair,
  redactUrlCredentials,
  type Problem,
  type RenderedEnvironment,
} from '@kalypso/core';
import { compareWithTree } from '@kalypso/core/render';
import { commandHelp, mainHelp } from './command-specs.ts';
import {
  CommandUsageError,
  closest,
  findCommand,
  parseCommand,
  type ParsedOptions,
} from './commands.ts';
import { diffCommand } from './diff-command.ts';
import { readAndRender, type EnvironmentArgs } from './environment-input.ts';
import { formatExplanations } from './explain-summary.ts';
import { lockCommand } from './lock-command.ts';
import { UsageError } from './fs-source.ts';
import { planOutDir, readTree, startOutPrescan, type OutPrescan } from './gitops-dir.ts';
import { checkOut, missingOut } from './out-dir-check.ts';
import { formatPreview, type PreviewFormat } from './preview-output.ts';
import { formatProblems, problemCount } from './problem-groups.ts';
import { formatRenderSummary } from './render-summary.ts';
import { statusCommand } from './status-command.ts';
import { processTerminal, type Terminal } from './terminal.ts';
import { validateRepo, type EnvironmentVerdict } from './validate-repo.ts';
import { cliVersion } from './version.ts';
import { printWarnings } from './warnings.ts';

/** Runs one `kalypso` invocation; returns the exit status. Errors are printed here. */
export async function run(argv: string[]): Promise<number> {
  const terminal = processTerminal({
    noColor: argv.includes('--no-color'),
    quiet: argv.includes('--quiet') || argv.includes('-q'),
  });
  try {
    return await main(argv, terminal);
  } catch (error) {
    terminal.progress.clear();
    return reportError(error, terminal, jsonRequested(argv));
  }
}

/** `--format json` (or `--format=json`) among the arguments, before they are parsed. */
function jsonRequested(argv: readonly string[]): boolean {
  return argv.some((a, i) => a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'));
}

async function main(argv: string[], terminal: Terminal): Promise<number> {
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
  const json = values.format === 'json';
  if (command.name === 'status') return statusCommand(values, terminal);
  if (command.name === 'lock' || command.name === 'unlock')
    return lockCommand(command.name, values, terminal);
  if (command.name === 'validate' && (values.repo !== undefined || values['all-environments']))
    return validateClone(values, json, terminal);
  const args = environmentArgs(command.name, values);
  if (command.name === 'diff') return diffCommand(values, args, terminal);
  if ((command.name === 'render' || command.name === 'plan') && !values.out)
    throw new CommandUsageError(`--out is required for ${command.name}.`, command);
  if (command.name === 'explain' && !values.target)
    throw new CommandUsageError('--target is required for explain.', command);
  if (command.name === 'render' || command.name === 'plan') {
    const create = values.create === true;
    await checkOut(values.out as string, command.name, {
      action: missingOut({
        create,
        stdinIsTTY: process.stdin.isTTY === true,
        stderrIsTTY: process.stderr.isTTY === true,
        env: process.env,
      }),
    });
  }
  if (command.name === 'plan') return planCommand(values, args, terminal);
  // Walk and read --out in a worker while the sources are read and rendered.
  const prescan = command.name === 'render' ? startOutPrescan(values.out as string) : undefined;
  try {
    return await renderCommand(command.name, values, args, json, terminal, prescan);
  } finally {
    prescan?.cancel();
  }
}

/**
 * `kalypso plan`: the render compared with the GitOps working tree in --out, in the preview's
 * words (assignments and why, config keys, the unified diff); nothing is written.
 */
async function planCommand(
  values: ParsedOptions,
  args: EnvironmentArgs,
  terminal: Terminal,
): Promise<number> {
  const format = (values.format ?? 'text') as PreviewFormat;
  const outcome = await readAndRender(args, terminal);
  printWarnings(outcome.warnings, terminal);
  const preview = outcome.ok
    ? compareWithTree(args.environment, await readTree(values.out as string), outcome.rendered)
    : { environment: args.environment, kind: 'problems' as const, problems: outcome.problems };
  console.log(formatPreview('plan', preview, outcome.warnings, format, terminal.out));
  if (preview.kind !== 'problems') return 0;
  printProblems(preview.problems, 'nothing was compared', terminal);
  return 1;
}

async function renderCommand(
  name: string,
  values: ParsedOptions,
  args: EnvironmentArgs,
  json: boolean,
  terminal: Terminal,
  prescan: OutPrescan | undefined,
): Promise<number> {
  const outcome = await readAndRender(args, terminal);
  printWarnings(outcome.warnings, terminal);
  if (!outcome.ok) {
    if (name === 'validate' && json)
      return printVerdicts(
        [verdictOf(args.environment, outcome.problems, outcome.warnings)],
        true,
        terminal,
      );
    return reportProblems(outcome.problems, outcome.warnings, json, terminal);
  }
  const { rendered } = outcome;
  switch (name) {
    case 'validate': {
      const verdict: EnvironmentVerdict = {
        environment: args.environment,
        valid: true,
        assignments: rendered.assignments.length,
        clusterTypes: rendered.view.clusterTypes.length,
        problems: [],
        warnings: outcome.warnings,
      };
      return printVerdicts([verdict], json, terminal);
    }
    case 'explain':
      return explain(rendered, values, outcome.warnings, json, terminal);
    default:
      return renderInto(values, rendered, args.environment, terminal, prescan);
  }
}

/** `validate --repo <clone> --all-environments`: main and every environment branch, from git. */
async function validateClone(
  values: ParsedOptions,
  json: boolean,
  terminal: Terminal,
): Promise<number> {
  const command = findCommand('validate');
  if (values.repo === undefined || !values['all-environments'])
    throw new CommandUsageError('--repo and --all-environments go together.', command);
  for (const single of ['environment', 'base', 'control-plane'] as const) {
    if (values[single] !== undefined)
      throw new CommandUsageError(
        `--${single} cannot be combined with --repo (every environment is read from the clone).`,
        command,
      );
  }
  const verdict = await validateRepo(values.repo as string, workloadDirs('validate', values), {
    progress: terminal.progress,
    warnings: (warnings, environment) => printWarnings(warnings, terminal, environment),
  });
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
  return json ? exitOf(verdict.environments) : printVerdicts(verdict.environments, false, terminal);
}

function verdictOf(
  environment: string,
  problems: readonly Problem[],
  warnings: readonly Problem[],
): EnvironmentVerdict {
  return { environment, valid: false, assignments: 0, clusterTypes: 0, problems, warnings };
}

function exitOf(verdicts: readonly EnvironmentVerdict[]): number {
  return verdicts.every((v) => v.valid) ? 0 : 1;
}

function printVerdicts(
  verdicts: readonly EnvironmentVerdict[],
  json: boolean,
  terminal: Terminal,
): number {
  if (json && verdicts.length === 1 && verdicts[0]!.commit === undefined) {
    console.log(JSON.stringify({ valid: verdicts[0]!.valid, environments: verdicts }, null, 2));
    return exitOf(verdicts);
  }
  const { out, err } = terminal;
  for (const v of verdicts) {
    if (v.valid) {
      console.log(
        `Environment '${v.environment}' ${out.green('is valid')}: ${v.assignments} assignments on ${v.clusterTypes} cluster types.`,
      );
    } else {
      console.error(err.bold(`Environment '${v.environment}':`));
      for (const text of formatProblems(v.problems, { paint: err }))
        console.error(`  ${text.replaceAll('\n', '\n  ')}`);
    }
  }
  const failed = verdicts.filter((v) => !v.valid);
  if (failed.length > 0)
    console.error(
      err.red(
        `${failed.length} of ${verdicts.length} environment${verdicts.length === 1 ? '' : 's'} have problems; nothing was written.`,
      ),
    );
  return exitOf(verdicts);
}

async function renderInto(
  values: ParsedOptions,
  rendered: RenderedEnvironment,
  environment: string,
  terminal: Terminal,
  prescan?: OutPrescan,
): Promise<number> {
  const out = values.out as string;
  const { progress } = terminal;
  progress.update(`Comparing ${rendered.files.size} files with ${out}…`);
  const { plan, apply } = await planOutDir(out, rendered.files, rendered.gitopsPath, prescan);
  const writes = plan.added.length + plan.changed.length + plan.removed.length;
  if (writes > 0) progress.update(`Writing ${writes} files to ${out}…`);
  await apply();
  progress.clear();
  console.log(formatRenderSummary(environment, rendered, plan, values.verbose === true));
  return 0;
}

function explain(
  rendered: RenderedEnvironment,
  values: ParsedOptions,
  warnings: readonly Problem[],
  json: boolean,
  terminal: Terminal,
): number {
  const targetName = values.target as string;
  const clusterTypeName = values['cluster-type'] as string | undefined;
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
  if (json) console.log(JSON.stringify({ target: targetName, explanations, warnings }, null, 2));
  else console.log(formatExplanations(targetName, explanations, terminal.out));
  return 0;
}

/** The --workload values as registration name → folder or file. */
function workloadDirs(commandName: string, values: ParsedOptions): Map<string, string> {
  const workloads = new Map<string, string>();
  for (const spec of (values.workload as string[] | undefined) ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1)
      throw new CommandUsageError(
        `--workload '${spec}' must be <registration-name>=<dir-or-file>.`,
        findCommand(commandName),
      );
    workloads.set(spec.slice(0, eq), spec.slice(eq + 1));
  }
  return workloads;
}

function environmentArgs(commandName: string, values: ParsedOptions): EnvironmentArgs {
  for (const required of ['environment', 'base', 'control-plane'] as const) {
    if (!values[required])
      throw new CommandUsageError(`--${required} is required.`, findCommand(commandName));
  }
  return {
    environment: values.environment as string,
    base: values.base as string,
    controlPlane: values['control-plane'] as string,
    workloads: workloadDirs(commandName, values),
    allowLocalWorkloads: values['allow-local-workloads'] === true,
  };
}

/** Problems on stderr, alike ones folded, then the count and what did not happen. */
export function printProblems(
  problems: readonly Problem[],
  consequence: string,
  terminal: Terminal,
): void {
  for (const text of formatProblems(problems, { paint: terminal.err })) console.error(text);
  console.error(terminal.err.red(`${problemCount(problems)}; ${consequence}.`));
}

function reportProblems(
  problems: readonly Problem[],
  warnings: readonly Problem[],
  json: boolean,
  terminal: Terminal,
): number {
  if (json) {
    console.log(JSON.stringify({ valid: false, problems, warnings }, null, 2));
    return 1;
  }
  printProblems(problems, 'nothing was written', terminal);
  return 1;
}

/** Exit status and message for an error that ended the command. */
function reportError(error: unknown, terminal: Terminal, json: boolean): number {
  const { err } = terminal;
  const prefix = err.red('kalypso:');
  if (error instanceof UsageError) {
    // The command's own help after a mistake in calling it; a pointer to --help otherwise.
    const help =
      error instanceof CommandUsageError && error.command
        ? `\n\n${commandHelp(error.command)}`
        : `\n\nUsage: kalypso <command> [options]; 'kalypso --help' lists the commands.`;
    console.error(`${prefix} ${redactUrlCredentials(error.message)}${help}`);
    return 2;
  }
  if (error instanceof ControlPlaneError) {
    // Problems found while reading (unreachable workload repositories, a broken chain).
    if (json) console.log(JSON.stringify({ valid: false, problems: error.problems }, null, 2));
    else printProblems(error.problems, 'nothing was written', terminal);
    return 1;
  }
  console.error(
    `${prefix} ${redactUrlCredentials(error instanceof Error ? error.message : String(error))}`,
  );
  if (process.env.KALYPSO_DEBUG && error instanceof Error) console.error(error.stack);
  return 1;
}
