import { redactUrlCredentials } from './github-url.ts';

/**
 * A mistake in the control plane that the user can fix. Every problem names the file (and line
 * when the YAML parser knows it), the object, and what to do (docs/decisions/all-problems-at-once.md: all are reported at once).
 */
export interface Problem {
  readonly file?: string;
  readonly line?: number;
  /** `Kind 'name'`, when the problem belongs to one object. */
  readonly object?: string;
  readonly message: string;
  /** 'warning' never fails a run; absent means 'error'. */
  readonly severity?: 'error' | 'warning';
}

/** True for problems that are shown but never fail a run. */
export function isWarning(problem: Problem): boolean {
  return problem.severity === 'warning';
}

/** The same problem, marked as a warning. */
export function asWarning(problem: Problem): Problem {
  return { ...problem, severity: 'warning' };
}

/** `file:line: Kind 'name': message` — the one-line form the CLI prints and annotations carry. */
export function formatProblem(problem: Problem): string {
  const where = problem.file ? `${problem.file}${problem.line ? `:${problem.line}` : ''}: ` : '';
  const object = problem.object ? `${problem.object}: ` : '';
  // Shown everywhere (log, annotation, summary, CLI): never a credential of a URL in it.
  return redactUrlCredentials(`${where}${object}${problem.message}`);
}

/**
 * The base of every error a user can cause and fix: a bad input, a mistake in the control plane,
 * a token without the permission it needs, a wrong CLI option. `message` is the whole text shown
 * (it names the file and line, the object and what to do); `problems` are the same findings one
 * by one, for annotations and JSON. The runner and the CLI report every UserError the same way:
 * the message as it is, no stack trace. Anything that is not a UserError is a bug or an outage.
 * See docs/decisions/user-error-base.md.
 */
export class UserError extends Error {
  readonly problems: readonly Problem[];

  /** `problems` defaults to one problem holding `message`. */
  constructor(message: string, problems?: readonly Problem[], options?: ErrorOptions) {
    super(message, options);
    this.name = 'UserError';
    this.problems = problems ?? [{ message }];
  }
}

/** True for an error the user can fix (a {@link UserError}), reported without a stack trace. */
export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

/** Thrown when a run cannot continue because of problems in the user's repositories. */
export class ControlPlaneError extends UserError {
  constructor(problems: readonly Problem[]) {
    const count = problems.length;
    super(
      `The control plane has ${count} problem${count === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  ${formatProblem(p)}`).join('\n'),
      problems,
    );
    this.name = 'ControlPlaneError';
  }
}

/** Collects problems while a phase runs, so that all of them are reported together. */
export class ProblemList {
  readonly items: Problem[] = [];
  /** What the original accepts but is probably a mistake: shown everywhere, never failing a run. */
  readonly warnings: Problem[] = [];

  add(problem: Problem): void {
    this.items.push(problem);
  }

  warn(problem: Problem): void {
    this.warnings.push(asWarning(problem));
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  /** Throws a ControlPlaneError carrying every problem collected so far, if any. */
  throwIfAny(): void {
    if (this.items.length > 0) throw new ControlPlaneError(this.items);
  }
}

/** Problems in reading order: by file, then line (stable for the rest). */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort((a, b) => {
    const fa = a.file ?? '\uffff';
    const fb = b.file ?? '\uffff';
    if (fa !== fb) return fa < fb ? -1 : 1;
    return (a.line ?? 0) - (b.line ?? 0);
  });
}

/**
 * The problems without repeats (the first of each stays): several renders of one run (main, then
 * each environment) find the same warning about the same file. `key` says what counts as the same.
 */
export function uniqueProblems(
  problems: readonly Problem[],
  key: (p: Problem) => string = (p) =>
    `${p.file ?? ''}:${p.line ?? 0}:${p.object ?? ''}:${p.message}`,
): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = key(p);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The message of anything thrown: an Error's message, anything else as a string. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
