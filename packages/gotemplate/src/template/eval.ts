/**
 * Expression evaluation of text/template: pipelines, commands, field chains, arguments and
 * function calls, with Go's missing-key, nil and argument-count behaviour.
 */
import { GoMap, GoStruct, goTypeName, type GoValue } from '../go/values.ts';
import type {
  ArgNode,
  ChainNode,
  CommandNode,
  FieldNode,
  IdentifierNode,
  NumberNode,
  PipeNode,
  VariableNode,
} from './ast.ts';
import { nodeString } from './ast.ts';
import { ArgTypeError, builtins, isTrue } from './builtins.ts';
import { MISSING, type ExecState, type Final, type Value } from './exec-state.ts';

const noArgs: readonly ArgNode[] = [];

/** Go passes a missing value to an interface{} parameter as nil. */
function toGo(v: Value): GoValue {
  return v === undefined ? null : v;
}

export function evalPipeline(s: ExecState, dot: Value, pipe: PipeNode | null): Value {
  if (pipe === null) return undefined;
  s.at(pipe);
  let value: Final = MISSING;
  for (const cmd of pipe.cmds) {
    value = evalCommand(s, dot, cmd, value);
    // A nil interface{} result is "no value" from here on (Go digs into interface values).
    if (value === null) value = undefined;
  }
  const result = value === MISSING ? undefined : value;
  for (const v of pipe.decl) {
    const name = v.ident[0] ?? '$';
    if (pipe.isAssign) s.setVar(name, result);
    else s.push(name, result);
  }
  return result;
}

function notAFunction(s: ExecState, args: readonly ArgNode[], final: Final): void {
  const first = args[0];
  if (args.length > 1 || final !== MISSING) {
    s.errorf(`can't give argument to non-function ${first === undefined ? '' : nodeString(first)}`);
  }
}

function constant(s: ExecState, n: NumberNode): Value {
  s.at(n);
  if (n.value === null) s.errorf(`${n.text} overflows int`);
  return n.value;
}

function evalCommand(s: ExecState, dot: Value, cmd: CommandNode, final: Final): Value {
  const first = cmd.args[0];
  if (first === undefined) return undefined;
  switch (first.kind) {
    case 'field':
      return evalFieldNode(s, dot, first, cmd.args, final);
    case 'chain':
      return evalChainNode(s, dot, first, cmd.args, final);
    case 'identifier':
      return evalFunction(s, dot, first, cmd, cmd.args, final);
    case 'pipe':
      notAFunction(s, cmd.args, final);
      return evalPipeline(s, dot, first);
    case 'variable':
      return evalVariableNode(s, dot, first, cmd.args, final);
  }
  s.at(first);
  notAFunction(s, cmd.args, final);
  switch (first.kind) {
    case 'bool':
      return first.value;
    case 'dot':
      return dot;
    case 'nil':
      return s.errorf('nil is not a command');
    case 'number':
      return constant(s, first);
    case 'string':
      return first.text;
  }
}

function evalFieldNode(
  s: ExecState,
  dot: Value,
  field: FieldNode,
  args: readonly ArgNode[],
  final: Final,
): Value {
  s.at(field);
  return evalFieldChain(s, dot, dot, field.ident, 0, args, final);
}

function evalChainNode(
  s: ExecState,
  dot: Value,
  chain: ChainNode,
  args: readonly ArgNode[],
  final: Final,
): Value {
  s.at(chain);
  if (chain.node.kind === 'nil')
    s.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
  const receiver = evalArg(s, dot, chain.node);
  return evalFieldChain(s, dot, receiver, chain.fields, 0, args, final);
}

function evalVariableNode(
  s: ExecState,
  dot: Value,
  variable: VariableNode,
  args: readonly ArgNode[],
  final: Final,
): Value {
  s.at(variable);
  const value = s.varValue(variable.ident[0] ?? '$');
  if (variable.ident.length === 1) {
    notAFunction(s, args, final);
    return value;
  }
  return evalFieldChain(s, dot, value, variable.ident, 1, args, final);
}

function evalFieldChain(
  s: ExecState,
  dot: Value,
  receiver: Value,
  ident: readonly string[],
  from: number,
  args: readonly ArgNode[],
  final: Final,
): Value {
  const last = ident.length - 1;
  for (let i = from; i < last; i++)
    receiver = evalField(s, dot, ident[i] ?? '', [], MISSING, receiver);
  return evalField(s, dot, ident[last] ?? '', args, final, receiver);
}

