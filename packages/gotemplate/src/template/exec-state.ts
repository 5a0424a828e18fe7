/**
 * Per-execution state: output, the variable stack, the node being evaluated (for error
 * locations) and the template depth.
 */
import { quote } from '../go/format-quote.ts';
import type { GoValue } from '../go/values.ts';
import { nodeString, type AnyNode, type Tree } from './ast.ts';
import { BudgetExceededError, type Budget } from './budget.ts';
import { TemplateError } from './errors.ts';
import type { CallContext, NoticeKind, NoticeSink } from './function-table.ts';

/**
 * A value during execution. `undefined` is Go's invalid reflect.Value ("no value": a missing map
 * key, a nil that went through a pipeline); `null` is a nil interface still held in a map entry,
 * slice element or function result.
 */
export type Value = GoValue | undefined;

/** Marks "no final argument" (Go's missingVal): the command is first in its pipeline. */
export const MISSING: unique symbol = Symbol('missing');
export type Final = Value | typeof MISSING;

/** What an executor needs from a parsed template. */
export interface TemplateSet {
  readonly name: string;
  readonly text: string;
  readonly trees: ReadonlyMap<string, Tree>;
}

interface Variable {
  name: string;
  value: Value;
}

const encoder = new TextEncoder();

export class ExecState implements CallContext {
  out = '';
  /** Where notices go (none: they are dropped). */
  onNotice: NoticeSink | undefined;
  /** The function being called, for {@link notice}. */
  private calling: { name: string; pos: number } | undefined;
  vars: Variable[];
  node: AnyNode | null = null;
  readonly set: TemplateSet;
  tmplName: string;
  depth: number;
  readonly budget: Budget;

  constructor(set: TemplateSet, tmplName: string, dot: Value, depth: number, budget: Budget) {
    this.set = set;
    this.tmplName = tmplName;
    this.vars = [{ name: '$', value: dot }];
    this.depth = depth;
    this.budget = budget;
  }

  /** Counts one step of the execution budget; fails at the current node when it runs out. */
  step(): void {
    try {
      this.budget.step();
    } catch (error) {
      if (error instanceof BudgetExceededError) this.errorf(error.message);
      throw error;
    }
  }

  /** Runs `body`, reporting a budget it exhausts at the current node. */
  budgeted<T>(body: () => T): T {
    try {
      return body();
    } catch (error) {
      if (error instanceof BudgetExceededError) this.errorf(error.message);
      throw error;
    }
  }

  /** Appends output, failing at the current node when the output budget runs out. */
  write(text: string): void {
    this.out += text;
    if (this.out.length > this.budget.outputLeft) {
      try {
        this.budget.output(this.out.length);
      } catch (error) {
        if (error instanceof BudgetExceededError) this.errorf(error.message);
        throw error;
      }
    }
  }

  at(node: AnyNode): void {
    this.node = node;
  }

  /** This state as the context of a call to the function `name` at `pos`. */
  callContext(name: string, pos: number): CallContext {
    this.calling = { name, pos };
    return this;
  }

  notice(kind: NoticeKind, message: string): void {
    if (this.onNotice === undefined || this.calling === undefined) return;
    this.onNotice({
      kind,
      function: this.calling.name,
      message,
      line: this.lineOf(this.calling.pos),
    });
  }

  /** The 1-based line of an offset in the executed text. */
  private lineOf(pos: number): number {
    const before = this.set.text.slice(0, pos);
    let line = 1;
    for (let p = before.indexOf('\n'); p >= 0; p = before.indexOf('\n', p + 1)) line++;
    return line;
  }

  /** Throws Go's ExecError text: `template: NAME:LINE:COL: executing "T" at <node>: msg`. */
  errorf(message: string): never {
    const node = this.node;
    if (node === null) throw new TemplateError('exec', `template: ${this.set.name}: ${message}`);
    const before = this.set.text.slice(0, node.pos);
    const lineStart = before.lastIndexOf('\n') + 1;
    let line = 1;
    for (let p = before.indexOf('\n'); p >= 0; p = before.indexOf('\n', p + 1)) line++;
    // Go counts the column in bytes from the line start (from the text start on line 1).
    const col = encoder.encode(before.slice(lineStart)).length;
    const where = `${this.set.name}:${line}:${col}`;
    throw new TemplateError(
      'exec',
      `template: ${where}: executing ${quote(this.tmplName)} at <${nodeString(node)}>: ${message}`,
    );
  }

  mark(): number {
    return this.vars.length;
  }

  pop(mark: number): void {
    this.vars.length = mark;
  }

  push(name: string, value: Value): void {
    this.vars.push({ name, value });
  }

  setVar(name: string, value: Value): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v !== undefined && v.name === name) {
        v.value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }

  /** Overwrites the n-th variable from the top (1 = top), as range does per iteration. */
  setTopVar(n: number, value: Value): void {
    const v = this.vars[this.vars.length - n];
    if (v !== undefined) v.value = value;
  }

  varValue(name: string): Value {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v !== undefined && v.name === name) return v.value;
    }
    return this.errorf(`undefined variable: ${name}`);
  }
}
