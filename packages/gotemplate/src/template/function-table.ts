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
  call(args: GoValue[], context?: CallContext): GoValue;
}

/**
 * Why a call is worth a notice: the operator's libraries (sprig 2.22) fail where this call
 * renders with sprig 3's result (`operator-fails`), or a JSON function received a mapping with
 * `interface{}` keys, which Go's encoding/json cannot encode and the operator prints as ""
 * (`json-interface-map`).
 */
export type NoticeKind = 'operator-fails' | 'json-interface-map';

/** What a function may do besides returning: report a notice about this call. */
export interface CallContext {
  notice(kind: NoticeKind, message: string): void;
}

/** A notice raised by a function call during an execution, located at the call. */
export interface TemplateNotice {
  readonly kind: NoticeKind;
  /** The function's name as the template calls it. */
  readonly function: string;
  readonly message: string;
  /** 1-based line of the call in the executed text. */
  readonly line: number;
}

/** Receives the notices of an execution. */
export type NoticeSink = (notice: TemplateNotice) => void;

/** Functions by name, as passed to the parser (unknown names fail at parse time, like Go). */
export type FunctionTable = ReadonlyMap<string, TemplateFunction>;
