import { parseArgs } from 'node:util';
import { UsageError } from './fs-source.ts';

/** One option of a command, as `node:util` parseArgs takes it plus what --help says about it. */
interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  readonly value?: string;
  readonly help: string;
}

export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
}

const environmentOptions: Record<string, OptionSpec> = {
  environment: { type: 'string', value: '<name>', help: 'the environment (= branch) to render' },
  base: { type: 'string', value: '<dir>', help: 'control-plane main at the promoted commit' },
  'control-plane': {
    type: 'string',
    value: '<dir>',
    help: "the environment's branch of the control plane",
  },
  workload: {
    type: 'string',
    multiple: true,
    value: '<registration>=<dir-or-file>',
    help: "where a WorkloadRegistration's Workload files are (otherwise read from its repository with git)",
  },
  'allow-local-workloads': {
    type: 'boolean',
    help: 'also fetch WorkloadRegistrations whose repo is a local path or file:// URL (offline use; otherwise https:// only)',
  },
};
const formatOption: OptionSpec = {
  type: 'string',
  value: 'text|json',
  help: 'json: one JSON document on stdout (problems included) for scripts',
};
/** plan and diff: the preview of a pull request, in three forms. */
const previewFormatOption: OptionSpec = {
  type: 'string',
  value: 'text|markdown|json',
  help: 'text (default): assignments, reasons, config keys and the unified diff; markdown: the sections of the preview comment; json: the structured comparison for scripts',
};
const helpOption: OptionSpec = { type: 'boolean', short: 'h', help: 'show this help' };

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'render',
    summary: 'render an environment into a GitOps working tree',
    usage:
      'kalypso render --environment <name> --base <dir> --control-plane <dir> [--workload <registration>=<dir-or-file>]... --out <dir>',
    options: {
      ...environmentOptions,
      out: {
        type: 'string',
        value: '<dir>',
        help: "a working tree of the GitOps repository's environment branch, updated in place (files outside the scheduler's folders are kept)",
      },
      verbose: {
        type: 'boolean',
        help: 'list every scheduled target in the summary (long lists are folded)',
      },
      help: helpOption,
    },
  },
  {
    name: 'validate',
    summary: 'check that an environment (or every environment of a clone) renders',
    usage: [
      'kalypso validate --environment <name> --base <dir> --control-plane <dir> [--workload ...] [--format json]',
      'kalypso validate --repo <control-plane clone> --all-environments [--workload ...] [--format json]',
    ].join('\n       '),
    options: {
      ...environmentOptions,
      repo: {
        type: 'string',
        value: '<dir>',
        help: 'a clone of the control-plane repository: read main and the environment branches from git, without checking them out',
      },
      'all-environments': {
        type: 'boolean',
        help: "with --repo: every environment of main's .github/promotion-chain.yaml (else every branch holding a gitops-repo.yaml)",
      },
      format: formatOption,
      help: helpOption,
    },
  },
  {
    name: 'plan',
    summary:
      'print what render would change in a GitOps working tree (the preview of a pull request), writing nothing',
    usage:
      'kalypso plan --environment <name> --base <dir> --control-plane <dir> [--workload ...] --out <dir> [--format text|markdown|json]',
    options: {
      ...environmentOptions,
      out: { type: 'string', value: '<dir>', help: 'the GitOps working tree to compare with' },
      format: previewFormatOption,
      help: helpOption,
    },
  },
  {
    name: 'explain',
    summary: 'say, policy by policy, why a deployment target is (not) scheduled on cluster types',
    usage:
      'kalypso explain --environment <name> --base <dir> --control-plane <dir> [--workload ...] --target <deployment target> [--cluster-type <name>] [--format json]',
    options: {
      ...environmentOptions,
      target: { type: 'string', value: '<name>', help: 'the deployment target to explain' },
      'cluster-type': {
        type: 'string',
        value: '<name>',
        help: 'only this cluster type (default: every cluster type)',
      },
      format: formatOption,
      help: helpOption,
    },
  },
  {
    name: 'diff',
    summary: 'compare the render of an environment with its live GitOps branch (read-only)',
    usage:
      'kalypso diff --environment <name> --base <dir> --control-plane <dir> [--workload ...] --gitops <url-or-path> --branch <branch> [--format text|markdown|json]',
    options: {
      ...environmentOptions,
      gitops: {
        type: 'string',
        value: '<url-or-path>',
        help: 'the GitOps repository, cloned shallow and read-only',
      },
      branch: {
        type: 'string',
        value: '<branch>',
        help: "the GitOps repository's environment branch",
      },
      format: previewFormatOption,
      help: helpOption,
    },
  },
];

