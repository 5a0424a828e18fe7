/**
 * The subset of KQL the local Resource Graph evaluates: a table, then `where`, `extend`,
 * `project`, `summarize <aggregates> [by <columns>]` (count, countif, dcount, sum) and
 * `order by`/`sort by`; expressions with `and`, `or`, `==`, `=~`, `!=`, `!~`, property paths,
 * string literals (plain and verbatim) and the functions tolower, toupper, tostring, tobool, trim
 * and extract. Anything else is a KqlError, which the server answers as
 * Resource Graph does (400 InvalidQuery with a ParserFailure or UnknownFunction detail), so a
 * query shape the fake does not understand fails loudly instead of returning wrong rows.
 */

export class KqlError extends Error {
  readonly code:
    'ParserFailure' | 'UnknownFunction' | 'UnknownTable' | 'FailedToResolveScalarExpression';
  constructor(code: KqlError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

type Token =
  | { kind: 'ident'; value: string }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'op'; value: string };

const OPERATORS = ['==', '=~', '!=', '!~', '|', '(', ')', ',', '.', '[', ']', '='];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '@' && (text[i + 1] === "'" || text[i + 1] === '"')) {
      const quote = text[i + 1]!;
      const end = text.indexOf(quote, i + 2);
      if (end < 0) throw new KqlError('ParserFailure', `unterminated verbatim string at ${i}`);
      tokens.push({ kind: 'string', value: text.slice(i + 2, end) });
      i = end + 1;
    } else if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j += 1) {
        if (text[j] === '\\') {
          j += 1;
          const escaped = text[j];
          value +=
            escaped === 'n'
              ? '\n'
              : escaped === 'r'
                ? '\r'
                : escaped === 't'
                  ? '\t'
                  : (escaped ?? '');
        } else {
          value += text[j];
        }
      }
      if (j >= text.length) throw new KqlError('ParserFailure', `unterminated string at ${i}`);
      tokens.push({ kind: 'string', value });
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i))![0];
      tokens.push({ kind: 'ident', value: match });
      i += match.length;
    } else if (/[0-9]/.test(c)) {
      const match = /^[0-9]+/.exec(text.slice(i))![0];
      tokens.push({ kind: 'number', value: Number(match) });
      i += match.length;
    } else {
      const op = OPERATORS.find((o) => text.startsWith(o, i));
      if (!op) throw new KqlError('ParserFailure', `unexpected character '${c}' at ${i}`);
      tokens.push({ kind: 'op', value: op });
      i += op.length;
    }
  }
  return tokens;
}

type Expression =
  | { kind: 'literal'; value: unknown }
  | { kind: 'path'; root: string; keys: string[] }
  | { kind: 'call'; name: string; args: Expression[] }
  | { kind: 'binary'; op: string; left: Expression; right: Expression };

type Stage =
  | { kind: 'where'; predicate: Expression }
  | { kind: 'extend'; columns: { name: string; value: Expression }[] }
  | { kind: 'project'; columns: { name: string; value: Expression }[] }
  | {
      kind: 'summarize';
      aggregates: { name: string; value: Expression }[];
      by: { name: string; value: Expression }[];
    }
  | { kind: 'order'; keys: { column: string; descending: boolean }[] };

export interface ParsedQuery {
  readonly table: string;
  readonly stages: readonly Stage[];
}

