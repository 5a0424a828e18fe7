// A small evaluator for the GitHub Actions expressions the example workflows use:
// `${{ … }}` with context paths (inputs.x, github.ref_name, steps.id.outputs.y, needs.j.outputs.z,
// secrets.X, vars.X, env.X), string/number/boolean literals, ! == != && || and ( ), and the status
// functions success() failure() always() cancelled(). Anything else fails loudly, so an example
// workflow cannot silently use something the end-to-end driver does not emulate.

export type ExpressionValue = string | number | boolean | null | { [key: string]: ExpressionValue };

export interface ExpressionContext {
  readonly values: Readonly<Record<string, ExpressionValue>>;
  /** Whether every earlier step of the job succeeded (for success()/failure()). */
  readonly jobSucceeded: boolean;
}

type Token =
  | { kind: 'op'; value: string }
  | { kind: 'literal'; value: ExpressionValue }
  | { kind: 'path'; value: string[] }
  | { kind: 'call'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (['==', '!=', '&&', '||', '<=', '>='].includes(two)) {
      tokens.push({ kind: 'op', value: two });
      i += 2;
      continue;
    }
    if ('!()<>'.includes(c)) {
      tokens.push({ kind: 'op', value: c });
      i++;
      continue;
    }
    if (c === "'") {
      let value = '';
      i++;
      while (i < text.length) {
        if (text[i] === "'" && text[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (text[i] === "'") break;
        else value += text[i++];
      }
      if (text[i] !== "'") throw new Error(`unterminated string in expression '${text}'`);
      i++;
      tokens.push({ kind: 'literal', value });
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ kind: 'literal', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][\w-]*(\.[A-Za-z_*][\w-]*)*/.exec(text.slice(i));
    if (word) {
      i += word[0].length;
      if (word[0] === 'true' || word[0] === 'false')
        tokens.push({ kind: 'literal', value: word[0] === 'true' });
      else if (word[0] === 'null') tokens.push({ kind: 'literal', value: null });
      else if (text.slice(i).trimStart().startsWith('(') && !word[0].includes('.')) {
        const close = text.indexOf(')', i);
        if (close < 0 || text.slice(text.indexOf('(', i) + 1, close).trim() !== '') {
          throw new Error(`function '${word[0]}' with arguments is not supported in '${text}'`);
        }
        i = close + 1;
        tokens.push({ kind: 'call', value: word[0] });
      } else tokens.push({ kind: 'path', value: word[0].split('.') });
      continue;
    }
    throw new Error(`unsupported character '${c}' in expression '${text}'`);
  }
  return tokens;
}

function truthy(value: ExpressionValue): boolean {
  return !(value === null || value === false || value === 0 || value === '');
}

function loose(value: ExpressionValue): string | number | boolean | null {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}

/** Evaluates one expression (the text inside `${{ }}`). */
export function evaluate(expression: string, context: ExpressionContext): ExpressionValue {
  const tokens = tokenize(expression);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const isOp = (value: string): boolean => {
    const t = peek();
    return t?.kind === 'op' && t.value === value;
  };
  const primary = (): ExpressionValue => {
    const t = tokens[pos++];
    if (!t) throw new Error(`incomplete expression '${expression}'`);
    if (t.kind === 'literal') return t.value;
    if (t.kind === 'call') {
      switch (t.value) {
        case 'success':
          return context.jobSucceeded;
        case 'failure':
          return !context.jobSucceeded;
        case 'always':
          return true;
        case 'cancelled':
          return false;
        default:
          throw new Error(`function '${t.value}()' is not supported in '${expression}'`);
      }
    }
    if (t.kind === 'path') {
      let value: ExpressionValue = context.values[t.value[0]!] ?? null;
      for (const key of t.value.slice(1)) {
        value = value !== null && typeof value === 'object' ? (value[key] ?? null) : null;
      }
      return value;
    }
    if (t.value === '(') {
      const inner = or();
      if (!isOp(')')) throw new Error(`missing ')' in '${expression}'`);
      pos++;
      return inner;
    }
    if (t.value === '!') return !truthy(primary());
    throw new Error(`unexpected '${t.value}' in '${expression}'`);
  };
  const comparison = (): ExpressionValue => {
    let left = primary();
    while (isOp('==') || isOp('!=')) {
      const op = (tokens[pos++] as { value: string }).value;
      const right = primary();
      const equal = String(loose(left)).toLowerCase() === String(loose(right)).toLowerCase();
      left = op === '==' ? equal : !equal;
    }
    return left;
  };
  const and = (): ExpressionValue => {
    let left = comparison();
    while (isOp('&&')) {
      pos++;
      const right = comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  function or(): ExpressionValue {
    let left = and();
    while (isOp('||')) {
      pos++;
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  }
  const result = or();
  if (pos !== tokens.length) throw new Error(`unexpected trailing tokens in '${expression}'`);
  return result;
}

/** Replaces every `${{ … }}` in a string (as the runner does for `with:`, `env:` and names). */
export function interpolate(text: string, context: ExpressionContext): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_whole, inner: string) => {
    const value = evaluate(inner, context);
    if (value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** An `if:` condition: a bare expression or one wrapped in `${{ }}`; no status function = success() &&. */
export function condition(text: string | boolean | undefined, context: ExpressionContext): boolean {
  if (text === undefined) return context.jobSucceeded;
  if (typeof text === 'boolean') return text && context.jobSucceeded;
  const inner = text.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const usesStatus = /\b(success|failure|always|cancelled)\(\)/.test(inner);
  const value = truthy(evaluate(inner, context));
  return usesStatus ? value : value && context.jobSucceeded;
}

export function isTruthy(value: ExpressionValue): boolean {
  return truthy(value);
}
