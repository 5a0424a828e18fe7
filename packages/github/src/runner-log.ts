// The one way the actions talk to the runner: log lines, annotations, outputs, the job summary and
// the step's result. Everything the actions read (repositories, Resource Graph) is someone else's
// text, so nothing written here can become a workflow command: annotation data and properties are
// escaped by @actions/core, and every other byte the process writes to stdout or stderr passes a
// neutraliser once `guardRunnerLog()` is installed. Only the commands this module issues itself
// reach the runner as commands. See docs/runner-log.md.
import * as core from '@actions/core';
import {
  cutToBytes,
  formatProblem,
  inertText,
  isUserError,
  messageOf,
  redactUrlCredentials,
  utf8Bytes,
  type Problem,
  type Reporter,
} from '@kalypso/core';
import { accessSync, constants, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { CommandNeutraliser, inertLines, oneLine } from './workflow-commands.ts';

let trustedDepth = 0;
let guarded = false;

/** Runs `emit` (a synchronous @actions/core command) with its stdout write let through as a command. */
function command<T>(emit: () => T): T {
  trustedDepth++;
  try {
    return emit();
  } finally {
    trustedDepth--;
  }
}

type Write = typeof process.stdout.write;

/**
 * From now on every write to stdout and stderr is made inert (no line can start with `::` or hold
 * `##[`), except the commands this module issues. Idempotent; the bundles call it first thing
 * through `executeAction`.
 */
export function guardRunnerLog(): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    const neutraliser = new CommandNeutraliser();
    const decoder = new StringDecoder('utf8');
    const original = stream.write.bind(stream) as (
      chunk: string,
      encoding: BufferEncoding,
      callback?: (error?: Error | null) => void,
    ) => boolean;
    const guardedWrite = (
      chunk: string | Uint8Array,
      encoding?: BufferEncoding | ((error?: Error | null) => void),
      callback?: (error?: Error | null) => void,
    ): boolean => {
      const done = typeof encoding === 'function' ? encoding : callback;
      const text =
        typeof chunk === 'string'
          ? typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8'
            ? Buffer.from(chunk, encoding).toString('utf8')
            : chunk
          : decoder.write(Buffer.from(chunk));
      const ours = stream === process.stdout && (trustedDepth > 0 || isLibraryCommand(text));
      return original(ours ? neutraliser.pass(text) : neutraliser.write(text), 'utf8', done);
    };
    stream.write = guardedWrite as Write;
  }
}

/**
 * @actions/core issues some commands itself, outside any section of ours: `getIDToken` masks the
 * OIDC token with `setSecret` and logs with `debug`. Such a write is one command line built by its
 * `issueCommand`, which escapes the data (so it is one line and cannot start another command): let
 * exactly that through, or the OIDC token would be printed instead of masked. Text read from a
 * file reaches the log through `info` or a raw write, never through `issueCommand` unescaped.
 */
