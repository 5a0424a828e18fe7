/**
 * Statement grammar of text/template/parse: text, actions, if/range/with with else chains,
 * define/block/template, break/continue; builds the set of named trees of one Parse call.
 */
import { quote } from '../go/format-quote.ts';
import type {
  BranchNode,
  Node,
  PipeNode,
  ResolvedFunction,
  TemplateCallNode,
  Tree,
} from './ast.ts';
import { Tok, lex, type Token } from './lexer.ts';
import { unquoteString } from './literals.ts';
import { TokenStream, pipeline } from './parse-pipeline.ts';

type Terminator = { readonly kind: 'end' | 'else'; readonly pos: number };
type Item = Node | Terminator;

function isTerminator(n: Item): n is Terminator {
  return n.kind === 'end' || n.kind === 'else';
}

function terminatorString(t: Terminator): string {
  return t.kind === 'end' ? '{{end}}' : '{{else}}';
}

function isEmptyTree(list: readonly Node[]): boolean {
  return list.every((n) => n.kind === 'text' && n.text.trim() === '');
}

class Parser {
  readonly ts: TokenStream;
  readonly trees = new Map<string, Tree>();

  constructor(ts: TokenStream) {
    this.ts = ts;
  }

  add(name: string, root: readonly Node[]): void {
    const existing = this.trees.get(name);
    if (existing === undefined || isEmptyTree(existing.root)) {
      this.trees.set(name, { name, root });
    } else if (!isEmptyTree(root)) {
      this.ts.errorf(`template: multiple definition of template ${quote(name)}`);
    }
  }

  /** Runs a nested definition with a fresh variable scope, as Go's startParse does. */
  withFreshScope<T>(body: () => T): T {
    const saved = this.ts.vars;
    this.ts.vars = ['$'];
    try {
      return body();
    } finally {
      this.ts.vars = saved;
    }
  }

  parseTop(name: string): void {
    const ts = this.ts;
    const root: Node[] = [];
    while (ts.peek().type !== Tok.EOF) {
      if (ts.peek().type === Tok.LeftDelim) {
        const mark = ts.i;
        ts.next();
        if (ts.nextNonSpace().type === Tok.Define) {
          this.withFreshScope(() => this.parseDefinition());
          continue;
        }
        ts.i = mark;
      }
      const n = this.textOrAction();
      if (isTerminator(n)) return ts.errorf(`unexpected ${terminatorString(n)}`);
      root.push(n);
    }
    this.add(name, root);
  }

  parseDefinition(): void {
    const context = 'define clause';
    const ts = this.ts;
    const token = ts.nextNonSpace();
    if (token.type !== Tok.String && token.type !== Tok.RawString) ts.unexpected(token, context);
    const name = unquoteString(token.val) ?? ts.errorf('invalid syntax');
    ts.expect(Tok.RightDelim, context);
    const { list, end } = this.itemList();
    if (end.kind !== 'end') ts.errorf(`unexpected ${terminatorString(end)} in ${context}`);
    this.add(name, list);
  }

  itemList(): { list: Node[]; end: Terminator } {
    const list: Node[] = [];
    while (this.ts.peekNonSpace().type !== Tok.EOF) {
      const n = this.textOrAction();
      if (isTerminator(n)) return { list, end: n };
      list.push(n);
    }
    return this.ts.errorf('unexpected EOF');
  }

  textOrAction(): Item {
    const ts = this.ts;
    const token = ts.nextNonSpace();
    if (token.type === Tok.Text) return { kind: 'text', pos: token.pos, text: token.val };
    if (token.type !== Tok.LeftDelim) ts.unexpected(token, 'input');
    ts.actionLine = ts.lineOf(token.pos);
    try {
      return this.action();
    } finally {
      ts.actionLine = 0;
    }
  }

