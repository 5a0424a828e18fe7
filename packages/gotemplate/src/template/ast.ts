/**
 * The parse tree of a Go text/template, immutable once built. `pos` is the node's offset in the
 * source text, used for `template:LINE:COL` error locations; `nodeString` renders a node the way
 * Go's Node.String does for the `at <…>` part of execution errors.
 */
import { quote } from '../go/format-quote.ts';
import type { TemplateFunction } from './function-table.ts';

export interface FieldNode {
  readonly kind: 'field';
  readonly pos: number;
  readonly ident: readonly string[];
}
export interface VariableNode {
  readonly kind: 'variable';
  readonly pos: number;
  /** `$name` then any field names. */
  readonly ident: readonly string[];
}
export interface DotNode {
  readonly kind: 'dot';
  readonly pos: number;
}
export interface NilNode {
  readonly kind: 'nil';
  readonly pos: number;
}
export interface BoolNode {
  readonly kind: 'bool';
  readonly pos: number;
  readonly value: boolean;
}
export interface NumberNode {
  readonly kind: 'number';
  readonly pos: number;
  readonly text: string;
  /** The ideal constant's value: int (bigint) or float64; null when it overflows int. */
  readonly value: bigint | number | null;
}
export interface StringNode {
  readonly kind: 'string';
  readonly pos: number;
  readonly quoted: string;
  readonly text: string;
}
/** A function as resolved at parse time: a builtin (evaluated by the executor) or a table entry. */
export type ResolvedFunction =
  | { readonly builtin: true; readonly name: string }
  | { readonly builtin: false; readonly fn: TemplateFunction };
export interface IdentifierNode {
  readonly kind: 'identifier';
  readonly pos: number;
  readonly name: string;
  readonly fn: ResolvedFunction;
}
export interface ChainNode {
  readonly kind: 'chain';
  readonly pos: number;
  readonly node: ArgNode;
  readonly fields: readonly string[];
}
export interface CommandNode {
  readonly kind: 'command';
  readonly pos: number;
  readonly args: readonly ArgNode[];
}
export interface PipeNode {
  readonly kind: 'pipe';
  readonly pos: number;
  readonly isAssign: boolean;
  readonly decl: readonly VariableNode[];
  readonly cmds: readonly CommandNode[];
}

export type ArgNode =
  | FieldNode
  | VariableNode
  | DotNode
  | NilNode
  | BoolNode
  | NumberNode
  | StringNode
  | IdentifierNode
  | ChainNode
  | PipeNode;

export interface TextNode {
  readonly kind: 'text';
  readonly pos: number;
  readonly text: string;
}
export interface ActionNode {
  readonly kind: 'action';
  readonly pos: number;
  readonly pipe: PipeNode;
}
export interface BranchNode {
  readonly kind: 'if' | 'range' | 'with';
  readonly pos: number;
  readonly pipe: PipeNode;
  readonly list: readonly Node[];
  readonly elseList: readonly Node[] | null;
}
export interface TemplateCallNode {
  readonly kind: 'template';
  readonly pos: number;
  readonly name: string;
  readonly pipe: PipeNode | null;
}
export interface LoopControlNode {
  readonly kind: 'break' | 'continue';
  readonly pos: number;
}

export type Node = TextNode | ActionNode | BranchNode | TemplateCallNode | LoopControlNode;

/** A parsed tree: the main template or one `define`/`block`. */
export interface Tree {
  readonly name: string;
  readonly root: readonly Node[];
}

export type AnyNode = Node | ArgNode | CommandNode;

function listString(list: readonly Node[]): string {
  return list.map(nodeString).join('');
}

function pipeString(p: PipeNode): string {
  let out = '';
  if (p.decl.length > 0) out = p.decl.map(nodeString).join(', ') + ' := ';
  return out + p.cmds.map(nodeString).join(' | ');
}

/** Go's Node.String(). */
export function nodeString(n: AnyNode): string {
  switch (n.kind) {
    case 'field':
      return '.' + n.ident.join('.');
    case 'variable':
      return n.ident.join('.');
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'bool':
      return n.value ? 'true' : 'false';
    case 'number':
      return n.text;
    case 'string':
      return n.quoted;
    case 'identifier':
      return n.name;
    case 'chain': {
      const head = n.node.kind === 'pipe' ? `(${nodeString(n.node)})` : nodeString(n.node);
      return head + n.fields.map((f) => '.' + f).join('');
    }
    case 'command':
      return n.args
        .map((a) => (a.kind === 'pipe' ? `(${nodeString(a)})` : nodeString(a)))
        .join(' ');
    case 'pipe':
      return pipeString(n);
    case 'text':
      return n.text;
    case 'action':
      return `{{${pipeString(n.pipe)}}}`;
    case 'if':
    case 'range':
    case 'with': {
      const elsePart = n.elseList === null ? '' : '{{else}}' + listString(n.elseList);
      return `{{${n.kind} ${pipeString(n.pipe)}}}${listString(n.list)}${elsePart}{{end}}`;
    }
    case 'template':
      return `{{template ${quote(n.name)}${n.pipe === null ? '' : ' ' + pipeString(n.pipe)}}}`;
    case 'break':
      return '{{break}}';
    case 'continue':
      return '{{continue}}';
  }
}