function evalField(
  s: ExecState,
  dot: Value,
  name: string,
  args: readonly ArgNode[],
  final: Final,
  receiver: Value,
): Value {
  if (receiver === undefined) return undefined;
  if (receiver === null) return s.errorf(`nil pointer evaluating interface {}.${name}`);
  const hasArgs = args.length > 1 || final !== MISSING;
  if (receiver instanceof GoMap) {
    if (hasArgs) s.errorf(`${name} is not a method but has arguments`);
    // A missing key is "no value" (missingkey=default), printed as <no value>.
    return receiver.get(name);
  }
  if (receiver instanceof GoStruct && receiver.fields.has(name)) {
    if (hasArgs) s.errorf(`${name} has arguments but cannot be invoked as function`);
    return receiver.fields.get(name);
  }
  const method = receiver instanceof GoStruct ? receiver.methods?.get(name) : undefined;
  if (method !== undefined) {
    // A method with arguments: Go checks the count, then calls it like a function.
    const argv: GoValue[] = args.slice(1).map((a) => toGo(evalArg(s, dot, a)));
    if (final !== MISSING) argv.push(toGo(final));
    if (argv.length !== method.arity)
      s.errorf(`wrong number of args for ${name}: want ${method.arity} got ${argv.length}`);
    try {
      return method.call(argv) ?? null;
    } catch (error) {
      if (error instanceof ArgTypeError) return s.errorf(error.message);
      return s.errorf(
        `error calling ${name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return s.errorf(`can't evaluate field ${name} in type ${goTypeName(receiver)}`);
}

function evalFunction(
  s: ExecState,
  dot: Value,
  node: IdentifierNode,
  cmd: CommandNode | IdentifierNode,
  args: readonly ArgNode[],
  final: Final,
): Value {
  s.at(node);
  s.step();
  const given = args.length > 1 ? args.slice(1) : noArgs;
  const numIn = given.length + (final === MISSING ? 0 : 1);
  const fn = node.fn;
  const spec = fn.builtin ? builtins.get(fn.name) : fn.fn;
  if (spec === undefined) return s.errorf(`${JSON.stringify(node.name)} is not a defined function`);
  if (spec.variadic === true) {
    if (numIn < spec.arity) {
      s.errorf(
        `wrong number of args for ${node.name}: want at least ${spec.arity} got ${given.length}`,
      );
    }
  } else if (numIn !== spec.arity) {
    s.errorf(`wrong number of args for ${node.name}: want ${spec.arity} got ${numIn}`);
  }
  if (fn.builtin && (fn.name === 'and' || fn.name === 'or'))
    return andOr(s, dot, fn.name, given, final);
  const argv: Value[] = [];
  // User functions take interface{} parameters: a missing value arrives as nil.
  for (const arg of given)
    argv.push(fn.builtin ? evalArg(s, dot, arg) : toGo(evalArg(s, dot, arg)));
  if (final !== MISSING) argv.push(fn.builtin ? final : toGo(final));
  try {
    const result = fn.builtin
      ? (builtins.get(fn.name)?.call(argv, given, final) ?? undefined)
      : (fn.fn.call(argv as GoValue[], s.callContext(node.name, node.pos)) ?? null);
    // Whatever a function built counts against the output budget (a doubling loop stops here).
    if (typeof result === 'string') s.budget.reserve(result.length);
    else if (Array.isArray(result)) s.budget.reserve(0, result.length);
    return result;
  } catch (error) {
    if (error instanceof ArgTypeError) {
      if (error.node !== undefined) s.at(error.node);
      return s.errorf(error.message);
    }
    s.at(cmd);
    const message = error instanceof Error ? error.message : String(error);
    return s.errorf(`error calling ${node.name}: ${message}`);
  }
}

/** and/or short-circuit: the first deciding argument, else the last one. */
function andOr(
  s: ExecState,
  dot: Value,
  name: string,
  args: readonly ArgNode[],
  final: Final,
): Value {
  let v: Value = undefined;
  for (const arg of args) {
    v = evalArg(s, dot, arg);
    if (isTrue(v) === (name === 'or')) return v;
  }
  return final === MISSING ? v : final;
}

/** Evaluates one argument of a call (or the receiver of a chain). */
export function evalArg(s: ExecState, dot: Value, n: ArgNode): Value {
  s.at(n);
  switch (n.kind) {
    case 'dot':
      return dot;
    case 'nil':
      return null;
    case 'field':
      return evalFieldNode(s, dot, n, [n], MISSING);
    case 'variable':
      return evalVariableNode(s, dot, n, [], MISSING);
    case 'pipe':
      return evalPipeline(s, dot, n);
    case 'identifier':
      return evalFunction(s, dot, n, n, [n], MISSING);
    case 'chain':
      return evalChainNode(s, dot, n, [], MISSING);
    case 'bool':
      return n.value;
    case 'number':
      return constant(s, n);
    case 'string':
      return n.text;
  }
}