export const EXIT_CODES = `Exit status:
  0  success
  1  problems in the control plane (each printed as file:line: Kind 'name': message; nothing written),
     or a repository that cannot be read
  2  usage error: unknown command or option, missing or invalid argument`;

export function mainHelp(version: string): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `kalypso ${version}: render, validate, plan and explain a Kalypso control plane.`,
    '',
    'Usage: kalypso <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '  -h, --help     show help (kalypso <command> --help for one command)',
    '  -V, --version  print the version',
    '',
    EXIT_CODES,
  ].join('\n');
}

export function commandHelp(command: CommandSpec): string {
  const options = Object.entries(command.options).flatMap(([name, o]) => [
    `  ${o.short ? `-${o.short}, ` : ''}--${name}${o.value ? ` ${o.value}` : ''}${o.multiple ? '  (repeatable)' : ''}`,
    `      ${o.help}`,
  ]);
  return [
    `kalypso ${command.name}: ${command.summary}.`,
    '',
    `Usage: ${command.usage}`,
    '',
    'Options:',
    ...options,
    '',
    EXIT_CODES,
  ].join('\n');
}

/** A usage error that also knows which help to print with it. */
export class CommandUsageError extends UsageError {
  readonly command: CommandSpec | undefined;
  constructor(message: string, command?: CommandSpec) {
    super(message);
    this.command = command;
  }
}

export function findCommand(name: string): CommandSpec {
  const command = COMMANDS.find((c) => c.name === name);
  if (command) return command;
  throw new UsageError(
    `unknown command '${name}'.${didYouMean(
      name,
      COMMANDS.map((c) => c.name),
      (n) => `'${n}'`,
    )}`,
  );
}

export type ParsedOptions = Record<string, string | boolean | string[] | undefined>;

/**
 * Parses a command's arguments strictly; an unknown option is reported with the closest known
 * one ("Unknown option '--enviroment'. Did you mean '--environment'?").
 */
export function parseCommand(command: CommandSpec, args: readonly string[]): ParsedOptions {
  const known = Object.keys(command.options);
  const { tokens } = parseArgs({
    args: [...args],
    options: command.options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === 'positional')
      throw new CommandUsageError(`unexpected argument '${token.value}'.`, command);
    if (token.kind === 'option' && !known.includes(token.name)) {
      throw new CommandUsageError(
        `Unknown option '${token.rawName}' for ${command.name}.${didYouMean(token.name, known, (n) => `'--${n}'`)}`,
        command,
      );
    }
  }
  try {
    const { values } = parseArgs({ args: [...args], options: command.options, strict: true });
    const formats =
      command.name === 'diff' || command.name === 'plan'
        ? ['text', 'markdown', 'json']
        : ['text', 'json'];
    if (values.format !== undefined && !formats.includes(String(values.format)))
      throw new CommandUsageError(
        `--format must be ${formats.map((f) => `'${f}'`).join(' or ')}, not '${String(values.format)}'.`,
        command,
      );
    return values as ParsedOptions;
  } catch (error) {
    if (error instanceof TypeError && 'code' in error)
      throw new CommandUsageError(error.message, command);
    throw error;
  }
}

/** ` Did you mean 'x'?` for the closest candidate within a few edits, else ''. */
export function didYouMean(
  given: string,
  candidates: readonly string[],
  quote: (name: string) => string = (n) => `'${n}'`,
): string {
  const best = closest(given, candidates);
  return best === undefined ? '' : ` Did you mean ${quote(best)}?`;
}

/** The candidate with the smallest edit distance, if it is close enough to be a typo. */
export function closest(given: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(given.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance || (distance === bestDistance && candidate < (best ?? ''))) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(2, Math.floor(given.length / 3));
  const prefix = best !== undefined && given.length >= 3 && best.startsWith(given);
  return best !== undefined && (bestDistance <= limit || prefix) ? best : undefined;
}

/** Damerau–Levenshtein distance (optimal string alignment): a swap of two letters is one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}