  action(): Item {
    const ts = this.ts;
    const token = ts.nextNonSpace();
    switch (token.type) {
      case Tok.Block:
        return this.blockControl();
      case Tok.Break:
      case Tok.Continue:
        return this.loopControl(token);
      case Tok.Else: {
        const peek = ts.peekNonSpace();
        if (peek.type === Tok.If || peek.type === Tok.With) return { kind: 'else', pos: peek.pos };
        return { kind: 'else', pos: ts.expect(Tok.RightDelim, 'else').pos };
      }
      case Tok.End:
        return { kind: 'end', pos: ts.expect(Tok.RightDelim, 'end').pos };
      case Tok.If:
        return this.control('if');
      case Tok.Range:
        return this.control('range');
      case Tok.Template:
        return this.templateControl();
      case Tok.With:
        return this.control('with');
    }
    ts.backup();
    const pos = ts.peek().pos;
    return { kind: 'action', pos, pipe: pipeline(ts, 'command', Tok.RightDelim) };
  }

  loopControl(token: Token): Node {
    const ts = this.ts;
    const kind = token.type === Tok.Break ? 'break' : 'continue';
    const next = ts.nextNonSpace();
    if (next.type !== Tok.RightDelim) ts.unexpected(next, `{{${kind}}}`);
    if (ts.rangeDepth === 0) ts.errorf(`{{${kind}}} outside {{range}}`);
    return { kind, pos: token.pos };
  }

  control(kind: 'if' | 'range' | 'with'): BranchNode {
    const ts = this.ts;
    const varCount = ts.vars.length;
    try {
      const pipe = pipeline(ts, kind, Tok.RightDelim);
      if (kind === 'range') ts.rangeDepth++;
      const { list, end } = this.itemList();
      if (kind === 'range') ts.rangeDepth--;
      let elseList: Node[] | null = null;
      if (end.kind === 'else') {
        // `{{else if …}}` / `{{else with …}}` nest a new if/with that shares the final {{end}}.
        const chained =
          (kind === 'if' && ts.peek().type === Tok.If) ||
          (kind === 'with' && ts.peek().type === Tok.With);
        if (chained) {
          ts.next();
          elseList = [this.control(kind)];
        } else {
          const rest = this.itemList();
          if (rest.end.kind !== 'end')
            ts.errorf(`expected end; found ${terminatorString(rest.end)}`);
          elseList = rest.list;
        }
      }
      return { kind, pos: pipe.pos, pipe, list, elseList };
    } finally {
      ts.vars.length = varCount;
    }
  }

  templateName(token: Token, context: string): string {
    if (token.type !== Tok.String && token.type !== Tok.RawString)
      this.ts.unexpected(token, context);
    const name = unquoteString(token.val);
    return name ?? this.ts.errorf('invalid syntax');
  }

  templateControl(): TemplateCallNode {
    const ts = this.ts;
    const token = ts.nextNonSpace();
    const name = this.templateName(token, 'template clause');
    let pipe: PipeNode | null = null;
    if (ts.nextNonSpace().type !== Tok.RightDelim) {
      ts.backup();
      pipe = pipeline(ts, 'template clause', Tok.RightDelim);
    }
    return { kind: 'template', pos: token.pos, name, pipe };
  }

  blockControl(): TemplateCallNode {
    const context = 'block clause';
    const ts = this.ts;
    const token = ts.nextNonSpace();
    const name = this.templateName(token, context);
    const pipe = pipeline(ts, context, Tok.RightDelim);
    this.withFreshScope(() => {
      const { list, end } = this.itemList();
      if (end.kind !== 'end') ts.errorf(`unexpected ${terminatorString(end)} in ${context}`);
      this.add(name, list);
    });
    return { kind: 'template', pos: token.pos, name, pipe };
  }
}

/**
 * Parses one template text into its named trees (the main one under `name`, plus every
 * define/block). Throws TemplateError('parse') with Go's message.
 */
export function parseTrees(
  text: string,
  name: string,
  resolve: (fn: string) => ResolvedFunction | undefined,
): Map<string, Tree> {
  const tokens = lex(text, {
    breakOK: resolve('break') === undefined,
    continueOK: resolve('continue') === undefined,
  });
  const parser = new Parser(new TokenStream(tokens, name, text, resolve));
  parser.parseTop(name);
  return parser.trees;
}
