import * as core from '@actions/core';
import { isCommitId, isValidBranchName, UserError } from '@kalypso/core';
import { maskSecret } from './runner-log.ts';

/** A mistake in the step's `with:` block; the message says which input and what to write. */
export class InputError extends UserError {
  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? problems[0]!
        : `The inputs have ${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      problems.map((message) => ({ message })),
    );
    this.name = 'InputError';
  }
}

/**
 * Typed access to action inputs that collects every problem, so that one run reports all of
 * them (`finish()` throws an InputError). `get` returns the raw value (`core.getInput`), with the
 * `action.yml` defaults already applied by the runner.
 */
export class InputReader {
  private readonly get: (name: string) => string;
  readonly problems: string[] = [];

  constructor(get: (name: string) => string) {
    this.get = get;
  }

  text(name: string): string {
    return this.get(name).trim();
  }

  required(name: string): string {
    const found = this.text(name);
    if (found === '') this.problems.push(`Input '${name}' is required.`);
    return found;
  }

  boolean(name: string): boolean {
    const found = this.text(name);
    if (/^(true|True|TRUE)$/.test(found)) return true;
    if (/^(false|False|FALSE)$/.test(found)) return false;
    this.problems.push(`Input '${name}' is '${found}': write true or false.`);
    return false;
  }

  /** A list written one per line or comma-separated; blanks dropped. */
  list(name: string): string[] {
    return this.text(name)
      .split(/[\n,]/)
      .map((item) => item.trim())
      .filter(Boolean);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T {
    const found = this.text(name);
    if ((allowed as readonly string[]).includes(found)) return found as T;
    this.problems.push(
      `Input '${name}' is '${found}': write one of ${allowed.map((a) => `'${a}'`).join(', ')}.`,
    );
    return allowed[0]!;
  }

  /** `owner/name`, or "" when the input is empty and not required. */
  repository(name: string, required = true): string {
    const found = required ? this.required(name) : this.text(name);
    if (found !== '' && !/^[\w.-]+\/[\w.-]+$/.test(found))
      this.problems.push(`Input '${name}' is '${found}': write it as owner/name.`);
    return found;
  }

  /** A branch name (an environment is one), or "" when the input is empty and not required. */
  branch(name: string, required = true): string {
    const found = (required ? this.required(name) : this.text(name)).replace(/^refs\/heads\//, '');
    if (found !== '' && !isValidBranchName(found))
      this.problems.push(
        `Input '${name}' is '${found}', which is not a branch name. Pass a branch, e.g. 'dev'.`,
      );
    return found;
  }

  /** A full 40-character commit id, or "" when the input is empty and not required. */
  commitId(name: string, required: boolean, hint: string): string {
    const found = required ? this.required(name) : this.text(name);
    if (found !== '' && !isCommitId(found))
      this.problems.push(
        `Input '${name}' is '${found}': pass the full 40-character id of ${hint}.`,
      );
    return found;
  }

  /** A number of seconds (fractions allowed), above 0 unless `allowZero`. */
  seconds(name: string, allowZero = false): number {
    const found = this.text(name);
    const value = Number(found);
    if (found === '' || !Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
      this.problems.push(
        `Input '${name}' is '${found}': write a number of seconds${allowZero ? '' : ' above 0'}.`,
      );
      return 1;
    }
    return value;
  }

  /**
   * An input this release removed: passing it is a problem that says what replaces it (the
   * runner still hands undeclared inputs to the action, with only a warning of its own).
   */
  removed(name: string, migration: string): void {
    if (this.text(name) !== '')
      this.problems.push(`Input '${name}' was removed: ${migration} (see CHANGELOG.md).`);
  }

  problem(message: string): void {
    this.problems.push(message);
  }

  /** Throws an InputError listing every problem found so far. */
  finish(): void {
    if (this.problems.length > 0) throw new InputError(this.problems);
  }
}

/**
 * The step's inputs as the runner passes them (`with:`, with the `action.yml` defaults applied),
 * the `secrets` among them masked in the log before anything else runs. A removed secret input
 * may still be passed by a stale workflow: name it too.
 */
export function stepInputs(secrets: readonly string[]): (name: string) => string {
  const get = (name: string) => core.getInput(name);
  for (const name of secrets) maskSecret(get(name));
  return get;
}
