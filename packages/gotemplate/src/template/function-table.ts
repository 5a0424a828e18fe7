import type { GoValue } from '../go/values.ts';

/**
 * A function callable from a template, with the Go calling convention text/template enforces:
 * `arity` fixed parameters, then any number of extra ones when `variadic`. The executor checks the
 * argument count before calling (Go: `wrong number of args for NAME: want N got M`).
 *
 * A Go function returning `(value, error)` reports the error by throwing an `Error`; the executor
 * turns it into `error calling NAME: <message>`.
 */
export interface TemplateFunction {
  readonly arity: number;
  readonly variadic?: boolean;
  call(args: GoValue[]): GoValue;
}

/** Functions by name, as passed to the parser (unknown names fail at parse time, like Go). */
export type FunctionTable = ReadonlyMap<string, TemplateFunction>;
