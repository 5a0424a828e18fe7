/**
 * Go text/template's predefined functions (and or not eq ne lt le gt ge len index slice print
 * printf println call html js urlquery) with Go's results and error texts.
 */
import { sprint, sprintf, sprintln } from '../go/format.ts';
import {
  GoInt,
  GoMap,
  goInteger,
  goStringBytes,
  goStringFromBytes,
  goTypeName,
  sliceElement,
  typedSlice,
  type GoValue,
} from '../go/values.ts';
import { nodeString, type ArgNode } from './ast.ts';
import { eq, le, lt } from './compare.ts';
import { escapeHTML, escapeJS, escapeQuery } from './escape.ts';
import type { Final, Value } from './exec-state.ts';

export interface Builtin {
  readonly arity: number;
  readonly variadic?: boolean;
  /** `nodes` are the argument nodes (without the final pipeline value), for error texts. */
  call(args: Value[], nodes: readonly ArgNode[], final: Final): Value;
}

/** A wrong argument type reported like Go's validateType, not as "error calling". */
export class ArgTypeError extends Error {
  readonly node: ArgNode | undefined;

  constructor(node: ArgNode | undefined, message: string) {
    super(message);
    this.node = node;
  }
}

/** Go's truth: not the zero value of its type; nil and "no value" are false. */
export function isTrue(v: Value): boolean {
  switch (typeof v) {
    case 'undefined':
      return false;
    case 'string':
      return v.length > 0;
    case 'boolean':
      return v;
    case 'bigint':
      return v !== 0n;
    case 'number':
      return v !== 0;
  }
  if (v === null) return false;
  if (v instanceof GoInt) return v.value !== 0n;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof GoMap) return v.size > 0;
  return true;
}

function typeOf(v: Value): string {
  return goTypeName(v ?? null);
}

function toGo(v: Value): GoValue {
  return v === undefined ? null : v;
}

function indexArg(index: Value, cap: number): number {
  if (index === undefined || index === null) throw new Error('cannot index slice/array with nil');
  const n = goInteger(index);
  if (n === undefined) throw new Error(`cannot index slice/array with type ${typeOf(index)}`);
  if (n < 0n || n > BigInt(cap)) throw new Error(`index out of range: ${n}`);
  return Number(n);
}

function mapLookup(m: GoMap, key: Value): GoValue {
  if (key === undefined || key === null) {
    if (m.hasStringKeys) throw new Error('value is nil; should be of type string');
    key = null;
  }
  if (m.hasStringKeys && typeof key !== 'string') {
    throw new Error(`value has type ${typeOf(key)}; should be string`);
  }
  if (typeof key === 'object' && key !== null) {
    throw new Error(`runtime error: hash of unhashable type ${typeOf(key)}`);
  }
  const found = m.get(key);
  return found === undefined ? m.zeroElement : found;
}

function index(args: Value[]): Value {
  let item = args[0];
  if (item === undefined || item === null) throw new Error('index of untyped nil');
  for (let i = 1; i < args.length; i++) {
    const key = args[i];
    if (item === null) throw new Error('index of nil pointer');
    if (typeof item === 'string') {
      const bytes = goStringBytes(item);
      const x = indexArg(key, bytes.length);
      if (x === bytes.length) throw new Error('reflect: string index out of range');
      item = new GoInt(BigInt(bytes[x] ?? 0), 'uint8');
    } else if (Array.isArray(item)) {
      const x = indexArg(key, item.length);
      if (x === item.length) throw new Error('reflect: slice index out of range');
      item = item[x] ?? null;
    } else if (item instanceof GoMap) {
      item = mapLookup(item, key);
    } else {
      throw new Error(`can't index item of type ${typeOf(item)}`);
    }
  }
  return item;
}