class Parser {
  #tokens: Token[];
  #at = 0;
  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  query(): ParsedQuery {
    const table = this.#ident();
    const stages: Stage[] = [];
    while (this.#peekOp('|')) {
      this.#at += 1;
      stages.push(this.#stage());
    }
    if (this.#at < this.#tokens.length) this.#fail('end of query');
    return { table, stages };
  }

  #stage(): Stage {
    const name = this.#ident();
    if (name === 'where') return { kind: 'where', predicate: this.#expression() };
    if (name === 'extend')
      return { kind: 'extend', columns: this.#list(() => this.#assignment(true)) };
    if (name === 'project')
      return { kind: 'project', columns: this.#list(() => this.#assignment(false)) };
    if (name === 'summarize') {
      const aggregates = this.#list(() => this.#aggregate());
      if (!this.#peekIdent('by')) return { kind: 'summarize', aggregates, by: [] };
      this.#at += 1;
      return { kind: 'summarize', aggregates, by: this.#list(() => this.#assignment(false)) };
    }
    if (name === 'order' || name === 'sort') {
      if (this.#ident() !== 'by') this.#fail("'by'");
      return {
        kind: 'order',
        keys: this.#list(() => {
          const column = this.#ident();
          const direction =
            this.#peekIdent('asc') || this.#peekIdent('desc') ? this.#ident() : 'desc';
          return { column, descending: direction === 'desc' };
        }),
      };
    }
    throw new KqlError('ParserFailure', `fake Resource Graph: operator '${name}' is not supported`);
  }

  #assignment(required: boolean): { name: string; value: Expression } {
    const name = this.#ident();
    if (this.#peekOp('=')) {
      this.#at += 1;
      return { name, value: this.#expression() };
    }
    if (required) this.#fail("'='");
    return { name, value: { kind: 'path', root: name, keys: [] } };
  }

  /** `name = count()` or `count()` (named `count_`, as Kusto names it). */
  #aggregate(): { name: string; value: Expression } {
    const named = this.#tokens[this.#at + 1];
    if (named?.kind === 'op' && named.value === '=') return this.#assignment(true);
    const value = this.#primary();
    if (value.kind !== 'call') this.#fail('an aggregation function');
    return { name: `${value.name}_`, value };
  }

  #list<T>(item: () => T): T[] {
    const items = [item()];
    while (this.#peekOp(',')) {
      this.#at += 1;
      items.push(item());
    }
    return items;
  }

  #expression(): Expression {
    let left = this.#conjunction();
    while (this.#peekIdent('or')) {
      this.#at += 1;
      left = { kind: 'binary', op: 'or', left, right: this.#conjunction() };
    }
    return left;
  }

  #conjunction(): Expression {
    let left = this.#comparison();
    while (this.#peekIdent('and')) {
      this.#at += 1;
      left = { kind: 'binary', op: 'and', left, right: this.#comparison() };
    }
    return left;
  }

  #comparison(): Expression {
    const left = this.#primary();
    const token = this.#tokens[this.#at];
    if (token?.kind === 'op' && ['==', '=~', '!=', '!~'].includes(token.value)) {
      this.#at += 1;
      return { kind: 'binary', op: token.value, left, right: this.#primary() };
    }
    return left;
  }

  #primary(): Expression {
    const token = this.#tokens[this.#at];
    if (!token) this.#fail('an expression');
    if (token.kind === 'string' || token.kind === 'number') {
      this.#at += 1;
      return { kind: 'literal', value: token.value };
    }
    if (token.kind === 'op' && token.value === '(') {
      this.#at += 1;
      const inner = this.#expression();
      this.#expectOp(')');
      return inner;
    }
    const name = this.#ident();
    if (name === 'true' || name === 'false') return { kind: 'literal', value: name === 'true' };
    if (this.#peekOp('(')) {
      this.#at += 1;
      const args = this.#peekOp(')') ? [] : this.#list(() => this.#expression());
      this.#expectOp(')');
      return { kind: 'call', name, args };
    }
    const keys: string[] = [];
    for (;;) {
      if (this.#peekOp('.')) {
        this.#at += 1;
        keys.push(this.#ident());
      } else if (this.#peekOp('[')) {
        this.#at += 1;
        const key = this.#tokens[this.#at];
        if (key?.kind !== 'string') this.#fail('a quoted property name');
        this.#at += 1;
        keys.push(key.value);
        this.#expectOp(']');
      } else {
        return { kind: 'path', root: name, keys };
      }
    }
  }

  #ident(): string {
    const token = this.#tokens[this.#at];
    if (token?.kind !== 'ident') this.#fail('a name');
    this.#at += 1;
    return token.value;
  }

  #peekOp(value: string): boolean {
    const token = this.#tokens[this.#at];
    return token?.kind === 'op' && token.value === value;
  }

  #peekIdent(value: string): boolean {
    const token = this.#tokens[this.#at];
    return token?.kind === 'ident' && token.value === value;
  }

  #expectOp(value: string): void {
    if (!this.#peekOp(value)) this.#fail(`'${value}'`);
    this.#at += 1;
  }

  #fail(expected: string): never {
    const token = this.#tokens[this.#at];
    throw new KqlError(
      'ParserFailure',
      `expected ${expected} at token ${this.#at} (${token ? JSON.stringify(token.value) : '<EOF>'})`,
    );
  }
}

export function parseKql(text: string): ParsedQuery {
  return new Parser(tokenize(text)).query();
}

type Row = Record<string, unknown>;

/** Runs a parsed query over the rows of its table; returns the rows and the column names. */
export function runKql(
  query: ParsedQuery,
  rows: readonly Row[],
): { rows: Row[]; columns: string[] } {
  let current = rows.map((row) => ({ ...row }));
  let columns = rows[0] ? Object.keys(rows[0]) : [];
  for (const stage of query.stages) {
    if (stage.kind === 'where') {
      current = current.filter((row) => evaluate(stage.predicate, row) === true);
    } else if (stage.kind === 'extend') {
      for (const row of current)
        for (const c of stage.columns) row[c.name] = evaluate(c.value, row);
      columns = [...new Set([...columns, ...stage.columns.map((c) => c.name)])];
    } else if (stage.kind === 'project') {
      current = current.map((row) =>
        Object.fromEntries(stage.columns.map((c) => [c.name, evaluate(c.value, row)])),
      );
      columns = stage.columns.map((c) => c.name);
    } else if (stage.kind === 'summarize') {
      current = summarize(stage, current);
      columns = [...stage.by.map((c) => c.name), ...stage.aggregates.map((c) => c.name)];
    } else {
      for (const key of stage.keys) {
        if (!columns.includes(key.column)) {
          throw new KqlError(
            'FailedToResolveScalarExpression',
            `Failed to resolve column '${key.column}'`,
          );
        }
      }
      current.sort((a, b) => {
        for (const key of stage.keys) {
          const x = scalarText(a[key.column]);
          const y = scalarText(b[key.column]);
          if (x !== y) return (x < y ? -1 : 1) * (key.descending ? -1 : 1);
        }
        return 0;
      });
    }
  }
  return { rows: current, columns };
}

