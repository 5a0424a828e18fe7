// What the CLI shows on a terminal and nowhere else: colours and progress. Both are decided by
// pure functions of the stream and the environment, so that the rules are tested without a
// terminal. See docs/decisions/cli-terminal-output.md.
import picocolors from 'picocolors';

/** The environment variables the decisions read. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The colours the CLI uses; without colour each one returns its text unchanged. */
export interface Paint {
  readonly enabled: boolean;
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
}

/**
 * Whether output to a stream is coloured, with Node's own precedence: `--no-color` first, then
 * `FORCE_COLOR` (anything but `0` or `false` colours, even a pipe), then `NO_COLOR` and
 * `NODE_DISABLE_COLORS` (any non-empty value turns colour off), then: a terminal that is not
 * `TERM=dumb`. See https://no-color.org and https://force-color.org.
 */
export function colorEnabled(options: {
  readonly isTTY: boolean;
  readonly env: Environment;
  readonly noColorFlag?: boolean;
}): boolean {
  const { env } = options;
  if (options.noColorFlag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR || env.NODE_DISABLE_COLORS) return false;
  return options.isTTY && env.TERM !== 'dumb';
}

/**
 * Whether progress messages go to stderr: only on a terminal, never in CI (`CI` set to anything
 * but `false` or `0`, as CI services set it) and never with `--quiet`.
 */
export function progressEnabled(options: {
  readonly isTTY: boolean;
  readonly env: Environment;
  readonly quiet?: boolean;
}): boolean {
  if (options.quiet) return false;
  const ci = options.env.CI;
  if (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false') return false;
  return options.isTTY && options.env.TERM !== 'dumb';
}

/** The colours, on or off. */
export function paint(enabled: boolean): Paint {
  const colors = picocolors.createColors(enabled);
  return {
    enabled,
    bold: colors.bold,
    dim: colors.dim,
    red: colors.red,
    green: colors.green,
    yellow: colors.yellow,
    cyan: colors.cyan,
  };
}

/** Where progress is written: process.stderr, or a recorder in tests. */
export interface ProgressStream {
  write(text: string): unknown;
  readonly columns?: number | undefined;
}

/**
 * One status line on stderr, rewritten in place ("Cloning workload repositories: 2 of 5…") and
 * erased before anything else is printed. Disabled, every call does nothing.
 */
export class Progress {
  private shown = false;
  private readonly stream: ProgressStream | undefined;

  /** `stream` undefined: progress is off. */
  constructor(stream: ProgressStream | undefined) {
    this.stream = stream;
  }

  /** The terminal's width; 80 when it does not say (a pseudo-terminal of size 0). */
  private width(): number {
    return this.stream?.columns || 80;
  }

  get enabled(): boolean {
    return this.stream !== undefined;
  }

  /** Replaces the status line (control characters of repository text shown as `?`). */
  update(text: string): void {
    if (!this.stream) return;
    const line = printable(text);
    const max = Math.max(10, this.width() - 1);
    const shown = line.length > max ? `${line.slice(0, max - 1)}…` : line;
    this.stream.write(`\r\x1b[2K${shown}`);
    this.shown = true;
  }

  /** Erases the status line, if one is shown. */
  clear(): void {
    if (!this.stream || !this.shown) return;
    this.stream.write('\r\x1b[2K');
    this.shown = false;
  }
}

/** The text with control characters (escape sequences from repository text) made visible. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/** What the commands print with: colours for stdout and stderr, and the progress line. */
export interface Terminal {
  readonly out: Paint;
  readonly err: Paint;
  readonly progress: Progress;
}

/** The terminal of this process, from the command's --no-color and --quiet. */
export function processTerminal(options: {
  readonly noColor?: boolean;
  readonly quiet?: boolean;
}): Terminal {
  const env = process.env;
  const noColorFlag = options.noColor === true;
  return {
    out: paint(colorEnabled({ isTTY: process.stdout.isTTY === true, env, noColorFlag })),
    err: paint(colorEnabled({ isTTY: process.stderr.isTTY === true, env, noColorFlag })),
    progress: new Progress(
      progressEnabled({ isTTY: process.stderr.isTTY === true, env, quiet: options.quiet === true })
        ? process.stderr
        : undefined,
    ),
  };
}

/** A terminal without colour or progress (pipes, tests, JSON). */
export const PLAIN: Terminal = {
  out: paint(false),
  err: paint(false),
  progress: new Progress(undefined),
};
