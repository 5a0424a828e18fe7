/**
 * Token stream and expression grammar of text/template/parse: pipelines, commands, operands and
 * terms, with Go's parse-time checks (undefined functions and variables, literal chains).
 */
import type {
  ArgNode,
  CommandNode,
  IdentifierNode,
  PipeNode,
  ResolvedFunction,
  VariableNode,
} from './ast.ts';
import { nodeString } from './ast.ts';
import { quote } from '../go/format-quote.ts';
import { TemplateError } from './errors.ts';
import { Tok, tokenString, type Token, type TokType } from './lexer.ts';
import { parseCharConstant, parseNumber, unquoteString } from './literals.ts';

/** Go limits parenthesised nesting to 10000; the JavaScript stack is smaller, so 1000 here. */
const maxParenDepth = 1000;

export class TokenStream {
  readonly tokens: readonly Token[];
  readonly name: string;
  readonly lineStarts: number[];
  readonly resolve: (name: string) => ResolvedFunction | undefined;
  i = 0;
  /** Index of the furthest token read; Go reports parse errors at that token's line. */
  furthest = 0;
  vars: string[] = ['$'];
  parenDepth = 0;
  actionLine = 0;
  rangeDepth = 0;

  constructor(
    tokens: readonly Token[],
    name: string,
    text: string,
    resolve: (name: string) => ResolvedFunction | undefined,
  ) {
    this.tokens = tokens;
    this.name = name;
    this.resolve = resolve;
    this.lineStarts = [0];
    for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', p + 1))
      this.lineStarts.push(p + 1);
  }

