// `--out` names an existing GitOps working tree. A folder that does not exist is most often a
// typo, which `render` would otherwise fill as a new tree: it needs `--create`, or a yes on a
// terminal. See docs/decisions/cli-terminal-output.md.
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { UsageError } from './fs-source.ts';
import { printable, type Environment } from './terminal.ts';

/** What to do about an --out that does not exist. */
export type MissingOut = 'create' | 'ask' | 'refuse';

/**
 * `create` with `--create`; `ask` when a person can answer (stdin and stderr are terminals and
 * `CI` is not set); `refuse` otherwise.
 */
export function missingOut(options: {
  readonly create: boolean;
  readonly stdinIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly env: Environment;
}): MissingOut {
  if (options.create) return 'create';
  const ci = options.env.CI;
  const inCi = ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
  return options.stdinIsTTY && options.stderrIsTTY && !inCi ? 'ask' : 'refuse';
}

/** Asks a yes/no question on stderr and reads the answer from stdin (default: no). */
export async function askOnTerminal(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await terminal.question(`${question} [y/N] `);
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    terminal.close();
  }
}

/**
 * Checks `--out` before anything is read: an existing folder goes on; something else is a usage
 * error; a missing one is created by render with `--create` (or a yes on a terminal) and is an
 * error for plan, which compares with what is there.
 */
export async function checkOut(
  out: string,
  command: 'render' | 'plan',
  options: {
    /** What to do when it is missing (see missingOut). */
    readonly action: MissingOut;
    readonly ask?: (question: string) => Promise<boolean>;
  },
): Promise<void> {
  const shown = printable(out);
  const info = await stat(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  if (info) {
    if (!info.isDirectory()) throw new UsageError(`--out '${shown}' is not a folder.`);
    return;
  }
  if (command === 'plan')
    throw new UsageError(
      `--out '${shown}' does not exist: plan compares the render with a GitOps working tree. Check the path (to see every file as added, point --out at an empty folder).`,
    );
  const { action } = options;
  if (action === 'create') return;
  const ask = options.ask ?? askOnTerminal;
  if (action === 'ask' && (await ask(`--out '${shown}' does not exist. Create it?`))) return;
  throw new UsageError(
    `--out '${shown}' does not exist; nothing was written. Check the path, or pass --create to render into a new folder.`,
  );
}