function slice(args: Value[]): Value {
  const item = args[0];
  const indexes = args.slice(1);
  if (item === undefined || item === null) throw new Error('slice of untyped nil');
  if (indexes.length > 3) throw new Error(`too many slice indexes: ${indexes.length}`);
  let length: number;
  if (typeof item === 'string') {
    if (indexes.length === 3) throw new Error('cannot 3-index slice a string');
    length = goStringBytes(item).length;
  } else if (Array.isArray(item)) {
    length = item.length;
  } else {
    throw new Error(`can't slice item of type ${typeOf(item)}`);
  }
  const idx = [0, length, length];
  indexes.forEach((x, i) => (idx[i] = indexArg(x, length)));
  const [from = 0, to = length, max = length] = idx;
  if (from > to) throw new Error(`invalid slice index: ${from} > ${to}`);
  if (indexes.length === 3 && to > max) throw new Error(`invalid slice index: ${to} > ${max}`);
  if (typeof item === 'string') return goStringFromBytes(goStringBytes(item).subarray(from, to));
  return typedSlice(item.slice(from, to), sliceElement(item));
}

function length(args: Value[]): Value {
  const item = args[0];
  if (item === undefined) throw new Error('reflect: call of reflect.Value.Type on zero Value');
  if (item === null) throw new Error('len of nil pointer');
  if (typeof item === 'string') return BigInt(goStringBytes(item).length);
  if (Array.isArray(item)) return BigInt(item.length);
  if (item instanceof GoMap) return BigInt(item.size);
  throw new Error(`len of type ${typeOf(item)}`);
}

/** Go's evalArgs: one string as is, otherwise Sprint with nil shown as <no value>. */
function textOf(args: Value[]): string {
  if (args.length === 1 && typeof args[0] === 'string') return args[0];
  return sprint(args.map((a) => (a === undefined || a === null ? '<no value>' : a)));
}

function printfFormat(args: Value[], nodes: readonly ArgNode[]): string {
  const format = args[0];
  if (typeof format === 'string') return format;
  const node = nodes[0];
  let message: string;
  if (node !== undefined && (node.kind === 'number' || node.kind === 'bool')) {
    message = `expected string; found ${nodeString(node)}`;
  } else if (node?.kind === 'nil') {
    message = 'cannot assign nil to string';
  } else if (format === undefined) {
    message = 'invalid value; expected string';
  } else {
    message = `wrong type for value; expected string; got ${format === null ? 'interface {}' : typeOf(format)}`;
  }
  throw new ArgTypeError(node, message);
}

const entries: [string, Builtin][] = [
  // and/or short-circuit in the executor; their call is never used.
  ['and', { arity: 1, variadic: true, call: (a) => a[a.length - 1] }],
  ['or', { arity: 1, variadic: true, call: (a) => a[a.length - 1] }],
  ['not', { arity: 1, call: (a) => !isTrue(a[0]) }],
  ['eq', { arity: 1, variadic: true, call: (a) => eq(a[0], a.slice(1)) }],
  ['ne', { arity: 2, call: (a) => !eq(a[0], [a[1]]) }],
  ['lt', { arity: 2, call: (a) => lt(a[0], a[1]) }],
  ['le', { arity: 2, call: (a) => le(a[0], a[1]) }],
  ['gt', { arity: 2, call: (a) => !le(a[0], a[1]) }],
  ['ge', { arity: 2, call: (a) => !lt(a[0], a[1]) }],
  ['len', { arity: 1, call: length }],
  ['index', { arity: 1, variadic: true, call: index }],
  ['slice', { arity: 1, variadic: true, call: slice }],
  ['print', { arity: 0, variadic: true, call: (a) => sprint(a.map(toGo)) }],
  ['println', { arity: 0, variadic: true, call: (a) => sprintln(a.map(toGo)) }],
  [
    'printf',
    {
      arity: 1,
      variadic: true,
      call: (a, nodes) => sprintf(printfFormat(a, nodes), a.slice(1).map(toGo)),
    },
  ],
  ['html', { arity: 0, variadic: true, call: (a) => escapeHTML(textOf(a)) }],
  ['js', { arity: 0, variadic: true, call: (a) => escapeJS(textOf(a)) }],
  ['urlquery', { arity: 0, variadic: true, call: (a) => escapeQuery(textOf(a)) }],
  [
    'call',
    {
      arity: 1,
      variadic: true,
      call: (a, nodes) => {
        // Template data holds no Go functions, so `call` can only fail, as Go does for non-functions.
        if (a[0] === undefined || a[0] === null) throw new Error('call of nil');
        const name = nodes[0] === undefined ? '' : nodeString(nodes[0]);
        throw new Error(`non-function ${name} of type ${typeOf(a[0])}`);
      },
    },
  ],
];

export const builtins: ReadonlyMap<string, Builtin> = new Map(entries);