const AGGREGATES = new Set(['count', 'countif', 'dcount', 'sum']);

/** Groups rows by the `by` columns; without any, one row over everything (even no rows). */
function summarize(stage: Extract<Stage, { kind: 'summarize' }>, rows: readonly Row[]): Row[] {
  for (const a of stage.aggregates) {
    if (a.value.kind !== 'call' || !AGGREGATES.has(a.value.name))
      throw new KqlError(
        'UnknownFunction',
        `fake Resource Graph: aggregation '${a.value.kind === 'call' ? a.value.name : a.name}' is not supported`,
      );
  }
  const groups = new Map<string, { keys: unknown[]; rows: Row[] }>();
  if (stage.by.length === 0) groups.set('', { keys: [], rows: [] });
  for (const row of rows) {
    const keys = stage.by.map((c) => evaluate(c.value, row));
    const id = JSON.stringify(keys);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { keys, rows: [] }));
    group.rows.push(row);
  }
  return [...groups.values()].map(({ keys, rows: members }) => {
    const out: Row = {};
    stage.by.forEach((c, i) => (out[c.name] = keys[i]));
    for (const a of stage.aggregates) out[a.name] = aggregate(a.value as CallExpression, members);
    return out;
  });
}

type CallExpression = Extract<Expression, { kind: 'call' }>;

function aggregate(call: CallExpression, rows: readonly Row[]): number {
  const arity = (n: number): void => {
    if (call.args.length !== n)
      throw new KqlError(
        'ParserFailure',
        `${call.name}() expects ${n} arguments, got ${call.args.length}`,
      );
  };
  switch (call.name) {
    case 'count':
      arity(0);
      return rows.length;
    case 'countif':
      arity(1);
      return rows.filter((r) => evaluate(call.args[0]!, r) === true).length;
    case 'dcount':
      arity(1);
      return new Set(rows.map((r) => scalarText(evaluate(call.args[0]!, r)))).size;
    default:
      arity(1);
      return rows.reduce((total, r) => total + Number(evaluate(call.args[0]!, r) ?? 0), 0);
  }
}

function evaluate(expression: Expression, row: Row): unknown {
  switch (expression.kind) {
    case 'literal':
      return expression.value;
    case 'path': {
      if (!(expression.root in row)) {
        throw new KqlError(
          'FailedToResolveScalarExpression',
          `Failed to resolve scalar expression named '${expression.root}'`,
        );
      }
      let value: unknown = row[expression.root];
      for (const key of expression.keys) {
        value = typeof value === 'object' && value !== null ? ((value as Row)[key] ?? null) : null;
      }
      return value;
    }
    case 'binary': {
      if (expression.op === 'and')
        return evaluate(expression.left, row) === true && evaluate(expression.right, row) === true;
      if (expression.op === 'or')
        return evaluate(expression.left, row) === true || evaluate(expression.right, row) === true;
      const left = scalarText(evaluate(expression.left, row));
      const right = scalarText(evaluate(expression.right, row));
      if (expression.op === '==') return left === right;
      if (expression.op === '!=') return left !== right;
      if (expression.op === '=~') return left.toLowerCase() === right.toLowerCase();
      return left.toLowerCase() !== right.toLowerCase();
    }
    case 'call':
      return call(
        expression.name,
        expression.args.map((a) => evaluate(a, row)),
      );
  }
}

function call(name: string, args: unknown[]): unknown {
  const arity = (n: number): void => {
    if (args.length !== n)
      throw new KqlError('ParserFailure', `${name}() expects ${n} arguments, got ${args.length}`);
  };
  switch (name) {
    case 'tostring':
      arity(1);
      return scalarText(args[0]);
    case 'tolower':
      arity(1);
      return scalarText(args[0]).toLowerCase();
    case 'toupper':
      arity(1);
      return scalarText(args[0]).toUpperCase();
    case 'tobool': {
      arity(1);
      const value = args[0];
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      return null;
    }
    case 'trim': {
      arity(2);
      const pattern = compile(scalarText(args[0]));
      return scalarText(args[1]).replace(
        new RegExp(`^(?:${pattern.source})+|(?:${pattern.source})+$`, 'g'),
        '',
      );
    }
    case 'extract': {
      arity(3);
      const match = compile(scalarText(args[0])).exec(scalarText(args[2]));
      return match?.[Number(args[1])] ?? '';
    }
    default:
      throw new KqlError('UnknownFunction', `Unknown function: '${name}'.`);
  }
}

function compile(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch {
    throw new KqlError('ParserFailure', `invalid regular expression ${pattern}`);
  }
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
