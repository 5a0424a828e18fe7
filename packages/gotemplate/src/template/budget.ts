/**
 * Execution budgets. Templates come from the control-plane repository and config values from
 * ConfigMaps, so one execution may take only so many steps and write only so much: a runaway
 * `range until 100000000` or `repeat 30000000 "abcdefghij"` fails with an error instead of
 * exhausting time or memory.
 */

/**
 * Limits of one template execution, or of several sharing one {@link Budget} (a manifest and its
 * nested re-renders, docs/decisions/bounded-nested-rerender.md).
 */
export interface TemplateLimits {
  /**
   * Steps one execution may take: every node walked, command evaluated and loop iteration is one
   * step; expensive functions (`derivePassword`) cost more.
   */
  readonly maxSteps: number;
  /**
   * Characters (UTF-16 code units, each at most 3 UTF-8 bytes) one execution may write; also the
   * longest string a function may return, and 1/32 of the longest list (a list element costs
   * about 32 bytes of memory).
   */
  readonly maxOutputBytes: number;
}

export const defaultTemplateLimits: TemplateLimits = {
  maxSteps: 10_000_000,
  maxOutputBytes: 64 * 1024 * 1024,
};

/** A budget ran out; the executor reports it with the template location. */
export class BudgetExceededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExceededError';
  }
}

/** Memory of one list element, as {@link TemplateLimits.maxOutputBytes} counts it. */
const ELEMENT_COST = 32;

const RAISE = 'or raise the limit the render passes to the template engine';

/**
 * The running count of one execution (shared by the templates it calls), or of several executions
 * given the same Budget: steps add up, and so does the output of the executions already finished.
 */
export class Budget {
  readonly limits: TemplateLimits;
  private steps = 0;
  private written = 0;

  constructor(limits: TemplateLimits) {
    this.limits = limits;
  }

  /** Counts `n` steps; throws when the execution has taken more than its limit. */
  step(n = 1): void {
    this.steps += n;
    if (this.steps > this.limits.maxSteps) {
      throw new BudgetExceededError(
        `the template exceeded its budget of ${this.limits.maxSteps} execution steps (a loop or recursion runs too long); reduce the iterations ${RAISE}`,
      );
    }
  }

  /** Output the running execution may still write: the limit less what earlier ones wrote. */
  get outputLeft(): number {
    return this.limits.maxOutputBytes - this.written;
  }

  /** Counts the output of a finished execution against the ones that share this budget. */
  wrote(length: number): void {
    this.written += length;
  }

  /** Throws when the output written so far (by earlier executions too) is over the limit. */
  output(length: number): void {
    if (length > this.outputLeft) {
      const earlier =
        this.written > 0
          ? ` (with the ${this.written} bytes the earlier renders of the same manifest wrote)`
          : '';
      throw new BudgetExceededError(
        `the template output exceeded its limit of ${this.limits.maxOutputBytes} bytes${earlier}; make it produce less ${RAISE}`,
      );
    }
  }

  /** Throws before a function builds a string of `chars` or a list of `elements`. */
  reserve(chars: number, elements = 0): void {
    const max = this.limits.maxOutputBytes;
    if (chars > max) {
      throw new BudgetExceededError(
        `the result would be ${chars} characters long, over the template limit of ${max}; build a shorter string ${RAISE}`,
      );
    }
    if (elements * ELEMENT_COST > max) {
      throw new BudgetExceededError(
        `the result would be a list of ${elements} elements, over the template limit of ${Math.floor(max / ELEMENT_COST)}; build a shorter list ${RAISE}`,
      );
    }
  }
}

// Executions are synchronous, so the budget of the one running is a plain variable; template
// functions reach it through reserve() and chargeSteps().
let active: Budget | undefined;

/** Runs `body` with `budget` as the active budget (restoring the previous one afterwards). */
export function withBudget<T>(budget: Budget, body: () => T): T {
  const previous = active;
  active = budget;
  try {
    return body();
  } finally {
    active = previous;
  }
}

/** For template functions: fail before building a string or list beyond the active budget. */
export function reserve(chars: number, elements = 0): void {
  active?.reserve(chars, elements);
}

/** For functions that turn errors into a result (sprig's toJson gives ""): budgets still fail. */
export function rethrowBudget(error: unknown): void {
  if (error instanceof BudgetExceededError) throw error;
}

/** For template functions whose cost is far above one step (key derivation). */
export function chargeSteps(n: number): void {
  active?.step(n);
}