  lineOf(pos: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  at(index: number): Token {
    const t = this.tokens[Math.min(index, this.tokens.length - 1)];
    if (t === undefined) throw new Error('empty token stream');
    if (index > this.furthest) this.furthest = index;
    return t;
  }

  next(): Token {
    return this.at(this.i++);
  }

  peek(): Token {
    return this.at(this.i);
  }

  backup(): void {
    this.i--;
  }

  nextNonSpace(): Token {
    let t = this.next();
    while (t.type === Tok.Space) t = this.next();
    return t;
  }

  peekNonSpace(): Token {
    const t = this.nextNonSpace();
    this.backup();
    return t;
  }

  errorf(message: string): never {
    const line = this.lineOf(this.at(this.furthest).pos);
    throw new TemplateError('parse', `template: ${this.name}:${line}: ${message}`);
  }

  unexpected(token: Token, context: string): never {
    if (token.type === Tok.Error) {
      let extra = '';
      const line = this.lineOf(token.pos);
      if (this.actionLine !== 0 && this.actionLine !== line) {
        extra = ` in action started at ${this.name}:${this.actionLine}`;
        if (token.val.endsWith(' action')) extra = extra.slice(' in action'.length);
      }
      this.errorf(token.val + extra);
    }
    this.errorf(`unexpected ${tokenString(token)} in ${context}`);
  }

  expect(type: TokType, context: string): Token {
    const t = this.nextNonSpace();
    if (t.type !== type) this.unexpected(t, context);
    return t;
  }
}

function variableNode(pos: number, name: string): VariableNode {
  return { kind: 'variable', pos, ident: name.split('.') };
}

/** Pipeline: declarations? command ('|' command)*, up to `end`. */
export function pipeline(ts: TokenStream, context: string, end: TokType): PipeNode {
  const start = ts.peekNonSpace();
  const decl: VariableNode[] = [];
  let isAssign = false;
  for (;;) {
    const v = ts.peekNonSpace();
    if (v.type !== Tok.Variable) break;
    const mark = ts.i;
    ts.nextNonSpace();
    const next = ts.peekNonSpace();
    if (next.type === Tok.Assign || next.type === Tok.Declare) {
      isAssign = next.type === Tok.Assign;
      ts.nextNonSpace();
      decl.push(variableNode(v.pos, v.val));
      ts.vars.push(v.val);
      break;
    }
    if (next.type === Tok.Char && next.val === ',') {
      ts.nextNonSpace();
      decl.push(variableNode(v.pos, v.val));
      ts.vars.push(v.val);
      if (context === 'range' && decl.length < 2) {
        const after = ts.peekNonSpace().type;
        if (after === Tok.Variable || after === Tok.RightDelim || after === Tok.RightParen)
          continue;
        ts.errorf('range can only initialize variables');
      }
      ts.errorf(`too many declarations in ${context}`);
    }
    ts.i = mark;
    break;
  }
  const cmds: CommandNode[] = [];
  for (;;) {
    const token = ts.nextNonSpace();
    if (token.type === end) break;
    switch (token.type) {
      case Tok.Bool:
      case Tok.CharConstant:
      case Tok.Complex:
      case Tok.Dot:
      case Tok.Field:
      case Tok.Identifier:
      case Tok.Number:
      case Tok.Nil:
      case Tok.RawString:
      case Tok.String:
      case Tok.Variable:
      case Tok.LeftParen:
        ts.backup();
        cmds.push(command(ts));
        break;
      default:
        ts.unexpected(token, context);
    }
  }
  if (cmds.length === 0) ts.errorf(`missing value for ${context}`);
  for (let k = 1; k < cmds.length; k++) {
    const first = cmds[k]?.args[0]?.kind;
    if (
      first === 'bool' ||
      first === 'dot' ||
      first === 'nil' ||
      first === 'number' ||
      first === 'string'
    ) {
      ts.errorf(`non executable command in pipeline stage ${k + 1}`);
    }
  }
  return { kind: 'pipe', pos: start.pos, isAssign, decl, cmds };
}

function command(ts: TokenStream): CommandNode {
  const pos = ts.peekNonSpace().pos;
  const args: ArgNode[] = [];
  for (;;) {
    ts.peekNonSpace();
    const op = operand(ts);
    if (op !== null) args.push(op);
    const token = ts.next();
    if (token.type === Tok.Space) continue;
    if (token.type === Tok.RightDelim || token.type === Tok.RightParen) ts.backup();
    else if (token.type !== Tok.Pipe) ts.unexpected(token, 'operand');
    break;
  }
  if (args.length === 0) ts.errorf('empty command');
  return { kind: 'command', pos, args };
}

function operand(ts: TokenStream): ArgNode | null {
  const node = term(ts);
  if (node === null || ts.peek().type !== Tok.Field) return node;
  const pos = ts.peek().pos;
  const fields: string[] = [];
  while (ts.peek().type === Tok.Field) fields.push(ts.next().val.slice(1));
  switch (node.kind) {
    case 'field':
      return { kind: 'field', pos, ident: [...node.ident, ...fields] };
    case 'variable':
      return { kind: 'variable', pos, ident: [...node.ident, ...fields] };
    case 'bool':
    case 'string':
    case 'number':
    case 'nil':
    case 'dot':
      ts.errorf(`unexpected . after term ${quote(nodeString(node))}`);
  }
  return { kind: 'chain', pos, node, fields };
}

function term(ts: TokenStream): ArgNode | null {
  const token = ts.nextNonSpace();
  switch (token.type) {
    case Tok.Identifier: {
      const fn = ts.resolve(token.val);
      if (fn === undefined) ts.errorf(`function ${quote(token.val)} not defined`);
      const node: IdentifierNode = { kind: 'identifier', pos: token.pos, name: token.val, fn };
      return node;
    }
    case Tok.Dot:
      return { kind: 'dot', pos: token.pos };
    case Tok.Nil:
      return { kind: 'nil', pos: token.pos };
    case Tok.Variable:
      if (!ts.vars.includes(token.val)) ts.errorf(`undefined variable ${quote(token.val)}`);
      return variableNode(token.pos, token.val);
    case Tok.Field:
      return { kind: 'field', pos: token.pos, ident: token.val.slice(1).split('.') };
    case Tok.Bool:
      return { kind: 'bool', pos: token.pos, value: token.val === 'true' };
    case Tok.CharConstant: {
      const c = parseCharConstant(token.val);
      if (!c.ok) ts.errorf(c.message);
      return { kind: 'number', pos: token.pos, text: token.val, value: BigInt(c.cp) };
    }
    case Tok.Complex:
    case Tok.Number: {
      const n = parseNumber(token.val);
      if (!n.ok) ts.errorf(n.message);
      return { kind: 'number', pos: token.pos, text: token.val, value: n.value };
    }
    case Tok.LeftParen: {
      if (ts.parenDepth >= maxParenDepth) ts.errorf('max expression depth exceeded');
      ts.parenDepth++;
      const pipe = pipeline(ts, 'parenthesized pipeline', Tok.RightParen);
      ts.parenDepth--;
      return pipe;
    }
    case Tok.String:
    case Tok.RawString: {
      const text = unquoteString(token.val);
      if (text === null) ts.errorf('invalid syntax');
      return { kind: 'string', pos: token.pos, quoted: token.val, text };
    }
  }
  ts.backup();
  return null;
}
