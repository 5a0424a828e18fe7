import { parseArgs } from 'node:util';
import { didYouMean as closestName } from '@kalypso/core';
import { COMMANDS, type CommandSpec } from './command-specs.ts';
import { UsageError } from './fs-source.ts';

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

/** The candidate `given` was probably meant to be (core's did-you-mean), if any. */
export function closest(given: string, candidates: readonly string[]): string | undefined {
  return closestName(given, candidates);
}