function isLibraryCommand(text: string): boolean {
  if (!/^::[\w-]+[^\r\n]*\r?\n$/.test(text)) return false;
  return /\bat (?:\S+\.)?issueCommand\d* \(/.test(new Error().stack ?? '');
}

/** Where a problem or message points: a file and, when known, a line. */
function properties(where: { file: string; line?: number } | undefined): core.AnnotationProperties {
  return where
    ? { file: where.file, ...(where.line === undefined ? {} : { startLine: where.line }) }
    : {};
}

/**
 * The Actions log as the core's Reporter: groups, inert log lines, annotations at a file and line.
 * No line shows a credential of a URL, and no annotation mentions anyone
 * (docs/decisions/inert-output.md).
 */
export function createActionsReporter(): Reporter {
  return {
    debug: (message) => command(() => core.debug(redactUrlCredentials(message))),
    info: (message) => core.info(inertLines(redactUrlCredentials(message))),
    warning: (message, where) => command(() => core.warning(inertText(message), properties(where))),
    error: (message, where) => command(() => core.error(inertText(message), properties(where))),
    group: async (title, work) => {
      command(() => core.startGroup(redactUrlCredentials(title)));
      try {
        return await work();
      } finally {
        command(() => core.endGroup());
      }
    },
  };
}

/** Annotates every problem: a warning when its severity says so, otherwise an error. */
export function reportProblems(problems: readonly Problem[], reporter: Reporter): void {
  for (const problem of problems) {
    const where = problem.file
      ? { file: problem.file, ...(problem.line ? { line: problem.line } : {}) }
      : undefined;
    if (problem.severity === 'warning') reporter.warning(formatProblem(problem), where);
    else reporter.error(formatProblem(problem), where);
  }
}

/** A debug line (shown when the run is re-run with debug logging). */
export function debugLog(message: string): void {
  command(() => core.debug(message));
}

/** Masks a secret in the log from now on. */
export function maskSecret(secret: string): void {
  if (secret) command(() => core.setSecret(secret));
}

/**
 * Sets step outputs. Outputs are one line: `%`, CR and LF are percent-encoded as in command data,
 * so a value read from a repository can neither add lines nor hide another output.
 */
export function setOutputs(values: Readonly<Record<string, string | number | boolean>>): void {
  for (const [name, value] of Object.entries(values))
    core.setOutput(name, oneLine(redactUrlCredentials(String(value))));
}

/**
 * What GitHub accepts in one step's summary: 1 MiB of UTF-8 (the runner refuses a larger file as
 * "supports content up to a size of 1024k"). Bytes, not characters: a summary of 2-byte characters
 * reaches the limit at half the characters.
 */
export const STEP_SUMMARY_LIMIT_BYTES = 1024 * 1024;

/**
 * The markdown a step may still append to a summary file that holds `existingBytes`: all of it,
 * or its start (whole characters) with a note saying it was cut, within STEP_SUMMARY_LIMIT_BYTES.
 * Credentials of URLs are redacted.
 */
export function boundedSummary(markdown: string, existingBytes = 0): string {
  const safe = redactUrlCredentials(markdown);
  const room = STEP_SUMMARY_LIMIT_BYTES - existingBytes;
  if (utf8Bytes(safe) <= room) return safe;
  const note = `\n\n… cut here: the job summary may hold ${STEP_SUMMARY_LIMIT_BYTES} bytes; the run log has the rest.\n`;
  return `${cutToBytes(safe, Math.max(0, room - utf8Bytes(note)))}${note}`;
}

/** Appends markdown to the job summary (the file `GITHUB_STEP_SUMMARY` names), within its limit. */
export async function writeSummary(markdown: string): Promise<void> {
  const file = process.env.GITHUB_STEP_SUMMARY;
  const existing = file
    ? await stat(file).then(
        (s) => s.size,
        () => 0,
      )
    : 0;
  await core.summary.addRaw(boundedSummary(markdown, existing)).write();
}

/** What a failed run reports: the message, and the stack trace for the debug log, if any. */
export interface FailureReport {
  readonly message: string;
  readonly debugStack?: string;
}

/**
 * How a failure is reported. Every mistake the user can fix is a {@link UserError} (inputs, the
 * control plane, GitHub access, Azure sign-in, …) and speaks for itself: its message, no stack.
 * Anything else is a bug or an outage, so its stack goes to the debug log.
 */
export function failureReport(error: unknown): FailureReport {
  const message = messageOf(error);
  if (isUserError(error) || !(error instanceof Error) || !error.stack) return { message };
  return { message, debugStack: error.stack };
}

/**
 * Marks the step failed with an error annotation (escaped like every annotation). `cause`, the
 * error that stopped the run if any, adds its stack to the debug log unless it is a UserError.
 */
export function fail(message: string, cause?: unknown): void {
  const stack = cause === undefined ? undefined : failureReport(cause).debugStack;
  if (stack) debugLog(stack);
  command(() => core.setFailed(inertText(message)));
}

/** The oldest Actions runner that runs node24 actions (every action here is one). */
export const MINIMUM_RUNNER_VERSION = '2.327.1';

/** The file commands every action writes to, and what each holds. */
const FILE_COMMANDS = {
  GITHUB_OUTPUT: 'step outputs',
  GITHUB_STEP_SUMMARY: 'the job summary',
} as const;

/**
 * What the runner failed to provide: each file command the actions write (variable unset, or
 * naming a file that does not exist or cannot be written), said plainly. Empty when all is there.
 */
export function runnerContractProblems(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const problems: string[] = [];
  for (const [variable, holds] of Object.entries(FILE_COMMANDS)) {
    const path = env[variable];
    if (!path) {
      problems.push(
        `The runner did not set ${variable} (the file for ${holds}). Run this action as a step of a GitHub Actions job (runner ${MINIMUM_RUNNER_VERSION} or newer, as node24 actions need), or set ${variable} to a writable file.`,
      );
      continue;
    }
    try {
      if (!statSync(path).isFile()) throw new Error('not a file');
      accessSync(path, constants.W_OK);
    } catch {
      problems.push(
        `${variable} names '${path}', which is not a writable file (it holds ${holds}). The runner creates it before each step; create it, or fix the variable.`,
      );
    }
  }
  return problems;
}

/**
 * Runs an action's work as a step: guards the log, checks the runner contract before anything
 * else (a missing file command fails the step up front, nothing changed), and turns anything
 * `work` throws into a failed step instead of a crash.
 */
export async function executeAction(work: () => Promise<void>): Promise<void> {
  guardRunnerLog();
  const missing = runnerContractProblems(process.env);
  if (missing.length > 0) {
    fail(`This step did not run: ${missing.join(' ')}`);
    return;
  }
  try {
    await work();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}
